/**
 * Docusaurus's build in two processes (lib/build/docusaurus-build-steps.ts),
 * with the real Docusaurus on a small site: the split build renders the pages
 * and passes its checks. A Docusaurus that ignored either variable would run
 * its whole build in that process, as `docusaurus build` alone does: after one,
 * both checks stop the build, naming Docusaurus's file.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {BUILD_LOCALE_FILE, buildSite, checkBundled, checkRendered, type DocusaurusSite} from '../../lib/build/docusaurus-build-steps';
import {repoRoot} from '../../lib/paths';

const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-build-steps-'));
afterAll(() => fs.rmSync(siteDir, {recursive: true, force: true}), 60_000);
const site: DocusaurusSite = {siteDir, outDir: path.join(siteDir, 'out'), generatedFilesDir: path.join(siteDir, '.docusaurus')};

const files: Record<string, string> = {
  'package.json': '{"private": true}',
  'docusaurus.config.js': `export default {
  title: 'Build steps',
  url: 'https://docs.example',
  baseUrl: '/',
  future: {v4: {removeLegacyPostBuildHeadAttribute: true}, faster: {rspackBundler: true, ssgWorkerThreads: true}},
  plugins: ['@docusaurus/plugin-content-pages'],
};
`,
  'src/pages/index.js': "import React from 'react';\n\nexport default () => React.createElement('p', null, 'The one page.');\n",
};
for (const [file, text] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(siteDir, file)), {recursive: true});
  fs.writeFileSync(path.join(siteDir, file), text);
}
fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(siteDir, 'node_modules'));

/** A Docusaurus build in one process, as a release ignoring the variables would run in either process. */
function wholeBuild(): void {
  const result = spawnSync(process.execPath, [require.resolve('@docusaurus/core/bin/docusaurus.mjs'), 'build', '--out-dir', site.outDir], {
    cwd: siteDir,
    encoding: 'utf8',
  });
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
}

// Each test builds the site: a minute or more on a loaded machine.
describe("Docusaurus's build in two processes", {timeout: 300_000}, () => {
  let bundledMs = 0;

  it("renders the pages from the bundling process's bundles, and passes its checks", async () => {
    await buildSite(site);
    expect(fs.readFileSync(path.join(site.outDir, 'index.html'), 'utf8')).toContain('The one page.');
    bundledMs = fs.statSync(path.join(site.generatedFilesDir, 'client-manifest.json')).mtimeMs;
  });

  it('stops the build when the bundling process rendered the pages, or the rendering process bundled again', () => {
    expect(bundledMs).toBeGreaterThan(0);
    wholeBuild();
    const file = BUILD_LOCALE_FILE.replaceAll('/', '\\/').replaceAll('.', '\\.');
    expect(() => checkBundled(site)).toThrow(
      new RegExp(`rendered the pages in the bundling process .*: ${file} no longer exits after bundling with DOCUSAURUS_EXIT_AFTER_BUNDLING=true`),
    );
    expect(() => checkRendered(site, bundledMs)).toThrow(
      new RegExp(`bundled again in the rendering process .*: ${file} no longer skips bundling with DOCUSAURUS_SKIP_BUNDLING=true`),
    );
  });
});
