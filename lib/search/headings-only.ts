/** Apart from ./records.ts so that the page generators writing this front matter do not load an HTML parser. */

/**
 * `search: headings-only`, for a page whose text repeats others', such as the API
 * changelog: its text would swamp the index, and a search for an operation should
 * find the operation's page.
 */
export const SEARCH_FRONT_MATTER = {key: 'search', headingsOnly: 'headings-only'} as const;

export interface SourcePage {
  permalink: string;
  source: string;
  frontMatter: Record<string, unknown>;
}

/** Any other value of the key is an error naming the page's file. */
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
