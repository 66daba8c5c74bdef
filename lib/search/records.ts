/**
 * Search records from built pages, in DocSearch's record format (what its
 * crawler makes of a Docusaurus site): one record per heading and per block
 * of text, each with the hierarchy of headings above it (lvl0 the sidebar
 * section, lvl1 the page title, lvl2 to lvl6 the headings), its content, its
 * type and the URL of the nearest heading. Only the page's content is read:
 * navbar, sidebar, breadcrumbs, table of contents and footer are not indexed.
 * On operation pages each field becomes one record, "name: description".
 */
import {createHash} from 'node:crypto';
import {load, type CheerioAPI} from 'cheerio';
import type {AnyNode, Element} from 'domhandler';
import type {IndexedRecord} from '../../src/shared/search/engine';
import {LEVELS} from '../../src/shared/search/hierarchy';

/** A record as DocSearch's crawler makes it: what the local index keeps, and the rest the hosted index takes. */
export interface SearchRecord extends IndexedRecord {
  objectID: string;
  url_without_anchor: string;
  anchor: string | null;
  version: string[];
  /** Ranking: pages more linked to above others (withPageRank), headings above text, earlier above later. */
  weight: {pageRank: number; level: number; position: number};
}

type Hierarchy = SearchRecord['hierarchy'];
/** Blocks of text, as DocSearch's Docusaurus template selects them (`article p, article li, article td:last-child`), plus fields. */
const BLOCKS = 'h1, h2, h3, h4, h5, h6, p, li, td:last-child, [data-field]';
/** Inside the content but not content: the try-it panel's button, copy buttons, tab labels, anchors' "#". */
const SKIPPED = 'button, [role="tablist"], .hash-link, script, style, [hidden], .sr-only';

/**
 * Pages searched by their headings only: the API changelog names every operation of every release, which would make
 * its records a large part of the index, and a search for an operation finds its reference page.
 */
const HEADINGS_ONLY = new Set(['/api/changelog']);

/** Inline markup that runs on within a word or sentence; any other element boundary separates words ("POST" "/path"). */
const INLINE = new Set(['a', 'abbr', 'b', 'code', 'em', 'i', 'kbd', 'mark', 'small', 'strong', 'sub', 'sup']);

function collect(node: AnyNode, parts: string[]): void {
  if (node.type === 'text') parts.push((node as unknown as {data: string}).data);
  const element = node as Element;
  if (!element.children) return;
  const separate = element.type === 'tag' && !INLINE.has(element.tagName.toLowerCase());
  if (separate) parts.push(' ');
  for (const child of element.children) collect(child, parts);
  if (separate) parts.push(' ');
}

/** The visible text of a node, words separated as a reader sees them. */
function text(_$: CheerioAPI, node: AnyNode): string {
  const parts: string[] = [];
  collect(node, parts);
  return parts
    .join('')
    .replace(/[\u200b\s]+/g, ' ')
    .trim();
}

/**
 * What search takes from one built page, parsed once: its records, and the
 * site pages its content links to (for page rank). `path` is its route, base
 * URL included (such as `/api/quick-start`).
 */
export function readPage(html: string, path: string): {records: SearchRecord[]; links: string[]} {
  const $ = load(html);
  // Links first: reading the records removes the parts search skips.
  const links = contentLinks($);
  return {records: pageRecords($, path), links};
}

function pageRecords($: CheerioAPI, path: string): SearchRecord[] {
  const content = $('article .theme-doc-markdown').first();
  if (content.length === 0) return [];
  const meta = (name: string) => $(`meta[name="${name}"]`).attr('content') ?? '';
  // Read once per page: a lookup per record searched the whole document each time.
  const language = meta('docsearch:language') || 'en';
  const version = meta('docsearch:version') || 'current';
  const docusaurusTag = meta('docsearch:docusaurus_tag');
  // The section the page sits in: the first breadcrumb after home, as the sidebar names it.
  const section = text($, $('.breadcrumbs__item:not(:first-child) .breadcrumbs__link').first()[0] ?? $('h1')[0]) || 'Documentation';
  const hierarchy: Hierarchy = {lvl0: section, lvl1: null, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null};
  let anchor: string | null = null;
  const records: SearchRecord[] = [];
  const add = (type: SearchRecord['type'], body: string | null, level: number) => {
    const url = `${path}${anchor ? `#${anchor}` : ''}`;
    records.push({
      objectID: createHash('sha1')
        .update(`${url}\n${records.length}\n${body ?? ''}`)
        .digest('hex')
        .slice(0, 16),
      type,
      hierarchy: {...hierarchy},
      content: body,
      url,
      url_without_anchor: path,
      anchor,
      language,
      version: [version],
      docusaurus_tag: docusaurusTag,
      weight: {pageRank: 0, level, position: records.length},
    });
  };
  content.find(SKIPPED).remove();
  if (HEADINGS_ONLY.has(path)) content.find('li, p').remove();
  // The title may sit in a header above the Markdown, or be its first heading.
  const title = text($, $('article header h1, article .theme-doc-markdown h1').first()[0] ?? content[0]);
  hierarchy.lvl1 = title;
  add('lvl1', null, 90);
  content.find(BLOCKS).each((_index, element: Element) => {
    const tag = element.tagName.toLowerCase();
    if (/^h[1-6]$/.test(tag)) {
      const depth = Number(tag[1]);
      if (depth === 1) return;
      const label = text($, element);
      hierarchy[LEVELS[depth]] = label;
      for (let deeper = depth + 1; deeper < LEVELS.length; deeper += 1) hierarchy[LEVELS[deeper]] = null;
      anchor = $(element).attr('id') ?? anchor;
      add(LEVELS[depth], null, 100 - depth * 10);
      return;
    }
    const name = $(element).attr('data-field');
    if (name !== undefined) {
      // A nested field is named by its path, such as `target.id`.
      const field = [
        ...$(element)
          .parents('[data-field]')
          .toArray()
          .reverse()
          .map((parent) => $(parent).attr('data-field')),
        name,
      ].join('.');
      // "name: description", so a field is found by its name and what it means; nested fields make their own records.
      const description = $(element)
        .children()
        .eq(1)
        .children('p')
        .toArray()
        .map((paragraph) => text($, paragraph))
        .join(' ');
      add('content', description ? `${field}: ${description}` : field, 0);
      return;
    }
    // Field heads and descriptions are read through their field; nested blocks through their outermost block.
    if ($(element).closest('[data-field]').length) return;
    if ($(element).parents('li, td').length) return;
    const body = text($, element);
    if (body) add('content', body, 0);
  });
  return records;
}

/** The site pages a built page's content links to (navigation chrome aside), without anchors, each once. */
function contentLinks($: CheerioAPI): string[] {
  const hrefs = $('article .theme-doc-markdown a[href^="/"]')
    .toArray()
    .map((link) => ($(link).attr('href') ?? '').split(/[#?]/)[0].replace(/\/$/, '') || '/');
  return [...new Set(hrefs)];
}

/**
 * Records with their page's rank: how many other pages' content links to it,
 * the signal that tells the operation a tutorial points readers to from the
 * dozen that share its words.
 */
export function withPageRank(records: SearchRecord[], linksByPage: Map<string, string[]>): SearchRecord[] {
  const inbound = new Map<string, number>();
  for (const [page, links] of linksByPage) {
    for (const link of links) if (link !== page) inbound.set(link, (inbound.get(link) ?? 0) + 1);
  }
  return records.map((record) => ({...record, weight: {...record.weight, pageRank: inbound.get(record.url_without_anchor) ?? 0}}));
}
