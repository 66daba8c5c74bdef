/**
 * What every page's scripts hold. The docs version's metadata, which every
 * docs page loads, carries no doc's description (src/plugins/doc-descriptions):
 * the card lists import them on their own, and their cards show them from the
 * server-rendered page on. Code blocks highlight with Prism's core and the
 * languages the pages use (src/plugins/prism-bundle), not the thirty that
 * prism-react-renderer bundles. The browser renders with Preact's React layer
 * (src/plugins/preact-dom), lazy chunks are named by id
 * (src/plugins/chunk-filenames), and the scripts a page runs as it loads, the entry's and its route's
 * chunks, carry V8's compile hint (src/plugins/compile-hints).
 */
import fs from 'node:fs';
import path from 'node:path';
import {load} from 'cheerio';
import {describe, expect, it} from 'vitest';
import {buildDir} from '../../lib/paths';
import {COMPILE_HINT} from '../../src/plugins/compile-hints';
import {ROUTES} from '../route-table';
import {builtPages} from './site-files';

const scriptsDir = path.join(buildDir, 'assets/js');
const scripts = fs
  .readdirSync(scriptsDir)
  .filter((name) => name.endsWith('.js'))
  .map((name) => ({name, text: fs.readFileSync(path.join(scriptsDir, name), 'utf8')}));
const pages = builtPages();

const metaDescription = (route: string): string | undefined => load(pages.get(route) ?? '')('meta[name="description"]').attr('content');

// The scripts each page preloads, and those the script after the first paint runs.
const preloads = [...pages].map(([route, html]) => {
  const $ = load(html);
  const links = $('link[rel="preload"][as="script"]').toArray();
  const hrefs = links.map((link) => $(link).attr('href')!);
  const afterFirstPaint = links.filter((link) => $(link).attr('data-after-first-paint') !== undefined).map((link) => $(link).attr('href')!);
  return {route, hrefs, afterFirstPaint};
});

describe("the docs version's metadata", () => {
  // The JSON module of the version, as the bundler writes it: its sidebars as a data key, not code reading them.
  const versionChunks = scripts.filter(({text}) => /"docsSidebars":/.test(text));

  it('is one chunk', () => {
    expect(versionChunks.map(({name}) => name)).toHaveLength(1);
  });

  it("carries no page's description", () => {
    const descriptions = ROUTES.map(metaDescription).filter((description): description is string => Boolean(description));
    expect(descriptions.length).toBeGreaterThan(20);
    const [versionChunk] = versionChunks;
    expect(descriptions.filter((description) => versionChunk.text.includes(JSON.stringify(description).slice(1, -1)))).toEqual([]);
  });

  it('has its sidebars and no docs: not even their ids, nor their titles', () => {
    const [versionChunk] = versionChunks;
    expect(versionChunk.text).toMatch(/"docs":\{\}/);
    expect(versionChunk.text).not.toMatch(/"title":/);
  });
});

describe('the cards of an index page', () => {
  it.each(['/api/tutorials', '/api/reference/targets'])('%s: each card shows the description of the page it links to', (route) => {
    const $ = load(pages.get(route) ?? '');
    const cards = $('article a.card').toArray();
    expect(cards.length).toBeGreaterThan(3);
    for (const card of cards) {
      const target = $(card).attr('href')!;
      expect({target, description: $(card).find('.theme-doc-card-description').attr('title')}).toEqual({target, description: metaDescription(target)});
    }
  });
});

describe('code highlighting', () => {
  it("carries none of prism-react-renderer's bundled languages that no page uses", () => {
    // Words of Kotlin's and Swift's grammars.
    expect(scripts.filter(({text}) => /crossinline|associatedtype/.test(text)).map(({name}) => name)).toEqual([]);
  });

  it('highlights every language the pages use in the server-rendered pages', () => {
    const highlighted = new Set<string>();
    for (const html of pages.values()) {
      if (!html.includes('prism-code')) continue;
      const $ = load(html);
      $('pre.prism-code').each((_, pre) => {
        const language = /\blanguage-([\w-]+)/.exec($(pre).attr('class') ?? '')?.[1];
        if (language && $(pre).find('.token').not('.plain').length > 0) highlighted.add(language);
      });
    }
    expect([...highlighted].sort()).toEqual(['bash', 'go', 'javascript', 'json', 'python', 'xml', 'yaml']);
  });
});

describe("the browser's rendering library", () => {
  it("is Preact's React layer: no script carries React's own code", () => {
    // React and react-dom link their production errors to react.dev.
    expect(scripts.filter(({text}) => text.includes('react.dev/errors/')).map(({name}) => name)).toEqual([]);
    // preact/compat's name for React's onDoubleClick.
    expect(scripts.filter(({text}) => text.includes('"ondoubleclick"')).map(({name}) => name)).toEqual([expect.stringMatching(/^main\./)]);
  });
});

describe('the lazy chunks', () => {
  it('are named by id and content hash, so the runtime every page loads carries no map of chunk names', () => {
    const named = scripts.map(({name}) => name).filter((name) => !/^(main|runtime~main)\./.test(name) && !/^\d+\.[0-9a-f]{8}\.js$/.test(name));
    expect(named).toEqual([]);
  });
});

describe("V8's compile hint (src/plugins/compile-hints)", () => {
  const hinted = scripts.filter(({text}) => text.startsWith(`${COMPILE_HINT}\n`)).map(({name}) => `/assets/js/${name}`);
  const isEntry = (href: string) => /\/(main|runtime~main)\.[0-9a-f]+\.js$/.test(href);

  it("stands as the first line of the entry's scripts, the runtime and main.js", () => {
    expect(
      hinted
        .filter(isEntry)
        .map((href) => href.replace(/\.[0-9a-f]+\.js$/, ''))
        .sort(),
    ).toEqual(['/assets/js/main', '/assets/js/runtime~main']);
  });

  it('stands as the first line of the chunks of route modules and of none that code imports later: how many, here; which, in tests/browser/pages.spec.ts', () => {
    expect(hinted.filter((href) => !isEntry(href)).length).toBeGreaterThan(100);
    expect(scripts.length - hinted.length).toBeGreaterThan(20);
  });

  it('stands nowhere else: not inside a script, where it is a comment like any other, nor in a stylesheet, where it would break the first rule', () => {
    expect(scripts.filter(({text}) => text.indexOf(COMPILE_HINT) > 0).map(({name}) => name)).toEqual([]);
    const stylesheets = fs.readdirSync(path.join(buildDir, 'assets/css')).filter((name) => name.endsWith('.css'));
    expect(stylesheets.filter((name) => fs.readFileSync(path.join(buildDir, 'assets/css', name), 'utf8').includes(COMPILE_HINT))).toEqual([]);
  });
});

describe("each page's scripts in its HTML", () => {
  it("are the entry, the webpack runtime then main.js, preloaded and run after the first paint; its route's chunks are left to main.js", () => {
    for (const {route, hrefs, afterFirstPaint} of preloads) {
      expect({route, entry: hrefs.map((href) => href.replace(/\.[0-9a-f]+\.js$/, ''))}).toEqual({route, entry: ['/assets/js/runtime~main', '/assets/js/main']});
      expect({route, afterFirstPaint}).toEqual({route, afterFirstPaint: hrefs});
    }
  });
});
