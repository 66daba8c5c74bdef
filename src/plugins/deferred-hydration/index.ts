/**
 * Hydration in parts: the page's shell hydrates first, and each part wrapped in
 * ./HydrateLater.tsx hydrates after it, one per task (./hydration.ts). Its
 * client module tells the parts when the shell has hydrated and when the
 * reader has navigated. In the browser's bundle, `@docusaurus/Head` is
 * ./Head.tsx, which leaves the head as the server wrote it until hydrated.
 */
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
