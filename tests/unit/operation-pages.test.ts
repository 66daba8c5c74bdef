/**
 * The operation page generator and its Markdown twin on small edge-case
 * OpenAPI documents (tests/fixtures/openapi/: allOf, oneOf with a
 * discriminator, a recursive schema, nullable, read-only and write-only
 * fields, a deprecated operation, enums and constraints on referenced schemas, error bodies shared through $ref, OpenAPI
 * 3.1 type lists), read by the OpenAPI plugin as the reference step reads the
 * contract, compared with reviewed snapshots
 * (tests/fixtures/openapi/__snapshots__/<fixture>/<operation>.mdx, .data.json
 * and .md).
 * After a deliberate change to the generator, review the new output and
 * update them with `npx vitest run --project unit tests/unit/operation-pages.test.ts -u`.
 */
import fs from 'node:fs';
import path from 'node:path';
import {compile} from '@mdx-js/mdx';
import {describe, expect, it} from 'vitest';
import {repoRoot} from '../../lib/paths';
import {apiPages} from '../../lib/reference/api-pages';
import {operationPageMarkdown, operationPageMdx} from '../../lib/reference/operation-page';

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
