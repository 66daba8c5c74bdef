/** `npm run sandbox`: compiles the contract, then runs the sandbox on 127.0.0.1 (SANDBOX_PORT, default 4010), its accounts in the portal's state store. */
import {buildContract} from '../lib/contract/build';
import {configuredStoreLocation} from '../lib/feedback/open';
import {main} from '../lib/main';
import {startSandbox} from '../lib/serve/sandbox';

main(async () => {
  await buildContract();
  const sandbox = await startSandbox({quiet: false, store: configuredStoreLocation()});
  console.log(`Sandbox answering at ${sandbox.url}/api/v1/ (Ctrl+C to stop)`);
});
