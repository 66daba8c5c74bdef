/**
 * The reference's components get a chunk of their own (Docusaurus would move them
 * into `common`, which guides load too).
 */
import type {Plugin} from '@docusaurus/types';

const referenceComponents = /[\\/]src[\\/]components[\\/]reference[\\/]/;

export default function referenceBundle(): Plugin {
  return {
    name: 'reference-bundle',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        optimization: {
          splitChunks: {
            cacheGroups: {
              // Above `common` (priority 40), below `styles` (50) so CSS still goes to the one stylesheet.
              reference: {test: referenceComponents, name: 'reference', priority: 45, enforce: true},
            },
          },
        },
      };
    },
  };
}
