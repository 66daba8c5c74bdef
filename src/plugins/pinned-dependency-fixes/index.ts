/**
 * Fixes to pinned dependencies' modules, applied as the site is built: one
 * strict string replacement per fix (see pinned-fix.ts), one loader rule per
 * file. Each group's module says what its fixes mend; PATCHES.md lists them.
 */
import type {Plugin} from '@docusaurus/types';
import {docSearchFixes} from './docsearch';
import {fixesByFile} from './pinned-fix';
import {literalPathFix} from './react-router';
import {keyOrderFix} from './theme-common';

export const pinnedDependencyFixes = [...docSearchFixes, keyOrderFix, literalPathFix];

export default function pinnedDependencyFixesPlugin(): Plugin {
  return {
    name: 'pinned-dependency-fixes',
    configureWebpack() {
      return {
        module: {
          rules: [...fixesByFile(pinnedDependencyFixes)].map(([file, fixes]) => ({
            test: (resource: string) => resource === file,
            loader: require.resolve('string-replace-loader'),
            options: {multiple: fixes.map(({search, replace}) => ({search, replace, strict: true}))},
          })),
        },
      };
    },
  };
}
