/**
 * The operation page generator and its Markdown twin on small edge-case
 * OpenAPI documents (tests/fixtures/openapi/: allOf, oneOf with a
 * discriminator, a recursive schema, nullable, read-only and write-only
 * fields, a deprecated operation, enums and constraints on referenced schemas, error bodies shared through $ref, OpenAPI
 * 3.1 type lists), read by the OpenAPI plugin as the reference step reads the
 * contract, compared with reviewed snapshots
 * (tests/fixtures/openapi/__snapshots__/<fixture>/<operation>.mdx, .data.json
 * and .md); and the page as data its MDX renders, against what Docusaurus makes of the same headings in MDX.
 * After a deliberate change to the generator, review the new output and
 * update them with `npx vitest run --project unit tests/unit/operation-pages.test.ts -u`.
 */
import fs from 'node:fs';
import path from 'node:path';
import {compile, evaluate, type EvaluateOptions} from '@mdx-js/mdx';
import remarkHeadings from '@docusaurus/mdx-loader/lib/remark/headings';
import remarkToc from '@docusaurus/mdx-loader/lib/remark/toc';
import * as runtime from 'react/jsx-runtime';
import {describe, expect, it} from 'vitest';
import {repoRoot} from '../../lib/paths';
import {apiPages} from '../../lib/reference/api-pages';
import {dataPage, operationPageMarkdown, operationPageMdx} from '../../lib/reference/operation-page';

const fixtures = path.join(repoRoot, 'tests/fixtures/openapi');
const apiUrl = 'https://api.example.test';
const documents = fs.readdirSync(fixtures).filter((name) => name.endsWith('.yaml'));

describe('operation pages of the edge-case fixtures', {timeout: 60_000}, () => {
  it('cover every fixture', () => {
    expect(documents.map((name) => name.replace(/\.yaml$/, '')).sort()).toEqual(
      ['all-of', 'deprecated', 'enums', 'nullable-read-write', 'one-of-discriminator', 'openapi-3-1', 'recursive', 'shared-errors'].sort(),
    );
  });

  it.each(documents)('%s: each page and twin is as reviewed, and each page is valid MDX', async (document) => {
    const pages = await apiPages(path.join(fixtures, document));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const snapshot = path.join(fixtures, '__snapshots__', document.replace(/\.yaml$/, ''), page.id);
      const {mdx, data} = operationPageMdx(page, apiUrl);
      await expect(mdx).toMatchFileSnapshot(`${snapshot}.mdx`);
      await expect(`${JSON.stringify(data, null, 2)}\n`).toMatchFileSnapshot(`${snapshot}.data.json`);
      await expect(operationPageMarkdown(page, apiUrl)).toMatchFileSnapshot(`${snapshot}.md`);
      await expect(compile(mdx), page.id).resolves.toBeDefined();
    }
  });
});

describe('a page as data (dataPage)', () => {
  const headings = ['## `scan_started`', '### Body', '### Body', '## Café & co', "### A target's *scans*"];
  const {mdx, data} = dataPage('events', [
    headings[0],
    'When a scan starts.',
    headings[1],
    {tryIt: '/events.tryit.json'},
    headings[2],
    'More.',
    headings[3],
    headings[4],
  ]);

  it('gives its headings the anchors and table of contents Docusaurus makes of the same headings in MDX', async () => {
    const compiled = await evaluate(headings.join('\n\n'), {
      ...runtime,
      remarkPlugins: [[remarkHeadings, {anchorsMaintainCase: false}], remarkToc],
    } as EvaluateOptions);
    expect(data.toc).toEqual(compiled.toc);
    expect(data.toc.map((item) => item.id)).toEqual(['scan_started', 'body', 'body-1', 'café--co', 'a-targets-scans']);
    expect(data.content.filter((block) => 'heading' in block).map((block) => block.heading.id)).toEqual(data.toc.map((item) => item.id));
  });

  it('keeps its blocks in order, each run of Markdown rendered between them', () => {
    expect(data.content.map((block) => Object.keys(block)[0])).toEqual(['heading', 'markup', 'heading', 'tryIt', 'heading', 'markup', 'heading', 'heading']);
  });

  it("is MDX whose table of contents is the data's, which Docusaurus keeps as written", async () => {
    const code = String(await compile(mdx, {remarkPlugins: [remarkToc]}));
    expect(code.match(/export const toc\b.*/g)).toEqual(['export const toc = pageData.toc;']);
  });

  it('stops at a heading of another level, or one that is not a line of text, naming it', () => {
    expect(() => dataPage('events', ['#### Deeper'])).toThrow('A generated page\'s headings are of level 2 or 3: "#### Deeper"');
    expect(() => dataPage('events', ['## ![logo](logo.png)'])).toThrow(/renders to <img>/);
  });
});
