/**
 * The bundler's persistent cache keys a page on its own source, but pages show the
 * contract's examples: a cached page could keep old ones and hydrate with an
 * error. Declaring the contract, CLI description and included code files as build
 * dependencies evicts it.
 */
import type {Plugin} from '@docusaurus/types';
import {contractOutput} from '../../../lib/paths';
import {cliDescriptionFile} from '../../../lib/cli/description';
import {includableCodeFiles} from '../../../lib/remark/code-files';

export default function contractCache(): Plugin {
  return {
    name: 'contract-cache',
    configureWebpack() {
      if (process.env.DOCUSAURUS_NO_PERSISTENT_CACHE) return {};
      return {experiments: {cache: {buildDependencies: [contractOutput.json, cliDescriptionFile, ...includableCodeFiles()]}}} as object;
    },
  };
}
