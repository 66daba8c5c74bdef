/** `npm start`: builds when the sources changed, then serves the production site and the sandbox beside it. */
import {ensureBuild} from '../lib/build/ensure-build';
import {main} from '../lib/main';
import {startSandbox} from '../lib/serve/sandbox';
import {serveBuild} from '../lib/serve/static-server';

main(async () => {
  ensureBuild();
  const [server, sandbox] = await Promise.all([serveBuild(Number(process.env.PORT ?? 3000)), startSandbox({quiet: false})]);
  console.log(`Serving build/ at ${server.url}/ (Ctrl+C to stop)`);
  console.log(`Sandbox answering at ${sandbox.url}/api/v1/`);
});
