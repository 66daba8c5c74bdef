/**
 * A field's description as data (lib/reference/markdown-markup.ts), rendered
 * by the reference pages' renderer (src/components/reference/markup.ts),
 * against the same Markdown compiled by MDX with GFM, as the pages' MDX was
 * and the rest of each page still is: the same HTML, through the same MDX
 * components, for every construct the contract's descriptions use.
 */
import {evaluate} from '@mdx-js/mdx';
import {createElement, type ReactNode} from 'react';
import * as runtime from 'react/jsx-runtime';
import {renderToString} from 'react-dom/server';
import remarkGfm from 'remark-gfm';
import {describe, expect, it} from 'vitest';
import {markdownMarkup} from '../../lib/reference/markdown-markup';
import {mdxText} from '../../lib/reference/operation-page';
import {renderMarkup} from '../../src/components/reference/markup';

/** Stand-ins for the theme's MDX components, which must be used wherever MDX uses them. */
const components = {
  a: ({href, children}: {href: string; children: ReactNode}) => createElement('a', {href, 'data-mdx-link': ''}, children),
  code: ({children}: {children: ReactNode}) => createElement('code', {'data-mdx-code': ''}, children),
  ul: ({children}: {children: ReactNode}) => createElement('ul', {'data-mdx-list': ''}, children),
  li: ({children}: {children: ReactNode}) => createElement('li', {'data-mdx-item': ''}, children),
};

/** The description inside a component, as the pages' MDX had it inside a field. */
async function mdxHtml(source: string): Promise<string> {
  const {default: Content} = await evaluate(`<Body>\n\n${source}\n\n</Body>`, {...runtime, remarkPlugins: [remarkGfm]});
  const Body = ({children}: {children: ReactNode}) => createElement('div', null, children);
  return renderToString(createElement(Content, {components: {...components, Body}}));
}

function markupHtml(source: string): string {
  return renderToString(createElement('div', null, ...markdownMarkup(source).map((node) => renderMarkup(node, components))));
}

const DESCRIPTIONS = [
  'Identifier of the target.',
  'Where the scan is in its life; poll until it is `completed`, `canceled` or `failed`.',
  'Allowed values:\n\n- `queued`: Waiting for a scanner.\n- `started`: Running: crawling and testing.',
  'Reduced scope to limit the scan to,\nwhose URLs are then the only ones crawled.\n\nLeft out, the scan covers the whole target.',
  'See the [error catalogue](/api/reference/errors#not-found) and https://example.com/docs for more.',
  '**Required** when *enabled*; ~~deprecated~~ since 2.0.',
  'Ordered:\n\n1. first\n2. second\n\nFrom three:\n\n3. third\n4. fourth',
  'A hard break  \nthen more, an & ampersand, an &amp; entity and a \\| pipe.',
  mdxText('Braces {like this} and tags <b>like this</b> stay text, and so does `code {x} <y>`.'),
  mdxText('A regular expression: ^[a-z0-9-]+$ with a \\d and a * star.'),
];

describe('field descriptions as data', () => {
  it.each(DESCRIPTIONS)('render as MDX renders them: %j', async (source) => {
    expect(markupHtml(source)).toBe(await mdxHtml(source));
  });

  it('render links, code and lists through the MDX components', () => {
    const html = markupHtml(DESCRIPTIONS[2] + '\n\n' + DESCRIPTIONS[4]);
    for (const mark of ['data-mdx-link', 'data-mdx-code', 'data-mdx-list', 'data-mdx-item']) expect(html).toContain(mark);
  });

  it('stop at what a field list cannot show, naming the description', () => {
    expect(() => markdownMarkup('| a | b |\n| --- | --- |\n| 1 | 2 |')).toThrow(/renders to <table>.*\| a \| b \|/);
    expect(() => markdownMarkup('```\ncode\n```')).toThrow(/renders to <pre>/);
  });
});
