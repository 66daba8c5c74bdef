/**
 * Pages read the bundled contract while they compile (their request blocks
 * show its examples), but the bundler's persistent cache keys a page on its
 * own source only: after a contract change, a cached page could keep the old
 * examples, and the server and browser bundles disagree (a hydration error).
 * Declaring the contract and the CLI description as build dependencies evicts
 * the cache whenever either changes.
 */
import type {Plugin} from '@docusaurus/types';
import {contractOutput} from '../../../lib/paths';
import {cliDescriptionFile} from '../../../lib/cli/description';

export default function contractCache(): Plugin {
  return {
    name: 'contract-cache',
    configureWebpack() {
      if (process.env.DOCUSAURUS_NO_PERSISTENT_CACHE) return {};
      return {experiments: {cache: {buildDependencies: [contractOutput.json, cliDescriptionFile]}}} as object;
    },
  };
}
