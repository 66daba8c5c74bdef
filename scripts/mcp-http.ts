/** `npm run mcp:http`: the docs' MCP server at /mcp and the pages' feedback at /feedback, on 127.0.0.1:MCP_PORT (default 4190), until stopped. */
import {startConfiguredDocsService} from '../lib/mcp/service';
import {main} from '../lib/main';

main(async () => {
  const service = await startConfiguredDocsService();
  console.log(`MCP at ${service.url}/mcp, feedback at ${service.url}/feedback, stored in ${service.feedbackStore} (Ctrl+C to stop)`);
});
