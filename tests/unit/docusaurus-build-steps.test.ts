/**
 * `npm run build` runs Docusaurus's build in two processes, bundling then
 * rendering (lib/build/docusaurus-build-steps.ts). A Docusaurus that stops
 * honouring either flag still builds the site; the built-site plugin's
 * postBuild, which runs once the pages are rendered, stops the build instead.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {LoadContext, Plugin, Props} from '@docusaurus/types';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {docusaurusBuildStep} from '../../lib/build/docusaurus-build-steps';
import builtSite from '../../src/plugins/built-site';

const generatedFilesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-steps-'));
const manifest = path.join(generatedFilesDir, 'client-manifest.json');
fs.writeFileSync(manifest, '{}');

/** The plugin's postBuild, after a client manifest written `writtenMs` from now. */
function postBuild(writtenMs: number): unknown {
  const written = new Date(Date.now() + writtenMs);
  fs.utimesSync(manifest, written, written);
  const plugin = builtSite() as Plugin & {postBuild: (props: Props) => unknown};
  const props = {
    outDir: '/site/build',
    siteDir: '/site',
    baseUrl: '/',
    routesPaths: [],
    generatedFilesDir,
    siteConfig: {url: 'https://docs.test', title: 'Docs', tagline: ''},
  };
  return plugin.postBuild(props as unknown as Props & LoadContext);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("Docusaurus's build in two steps", () => {
  it('reads the step from the flags npm run build sets', () => {
    expect(docusaurusBuildStep({DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true'})).toBe('bundle');
    expect(docusaurusBuildStep({DOCUSAURUS_SKIP_BUNDLING: 'true'})).toBe('render');
    expect(docusaurusBuildStep({})).toBe('whole');
  });

  it('stops the build when the bundling step goes on to render the pages', () => {
    vi.stubEnv('DOCUSAURUS_EXIT_AFTER_BUNDLING', 'true');
    expect(() => postBuild(-60_000)).toThrow(/rendered the pages in the bundling step: .*DOCUSAURUS_EXIT_AFTER_BUNDLING=true \(PATCHES\.md\)/);
  });

  it('stops the build when the rendering step wrote a client manifest of its own, having bundled again', () => {
    vi.stubEnv('DOCUSAURUS_SKIP_BUNDLING', 'true');
    expect(() => postBuild(0)).toThrow(/bundled again in the rendering step: .*DOCUSAURUS_SKIP_BUNDLING=true \(PATCHES\.md\)/);
  });

  it("lets the rendering step go on from the bundling step's manifest, as it does a whole build", () => {
    // Past the check, the plugin asks for the docs it was never given here.
    const pastTheCheck = /the docs plugin loaded no version/;
    vi.stubEnv('DOCUSAURUS_SKIP_BUNDLING', 'true');
    const bundledBeforeThisProcess = performance.timeOrigin - Date.now() - 1_000;
    expect(() => postBuild(bundledBeforeThisProcess)).toThrow(pastTheCheck);
    vi.unstubAllEnvs();
    expect(() => postBuild(0)).toThrow(pastTheCheck);
  });
});
