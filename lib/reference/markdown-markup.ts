/**
 * Markdown as the elements the page's MDX would make of it (remark with GFM,
 * then mdast-util-to-hast, which remark-rehype runs for MDX), as data a page
 * renders through the same MDX components: a field's description and allowed
 * values in the field lists of reference pages (src/shared/field-lists.ts).
 */
import type {Element, ElementContent, Root as HastRoot} from 'hast';
import type {Root as MdastRoot} from 'mdast';
import {toHast} from 'mdast-util-to-hast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import type {Markup} from '../../src/shared/field-lists';

const markdown = unified().use(remarkParse).use(remarkGfm);

/** What a description renders to; anything else in one stops the build, rather than render unlike the rest of the page. */
const TAGS = new Set(['p', 'code', 'a', 'ul', 'ol', 'li', 'strong', 'em', 'del', 'br']);
const PROPS = new Set(['href', 'title', 'start']);

function toMarkup(node: ElementContent, source: string): Markup[] {
  if (node.type === 'text') return [node.value];
  if (node.type !== 'element') throw new Error(`A field description renders to a ${node.type} node, which field lists cannot show: ${JSON.stringify(source)}`);
  return [element(node, source)];
}

function element(node: Element, source: string): Markup {
  if (!TAGS.has(node.tagName)) throw new Error(`A field description renders to <${node.tagName}>, which field lists cannot show: ${JSON.stringify(source)}`);
  const props: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(node.properties)) {
    if (!PROPS.has(name) || (typeof value !== 'string' && typeof value !== 'number')) {
      throw new Error(`A field description renders to <${node.tagName}> with ${name}, which field lists cannot show: ${JSON.stringify(source)}`);
    }
    props[name] = value;
  }
  return [node.tagName, Object.keys(props).length ? props : null, ...node.children.flatMap((child) => toMarkup(child, source))];
}

/** Rendered descriptions by source: many fields share theirs ("Identifier of the related object."). */
const rendered = new Map<string, Markup[]>();

/** Markdown as the elements MDX makes of it. */
export function markdownMarkup(source: string): Markup[] {
  let markup = rendered.get(source);
  if (!markup) rendered.set(source, (markup = render(source)));
  return markup;
}

function render(source: string): Markup[] {
  const root = toHast(markdown.runSync(markdown.parse(source)) as MdastRoot) as HastRoot;
  // Between blocks at the top, remark-rehype puts line breaks, which MDX leaves out of a component's children.
  return root.children.filter((child) => !(child.type === 'text' && child.value === '\n')).flatMap((child) => toMarkup(child as ElementContent, source));
}
