/**
 * Docusaurus's build in two processes: the first bundles and exits, the second
 * renders the pages from the bundles and client manifest the first left. In
 * one process the pages were rendered beside the memory the bundler leaves its
 * process holding, which made the build's peak. Docusaurus has no option for
 * this, only two undocumented environment variables read by its buildLocale
 * (PATCHES.md); a release that stops honouring one would still build the site,
 * rendering in the bundler's process or bundling twice, so the outputs of each
 * process are checked and the build stops, naming Docusaurus's file.
 */
import fs from 'node:fs';
import path from 'node:path';
import {buildDir, repoRoot} from '../paths';
import {runStep} from './step-process';

/** Where Docusaurus reads the variables, named by the errors of the checks. */
export const BUILD_LOCALE_FILE = 'node_modules/@docusaurus/core/lib/commands/build/buildLocale.js';

const DOCUSAURUS = require.resolve('@docusaurus/core/bin/docusaurus.mjs');

/**
 * The bundling process exits after bundling, and writes no persistent cache: a production build runs cold, in CI and
 * for a deployment, where a cache would never be read (the development server keeps its cache).
 */
const BUNDLING_ENV = {DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true', DOCUSAURUS_NO_PERSISTENT_CACHE: 'true'};
const RENDERING_ENV = {DOCUSAURUS_SKIP_BUNDLING: 'true'};

/** A Docusaurus site: its folder, its output folder, and Docusaurus's generated files, where the client manifest is. */
export interface DocusaurusSite {
  siteDir: string;
  outDir: string;
  generatedFilesDir: string;
}

const portalSite: DocusaurusSite = {siteDir: repoRoot, outDir: buildDir, generatedFilesDir: path.join(repoRoot, '.docusaurus')};

const clientManifest = ({generatedFilesDir}: DocusaurusSite) => path.join(generatedFilesDir, 'client-manifest.json');
/** What the rendering process renders the pages with; Docusaurus deletes it once they are rendered. */
const serverBundle = ({outDir}: DocusaurusSite) => path.join(outDir, '__server', 'server.bundle.js');

/**
 * After the bundling process: when its client manifest was written (ms since the epoch), for checkRendered. Throws if
 * the server bundle is gone, deleted by Docusaurus once it had rendered the pages in the bundler's process.
 */
export function checkBundled(site: DocusaurusSite): number {
  if (!fs.existsSync(serverBundle(site))) {
    throw new Error(
      `Docusaurus rendered the pages in the bundling process (it left no ${path.relative(site.siteDir, serverBundle(site))}): ` +
        `${BUILD_LOCALE_FILE} no longer exits after bundling with DOCUSAURUS_EXIT_AFTER_BUNDLING=true (PATCHES.md).`,
    );
  }
  return fs.statSync(clientManifest(site)).mtimeMs;
}

/** After the rendering process: throws if it wrote the client manifest again after the bundling process (`bundledMs`), having bundled again. */
export function checkRendered(site: DocusaurusSite, bundledMs: number): void {
  if (fs.statSync(clientManifest(site)).mtimeMs !== bundledMs) {
    throw new Error(
      `Docusaurus bundled again in the rendering process (it wrote ${path.relative(site.siteDir, clientManifest(site))} anew): ` +
        `${BUILD_LOCALE_FILE} no longer skips bundling with DOCUSAURUS_SKIP_BUNDLING=true (PATCHES.md).`,
    );
  }
}

/** `docusaurus build` of `site`, bundling in one process and rendering in another, each checked. */
export async function buildSite(site: DocusaurusSite = portalSite): Promise<void> {
  const build = [DOCUSAURUS, 'build', '--out-dir', site.outDir];
  await runStep('bundling', build, {cwd: site.siteDir, env: BUNDLING_ENV});
  const bundledMs = checkBundled(site);
  await runStep('rendering', build, {cwd: site.siteDir, env: RENDERING_ENV});
  checkRendered(site, bundledMs);
}
