/** After the build, the search records of every page and the local search index (lib/search/index-files.ts). */
import type {Plugin} from '@docusaurus/types';
import {writeSearchFiles} from '../../../lib/search/index-files';

export default function searchIndex(): Plugin {
  return {
    name: 'search-index',
    async postBuild({outDir, routesPaths, baseUrl}) {
      writeSearchFiles({outDir, routesPaths, baseUrl});
    },
  };
}
