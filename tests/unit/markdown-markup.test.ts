/**
 * Generated pages' Markdown as data (lib/reference/markdown-markup.ts),
 * rendered by the reference pages' renderer (src/components/reference/), against
 * the same Markdown compiled by MDX with GFM and Docusaurus's code block
 * plugin, as the pages' MDX was: the same HTML, through the same MDX
 * components, for every construct the generator writes: a field's
 * description inside a component, and the runs of text, tables and code
 * blocks at a page's top.
 */
import {evaluate} from '@mdx-js/mdx';
import {MDXProvider} from '@mdx-js/react';
import codeCompat from '@docusaurus/mdx-loader/lib/remark/mdx1Compat/codeCompatPlugin';
import {createElement, type ReactNode} from 'react';
import * as runtime from 'react/jsx-runtime';
import {renderToString} from 'react-dom/server';
import remarkGfm from 'remark-gfm';
import {describe, expect, it} from 'vitest';
import {markdownMarkup} from '../../lib/reference/markdown-markup';
import {mdxText} from '../../lib/reference/operation-page';
import {renderMarkup} from '../../src/components/reference/markup';
import {Markup} from '../../src/components/reference/Markup';

/** Stand-ins for the theme's MDX components, which must be used wherever MDX uses them. */
const components = {
  a: ({href, children}: {href: string; children: ReactNode}) => createElement('a', {href, 'data-mdx-link': ''}, children),
  code: ({children, ...props}: {children: ReactNode}) => createElement('code', {'data-mdx-code': '', ...props}, children),
  pre: ({children}: {children: ReactNode}) => createElement('pre', {'data-mdx-pre': ''}, children),
  ul: ({children}: {children: ReactNode}) => createElement('ul', {'data-mdx-list': ''}, children),
  li: ({children}: {children: ReactNode}) => createElement('li', {'data-mdx-item': ''}, children),
};

/** The description inside a component, as the pages' MDX had it inside a field; or at the page's top. */
async function mdxHtml(source: string, place: 'component' | 'page' = 'component'): Promise<string> {
  const mdx = place === 'page' ? source : `<Body>\n\n${source}\n\n</Body>`;
  const {default: Content} = await evaluate(mdx, {...runtime, remarkPlugins: [remarkGfm, codeCompat]});
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

/** Runs of a page's top as the generator writes them, escaped as for MDX. */
const PAGE_RUNS = [
  'Introduced in [0.2.0](/api/changelog#020-2026-11-22); last changed in [2.0.0](/api/changelog#200-2026-11-25).\n\n' +
    mdxText('Starts a scan of the target and returns it `queued`,\nover the whole target. Returns 409 Conflict when {busy}.') +
    '\n\nRequired permission: [`targets.scan`](/api/reference/required-permissions#targets-scan)',
  'Required.\n\nContent type `application/json`.',
  '```json title="Example body"\n{\n  "notes": "Release 4.12.0"\n}\n```',
  '| Status | Codes | When |\n| --- | --- | --- |\n| 400 Bad Request | `invalid_request`, `validation_failed` | The request is invalid: `code` says how \\| why. |\n| 404 Not Found | `not_found` | No object. |\n\nEvery error answers with the same body, which the [error catalogue](/api/reference/errors) explains.\n\nContent type `application/json`.',
  '````bash\ncurl --location \'https://api.example.test/\' \\\n--header \'Accept: application/json\'\n````\n\n```json title="Example 400 response: invalid"\n{"code": "invalid_request"}\n```',
];

function pageRunHtml(source: string): string {
  return renderToString(createElement(MDXProvider, {components}, createElement(Markup, {data: markdownMarkup(source, 'page')})));
}

describe('runs of a page as data', () => {
  it.each(PAGE_RUNS)('render as MDX renders them at the top of a page: %j', async (source) => {
    expect(pageRunHtml(source)).toBe(await mdxHtml(source, 'page'));
  });

  it("keep a code block's title as Docusaurus hands it to its code blocks, and go through the pre and code components", () => {
    const html = pageRunHtml(PAGE_RUNS[2]);
    expect(html).toContain('metastring="title=&quot;Example body&quot;"');
    for (const mark of ['data-mdx-pre', 'data-mdx-code']) expect(html).toContain(mark);
  });
});

describe('field descriptions as data', () => {
  it.each(DESCRIPTIONS)('render as MDX renders them: %j', async (source) => {
    expect(markupHtml(source)).toBe(await mdxHtml(source));
  });

  it('render links, code and lists through the MDX components', () => {
    const html = markupHtml(DESCRIPTIONS[2] + '\n\n' + DESCRIPTIONS[4]);
    for (const mark of ['data-mdx-link', 'data-mdx-code', 'data-mdx-list', 'data-mdx-item']) expect(html).toContain(mark);
  });

  it("stop at what a generated page's data cannot hold, naming the Markdown", () => {
    expect(() => markdownMarkup('> quoted')).toThrow(/renders to <blockquote>.*> quoted/);
    expect(() => markdownMarkup('![diagram](/img/flow.svg)')).toThrow(/renders to <img>/);
  });
});
