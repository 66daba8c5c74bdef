const TEMPLATE_HEADING_SHARE = 0.05;
/** How much a template's section weighs against others. */
export const TEMPLATE_SECTION = 0.3;

export interface SectionHeading {
  page: string;
  heading: string | null;
}

export function templateSections(sections: SectionHeading[]): boolean[] {
  const pagesOfHeading = new Map<string, Set<string>>();
  for (const {page, heading} of sections) if (heading !== null) pagesOfHeading.set(heading, (pagesOfHeading.get(heading) ?? new Set()).add(page));
  const pageCount = new Set(sections.map(({page}) => page)).size;
  return sections.map(({heading}) => heading !== null && pagesOfHeading.get(heading)!.size > pageCount * TEMPLATE_HEADING_SHARE);
}

/**
 * The top of a page above its subsections (as DocSearch ranks lvl1 above lvl2),
 * more-linked pages above others, and sections under a heading many pages share
 * ("Path parameters", "200 OK") below: their words are the template's. Rounded, as
 * the index stores it.
 */
export function sectionBoost(level: number, pageRank: number, template = false): number {
  const top = level === 1 ? 2 : 1;
  return Math.round(top * (template ? TEMPLATE_SECTION : 1) * (1 + 0.3 * Math.log2(1 + pageRank)) * 100) / 100;
}
