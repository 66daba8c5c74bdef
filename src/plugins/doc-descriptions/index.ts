/**
 * Every docs page loads its version's metadata, though only card lists show
 * descriptions: the docs are emptied from it (loader.js) and the descriptions go
 * to a module only src/components/DocCards imports. See PATCHES.md.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import {loaderRules} from '../../../lib/build/loader-rules';

export const PLUGIN_NAME = 'doc-descriptions';
/** What src/components/DocCards imports, as `@generated/doc-descriptions/default/descriptions.json`. */
export const DESCRIPTIONS_FILE = 'descriptions.json';

export default function docDescriptions(context: LoadContext): Plugin {
  const docsDataDir = path.join(context.generatedFilesDir, 'docusaurus-plugin-content-docs');
  return {
    name: PLUGIN_NAME,
    async allContentLoaded({allContent, actions}) {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
      if (!docs) throw new Error('doc-descriptions: the docs plugin loaded no content');
      const descriptions: Record<string, string> = {};
      for (const version of docs.loadedVersions) {
        for (const doc of version.docs) if (doc.description) descriptions[doc.id] = doc.description;
      }
      await actions.createData(DESCRIPTIONS_FILE, descriptions);
    },
    configureWebpack() {
      // The server bundle too: both render the cards from the same data.
      return loaderRules([{test: (file) => file.startsWith(docsDataDir) && file.endsWith('.json'), loader: path.join(__dirname, 'loader.js')}]);
    },
  };
}
