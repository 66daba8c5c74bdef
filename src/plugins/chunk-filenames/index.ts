/** Lazy chunks are named by id and content hash, so the runtime every page loads carries no map of route-chunk names. */
import type {Plugin} from '@docusaurus/types';

export default function chunkFilenames(): Plugin {
  return {
    name: 'chunk-filenames',
    configureWebpack(_config, isServer) {
      if (isServer || process.env.NODE_ENV !== 'production') return {};
      return {output: {chunkFilename: 'assets/js/[id].[contenthash:8].js'}};
    },
  };
}
