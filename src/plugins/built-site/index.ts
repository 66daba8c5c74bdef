/**
 * After the build, what the step after it needs of the built site
 * (lib/build/built-site.ts): where it is, its URL and title, its routes and
 * the docs as the docs plugin loaded them, into generated/built-site.json.
 * Also stops the build if Docusaurus did not keep to the step `npm run build`
 * ran it for (lib/build/docusaurus-build-steps.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import type {Plugin} from '@docusaurus/types';
import {PAGES_RENDERED, reportMilestone, turnCameMs} from '../../../lib/build/build-steps';
import {writeBuiltSite} from '../../../lib/build/built-site';
import {checkRenderedStep, docusaurusBuildStep} from '../../../lib/build/docusaurus-build-steps';

export default function builtSite(): Plugin {
  let docs: LoadedContent | undefined;
  return {
    name: 'built-site',
    allContentLoaded({allContent}) {
      docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
    },
    postBuild({outDir, siteConfig, baseUrl, siteDir, routesPaths, generatedFilesDir}) {
      const clientManifest = fs.statSync(path.join(generatedFilesDir, 'client-manifest.json'));
      checkRenderedStep(docusaurusBuildStep(process.env), clientManifest.mtimeMs, turnCameMs());
      const [version] = docs?.loadedVersions ?? [];
      if (!version) throw new Error('[built-site] the docs plugin loaded no version');
      const {url: siteUrl, title, tagline} = siteConfig;
      writeBuiltSite({outDir, siteDir, siteUrl, baseUrl, title, tagline, docs: version, routesPaths});
      // The outputs step reads the pages and this record: it may start while Docusaurus runs its last checks.
      reportMilestone(PAGES_RENDERED);
    },
  };
}
