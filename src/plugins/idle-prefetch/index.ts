/**
 * Docusaurus prefetches the chunks of every internal link as it comes into
 * view, and each prefetch matches the link against the whole route table: on
 * a page of many links that runs during start-up and blocks the reader. This
 * plugin's client module keeps Docusaurus's prefetching, links and rules
 * (nothing on slow or data-saving connections) but runs it in idle time, and
 * not while the search modal is open.
 */
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
