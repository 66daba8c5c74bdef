/** One loader rule per file the fixes in lib/build/pinned-dependency-fixes change. */
import type {Plugin} from '@docusaurus/types';
import {pinnedDependencyFixes} from '../../../lib/build/pinned-dependency-fixes';
import {fixesByFile} from '../../../lib/build/pinned-dependency-fixes/pinned-fix';

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
