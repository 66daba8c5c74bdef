/** Markdown as the elements MDX would make of it (remark with GFM, then mdast-util-to-hast), so data pages render like MDX pages. */
import type {Element, ElementContent, Root as HastRoot} from 'hast';
import type {Root as MdastRoot} from 'mdast';
import {toHast} from 'mdast-util-to-hast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import type {Markup} from '../../src/shared/page-data';

const markdown = unified().use(remarkParse).use(remarkGfm);

/** Anything else stops the build rather than render unlike an MDX page. */
const TAGS = new Set(['p', 'code', 'pre', 'a', 'ul', 'ol', 'li', 'strong', 'em', 'del', 'br', 'table', 'thead', 'tbody', 'tr', 'th', 'td']);
const PROPS = new Set(['href', 'title', 'start', 'className']);
const TABLE_PARTS = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);

function toMarkup(node: ElementContent, source: string): Markup[] {
  if (node.type === 'text') return [node.value];
  if (node.type !== 'element')
    throw new Error(`Markdown of a generated page renders to a ${node.type} node, which its data cannot hold: ${JSON.stringify(source)}`);
  return [element(node, source)];
}

function element(node: Element, source: string): Markup {
  if (!TAGS.has(node.tagName))
    throw new Error(`Markdown of a generated page renders to <${node.tagName}>, which its data cannot hold: ${JSON.stringify(source)}`);
  const props: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(node.properties)) {
    // MDX joins a class list, as React wants it.
    const prop = name === 'className' && Array.isArray(value) ? value.join(' ') : value;
    if (!PROPS.has(name) || (typeof prop !== 'string' && typeof prop !== 'number')) {
      throw new Error(`Markdown of a generated page renders to <${node.tagName}> with ${name}, which its data cannot hold: ${JSON.stringify(source)}`);
    }
    props[name] = prop;
  }
  // Docusaurus hands its code blocks the info as `metastring` (its title).
  const meta = (node.data as {meta?: string} | undefined)?.meta;
  if (meta) props.metastring = meta;
  // MDX drops white-space text in tables, which React forbids there.
  const children = TABLE_PARTS.has(node.tagName) ? node.children.filter((child) => !(child.type === 'text' && !child.value.trim())) : node.children;
  return [node.tagName, Object.keys(props).length ? props : null, ...children.flatMap((child) => toMarkup(child, source))];
}

/** MDX separates blocks with line breaks at the top of a page, not in a component. */
export type MarkupPlace = 'page' | 'component';

/** Many fields share their source ("Identifier of the related object."). */
const rendered = new Map<string, Markup[]>();

export function markdownMarkup(source: string, place: MarkupPlace = 'component'): Markup[] {
  const key = `${place}\n${source}`;
  let markup = rendered.get(key);
  if (!markup) rendered.set(key, (markup = render(source, place)));
  return markup;
}

export const markdownTree = (source: string): MdastRoot => markdown.runSync(markdown.parse(source)) as MdastRoot;

function render(source: string, place: MarkupPlace): Markup[] {
  const root = toHast(markdownTree(source)) as HastRoot;
  const children = place === 'page' ? root.children : root.children.filter((child) => !(child.type === 'text' && child.value === '\n'));
  return children.flatMap((child) => toMarkup(child as ElementContent, source));
}
