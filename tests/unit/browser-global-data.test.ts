/**
 * The browser's copy of the plugins' global data goes without the docs
 * plugin's list of every doc (src/plugins/browser-generated-modules); data of
 * another shape stops the build, and so does a navbar item that would read the
 * list.
 */
import type {LoadContext} from '@docusaurus/types';
import {describe, expect, it} from 'vitest';
import browserGeneratedModules from '../../src/plugins/browser-generated-modules';
import dropDocsLists from '../../src/plugins/browser-generated-modules/global-data-loader.js';

// The docs plugin's global data, shaped as its toGlobalDataVersion writes it.
const version = {
  name: 'current',
  label: 'Next',
  isLast: true,
  path: '/',
  mainDocId: 'index',
  docs: [
    {id: 'index', path: '/', sidebar: 'docs'},
    {id: 'api/quick-start', path: '/api/quick-start', sidebar: 'docs'},
  ],
  draftIds: [],
  sidebars: {docs: {link: {path: '/', label: 'index'}}},
};
const globalData = {'docusaurus-plugin-content-docs': {default: {path: '/', versions: [version], breadcrumbs: true}}, other: {kept: 1}};
const rewrite = (source: string): unknown => JSON.parse(dropDocsLists.call({resourcePath: '/site/.docusaurus/globalData.json'}, source));

describe("the browser's global data", () => {
  it('keeps every version and every other plugin, and empties each docs list', () => {
    expect(rewrite(JSON.stringify(globalData))).toEqual({
      ...globalData,
      'docusaurus-plugin-content-docs': {default: {path: '/', versions: [{...version, docs: []}], breadcrumbs: true}},
    });
  });

  it('stops the build, naming the file, when the data is not shaped as the docs plugin writes it', () => {
    expect(() => rewrite('{"docusaurus-plugin-content-docs":')).toThrow(/globalData\.json is not JSON/);
    const withoutDocs = {'docusaurus-plugin-content-docs': {default: {path: '/', versions: [{...version, docs: undefined}]}}};
    expect(() => rewrite(JSON.stringify(withoutDocs))).toThrow(/globalData\.json has no docs list in the version "current" of the docs plugin "default"/);
  });
});

describe('a navbar item that reads the docs list', () => {
  const contextWith = (items: unknown[]) => ({siteConfig: {themeConfig: {navbar: {items}}}, generatedFilesDir: '/site/.docusaurus'}) as unknown as LoadContext;

  it('stops the build, naming the item, also inside a dropdown', () => {
    expect(() => browserGeneratedModules(contextWith([{to: '/api', label: 'API'}]))).not.toThrow();
    expect(() => browserGeneratedModules(contextWith([{type: 'doc', docId: 'index', label: 'Home'}]))).toThrow(/navbar's doc "Home" would read the docs list/);
    expect(() =>
      browserGeneratedModules(contextWith([{type: 'dropdown', label: 'More', items: [{type: 'docSidebar', sidebarId: 'docs', label: 'All'}]}])),
    ).toThrow(/navbar's docSidebar "All"/);
  });
});
