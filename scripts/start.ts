/** `npm start`: builds when the sources changed, then serves the production site and the sandbox beside it. */
import {ensureBuild} from '../lib/build/ensure-build';
import {startSandbox} from '../lib/serve/sandbox';
import {serveBuild} from './serve';

ensureBuild();
Promise.all([serveBuild(), startSandbox({quiet: false})])
  .then(([, sandbox]) => console.log(`Sandbox answering at ${sandbox.url}/api/v1/`))
  .catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
