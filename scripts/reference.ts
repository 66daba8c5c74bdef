/** `npm run reference`: compiles the contract, then generates the API reference and the CLI reference from it. */
import {buildCliReference} from '../lib/cli/build-reference';
import {buildContract} from '../lib/contract/build';
import {main} from '../lib/main';
import {buildApiReference} from '../lib/reference/build';

main(async () => {
  await buildApiReference(await buildContract());
  buildCliReference();
});
