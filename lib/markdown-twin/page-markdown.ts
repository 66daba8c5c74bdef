/** A page's twin from its source, read as Docusaurus reads it and run through the site's own remark plugins, so the twin and the HTML page cannot disagree. */
import {admonitionTitleToDirectiveLabel, escapeMarkdownHeadingIds, unwrapMdxCodeBlocks} from '@docusaurus/utils';
import type {Root} from 'mdast';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify, {type Options as StringifyOptions} from 'remark-stringify';
import {unified, type PluggableList} from 'unified';
import {ADMONITIONS, plainMarkdownTree, type PageContext} from './components';

export interface PageSource {
  /** The remark plugins name it in their errors. */
  path: string;
  content: string;
  /** Shown as its first heading unless the text starts with one. */
  title: string;
}

const STRINGIFY: StringifyOptions = {bullet: '-', emphasis: '_', fences: true, listItemIndent: 'one', rule: '-'};

/** The same preprocessing as Docusaurus' MDX loader: ```mdx-code-block unwrapped, `{#id}` kept from MDX, `:::note Title` titles. */
function preprocess(content: string): string {
  return admonitionTitleToDirectiveLabel(escapeMarkdownHeadingIds(unwrapMdxCodeBlocks(content)), Object.keys(ADMONITIONS));
}

/** The parsers are made once, so the plugins' own set-up (the contract they load) is done once for all pages. */
export function markdownTwinMaker(remarkPlugins: PluggableList): (source: PageSource, page: PageContext) => Promise<string> {
  const parser = (mdx: boolean) =>
    unified()
      .use(remarkParse)
      .use(remarkFrontmatter)
      .use(remarkDirective)
      .use(remarkGfm)
      .use(mdx ? [remarkMdx] : [])
      .use(remarkPlugins)
      .freeze();
  const parsers = {md: parser(false), mdx: parser(true)};
  const writer = unified().use(remarkGfm, {tablePipeAlign: false}).use(remarkStringify, STRINGIFY).freeze();
  return async (source, page) => {
    const file = {path: source.path, value: preprocess(source.content)};
    const processor = source.path.endsWith('.mdx') ? parsers.mdx : parsers.md;
    const tree = (await processor.run(processor.parse(file), file)) as Root;
    const plain = plainMarkdownTree(tree, page);
    const first = plain.children[0];
    if (!(first?.type === 'heading' && first.depth === 1)) {
      plain.children.unshift({type: 'heading', depth: 1, children: [{type: 'text', value: source.title}]});
    }
    return writer.stringify(plain);
  };
}
