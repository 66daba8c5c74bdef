/** Hydration in parts: the shell first, each ./HydrateLater.tsx part after it (./hydration.ts). See PATCHES.md. */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function deferredHydration(): Plugin {
  return {
    name: 'deferred-hydration',
    getClientModules() {
      return [path.join(__dirname, 'client.ts')];
    },
    configureWebpack(_config, isServer) {
      // The same keys as Docusaurus's own aliases for its exports, which these replace.
      const alias = {'@docusaurus/Head': path.join(__dirname, 'Head.tsx'), '@docusaurus/useIsBrowser': path.join(__dirname, 'useIsBrowser.ts')};
      return isServer ? {} : {resolve: {alias}};
    },
  };
}
