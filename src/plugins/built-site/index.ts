/** What the step after the build needs of the built site (lib/build/built-site.ts). */
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import type {Plugin} from '@docusaurus/types';
import {writeBuiltSite} from '../../../lib/build/built-site';

export default function builtSite(): Plugin {
  let docs: LoadedContent | undefined;
  return {
    name: 'built-site',
    allContentLoaded({allContent}) {
      docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
    },
    postBuild({outDir, siteConfig, baseUrl, siteDir, routesPaths}) {
      const [version] = docs?.loadedVersions ?? [];
      if (!version) throw new Error('[built-site] the docs plugin loaded no version');
      const {url: siteUrl, title, tagline} = siteConfig;
      writeBuiltSite({outDir, siteDir, siteUrl, baseUrl, title, tagline, docs: version, routesPaths});
    },
  };
}
