/**
 * A fix to @docusaurus/theme-common 3.10.2, applied to its module as the site
 * is built. Its `useShallowMemoObject` orders an object's keys with
 * `localeCompare`, and a page's first `localeCompare` builds the browser's
 * collator (10–20 ms here): a phone paid it as the docs sidebar filled the
 * navbar's drawer, in the task after hydration. Any fixed order serves the
 * memo, so the keys are compared as strings. The build stops if the pinned
 * text is not in the file, once (strict), rather than ship it unfixed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The module, found from the package's entry point (its `exports` name no other). */
export const reactUtilsFile = path.join(path.dirname(require.resolve('@docusaurus/theme-common')), 'utils', 'reactUtils.js');

export const keyOrderFix = {
  search: 'deps.sort((a, b) => a[0].localeCompare(b[0]));',
  replace: 'deps.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));',
};

export default function themeCommonFixes(): Plugin {
  return {
    name: 'theme-common-fixes',
    configureWebpack() {
      if (!fs.existsSync(reactUtilsFile) || !fs.readFileSync(reactUtilsFile, 'utf8').includes(keyOrderFix.search)) {
        throw new Error(`theme-common-fixes: ${reactUtilsFile} no longer orders keys as @docusaurus/theme-common 3.10.2 did: update or drop the fix.`);
      }
      return {
        module: {
          rules: [
            {
              test: (resource: string) => resource === reactUtilsFile,
              loader: require.resolve('string-replace-loader'),
              options: {...keyOrderFix, strict: true},
            },
          ],
        },
      };
    },
  };
}
