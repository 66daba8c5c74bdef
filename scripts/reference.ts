/**
 * `npm run reference`: compiles the contract (diffing the releases meanwhile, in a worker thread), then generates the
 * API reference and the CLI reference from it, while another thread converts it to the Postman collection.
 */
import {main} from '../lib/main';
import {releaseEntriesInWorker} from '../lib/reference/release-entries';

main(async () => {
  // The releases' differences need only contract/releases/, so they run on the other
  // core while this thread loads the compiler and generators (imported only now, for
  // that reason).
  const released = releaseEntriesInWorker();
  const [{buildCliReference}, {buildContract}, {collectionWritten, writePostmanCollectionInWorker}, {buildApiReference}, {documentedSandboxUrl, portalConfig}] =
    await Promise.all([
      import('../lib/cli/build-reference'),
      import('../lib/contract/build'),
      import('../lib/postman/collection-file'),
      import('../lib/reference/build'),
      import('../portal.config'),
    ]);
  const document = await buildContract();
  // The collection needs only the bundled contract: converted on the other core while the pages are written.
  const collection = writePostmanCollectionInWorker({apiUrl: portalConfig.apiUrl, sandboxUrl: documentedSandboxUrl(portalConfig)});
  await buildApiReference(document, released);
  buildCliReference();
  const {buildCliPackage} = await import('../lib/cli-client/package');
  buildCliPackage();
  await collectionWritten(collection);
});
