/**
 * The site's bundles import `@docusaurus/utils-common` as ./index-without-tslib.ts:
 * the same functions, without all of tslib in every page's main.js.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function utilsCommonIndex(): Plugin {
  return {
    name: 'utils-common-index',
    configureWebpack() {
      return {resolve: {alias: {'@docusaurus/utils-common$': path.join(__dirname, 'index-without-tslib.ts')}}};
    },
  };
}
