/** Docusaurus's link prefetching, run in idle time and not while the search modal is open. See PATCHES.md. */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function idlePrefetch(): Plugin {
  return {
    name: 'idle-prefetch',
    getClientModules() {
      return [path.join(__dirname, 'client.ts')];
    },
  };
}
