/**
 * Shows the page-loading error and its Retry button when a page chunk fails
 * on the first load. Docusaurus renders nothing in that case (its first
 * preload has no error path), leaving a page that looks loaded but does not
 * respond; after the first render its own rule applies: a failed navigation
 * reloads the page.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function chunkRetry(): Plugin {
  return {
    name: 'chunk-retry',
    getClientModules() {
      return [path.join(__dirname, 'client.ts')];
    },
  };
}
