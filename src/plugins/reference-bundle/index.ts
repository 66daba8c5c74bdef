/**
 * What the reference pages' JavaScript may contain, and where it goes:
 * - their components get a chunk of their own: Docusaurus moves any module
 *   used by half the pages into the `common` chunk every page loads, and with
 *   some 300 operation pages that would send the reference's code to readers
 *   of the guides too;
 * - faker, which postman-collection requires for variables the try-it panel
 *   never uses, is replaced by a stub;
 * - postman-code-generators, whose entry loads its 37 generators, by the
 *   generators of the portal's sample languages (src/shared/code-generators.ts).
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
