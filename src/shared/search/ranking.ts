/**
 * The sections a query matched, best first: the groups' evaluations combined
 * (sections with every group, then those with some, weighed down), then
 * weighed by what their page's title and their own heading say of the query,
 * whether they are a response's status line, and whether they define an
 * identifier of the query.
 */
import {cached} from '../cached';
import type {SearchIndexFile} from './index-file';
import {DEFINES} from './minisearch-options';
import type {QueryGroup} from './query-groups';
import {TEMPLATE_SECTION, templateSections} from './section-weights';
import {typoOf} from './typos';
import {wordsOf} from './words';

/** A heading the query names entirely ("create target" names "Create a target") weighs this much more. */
const HEADING_NAMED = 2;
/** A page whose title names every word of the query (or a synonym of it) weighs this much more than one that mentions them: "scan profiles" is the page "Scan profiles API" or "List scan profiles", not a concept page that mentions profiles. */
const TITLE_NAMES_QUERY = 3;
/** A section whose own heading names every word of the query ("vigil reports download") weighs this much more. */
const HEADING_NAMES_QUERY = 3;
/** A response's section of an operation page ("200 OK") weighs this much: it repeats its page's words, and the reader wants the page. */
const STATUS_SECTION = 0.2;
/**
 * How much a section with only some of the query's words weighs against one
 * with all of them (MiniSearch already counts how many it has), rather than
 * coming after every one of them: "deprecation policy sunset" is the section
 * "Deprecation and sunset" of the versioning page before the line of the API
 * overview that says all three words in passing.
 */
const SOME_WORDS = 0.4;
/** A heading that is a response's status line and nothing more ("200 OK", "429 Too Many Requests"), as operation pages head their responses; a guide's heading that goes on to say something ("401 Unauthorized: the key is not accepted") is not one. */
const STATUS_LINE = /^[1-5]\d\d(?: [A-Z][A-Za-z-]*)*$/;

/** Whether a word of a text is the query's word, begins with it from its third letter, or, for a word the index lacks, is it despite the typos the search allows ("schedulde" names "Schedule"). */
const isWord = (textWord: string, word: string, misspelt = false, asPrefix = true) =>
  textWord === word || (asPrefix && word.length > 2 && textWord.startsWith(word)) || (misspelt && typoOf(word)(textWord));

/** The forms of a query's groups that a text says in full. */
const formsIn = (text: string[], groups: QueryGroup[]) =>
  groups.map(({forms, misspelt, asPrefix}) => forms.find((form) => form.every((word) => text.some((textWord) => isWord(textWord, word, misspelt, asPrefix)))));

/** Whether a title (or heading) says every group of the query, in one of its forms. */
function namesEveryGroup(title: string[], groups: QueryGroup[]): boolean {
  return groups.length > 0 && formsIn(title, groups).every((form) => form !== undefined);
}

/**
 * Title words that say a page covers a resource as a whole rather than one
 * action on it: "Webhooks API", "List webhooks". A query that names only the
 * resource ("webhooks", "target labels") is named in full by those titles.
 */
const WHOLE_RESOURCE_WORDS = new Set(['api', 'list']);

/** The share of a title's words that the query names: "Webhooks API" and "List webhooks" are more about "webhooks" than "Send a test delivery to a webhook" or "Retrieve a webhook". */
function titlePrecision(title: string[], groups: QueryGroup[]): number {
  const named = formsIn(title, groups);
  const isNamed = (titleWord: string) => named.some((form, at) => form?.some((word) => isWord(titleWord, word, groups[at].misspelt, groups[at].asPrefix)));
  return title.filter((titleWord) => WHOLE_RESOURCE_WORDS.has(titleWord) || isNamed(titleWord)).length / title.length;
}

/** Whether a query covers every word of a heading (its words as the index keeps them), as "create target" covers "Create a target": such a heading is what the reader named. */
function coversHeading(words: string[], terms: string[]): boolean {
  return words.length > 0 && words.every((word) => terms.some((term) => word === term || (term.length > 2 && word.startsWith(term))));
}

/** A section as MiniSearch's evaluation of one group leaves it: its score, the query's words it matched, and per index word that matched them, the fields. */
export interface Evaluated {
  score: number;
  terms: string[];
  match: Record<string, string[]>;
}

/** A section the query matched: its score and the index's words that matched. */
interface Hit {
  section: number;
  score: number;
  terms: string[];
  /** Per index word that matched, the fields it matched in. */
  match: Record<string, string[]>;
}

/**
 * The groups' evaluations combined as MiniSearch's search combines the parts
 * of a query, without changing the evaluations, which the next keystroke
 * reuses: the sections with every group (`every`) or with any. A section's
 * score is its groups' scores added in order, times the number of the query's
 * words it matched; sections come in the order MiniSearch's combination
 * leaves them (for every group, the last group's; for any, each group's new
 * sections after the ones before), then best first by a stable sort.
 */
function combinedHits(evaluated: Map<number, Evaluated>[], every: boolean): Hit[] {
  // A query of no words (only words such as "how" and "the") matches nothing.
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

/** Whether a section's matches include an identifier it defines (see DEFINES). */
const definesAny = (match: Record<string, string[]>) => Object.values(match).some((fields) => fields.includes(DEFINES));

/** What ranking asks of every section at every keystroke, worked out once per index. */
export interface SectionFacts {
  /** Per section, its deepest heading as a string position (its own, or its page's title at the top of a page). */
  ownHeading: number[];
  isStatusLine: boolean[];
  /** Per section, whether the build weighed it down as a template's: the boosts say how much, not why. */
  isTemplate: boolean[];
  /** Per section, its page's title and operation as one number (what they say of a query together), under `titleKeys`. */
  titleKey: number[];
  titleKeys: number;
  /** The words of a title, heading or operation, by string position. */
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
    // Many sections share a title or heading.
    wordsAt: cached((position: number) => wordsOf(string(position) ?? '')),
  };
}

/** The sections of a query's groups' evaluations (in the groups' order), best first, with the index's words each matched. */
export function rankedSections(evaluated: Map<number, Evaluated>[], groups: QueryGroup[], facts: SectionFacts): {section: number; terms: string[]}[] {
  const {ownHeading, isStatusLine, isTemplate, titleKey, titleKeys, wordsAt} = facts;
  // What a title or heading says of this query, once per title or heading: the sections of a page share its title.
  // An operation page's title names the query with its operation's method and path too ("Get the risk trend", GET dashboards risk_trend, names "dashboards risk trend"),
  // without the weight of a title that is mostly the query, which is the title's alone: the pages under one path ("List discovered assets") stay below "Asset discovery API".
  const titleWeight = cached((key: number) => {
    const [position, operation] = [Math.floor(key / titleKeys), (key % titleKeys) - 1];
    const title = wordsAt(position);
    if (namesEveryGroup(title, groups)) return TITLE_NAMES_QUERY * (1 + titlePrecision(title, groups));
    return operation >= 0 && namesEveryGroup([...title, ...wordsAt(operation)], groups) ? TITLE_NAMES_QUERY : 1;
  });
  const headingNamesQuery = cached((position: number) => namesEveryGroup(wordsAt(position), groups));
  // A hit's score, times `weight`, as what its title and heading say of the query weigh it.
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
      // A template's section that defines an identifier of the query ("team_id" under "Body") is not weighed down: what it defines is its page's own, not the template's
      // (the identifiers most pages define, such as a response header, are no section's definitions), so the operation page that defines a field comes before a page that mentions it.
      if (isTemplate[section] && definesAny(hit.match)) score /= TEMPLATE_SECTION;
      return {section, terms: hit.terms, score};
    });
  const best = (ranked: {section: number; terms: string[]; score: number}[]) =>
    ranked.sort((a, b) => b.score - a.score).map(({section, terms}) => ({section, terms}));
  const all = scored(combinedHits(evaluated, true), 1);
  if (groups.length < 2) return best(all);
  // A word no page has, even with a typo's tolerance, is the reader's to fix: the pages say so and offer the words that find something.
  if (all.length === 0 && evaluated.some((sections) => sections.size === 0)) return [];
  // The sections with only some of the words too, weighed down, so a question worded unlike the pages still finds them, and a page whose title names most of the query can come before one that says every word in passing.
  const found = new Set(all.map(({section}) => section));
  const some = scored(
    combinedHits(evaluated, false).filter((hit) => !found.has(hit.section)),
    SOME_WORDS,
  );
  return best([...all, ...some]);
}
