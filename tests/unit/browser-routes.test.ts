/**
 * The browser's route table builds a route's component when a page first
 * renders or preloads the route, not all 419 as main.js starts
 * (src/plugins/browser-generated-modules): the loader rewrites the routes
 * module Docusaurus's own code generator writes, and one of another shape
 * stops the build.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {createElement} from 'react';
import {renderToString} from 'react-dom/server';
import {generateRouteFiles} from '@docusaurus/core/lib/server/codegen/codegenRoutes';
import {beforeAll, describe, expect, it, vi} from 'vitest';
import createRouteComponentsLazily from '../../src/plugins/browser-generated-modules/routes-loader.js';
import lazyComponentCreator from '../../src/plugins/browser-generated-modules/lazy-component-creator';

const built = vi.hoisted(() => [] as string[]);
vi.mock('@docusaurus/ComponentCreator', () => ({
  default(routePath: string) {
    built.push(routePath);
    const Page = () => `the page at ${routePath}`;
    Page.preload = () => Promise.resolve(`${routePath} loaded`);
    return Page;
  },
}));

const CREATOR = '/site/src/plugins/browser-generated-modules/lazy-component-creator.ts';
const rewrite = (source: string): string =>
  createRouteComponentsLazily.call({resourcePath: '/site/.docusaurus/routes.js', getOptions: () => ({creator: CREATOR})}, source);

describe("the browser's route table", () => {
  let routes: string;
  beforeAll(async () => {
    const generatedFilesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'routes-'));
    await generateRouteFiles({
      generatedFilesDir,
      baseUrl: '/',
      routes: [{path: '/page', component: '@theme/DocItem', modules: {content: '@site/docs/page.md'}, plugin: {name: 'docs', id: 'default'}}],
    });
    routes = fs.readFileSync(path.join(generatedFilesDir, 'routes.js'), 'utf8');
  });

  it("imports the lazy creator in place of Docusaurus's, and changes nothing else", () => {
    const rewritten = rewrite(routes);
    expect(rewritten).toContain(`import ComponentCreator from "${CREATOR}";`);
    expect(rewritten).not.toContain('@docusaurus/ComponentCreator');
    expect(rewritten.replace(`"${CREATOR}"`, "'@docusaurus/ComponentCreator'")).toBe(routes);
  });

  it('stops the build when the routes module does not import ComponentCreator as Docusaurus writes it', () => {
    expect(() => rewrite(routes.replace("'@docusaurus/ComponentCreator'", '"@docusaurus/ComponentCreator"'))).toThrow(
      /routes\.js does not import ComponentCreator once as Docusaurus 3\.10 writes it/,
    );
  });
});

describe('a lazily created route component', () => {
  it('is built when its route is first preloaded or rendered, once, and none of the others is', async () => {
    const table = Array.from({length: 400}, (_, at) => lazyComponentCreator(`/page-${at}`, 'abc'));
    expect(built).toEqual([]);
    await expect(table[7].preload()).resolves.toBe('/page-7 loaded');
    expect(renderToString(createElement(table[7]))).toBe('the page at /page-7');
    expect(renderToString(createElement(table[9]))).toBe('the page at /page-9');
    await table[9].preload();
    expect(built).toEqual(['/page-7', '/page-9']);
  });
});
