/**
 * The hierarchy levels of a search record (DocSearch's record format): lvl0
 * the section of the site, lvl1 the page, lvl2 to lvl6 its headings. A module
 * of its own, so what shows hits needs it without the engine.
 */
export const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
export type Level = (typeof LEVELS)[number];
