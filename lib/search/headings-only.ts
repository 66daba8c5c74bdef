/**
 * The pages the search index takes only the headings of: each asks for it in
 * its front matter. This module stands apart from the records' extraction
 * (./records.ts) so that the pages' generators, which write that front matter,
 * do not load an HTML parser with it.
 */

/**
 * The front matter by which a page asks to be searched by its headings only (`search: headings-only`): a page whose
 * text repeats what other pages say, such as the API changelog, which names every operation of every release (its
 * text would be a large part of the index, and a search for an operation should find the operation's page).
 */
export const SEARCH_FRONT_MATTER = {key: 'search', headingsOnly: 'headings-only'} as const;

/** A page as the docs plugin loads it: where it is served and its front matter. */
export interface SourcePage {
  permalink: string;
  source: string;
  frontMatter: Record<string, unknown>;
}

/** The routes of the pages that ask to be searched by their headings only; any other value of the key is an error naming the page's file. */
export function headingsOnlyRoutes(pages: SourcePage[]): Set<string> {
  const routes = new Set<string>();
  for (const {permalink, source, frontMatter} of pages) {
    const value = frontMatter[SEARCH_FRONT_MATTER.key];
    if (value === undefined) continue;
    if (value !== SEARCH_FRONT_MATTER.headingsOnly) {
      throw new Error(
        `${source}:1: front matter "${SEARCH_FRONT_MATTER.key}: ${String(value)}" is not known; the one value is "${SEARCH_FRONT_MATTER.headingsOnly}"`,
      );
    }
    routes.add(permalink);
  }
  return routes;
}
