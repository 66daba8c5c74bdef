/**
 * The reference's components get a chunk of their own (Docusaurus would move them
 * into `common`, which guides load too); faker becomes a stub;
 * postman-code-generators becomes src/shared/code-generators.ts. See PATCHES.md.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

const referenceComponents = /[\\/]src[\\/]components[\\/]reference[\\/]/;

export default function referenceBundle(): Plugin {
  return {
    name: 'reference-bundle',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        resolve: {
          alias: {
            '@faker-js/faker/locale/en': path.join(__dirname, 'faker-stub.js'),
            // Exact: the generators' own modules, which the stand-in imports, keep their path.
            'postman-code-generators$': path.join(__dirname, '../../shared/code-generators.ts'),
          },
        },
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
