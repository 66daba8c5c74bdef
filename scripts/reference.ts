/** `npm run reference`: compiles the contract (diffing the releases meanwhile, in a worker thread), then generates the API reference and the CLI reference from it. */
import {buildCliReference} from '../lib/cli/build-reference';
import {buildContract} from '../lib/contract/build';
import {main} from '../lib/main';
import {buildApiReference} from '../lib/reference/build';
import {releaseEntriesInWorker} from '../lib/reference/release-entries';

main(async () => {
  // The releases' differences need only contract/releases/: diffed on the other core while the contract compiles.
  const released = releaseEntriesInWorker();
  await buildApiReference(await buildContract(), released);
  buildCliReference();
});
