/** A page's MDX made plain Markdown for its twin. A component this module does not know fails, naming the file and line, so a twin never has a hole in it. */
import type {Blockquote, List, ListItem, Nodes, Paragraph, PhrasingContent, Root, RootContent, Strong, Text} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import type {MdxJsxFlowElement, MdxJsxTextElement} from 'mdast-util-mdx-jsx';

export interface Card {
  title: string;
  url: string;
  description?: string;
}

export interface PageContext {
  /** The source file, as error messages name it. */
  file: string;
  url(href: string): string;
  cards(label?: string): Card[];
}

/** Admonition keywords Docusaurus knows, and the label each shows without a title. */
export const ADMONITIONS: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
  important: 'Important',
  success: 'Success',
  secondary: 'Note',
};

type Element = MdxJsxFlowElement | MdxJsxTextElement;
type Mapping = (element: Element, children: Nodes[], page: PageContext) => Nodes[];

const PHRASING = new Set([
  'text',
  'emphasis',
  'strong',
  'delete',
  'inlineCode',
  'break',
  'link',
  'image',
  'linkReference',
  'imageReference',
  'footnoteReference',
]);
const isPhrasing = (node: Nodes): node is PhrasingContent => PHRASING.has(node.type);

const text = (value: string): Text => ({type: 'text', value});
const paragraph = (children: PhrasingContent[]): Paragraph => ({type: 'paragraph', children});
const strong = (value: string): Strong => ({type: 'strong', children: [text(value)]});

const at = (page: PageContext, node: Nodes) => `${page.file}:${node.position?.start.line ?? '?'}:${node.position?.start.column ?? '?'}`;

/** Line breaks of the JSX source made spaces. */
function phrasing(children: Nodes[]): PhrasingContent[] {
  return children.flatMap((child, index) => {
    const inline = isPhrasing(child) ? [child] : child.type === 'paragraph' ? child.children : [];
    const flowing = inline.map((node) => (node.type === 'text' ? text(node.value.replace(/\s*\n\s*/g, ' ')) : node));
    return index > 0 && child.type === 'paragraph' ? [text(' '), ...flowing] : flowing;
  });
}

function blocks(children: Nodes[]): Nodes[] {
  const result: Nodes[] = [];
  let run: Paragraph | undefined;
  for (const child of children) {
    if (!isPhrasing(child)) {
      result.push(child);
      run = undefined;
    } else if (run) {
      run.children.push(child);
    } else {
      run = paragraph([child]);
      result.push(run);
    }
  }
  return result;
}

function attribute(element: Element, name: string): unknown {
  const found = element.attributes.find((item) => item.type === 'mdxJsxAttribute' && item.name === name);
  if (!found || found.type !== 'mdxJsxAttribute') return undefined;
  if (found.value === null || found.value === undefined) return true;
  if (typeof found.value === 'string') return found.value;
  try {
    return JSON.parse(found.value.value);
  } catch {
    return {expression: found.value.value};
  }
}

function stringAttribute(element: Element, name: string, page: PageContext, required = true): string | undefined {
  const value = attribute(element, name);
  if (typeof value === 'string') return value;
  if (value === undefined && !required) return undefined;
  throw new Error(`${at(page, element)}: <${element.name}> needs a text "${name}" for the page's Markdown twin`);
}

function inlineMarkdown(markdown: string): PhrasingContent[] {
  const [first] = fromMarkdown(markdown).children;
  return first?.type === 'paragraph' ? first.children : [text(markdown)];
}

function cardList(cards: Card[]): List {
  return {
    type: 'list',
    ordered: false,
    spread: false,
    children: cards.map((card): ListItem => ({
      type: 'listItem',
      spread: false,
      children: [
        paragraph([
          {type: 'link', url: card.url, children: [text(card.title)]},
          ...(card.description ? [text(': '), ...inlineMarkdown(card.description)] : []),
        ]),
      ],
    })),
  };
}

const transparent: Mapping = (_element, children) => children;
const link: (attributeName: string) => Mapping = (attributeName) => (element, children, page) => [
  {type: 'link', url: page.url(stringAttribute(element, attributeName, page)!), children: phrasing(children)},
];

const COMPONENTS: Record<string, Mapping> = {
  div: transparent,
  span: transparent,
  p: (_element, children) => [paragraph(phrasing(children))],
  strong: (_element, children) => [{type: 'strong', children: phrasing(children)}],
  b: (_element, children) => [{type: 'strong', children: phrasing(children)}],
  em: (_element, children) => [{type: 'emphasis', children: phrasing(children)}],
  i: (_element, children) => [{type: 'emphasis', children: phrasing(children)}],
  code: (_element, children) => [
    {
      type: 'inlineCode',
      value: phrasing(children)
        .map((node) => ('value' in node ? node.value : ''))
        .join(''),
    },
  ],
  br: () => [{type: 'break'}],
  a: link('href'),
  Link: link('to'),
  Tabs: transparent,
  TabItem: (element, children, page) => [
    paragraph([strong(stringAttribute(element, 'label', page, false) ?? stringAttribute(element, 'value', page)!)]),
    ...children,
  ],
  DocCards: (element, _children, page) => {
    const items = attribute(element, 'items');
    if (items !== undefined && (items as {expression?: string}).expression !== 'useCurrentSidebarCategory().items') {
      throw new Error(`${at(page, element)}: <DocCards> lists only the current sidebar category in the page's Markdown twin`);
    }
    return [cardList(page.cards())];
  },
  TutorialCards: (element, _children, page) => [cardList(page.cards(stringAttribute(element, 'group', page)))],
};

const isComment = (expression: string) => /^\s*\/\*[\s\S]*\*\/\s*$/.test(expression);

/** The site turns `## Title {#id}` into the anchor. */
function withoutHeadingId(children: PhrasingContent[]): PhrasingContent[] {
  const last = children.at(-1);
  if (last?.type !== 'text') return children;
  return [...children.slice(0, -1), text(last.value.replace(/\s*\{#[^}]*\}\s*$/, ''))];
}

function convert(node: Nodes, page: PageContext): Nodes[] {
  const children = () => ('children' in node ? (node.children as Nodes[]).flatMap((child) => convert(child, page)) : []);
  switch (node.type) {
    case 'yaml':
    case 'mdxjsEsm':
      return [];
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
      if (isComment(node.value)) return [];
      throw new Error(`${at(page, node)}: the expression {${node.value}} has no Markdown form for the page's Markdown twin`);
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement': {
      const mapping = node.name === null ? transparent : COMPONENTS[node.name];
      if (!mapping)
        throw new Error(
          `${at(page, node)}: unknown MDX component <${node.name}>: the page's Markdown twin cannot show it (map it in lib/markdown-twin/components.ts)`,
        );
      const converted = mapping(node, children(), page);
      return node.type === 'mdxJsxFlowElement' ? blocks(converted) : converted;
    }
    case 'containerDirective': {
      const label = ADMONITIONS[node.name];
      if (!label) throw new Error(`${at(page, node)}: unknown directive :::${node.name}: the page's Markdown twin cannot show it`);
      const [first, ...rest] = node.children;
      const titled = first?.type === 'paragraph' && (first.data as {directiveLabel?: boolean} | undefined)?.directiveLabel;
      const title = titled ? [text(`${label}: `), ...(convert(first, page)[0] as Paragraph).children] : [text(label)];
      const body = (titled ? rest : node.children).flatMap((child) => convert(child, page));
      return [{type: 'blockquote', children: [paragraph([{type: 'strong', children: title}]), ...body]} as Blockquote];
    }
    // Not a directive after all (`:30` in a time): the site shows it as text, so does the twin.
    case 'leafDirective':
      return [paragraph([text(`::${node.name}`), ...phrasing(children())])];
    case 'textDirective':
      return [text(`:${node.name}`), ...phrasing(children())];
    case 'heading':
      return [{...node, children: withoutHeadingId(phrasing(children()))}];
    case 'link':
    case 'image':
    case 'definition':
      return [{...node, url: page.url(node.url), ...('children' in node ? {children: children()} : {})} as Nodes];
    default:
      return 'children' in node ? [{...node, children: children()} as Nodes] : [node];
  }
}

export function plainMarkdownTree(tree: Root, page: PageContext): Root {
  return {type: 'root', children: blocks(tree.children.flatMap((child) => convert(child, page))) as RootContent[]};
}
