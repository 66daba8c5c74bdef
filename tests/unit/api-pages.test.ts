/**
 * The API reference's files as the reference step writes them from a contract
 * (lib/reference/api-pages.ts): a page per operation and per tag whose front
 * matter reads back as written, each operation's try-it data, and the sidebar
 * the docs plugin reads.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {compile} from '@mdx-js/mdx';
import {DEFAULT_PARSE_FRONT_MATTER} from '@docusaurus/utils';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {apiPages, readApiReference, writeApiPages, type ApiPagesOutput} from '../../lib/reference/api-pages';
import {operationPageMdx} from '../../lib/reference/operation-page';

const apiUrl = 'https://api.example.test';

/** Titles and descriptions with what YAML's double-quoted strings must escape. */
const CONTRACT = `openapi: 3.0.3
info: {title: Pages, version: 1.0.0}
tags:
  - name: scan-profiles
    x-displayName: Scan profiles
    description: 'Profiles say "how hard" a scan tests, matching paths like \\d+.'
  - name: targets
    x-displayName: Targets
    description: What is scanned.
paths:
  /targets/:
    get:
      operationId: targets_list
      summary: List a team's "active" targets
      description: 'The targets, filtered by C:\\path patterns.'
      tags: [targets]
      responses:
        '200': {description: The targets.}
  /scan-profiles/{id}/:
    delete:
      operationId: scan_profiles_destroy
      summary: Delete a scan profile
      tags: [scan-profiles]
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}, example: p-1}
      responses:
        '204': {description: Deleted.}
`;

let dir: string;
let output: ApiPagesOutput;
let spec: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-pages-'));
  spec = path.join(dir, 'openapi.yaml');
  fs.writeFileSync(spec, CONTRACT);
  output = {pagesDir: path.join(dir, 'pages'), tryItDir: path.join(dir, 'try-it')};
  writeApiPages(await readApiReference(spec), output, apiUrl, {});
});

afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

const read = (file: string) => fs.readFileSync(path.join(output.pagesDir, file), 'utf8');
/** Front matter and content as the docs plugin reads them. */
async function matter(fileContent: string): Promise<{data: Record<string, unknown>; content: string}> {
  const {frontMatter: data, content} = await DEFAULT_PARSE_FRONT_MATTER({filePath: 'page.mdx', fileContent});
  return {data, content};
}

describe('the API reference pages written from a contract', {timeout: 60_000}, () => {
  it('writes a page per operation: front matter that reads back as written, then the operation page', async () => {
    const pages = await apiPages(spec);
    expect(pages.map((page) => page.id).sort()).toEqual(['scan-profiles-destroy', 'targets-list']);
    for (const page of pages) {
      const file = read(`${page.id}.api.mdx`);
      const {data, content} = await matter(file);
      expect(data).toEqual({id: page.id, title: page.title, description: expect.any(String), sidebar_label: page.title, custom_edit_url: null});
      const generated = operationPageMdx(page, apiUrl);
      expect(`${content}\n`).toBe(generated.mdx);
      const pageDataModule = await import(path.join(output.pagesDir, `${page.id}.data.js`));
      expect(pageDataModule.default).toEqual(generated.data);
      await expect(compile(content), page.id).resolves.toBeDefined();
      expect(JSON.parse(fs.readFileSync(path.join(output.tryItDir, `${page.id}.tryit.json`), 'utf8'))).toEqual(JSON.parse(JSON.stringify(page.api)));
    }
    const list = (await matter(read(`${pages.find((page) => page.api.operationId === 'targets_list')!.id}.api.mdx`))).data;
    expect(list.title).toBe(`List a team's 'active' targets`);
    expect(list.description).toBe('The targets, filtered by C:\\path patterns.');
  });

  it('writes a page per tag, titled "<display name> API", described by the tag, over cards of its operations', async () => {
    const file = read('scan-profiles.tag.mdx');
    const {data, content} = await matter(file);
    expect(data).toEqual({
      id: 'scan-profiles',
      title: 'Scan profiles API',
      description: 'Profiles say "how hard" a scan tests, matching paths like \\d+.',
      custom_edit_url: null,
    });
    expect(content).toContain('Profiles say "how hard" a scan tests');
    expect(content).toContain('<DocCards items={useCurrentSidebarCategory().items}/>');
    await expect(compile(content)).resolves.toBeDefined();
    expect((await matter(read('targets.tag.mdx'))).data.title).toBe('Targets API');
  });

  it('writes the sidebar: a category per tag linked to its page, its operations under it, named as docs/ names them', () => {
    const sidebar = JSON.parse(read('sidebar.json'));
    const pages = fs.readdirSync(output.pagesDir).filter((name) => name.endsWith('.api.mdx'));
    expect(sidebar.map((category: {link: {id: string}}) => category.link.id).sort()).toEqual(['api/reference/scan-profiles', 'api/reference/targets']);
    const docs = sidebar.flatMap((category: {items: {id: string}[]}) => category.items.map((item) => item.id)).sort();
    expect(docs).toEqual(pages.map((name) => `api/reference/${name.replace(/\.api\.mdx$/, '')}`).sort());
    expect(sidebar.find((category: {label: string}) => category.label === 'Scan profiles').items).toEqual([
      expect.objectContaining({type: 'doc', label: 'Delete a scan profile', className: 'api-method delete'}),
    ]);
  });
});
