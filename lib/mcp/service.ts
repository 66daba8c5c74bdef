/**
 * MCP over Streamable HTTP at /mcp (stateless: a server per request, so nothing
 * outlives it) and POST /feedback. Plain node:http: two routes need no framework.
 */
import http from 'node:http';
import {StreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type {FeedbackIntake} from '../feedback/intake';
import {openFeedback} from '../feedback/open';
import {portalConfig} from '../../portal.config';
import {buildDir} from '../paths';
import type {RunningServer} from '../serve/running-server';
import {createDocsServer} from './server';
import {PortalDocs} from './docs';
import {foreignOrigin} from './request-origin';
import {FEEDBACK_PATH, MAX_BODY_BYTES, MCP_PATH, servicePort} from './service-settings';

export interface DocsServiceOptions {
  port: number;
  siteUrl?: string;
  docs: PortalDocs;
  feedback: FeedbackIntake;
}

class BodyTooLarge extends Error {}

/** The body, refused as soon as its declared or received size passes `limit`; the rest is left unread. */
function readBody(request: http.IncomingMessage, limit: number): Promise<string> {
  if (Number(request.headers['content-length']) > limit) return Promise.reject(new BodyTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      request.off('data', collect);
      reject(new BodyTooLarge());
    };
    request.on('data', collect);
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function reply(response: http.ServerResponse, status: number, body?: unknown, headers: http.OutgoingHttpHeaders = {}): void {
  if (body === undefined) {
    response.writeHead(status, headers).end();
    return;
  }
  response.writeHead(status, {...headers, 'Content-Type': 'application/json'}).end(JSON.stringify(body));
}

const rpcError = (code: number, message: string) => ({jsonrpc: '2.0', error: {code, message}, id: null});

/** JSON with or without parameters: `application/json; charset=utf-8`, not `application/json-x`. */
const JSON_MEDIA_TYPE = /^application\/json[ \t]*(;|$)/i;

async function jsonBody(request: http.IncomingMessage, response: http.ServerResponse, limit: number): Promise<{value: unknown} | undefined> {
  if (!JSON_MEDIA_TYPE.test(request.headers['content-type'] ?? '')) {
    reply(response, 415, {error: 'Send the body as application/json.'});
    return undefined;
  }
  try {
    return {value: JSON.parse(await readBody(request, limit))};
  } catch (error) {
    // The answer closes the connection.
    if (error instanceof BodyTooLarge) reply(response, 413, {error: `The body is larger than ${limit} bytes.`}, {Connection: 'close'});
    else reply(response, 400, {error: 'The body is not valid JSON.'});
    return undefined;
  }
}

export function startDocsService({port, siteUrl = portalConfig.siteUrl, docs, feedback}: DocsServiceOptions): Promise<RunningServer> {
  const handle = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const {pathname} = new URL(request.url ?? '/', 'http://localhost');
    if (pathname === MCP_PATH) {
      // Stateless: nothing to resume, so no GET stream and no DELETE.
      if (request.method !== 'POST') return reply(response, 405, rpcError(-32000, 'Method not allowed: send JSON-RPC requests with POST.'));
      const foreign = foreignOrigin(request.headers, siteUrl);
      if (foreign) return reply(response, 403, rpcError(-32000, `Forbidden: ${foreign}`));
      const body = await jsonBody(request, response, MAX_BODY_BYTES[MCP_PATH]);
      if (!body) return;
      // One message per request, as protocol revision 2025-06-18 has it: a batch would pass the rate limit as one request.
      if (Array.isArray(body.value))
        return reply(response, 400, rpcError(-32600, 'Invalid Request: batches are not accepted; send one JSON-RPC message per request.'));
      const server = createDocsServer({docs, feedback});
      const transport = new StreamableHTTPServerTransport({sessionIdGenerator: undefined, enableJsonResponse: true});
      response.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      return transport.handleRequest(request, response, body.value);
    }
    if (pathname === FEEDBACK_PATH) {
      // GET asks "is feedback accepted here?": a static host without the service answers 404.
      if (request.method === 'GET' || request.method === 'HEAD') return reply(response, 204);
      if (request.method !== 'POST') return reply(response, 405, {error: 'Send feedback with POST.'});
      const body = await jsonBody(request, response, MAX_BODY_BYTES[FEEDBACK_PATH]);
      if (!body) return;
      const outcome = await feedback.submit(body.value, 'page');
      if (outcome.status === 503) response.setHeader('Retry-After', String(outcome.retryAfterSeconds));
      return reply(response, outcome.status, outcome.status === 204 ? undefined : {error: outcome.error});
    }
    reply(response, 404, {error: `Nothing at ${pathname}: this service answers ${MCP_PATH} and ${FEEDBACK_PATH}.`});
  };
  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) reply(response, 500, {error: 'The service failed; the error is in its log.'});
      else response.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((done) => server.close(() => done()))}));
  });
}

export async function startConfiguredDocsService(): Promise<RunningServer & {feedbackStore: string}> {
  const feedback = await openFeedback();
  const docs = new PortalDocs(process.env.MCP_BUILD_DIR ?? buildDir);
  const service = await startDocsService({port: servicePort(), docs, feedback}).catch(async (error: unknown) => {
    await feedback.close();
    throw error;
  });
  return {url: service.url, feedbackStore: feedback.store.state.description, close: () => service.close().then(() => feedback.close())};
}
