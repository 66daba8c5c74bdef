/** `npm start`: builds when the sources changed, then serves the production site, the sandbox and the portal's service (MCP, feedback) beside it. */
import {ensureBuild} from '../lib/build/ensure-build';
import {main} from '../lib/main';
import {startConfiguredDocsService} from '../lib/mcp/service';
import {FEEDBACK_PATH, MCP_PATH} from '../lib/mcp/service-settings';
import {startSandbox} from '../lib/serve/sandbox';
import {serveBuild} from '../lib/serve/static-server';

main(async () => {
  ensureBuild();
  const [sandbox, service] = await Promise.all([startSandbox({quiet: false}), startConfiguredDocsService()]);
  // The pages reach the service at their own origin, as behind nginx.
  const server = await serveBuild(Number(process.env.PORT ?? 3000), {url: service.url, paths: [MCP_PATH, FEEDBACK_PATH]});
  console.log(`Serving build/ at ${server.url}/ (Ctrl+C to stop)`);
  console.log(`Sandbox answering at ${sandbox.url}/api/v1/`);
  console.log(`MCP at ${server.url}${MCP_PATH}, feedback at ${server.url}${FEEDBACK_PATH} (stored in ${service.feedbackStore})`);
});
