/**
 * Docusaurus's build in two processes, bundling then rendering, so pages are not
 * rendered beside the memory the bundler holds. It rests on two undocumented
 * variables of its buildLocale (PATCHES.md); a release that stops honouring one
 * would still build, so each process's outputs are checked and the build stops
 * naming Docusaurus's file.
 */
import fs from 'node:fs';
import path from 'node:path';
import {buildDir, repoRoot} from '../paths';
import {runStep} from './step-process';

/** Docusaurus's file that reads the variables, named by the checks' errors. */
export const BUILD_LOCALE_FILE = 'node_modules/@docusaurus/core/lib/commands/build/buildLocale.js';

const DOCUSAURUS = require.resolve('@docusaurus/core/bin/docusaurus.mjs');

const BUNDLING_ENV = {DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true'};
const RENDERING_ENV = {DOCUSAURUS_SKIP_BUNDLING: 'true'};

export interface DocusaurusSite {
  siteDir: string;
  outDir: string;
  generatedFilesDir: string;
}

const portalSite: DocusaurusSite = {siteDir: repoRoot, outDir: buildDir, generatedFilesDir: path.join(repoRoot, '.docusaurus')};

const clientManifest = ({generatedFilesDir}: DocusaurusSite) => path.join(generatedFilesDir, 'client-manifest.json');
/** The server bundle the pages render with; Docusaurus deletes it once they are rendered. */
const serverBundle = ({outDir}: DocusaurusSite) => path.join(outDir, '__server', 'server.bundle.js');

/** Throws if the server bundle is gone: Docusaurus deletes it after rendering, so the bundler's process rendered. */
export function checkBundled(site: DocusaurusSite): number {
  if (!fs.existsSync(serverBundle(site))) {
    throw new Error(
      `Docusaurus rendered the pages in the bundling process (it left no ${path.relative(site.siteDir, serverBundle(site))}): ` +
        `${BUILD_LOCALE_FILE} no longer exits after bundling with DOCUSAURUS_EXIT_AFTER_BUNDLING=true (PATCHES.md).`,
    );
  }
  return fs.statSync(clientManifest(site)).mtimeMs;
}

/** A manifest written after `bundledMs` means this process bundled again. */
export function checkRendered(site: DocusaurusSite, bundledMs: number): void {
  if (fs.statSync(clientManifest(site)).mtimeMs !== bundledMs) {
    throw new Error(
      `Docusaurus bundled again in the rendering process (it wrote ${path.relative(site.siteDir, clientManifest(site))} anew): ` +
        `${BUILD_LOCALE_FILE} no longer skips bundling with DOCUSAURUS_SKIP_BUNDLING=true (PATCHES.md).`,
    );
  }
}

export async function buildSite(site: DocusaurusSite = portalSite): Promise<void> {
  const build = [DOCUSAURUS, 'build', '--out-dir', site.outDir];
  await runStep('bundling', build, {cwd: site.siteDir, env: BUNDLING_ENV});
  const bundledMs = checkBundled(site);
  await runStep('rendering', build, {cwd: site.siteDir, env: RENDERING_ENV});
  checkRendered(site, bundledMs);
}
