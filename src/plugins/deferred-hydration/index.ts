/**
 * Hydration in parts: the page's shell hydrates first, and each part wrapped in
 * ./HydrateLater.tsx hydrates after it, one per task (./hydration.ts). Its
 * client module tells the parts when the shell has hydrated and when the
 * reader has navigated.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function deferredHydration(): Plugin {
  return {
    name: 'deferred-hydration',
    getClientModules() {
      return [path.join(__dirname, 'client.ts')];
    },
  };
}
