/**
 * Records in DocSearch's format, as its crawler makes them of a Docusaurus site,
 * from the page's content only (no navbar, sidebar, breadcrumbs, TOC or footer).
 * On operation pages each field is one record, "name: description".
 */
import {createHash} from 'node:crypto';
import {load, type Cheerio, type CheerioAPI} from 'cheerio';
import {hasChildren, isTag, type AnyNode, type Element} from 'domhandler';
import type {IndexedRecord} from '../../src/shared/search/index-file';
import {LEVELS} from '../../src/shared/search/hierarchy';

/** What the local index keeps, and the rest the hosted index takes. */
export interface SearchRecord extends IndexedRecord {
  objectID: string;
  url_without_anchor: string;
  anchor: string | null;
  version: string[];
  weight: {pageRank: number; level: number; position: number};
}

type Hierarchy = SearchRecord['hierarchy'];
/**
 * As DocSearch's template selects them (`article p, article li`), plus fields, and
 * table rows whole, where DocSearch takes the last cell only: a row's first cells
 * name what it is about.
 */
const BLOCKS = 'h1, h2, h3, h4, h5, h6, p, li, tr, [data-field]';
/** Inside the content but not content: the try-it button, copy buttons, tab labels, anchors' "#". */
const SKIPPED = 'button, [role="tablist"], .hash-link, script, style, [hidden], .sr-only';

/** Any other element boundary separates words ("POST" "/path"). */
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

/** A node's visible text, words separated as a reader sees them. */
function text(_$: CheerioAPI, node: AnyNode): string {
  const parts: string[] = [];
  collect(node, parts);
  return parts
    .join('')
    .replace(/[\u200b\s]+/g, ' ')
    .trim();
}

/** The one element `name` of `html`; `<main` is not `<mainly`. */
function elementText(html: string, name: string): string | undefined {
  const start = new RegExp(`<${name}[\\s>]`).exec(html)?.index;
  const end = html.lastIndexOf(`</${name}>`);
  return start === undefined || end < start ? undefined : html.slice(start, end + name.length + 3);
}

/** Only the head and main element: the navbar, sidebar and footer would be parsed for nothing. A page without a main element is read whole. */
function searchedParts(html: string): string {
  const [head, main] = [elementText(html, 'head'), elementText(html, 'main')];
  return head && main ? `<!doctype html><html>${head}<body>${main}</body></html>` : html;
}

/** A built page's records and the pages it links to; `path` is its route, base URL included. */
export function readPage(html: string, path: string, {headingsOnly = false} = {}): {records: SearchRecord[]; links: string[]} {
  const $ = load(searchedParts(html));
  const document = $.root().toArray();
  const article = firstElement(document, (element) => element.name === 'article');
  const content = article && firstElement(article.children, (element) => hasClass(element, 'theme-doc-markdown'));
  if (!article || !content) return {records: [], links: []};
  // Links first: reading the records removes the parts search skips.
  const links = contentLinks($(content));
  return {records: pageRecords($, {document, article: $(article), content: $(content)}, path, headingsOnly), links};
}

/** Stops at the first match, where a selector walks the whole page. */
function firstElement(nodes: AnyNode[], test: (element: Element) => boolean): Element | undefined {
  for (const node of nodes) {
    if (!hasChildren(node)) continue;
    if (isTag(node) && test(node)) return node;
    const found = firstElement(node.children, test);
    if (found) return found;
  }
  return undefined;
}

const hasClass = (element: Element, name: string) => (element.attribs.class ?? '').split(/\s+/).includes(name);

/** cheerio's `parents(selector)` matched a selector at each ancestor. */
function hasAncestor(element: Element, test: (ancestor: Element) => boolean): boolean {
  for (let node = element.parent; node; node = node.parent) if (isTag(node) && test(node)) return true;
  return false;
}

interface PageParts {
  document: AnyNode[];
  article: Cheerio<Element>;
  content: Cheerio<Element>;
}

function pageRecords($: CheerioAPI, {document, article, content}: PageParts, path: string, headingsOnly: boolean): SearchRecord[] {
  const head = firstElement(document, (element) => element.name === 'head');
  const meta = (name: string) =>
    head?.children.find((node): node is Element => isTag(node) && node.name === 'meta' && node.attribs.name === name)?.attribs.content ?? '';
  // Read once per page: a lookup per record searched the whole document each time.
  const language = meta('docsearch:language') || 'en';
  const version = meta('docsearch:version') || 'current';
  const docusaurusTag = meta('docsearch:docusaurus_tag');
  // The first breadcrumb after home, as the sidebar names it.
  const breadcrumbs = firstElement(document, (element) => hasClass(element, 'breadcrumbs'));
  const sectionHead =
    (breadcrumbs && $(breadcrumbs).find('.breadcrumbs__item:not(:first-child) .breadcrumbs__link').first()[0]) ??
    firstElement(document, (element) => element.name === 'h1');
  const section = (sectionHead && text($, sectionHead)) || 'Documentation';
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
  // The title may sit in a header above the Markdown, or be its first heading.
  const title = text($, article.find('header h1, .theme-doc-markdown h1').first()[0] ?? content[0]);
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
    if (headingsOnly) return;
    const name = $(element).attr('data-field');
    if (name !== undefined) {
      const field = [
        ...$(element)
          .parents('[data-field]')
          .toArray()
          .reverse()
          .map((parent) => $(parent).attr('data-field')),
        name,
      ].join('.');
      // "name: description", so a field is found by its name and what it means.
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
    if (hasAncestor(element, (ancestor) => ancestor.attribs['data-field'] !== undefined)) return;
    if (hasAncestor(element, (ancestor) => ancestor.name === 'li' || ancestor.name === 'tr')) return;
    if (tag === 'tr' && $(element).children('td').length === 0) return;
    const body = text($, element);
    if (body) add('content', body, 0);
  });
  return records;
}

/** The site pages a page's content links to: navigation chrome aside, without anchors, each once. */
function contentLinks(content: Cheerio<Element>): string[] {
  const hrefs = content
    .find('a[href^="/"]')
    .toArray()
    .map((link) => (link.attribs.href ?? '').split(/[#?]/)[0].replace(/\/$/, '') || '/');
  return [...new Set(hrefs)];
}

/** Every operation page links the error catalogue: such links are template, not votes. */
const TEMPLATE_LINK_SHARE = 0.25;

/** A page's rank is how many other pages link to it, which tells the operation a tutorial points to from the dozen sharing its words. */
export function withPageRank(records: SearchRecord[], linksByPage: Map<string, string[]>): SearchRecord[] {
  const inbound = new Map<string, number>();
  for (const [page, links] of linksByPage) {
    for (const link of links) if (link !== page) inbound.set(link, (inbound.get(link) ?? 0) + 1);
  }
  for (const [page, count] of inbound) if (count > linksByPage.size * TEMPLATE_LINK_SHARE) inbound.delete(page);
  return records.map((record) => ({...record, weight: {...record.weight, pageRank: inbound.get(record.url_without_anchor) ?? 0}}));
}
