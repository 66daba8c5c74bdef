/**
 * The portal's page template (lib/ssr-template.ts), rendered by Eta as Docusaurus
 * renders it (compiled with `rmWhitespace`), from the variables Docusaurus's
 * documentation of `ssrTemplate` lists: each lands where the default template puts
 * it, and the scripts are preloaded, run after the first paint by the one inline script.
 */
import {load} from 'cheerio';
import * as eta from 'eta';
import {describe, expect, it} from 'vitest';
import {AFTER_FIRST_PAINT_SCRIPT, ssrTemplate} from '../../lib/ssr-template';

/** https://docusaurus.io/docs/api/docusaurus-config#ssrTemplate */
const DOCUMENTED_VARIABLES = [
  'appHtml',
  'baseUrl',
  'bodyAttributes',
  'headTags',
  'htmlAttributes',
  'metaAttributes',
  'postBodyTags',
  'preBodyTags',
  'scripts',
  'stylesheets',
  'version',
];

const variables = {
  appHtml: '<main id="app">The page</main>',
  baseUrl: '/docs/',
  bodyAttributes: 'class="page"',
  headTags: '<link rel="icon" href="/docs/favicon.ico">',
  htmlAttributes: 'lang="en" dir="ltr"',
  metaAttributes: ['<title>A page</title>', '<meta name="description" content="About the page">'],
  postBodyTags: '<div id="after-app"></div>',
  preBodyTags: '<div id="before-app"></div>',
  scripts: ['assets/js/runtime~main.0a1b2c3d.js', 'assets/js/main.4e5f6a7b.js', 'assets/js/17896441.8c9d0e1f.js'],
  stylesheets: ['assets/css/styles.0f1e2d3c.css'],
  version: '3.10.2',
};

const page = load(eta.compile(ssrTemplate.trim(), {rmWhitespace: true})(variables, eta.defaultConfig));

describe('the page template', () => {
  it('reads only the variables Docusaurus documents', () => {
    const read = new Set([...ssrTemplate.matchAll(/\bit\.(\w+)/g)].map((match) => match[1]));
    expect([...read].filter((name) => !DOCUMENTED_VARIABLES.includes(name))).toEqual([]);
  });

  it("writes each of them where Docusaurus's default template does", () => {
    expect(page('html').attr()).toEqual({lang: 'en', dir: 'ltr'});
    expect(page('body').attr('class')).toBe('page');
    expect(page('meta[name=generator]').attr('content')).toBe('Docusaurus v3.10.2');
    expect(page('head > title').text()).toBe('A page');
    expect(page('head > meta[name=description]').attr('content')).toBe('About the page');
    expect(page('head > link[rel=icon]').attr('href')).toBe('/docs/favicon.ico');
    expect(page('head > link[rel=stylesheet]').attr('href')).toBe('/docs/assets/css/styles.0f1e2d3c.css');
    expect(
      page('body > *')
        .toArray()
        .map((element) => element.attribs.id),
    ).toEqual(['before-app', '__docusaurus', 'after-app']);
    expect(page('#__docusaurus > main#app').text()).toBe('The page');
  });

  it('preloads every script, runs none itself but the one that starts them, in order, after the first paint', () => {
    const preloads = page('head > link[rel=preload][as=script]').toArray();
    expect(preloads.map((link) => link.attribs)).toEqual([
      {rel: 'preload', href: '/docs/assets/js/runtime~main.0a1b2c3d.js', as: 'script', 'data-after-first-paint': ''},
      {rel: 'preload', href: '/docs/assets/js/main.4e5f6a7b.js', as: 'script', 'data-after-first-paint': ''},
      {rel: 'preload', href: '/docs/assets/js/17896441.8c9d0e1f.js', as: 'script', 'data-after-first-paint': ''},
    ]);
    expect(
      page('script')
        .toArray()
        .map((script) => page(script).html()),
    ).toEqual([AFTER_FIRST_PAINT_SCRIPT]);
  });
});
