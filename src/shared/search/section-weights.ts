/**
 * How much a section's matches weigh against others', whatever the query: the
 * build works it out per section (sectionBoost) and the index file keeps it;
 * which sections are a template's the ranking asks again.
 */

/** A heading on more than this share of pages is a template's (see sectionBoost). */
const TEMPLATE_HEADING_SHARE = 0.05;
/** How much a template's section weighs against others. */
export const TEMPLATE_SECTION = 0.3;

/** A section's page and its own heading below the page's title (null at the top of a page). */
export interface SectionHeading {
  page: string;
  heading: string | null;
}

/** Which sections are a template's: those under a heading that more than TEMPLATE_HEADING_SHARE of the pages have ("Path parameters", "200 OK"). */
export function templateSections(sections: SectionHeading[]): boolean[] {
  const pagesOfHeading = new Map<string, Set<string>>();
  for (const {page, heading} of sections) if (heading !== null) pagesOfHeading.set(heading, (pagesOfHeading.get(heading) ?? new Set()).add(page));
  const pageCount = new Set(sections.map(({page}) => page)).size;
  return sections.map(({heading}) => heading !== null && pagesOfHeading.get(heading)!.size > pageCount * TEMPLATE_HEADING_SHARE);
}

/**
 * How a section's matches weigh: the top of a page (its title, summary and
 * description) above its subsections, as DocSearch ranks lvl1 above lvl2, and
 * pages that more pages link to above the rest (a page's rank: see
 * lib/search/records.ts). A section under a heading that many pages share
 * ("Path parameters", "200 OK", "Response headers": the sections every
 * operation page has) weighs less: its words are the template's, and the
 * reader wants the page that is about them. Rounded, as the index stores it.
 */
export function sectionBoost(level: number, pageRank: number, template = false): number {
  const top = level === 1 ? 2 : 1;
  return Math.round(top * (template ? TEMPLATE_SECTION : 1) * (1 + 0.3 * Math.log2(1 + pageRank)) * 100) / 100;
}
