/**
 * The portal in the forms tools read, in the production build: a Markdown
 * twin beside every docs page, parsed here with a Markdown parser; each
 * operation's twin names what the contract says of it; /llms.txt and
 * /llms-full.txt list and hold the pages.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import type {Nodes, Root} from 'mdast';
import {toString} from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {visit} from 'unist-util-visit';
import {describe, expect, it} from 'vitest';
import {operationsOf, refResolver, statusLine} from '../../lib/openapi';
import {portalConfig} from '../../portal.config';
import {buildDir} from '../../lib/paths';
import {twinPath} from '../../src/shared/twin-paths';
import {builtPages, readBuildFile} from './site-files';

const parser = unified().use(remarkParse).use(remarkGfm);
const parse = (markdown: string) => parser.parse(markdown) as Root;
const nodesOf = (tree: Root, type: Nodes['type']) => {
  const found: Nodes[] = [];
  visit(tree, type, (node: Nodes) => void found.push(node));
  return found;
};

const document = JSON.parse(readBuildFile('openapi.json'));
const resolve = refResolver(document);
const operations = operationsOf(document).map(({path: route, method, operation}) => ({route, method: method.toUpperCase(), operation}));

/** Docs pages of the build (not the not-found page): route → HTML. */
const docsPages = new Map([...builtPages()].filter(([, html]) => html.includes('theme-doc-markdown')));
const siteRoot = `${portalConfig.siteUrl}${portalConfig.baseUrl}`;
const twinFile = (route: string) => path.join(buildDir, twinPath(route).slice(1));
const twinOf = (route: string) => fs.readFileSync(twinFile(route), 'utf8');

// Every page is parsed twice, its HTML and its twin: more than a minute on a busy two-core machine.
describe('Markdown twins', {timeout: 180_000}, () => {
  it('exist beside every docs page, under the page title, with no JSX, imports or tokens left', () => {
    expect(docsPages.size).toBeGreaterThan(300);
    for (const [route, html] of docsPages) {
      expect(fs.existsSync(twinFile(route)), route).toBe(true);
      const tree = parse(twinOf(route));
      const [first] = tree.children;
      expect(first.type === 'heading' && first.depth === 1 && toString(first), route).toBe(cheerio.load(html)('article h1').first().text());
      const html_ = nodesOf(tree, 'html').map((node) => toString(node) || (node as {value: string}).value);
      expect(
        html_.filter((value) => /<[A-Z]/.test(value)),
        route,
      ).toEqual([]);
      const prose = nodesOf(tree, 'text')
        .map((node) => (node as {value: string}).value)
        .join('\n');
      expect(prose, route).not.toMatch(/\{\{\s*\w+\s*\}\}|^import /m);
    }
  });

  it('name, for each operation, its method, path, every parameter and every response status', () => {
    for (const {route, method, operation} of operations) {
      const where = `${method} ${route}`;
      const tree = parse(twinOf(`/api/reference/${operation.operationId.replaceAll('_', '-')}`));
      const code = new Set(nodesOf(tree, 'inlineCode').map((node) => (node as {value: string}).value));
      expect(code.has(`${method} ${route}`), where).toBe(true);
      for (const parameter of (operation.parameters ?? []).map(resolve)) expect(code.has(parameter.name), `${where} parameter ${parameter.name}`).toBe(true);
      const labels = [...nodesOf(tree, 'heading'), ...nodesOf(tree, 'tableCell')].map((node) => toString(node));
      for (const status of Object.keys(operation.responses)) expect(labels, `${where} status ${status}`).toContain(statusLine(status));
    }
  });

  it("show a guide's requests in every sample language and link pages by their twins", () => {
    const tree = parse(twinOf('/api/tutorials/scans/start-a-scan'));
    const labels = nodesOf(tree, 'strong').map((node) => toString(node));
    expect(labels).toEqual(expect.arrayContaining(['curl', 'Python', 'JavaScript', 'Go']));
    const links = nodesOf(tree, 'link').map((node) => (node as {url: string}).url);
    expect(links).toContain(`${siteRoot}api/reference/targets-scans-create.md`);
  });
});

describe('llms.txt', () => {
  const llms = readBuildFile('llms.txt');
  const tree = parse(llms);
  const links = nodesOf(tree, 'link').map((node) => (node as {url: string}).url);

  it('starts with the portal title and a summary, then sections of links', () => {
    expect(tree.children[0]).toMatchObject({type: 'heading', depth: 1});
    expect(tree.children[1].type).toBe('blockquote');
    expect(
      nodesOf(tree, 'heading')
        .filter((node) => (node as {depth: number}).depth === 2)
        .map((node) => toString(node)),
    ).toEqual(expect.arrayContaining(['Overview', 'API', 'Command line', 'Concepts', 'API reference: Targets']));
  });

  it('links the twin of every docs page, once, each with a description', () => {
    for (const route of docsPages.keys())
      expect(
        links.filter((link) => link === `${siteRoot}${twinPath(route).slice(1)}`),
        route,
      ).toHaveLength(1);
    for (const item of nodesOf(tree, 'listItem')) expect(toString(item), 'description').toMatch(/\]?.+: \S/);
  });

  it('has a section for every tag of the reference', () => {
    const sections = nodesOf(tree, 'heading').map((node) => toString(node));
    for (const tag of document.tags) expect(sections, tag.name).toContain(`API reference: ${tag['x-displayName']}`);
  });

  it('links only files the build has', () => {
    for (const link of links.filter((url) => url.startsWith(siteRoot)))
      expect(fs.existsSync(path.join(buildDir, link.slice(siteRoot.length))), link).toBe(true);
  });
});

describe('llms-full.txt', {timeout: 60_000}, () => {
  const full = readBuildFile('llms-full.txt');

  it('holds every guide, concept and CLI page in full', () => {
    for (const route of docsPages.keys()) {
      if (route.startsWith('/api/reference/')) continue;
      expect(full, route).toContain(twinOf(route).trim());
    }
  });

  it('summarises every operation of the reference once, linking its twin', () => {
    const summaries = nodesOf(parse(full), 'paragraph').filter((node) => toString(node).endsWith('Full reference.'));
    const lines = summaries.map((node) => (node as {children: {value?: string}[]}).children[0].value);
    for (const {route, method} of operations)
      expect(
        lines.filter((line) => line === `${method} ${route}`),
        `${method} ${route}`,
      ).toHaveLength(1);
    expect(summaries).toHaveLength(operations.length);
  });
});
