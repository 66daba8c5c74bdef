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
      // The same key as Docusaurus's own alias for its export, which this one replaces.
      return isServer ? {} : {resolve: {alias: {'@docusaurus/Head': path.join(__dirname, 'Head.tsx')}}};
    },
  };
}
