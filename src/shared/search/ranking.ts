/** The sections a query matched, best first: the groups' evaluations combined, then weighed by what titles and headings say of the query. */
import {cached} from '../cached';
import type {SearchIndexFile} from './index-file';
import {DEFINES} from './minisearch-options';
import type {QueryGroup} from './query-groups';
import {TEMPLATE_SECTION, templateSections} from './section-weights';
import {typoOf} from './typos';
import {wordsOf} from './words';

/** A heading the query names entirely ("create target" names "Create a target") weighs this much more. */
const HEADING_NAMED = 2;
/** "scan profiles" is the page "Scan profiles API", not a concept page that mentions profiles. */
const TITLE_NAMES_QUERY = 3;
/** A section whose own heading names every word of the query ("vigil reports download") weighs this much more. */
const HEADING_NAMES_QUERY = 3;
/** It repeats its page's words, and the reader wants the page. */
const STATUS_SECTION = 0.2;
/**
 * Rather than ranking after every full match: "deprecation policy sunset" should
 * find the section "Deprecation and sunset" before a line that says all three
 * words in passing.
 */
const SOME_WORDS = 0.4;
/** A guide's heading that goes on ("401 Unauthorized: the key is not accepted") is not one. */
const STATUS_LINE = /^[1-5]\d\d(?: [A-Z][A-Za-z-]*)*$/;

const isWord = (textWord: string, word: string, misspelt = false, asPrefix = true) =>
  textWord === word || (asPrefix && word.length > 2 && textWord.startsWith(word)) || (misspelt && typoOf(word)(textWord));

const formsIn = (text: string[], groups: QueryGroup[]) =>
  groups.map(({forms, misspelt, asPrefix}) => forms.find((form) => form.every((word) => text.some((textWord) => isWord(textWord, word, misspelt, asPrefix)))));

function namesEveryGroup(title: string[], groups: QueryGroup[]): boolean {
  return groups.length > 0 && formsIn(title, groups).every((form) => form !== undefined);
}

/** A query naming only the resource ("webhooks") is named in full by "Webhooks API" and "List webhooks". */
const WHOLE_RESOURCE_WORDS = new Set(['api', 'list']);

/** "List webhooks" is more about "webhooks" than "Retrieve a webhook". */
function titlePrecision(title: string[], groups: QueryGroup[]): number {
  const named = formsIn(title, groups);
  const isNamed = (titleWord: string) => named.some((form, at) => form?.some((word) => isWord(titleWord, word, groups[at].misspelt, groups[at].asPrefix)));
  return title.filter((titleWord) => WHOLE_RESOURCE_WORDS.has(titleWord) || isNamed(titleWord)).length / title.length;
}

function coversHeading(words: string[], terms: string[]): boolean {
  return words.length > 0 && words.every((word) => terms.some((term) => word === term || (term.length > 2 && word.startsWith(term))));
}

export interface Evaluated {
  score: number;
  terms: string[];
  match: Record<string, string[]>;
}

interface Hit {
  section: number;
  score: number;
  terms: string[];
  match: Record<string, string[]>;
}

/**
 * Combined as MiniSearch combines a query's parts, without changing the
 * evaluations, which the next keystroke reuses; the order before the stable sort
 * is MiniSearch's.
 */
function combinedHits(evaluated: Map<number, Evaluated>[], every: boolean): Hit[] {
  if (evaluated.length === 0) return [];
  const sections = every
    ? [...evaluated[evaluated.length - 1].keys()].filter((section) => evaluated.every((group) => group.has(section)))
    : [...new Set(evaluated.flatMap((group) => [...group.keys()]))];
  return sections
    .map((section) => {
      let score = 0;
      const terms: string[] = [];
      const match: Record<string, string[]> = {};
      for (const group of evaluated) {
        const hit = group.get(section);
        if (hit === undefined) continue;
        score += hit.score;
        for (const term of hit.terms) if (!terms.includes(term)) terms.push(term);
        Object.assign(match, hit.match);
      }
      return {section, score: score * (terms.length || 1), terms: Object.keys(match), match};
    })
    .sort((a, b) => b.score - a.score);
}

const definesAny = (match: Record<string, string[]>) => Object.values(match).some((fields) => fields.includes(DEFINES));

/** Worked out once per index: ranking asks it of every section at every keystroke. */
export interface SectionFacts {
  ownHeading: number[];
  isStatusLine: boolean[];
  /** The boosts say how much, not why. */
  isTemplate: boolean[];
  titleKey: number[];
  titleKeys: number;
  wordsAt(position: number): string[];
}

export function sectionFacts(file: SearchIndexFile): SectionFacts {
  const string = (position: number) => (position < 0 ? null : file.strings[position]);
  const ownHeading = file.sections.map(
    (levels) =>
      levels
        .slice(4)
        .filter((position) => position >= 0)
        .pop() ?? -1,
  );
  const titleKeys = file.strings.length + 1;
  return {
    ownHeading,
    isStatusLine: ownHeading.map((heading) => STATUS_LINE.test(string(heading) ?? '')),
    isTemplate: templateSections(
      file.sections.map((levels, section) => ({
        page: string(levels[0])!.split('#')[0],
        heading: levels.slice(5).some((position) => position >= 0) ? string(ownHeading[section]) : null,
      })),
    ),
    titleKey: file.sections.map((levels, section) => levels[4] * titleKeys + file.operations[section] + 1),
    titleKeys,
    wordsAt: cached((position: number) => wordsOf(string(position) ?? '')),
  };
}

export function rankedSections(evaluated: Map<number, Evaluated>[], groups: QueryGroup[], facts: SectionFacts): {section: number; terms: string[]}[] {
  const {ownHeading, isStatusLine, isTemplate, titleKey, titleKeys, wordsAt} = facts;
  // An operation page's title also names the query by its method and path, but
  // without the weight of a title that is mostly the query, so pages under one path
  // stay below "Asset discovery API".
  const titleWeight = cached((key: number) => {
    const [position, operation] = [Math.floor(key / titleKeys), (key % titleKeys) - 1];
    const title = wordsAt(position);
    if (namesEveryGroup(title, groups)) return TITLE_NAMES_QUERY * (1 + titlePrecision(title, groups));
    return operation >= 0 && namesEveryGroup([...title, ...wordsAt(operation)], groups) ? TITLE_NAMES_QUERY : 1;
  });
  const headingNamesQuery = cached((position: number) => namesEveryGroup(wordsAt(position), groups));
  const scored = (hits: Hit[], weight: number) =>
    hits.map((hit) => {
      const {section} = hit;
      const heading = ownHeading[section];
      let score = hit.score * weight;
      if (coversHeading(wordsAt(heading), hit.terms)) score *= HEADING_NAMED;
      const titleNamesQuery = titleWeight(titleKey[section]);
      if (titleNamesQuery > 1) score *= titleNamesQuery;
      else if (headingNamesQuery(heading)) score *= HEADING_NAMES_QUERY;
      if (isStatusLine[section]) score *= STATUS_SECTION;
      // A template's section defining an identifier of the query is not weighed down, so
      // the operation page that defines a field comes before a page that mentions it.
      if (isTemplate[section] && definesAny(hit.match)) score /= TEMPLATE_SECTION;
      return {section, terms: hit.terms, score};
    });
  const best = (ranked: {section: number; terms: string[]; score: number}[]) =>
    ranked.sort((a, b) => b.score - a.score).map(({section, terms}) => ({section, terms}));
  const all = scored(combinedHits(evaluated, true), 1);
  if (groups.length < 2) return best(all);
  // A word no page has, even with typos, is the reader's to fix: the pages say so.
  if (all.length === 0 && evaluated.some((sections) => sections.size === 0)) return [];
  // Partial matches too, weighed down, so a question worded unlike the pages still finds them.
  const found = new Set(all.map(({section}) => section));
  const some = scored(
    combinedHits(evaluated, false).filter((hit) => !found.has(hit.section)),
    SOME_WORDS,
  );
  return best([...all, ...some]);
}
