/**
 * Fixes to the DocSearch modal (@docsearch/react 4.7.0), applied to its
 * bundle as the site is built. The bundle carries its own copy of
 * @algolia/autocomplete-core, so no version of that package (through npm
 * `overrides`) reaches it, and it is minified onto one line, so a patch file
 * would hold the whole 450 KB line twice. Each replacement must match the
 * pinned bundle exactly (strict mode): after an upgrade the build fails here
 * rather than shipping the modal unfixed, and the fix may be dropped once
 * DocSearch has it.
 */
import type {Plugin} from '@docusaurus/types';

/** The modal's bundle, as `@docsearch/react/modal` resolves. */
export const modalBundle = /[\\/]@docsearch[\\/]react[\\/]dist[\\/]esm[\\/]DocSearchModal\.js$/;

/** Each fix: the pinned text, its replacement, and what the replacement leaves in the built, minified chunk. */
export const docSearchFixes: {search: string; replace: string; inBuild: RegExp}[] = [
  {
    // The error screen: DocSearch sets the status to "error" when the index is
    // unreachable, then autocomplete-core's `finally` resets every search to
    // "idle" (1.19.12 still does), so the screen never shows. Keep an error;
    // the next keystroke starts a new search from "loading" all the same.
    // (`o` is the store, `p` setStatus, `Ft` the stall timer.)
    search: '.finally(function(){p("idle"),Ft&&u.environment.clearTimeout(Ft)})',
    replace: '.finally(function(){"error"!==o.getState().status&&p("idle"),Ft&&u.environment.clearTimeout(Ft)})',
    inBuild: /"error"!==\w+\.getState\(\)\.status&&\w+\("idle"\)/,
  },
  {
    // "Try searching for": the section names (lvl0) of earlier answers are
    // merged by spreading them into an object, which has no length, so the
    // no-results screen never lists them. Merge them into a list, once each.
    search: 'u({searchSuggestions:k(k({},null!==(t=r.context.searchSuggestions)&&void 0!==t?t:[]),Object.keys(o))})',
    replace: 'u({searchSuggestions:Array.from(new Set((r.context.searchSuggestions||[]).concat(Object.keys(o))))})',
    inBuild: /searchSuggestions:Array\.from\(new Set\(/,
  },
  {
    // "See all {count} results", 1 of 2: number each search as it is asked
    // (`r` is the state object made afresh for each search).
    search: 'case 0:return n=t.query,r=t.state,',
    replace: 'case 0:return r=t.state,n=t.query,r.asked=yv.asked=(yv.asked||0)+1,',
    inBuild: /\.asked=(\w+)\.asked=\(\1\.asked\|\|0\)\+1/,
  },
  {
    // 2 of 2: each answer's count was added to the previous query's, and an
    // answer that arrives after a later keystroke's set its own count beside
    // the later hits (autocomplete-core keeps the newest hits, but this count
    // is set outside them). Count this query's answers only (`y` holds them,
    // one per index), and only when no later search has set its count yet.
    search: 'if(i){var s=r.context.nbHits;u({nbHits:(null!=s?s:0)+i})}',
    replace: 'r.asked>(yv.counted||0)&&(yv.counted=r.asked,u({nbHits:y.reduce(function(e,t){return e+t.nbHits},0)}));',
    inBuild: /\.asked>\((\w+)\.counted\|\|0\)&&\(\1\.counted=\w+\.asked,/,
  },
  {
    // Eval under the CSP: the bundle carries its own zod 4 (for its Ask AI
    // code), which probes `new Function("")` as it builds its object schemas,
    // to compile faster parsers; the CSP (no 'unsafe-eval') refuses it and
    // reports a violation as the modal opens. zod's `jitless` setting skips
    // the probe and the compiling. Its settings object (`ja`) is the bundle's
    // own, out of reach of `z.config()`, so it is set here.
    search: 'ja={};function Na(e){return ja}',
    replace: 'ja={jitless:!0};function Na(e){return ja}',
    inBuild: /=\{jitless:!0\}/,
  },
];

/**
 * The loader runs only on a file that matches `modalBundle`: should DocSearch
 * move or rename its modal, no replacement would miss, the fixes would
 * silently not apply. The build stops instead.
 */
function checkModalBundlePath(): void {
  const resolved = require.resolve('@docsearch/react/modal');
  if (!modalBundle.test(resolved)) {
    throw new Error(
      `docsearch-fixes: @docsearch/react/modal now resolves to ${resolved}, which the fixes' loader does not match (${modalBundle}); update the plugin for this DocSearch version.`,
    );
  }
}

export default function docSearchFixesPlugin(): Plugin {
  return {
    name: 'docsearch-fixes',
    configureWebpack() {
      checkModalBundlePath();
      return {
        module: {
          rules: [
            {
              test: modalBundle,
              loader: require.resolve('string-replace-loader'),
              options: {multiple: docSearchFixes.map(({search, replace}) => ({search, replace, strict: true}))},
            },
          ],
        },
      };
    },
  };
}
