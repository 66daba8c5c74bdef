/**
 * Fixes to @docsearch/react 5.2.0 and the @algolia/autocomplete-core 1.19.2 it
 * runs on. A new version renames DocSearch's hashed chunk files, and the build
 * stops.
 */
import type {PinnedFile, PinnedFix} from './pinned-fix';

const autocompleteOnInput: PinnedFile = {
  packageName: '@algolia/autocomplete-core',
  version: '1.19.2',
  file: 'dist/esm/onInput.js',
  importedBy: '@docsearch/react',
};
const modalSources: PinnedFile = {packageName: '@docsearch/react', version: '5.2.0', file: 'dist/esm/normalizeDocSearchIndexes-BW-QYGAy.js'};

/** tests/output/pinned-dependency-fixes.test.ts finds this gone from the modal's chunks. */
export const docSearchFixes: PinnedFix[] = [
  {
    // The error screen never shows: autocomplete-core's `finally` resets every search
    // to "idle" after DocSearch sets "error" (1.19.12 still does). Keep the error; the
    // next keystroke starts from "loading" anyway.
    target: autocompleteOnInput,
    search: "}).finally(function () {\n    setStatus('idle');",
    replace: "}).finally(function () {\n    if (store.getState().status !== 'error') setStatus('idle');",
    inBuild: /"error"!==\w+\.getState\(\)\.status&&\w+\("idle"\)/,
  },
  {
    // "Try searching for": earlier answers' section names are spread into an object, which has no length, so the no-results screen never lists them.
    target: modalSources,
    search:
      'setContext({ searchSuggestions: _objectSpread2(_objectSpread2({}, (_sourcesState$context = sourcesState.context.searchSuggestions) !== null && _sourcesState$context !== void 0 ? _sourcesState$context : []), Object.keys(sources)) });',
    replace: 'setContext({ searchSuggestions: Array.from(new Set((sourcesState.context.searchSuggestions || []).concat(Object.keys(sources)))) });',
    inBuild: /searchSuggestions:Array\.from\(new Set\(/,
  },
  {
    // "See all {count} results", 1 of 2: number each search as it is asked.
    target: modalSources,
    search:
      'async function buildQuerySources({ query, state: sourcesState, setContext, setStatus, searchClient, indexes, insights, appId, apiKey, maxResultsPerGroup, transformItems = identity, saveRecentSearch, onClose, facetSelections }) {\n\tconst insightsActive = insights;\n\ttry {',
    replace:
      'const portalSearchCount = {asked: 0, counted: 0};\nasync function buildQuerySources({ query, state: sourcesState, setContext, setStatus, searchClient, indexes, insights, appId, apiKey, maxResultsPerGroup, transformItems = identity, saveRecentSearch, onClose, facetSelections }) {\n\tconst insightsActive = insights;\n\tconst portalAsked = ++portalSearchCount.asked;\n\ttry {',
    inBuild: /\{asked:0,counted:0\}/,
  },
  {
    // 2 of 2: each answer's count was added to the previous query's, and a late answer
    // set its count beside a later keystroke's hits. Count this query's answers only,
    // unless a later search has set its count.
    target: modalSources,
    search:
      'if (nbHits) {\n\t\t\t\tconst currentNbHits = sourcesState.context.nbHits;\n\t\t\t\tsetContext({ nbHits: (currentNbHits !== null && currentNbHits !== void 0 ? currentNbHits : 0) + nbHits });\n\t\t\t}',
    replace:
      'if (portalAsked > portalSearchCount.counted) {\n\t\t\t\tportalSearchCount.counted = portalAsked;\n\t\t\t\tsetContext({ nbHits: results.reduce((sum, answer) => sum + answer.nbHits, 0) });\n\t\t\t}',
    inBuild: /\.counted=\w+,\w+\(\{nbHits:\w+\.reduce\(/,
  },
  {
    // When a search stalls, the magnifier gives way to a loading indicator of another
    // element type, and Preact remounts the input after it: focus is lost and
    // keystrokes go nowhere. With keys Preact swaps the icons alone, as React does.
    target: modalSources,
    search:
      'isKeywordSearchLoading ? /* @__PURE__ */ React.createElement("div", { className: "DocSearch-LoadingIndicator" }, /* @__PURE__ */ React.createElement(LoadingIcon, null)) : /* @__PURE__ */ React.createElement("label", _objectSpread2({ className: "DocSearch-MagnifierLabel" }, autocomplete.getLabelProps())',
    replace:
      'isKeywordSearchLoading ? /* @__PURE__ */ React.createElement("div", { key: "loading", className: "DocSearch-LoadingIndicator" }, /* @__PURE__ */ React.createElement(LoadingIcon, null)) : /* @__PURE__ */ React.createElement("label", _objectSpread2({ key: "magnifier", className: "DocSearch-MagnifierLabel" }, autocomplete.getLabelProps())',
    inBuild: /key:"loading",className:"DocSearch-LoadingIndicator"/,
  },
];
