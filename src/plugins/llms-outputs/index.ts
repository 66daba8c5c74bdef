/**
 * After the build, the portal in the forms tools read (Markdown twins,
 * llms.txt, llms-full.txt, the Postman collection: lib/markdown-twin/tool-outputs.ts),
 * from the docs as the docs plugin loaded them.
 */
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import type {Plugin} from '@docusaurus/types';
import {writeToolOutputs, type ToolOutputsOptions} from '../../../lib/markdown-twin/tool-outputs';

export default function llmsOutputs(options: ToolOutputsOptions): () => Plugin {
  let docs: LoadedContent | undefined;
  return () => ({
    name: 'llms-outputs',
    allContentLoaded({allContent}) {
      docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
    },
    async postBuild({outDir, siteConfig, baseUrl, siteDir}) {
      const [version] = docs?.loadedVersions ?? [];
      if (!version) throw new Error('[llms] the docs plugin loaded no version to make Markdown twins of');
      const {url: siteUrl, title, tagline} = siteConfig;
      await writeToolOutputs({outDir, siteDir, siteUrl, baseUrl, title, tagline, docs: version}, options);
    },
  });
}
