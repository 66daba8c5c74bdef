/** After the build, the search records of every page and the local search index (lib/search/index-files.ts), in a worker thread beside the other postBuild plugins. */
import type {Plugin} from '@docusaurus/types';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import {writeSearchFilesInWorker} from '../../../lib/search/index-files';
import {headingsOnlyRoutes} from '../../../lib/search/records';

export default function searchIndex(): Plugin {
  return {
    name: 'search-index',
    async postBuild({outDir, routesPaths, baseUrl, plugins}) {
      // The docs' front matter, where a page may ask to be searched by its headings only.
      const docs = plugins
        .filter((plugin) => plugin.name === 'docusaurus-plugin-content-docs')
        .flatMap((plugin) => (plugin.content as LoadedContent).loadedVersions.flatMap((version) => version.docs));
      await writeSearchFilesInWorker({outDir, routesPaths, baseUrl, headingsOnly: headingsOnlyRoutes(docs)});
    },
  };
}
