/**
 * `npm run reference`: compiles the contract (diffing the releases meanwhile, in a worker thread), then generates the
 * API reference and the CLI reference from it, while another thread converts it to the Postman collection.
 */
import {buildCliReference} from '../lib/cli/build-reference';
import {buildContract} from '../lib/contract/build';
import {main} from '../lib/main';
import {collectionWritten, writePostmanCollectionInWorker} from '../lib/postman/collection-file';
import {buildApiReference} from '../lib/reference/build';
import {releaseEntriesInWorker} from '../lib/reference/release-entries';
import {documentedSandboxUrl, portalConfig} from '../portal.config';

main(async () => {
  // The releases' differences need only contract/releases/: diffed on the other core while the contract compiles.
  const released = releaseEntriesInWorker();
  const document = await buildContract();
  // The collection needs only the bundled contract: converted on the other core while the pages are written.
  const collection = writePostmanCollectionInWorker({apiUrl: portalConfig.apiUrl, sandboxUrl: documentedSandboxUrl(portalConfig)});
  await buildApiReference(document, released);
  buildCliReference();
  await collectionWritten(collection);
});
