/**
 * The build's check of its inline scripts (src/plugins/inline-scripts), through
 * a real build of a small site made with the portal's page template and the
 * plugins that write inline scripts: a <script> written in a page fails the
 * build, naming the page, while the listed scripts (colour mode, announcement
 * reset, scripts after first paint, search keys before hydration) pass.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, expect, it} from 'vitest';
import {repoRoot} from '../../lib/paths';

const site = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-inline-scripts-'));
afterAll(() => fs.rmSync(site, {recursive: true, force: true}), 60_000);

const files: Record<string, string> = {
  'package.json': '{"private": true}',
  'docusaurus.config.ts': `
import announcementReset from ${JSON.stringify(path.join(repoRoot, 'src/plugins/announcement-reset'))};
import inlineScripts from ${JSON.stringify(path.join(repoRoot, 'src/plugins/inline-scripts'))};
import searchKeysBeforeHydration from ${JSON.stringify(path.join(repoRoot, 'src/plugins/search-keys-before-hydration'))};
import {ssrTemplate} from ${JSON.stringify(path.join(repoRoot, 'lib/ssr-template'))};

export default {
  title: 'Inline scripts',
  url: 'https://docs.example',
  baseUrl: '/',
  trailingSlash: false,
  // The site's bundler and HTML minifier, without the flag Docusaurus 4 no longer knows (future.v4) that its SSG worker threads need on 3.
  future: {faster: {rspackBundler: true, swcJsLoader: true, swcHtmlMinimizer: true}},
  baseUrlIssueBanner: false,
  ssrTemplate,
  plugins: [announcementReset, inlineScripts, searchKeysBeforeHydration],
  presets: [['classic', {docs: {routeBasePath: '/', sidebarPath: false}, blog: false, pages: false}]],
  themeConfig: {
    colorMode: {defaultMode: 'light', disableSwitch: true, respectPrefersColorScheme: false},
    announcementBar: {id: 'fixture-1', content: 'An announcement', isCloseable: true},
  },
};
`,
  'docs/index.md': '# Home\n\nThe home page.\n',
  'docs/guide.md': '# Guide\n\nA page with only the listed scripts.\n',
  'docs/planted.mdx': "# Planted\n\nA page with a script of its own.\n\n<script>{'window.planted = true'}</script>\n",
};

it('fails the build on an inline script the portal does not write, naming the page', {timeout: 300_000}, () => {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(site, file)), {recursive: true});
    fs.writeFileSync(path.join(site, file), text);
  }
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(site, 'node_modules'));
  const result = spawnSync(path.join(repoRoot, 'node_modules/.bin/docusaurus'), ['build', '--out-dir', 'out'], {
    cwd: site,
    encoding: 'utf8',
    env: {...process.env, FORCE_COLOR: '0'},
  });
  const output = `${result.stdout}\n${result.stderr}`;
  expect(result.status, output).not.toBe(0);
  expect(output).toContain('Inline scripts the portal does not write');
  expect(output).toMatch(/\n\s+out\/planted\.html: <script>window\.planted/);
  // The pages' own scripts are all recognised: no other page, and no other script of the planted page, is named.
  expect(output.match(/out\/[\w/-]+\.html: /g)).toEqual(['out/planted.html: ']);
});
