/** On a first load whose page chunk fails, Docusaurus renders a page that looks loaded but does not respond; this shows the loading error and Retry instead. */
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
