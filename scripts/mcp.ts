/**
 * `npm run mcp`: the docs' MCP server over stdio, reading a built portal
 * (build/, or the folder named by the first argument or MCP_BUILD_DIR).
 * stdout carries the protocol only; messages go to stderr.
 */
import path from 'node:path';
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import {openFeedback} from '../lib/feedback/open';
import {PortalDocs} from '../lib/mcp/docs';
import {createDocsServer} from '../lib/mcp/server';
import {main} from '../lib/main';
import {buildDir} from '../lib/paths';

main(async () => {
  const docs = new PortalDocs(path.resolve(process.argv[2] ?? process.env.MCP_BUILD_DIR ?? buildDir));
  await createDocsServer({docs, feedback: await openFeedback()}).connect(new StdioServerTransport());
});
