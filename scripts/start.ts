/** `npm start`: builds when the sources changed, then serves the production site, the sandbox and the portal's service (MCP, feedback) beside it. */
import {ensureBuild} from '../lib/build/ensure-build';
import {main} from '../lib/main';
import {startConfiguredDocsService} from '../lib/mcp/service';
import {startSandbox} from '../lib/serve/sandbox';
import {serveBuild} from '../lib/serve/static-server';

main(async () => {
  ensureBuild();
  const [server, sandbox, service] = await Promise.all([
    serveBuild(Number(process.env.PORT ?? 3000)),
    startSandbox({quiet: false}),
    startConfiguredDocsService(),
  ]);
  console.log(`Serving build/ at ${server.url}/ (Ctrl+C to stop)`);
  console.log(`Sandbox answering at ${sandbox.url}/api/v1/`);
  console.log(`MCP at ${service.url}/mcp, feedback at ${service.url}/feedback (stored in ${service.feedbackFile})`);
});
