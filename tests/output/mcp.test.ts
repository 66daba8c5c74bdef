/**
 * The docs' MCP server, reached as an assistant reaches it: the SDK's own
 * client over stdio (spawning `npm run --silent mcp`, the command the
 * assistant page documents) and over Streamable HTTP through real nginx with
 * the production configuration, in front of the portal's service. Also the
 * service's feedback route and the limits nginx and the service put on both,
 * and the same routes through the static server `npm start` runs. The MCP
 * Inspector's CLI mode, a client nobody here wrote, lists the tools too.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {LATEST_PROTOCOL_VERSION, type CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {portalConfig} from '../../portal.config';
import {startNginx, type RunningNginx} from '../../lib/deploy/nginx-server';
import {OPERATIONS_PER_LIST, PortalDocs} from '../../lib/mcp/docs';
import {FEEDBACK_PATH, MAX_BODY_BYTES, MCP_PATH} from '../../lib/mcp/service-settings';
import {buildDir, repoRoot} from '../../lib/paths';
import type {RunningServer} from '../../lib/serve/running-server';
import {startStaticServer} from '../../lib/serve/static-server';
import {freePort} from '../../lib/serve/free-port';
import {readFeedback as readStore, startFeedbackService} from '../feedback-service';

const textOf = (result: unknown) => (result as CallToolResult).content.map((part) => (part.type === 'text' ? part.text : '')).join('');
const call = async (client: Client, name: string, args: Record<string, unknown>) => {
  const result = (await client.callTool({name, arguments: args})) as CallToolResult;
  return {text: textOf(result), isError: Boolean(result.isError)};
};
/** The URL of each hit of a search_docs answer, in its order. */
const hitUrls = (text: string) => [...text.matchAll(/^ {3}URL: (\S+)$/gm)].map((match) => match[1]);
const twin = (site: string) => fs.readFileSync(path.join(buildDir, `${site}.md`), 'utf8');

/** Reader questions and the page a reader needs first. */
const QUESTIONS: [string, string][] = [
  ['pause a scan', '/api/reference/targets-scans-pause'],
  ['create target', '/api/reference/targets-create'],
  ['rate limits', '/api/overview-api-documentation#rate-limits'],
];

/** The feedback in a SQLite store of the service's. */
const readFeedback = (file: string) => readStore({file});

/** The checks both transports pass, over a connected client writing feedback to the SQLite store `feedbackFile`. */
function describeTools(transportName: string, connect: () => Promise<{client: Client; feedbackFile: string}>) {
  describe(`the MCP server over ${transportName}`, () => {
    let client: Client;
    let feedbackFile: string;
    beforeAll(async () => ({client, feedbackFile} = await connect()), 60_000);
    afterAll(() => client?.close());

    it('lists its five tools, each with a description and an input schema', async () => {
      const {tools} = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(['get_operation', 'list_operations', 'read_page', 'search_docs', 'send_feedback']);
      for (const tool of tools) {
        expect(tool.description?.length, tool.name).toBeGreaterThan(40);
        expect(tool.inputSchema.type).toBe('object');
      }
      expect(tools.find((tool) => tool.name === 'search_docs')?.inputSchema.required).toEqual(['query']);
    });

    it.each(QUESTIONS)('answers "%s" with %s first, with its title and a snippet', async (question, page) => {
      const {text, isError} = await call(client, 'search_docs', {query: question});
      expect(isError).toBe(false);
      expect(hitUrls(text)[0]).toBe(page);
      expect(text).toMatch(/^1\. \S.*\n {3}URL: \S+\n {3}\S/);
    });

    it('reads a long page in parts that join into its Markdown twin', async () => {
      const page = '/api/reference/targets-create';
      let offset = 0;
      let joined = '';
      let parts = 0;
      for (;;) {
        const {text} = await call(client, 'read_page', {page: `https://docs.example${page}#request`, offset, maxCharacters: 2000});
        const more = text.match(/\n\n\[Characters (\d+) of (\d+) read\. Call read_page again with offset (\d+) for the rest\.\]$/);
        joined += more ? text.slice(0, more.index) : text;
        parts += 1;
        if (!more) break;
        offset = Number(more[3]);
      }
      expect(parts).toBeGreaterThan(2);
      expect(joined).toBe(twin(page));
    });

    it('says what to do with a page that does not exist', async () => {
      const {text, isError} = await call(client, 'read_page', {page: '/api/no-such-page'});
      expect(isError).toBe(true);
      expect(text).toContain('No page at /api/no-such-page');
      expect(text).toContain('search_docs');
    });

    it('gets an operation by id and by method and path', async () => {
      const byId = await call(client, 'get_operation', {operationId: 'targets_create', maxCharacters: 100_000});
      const byPath = await call(client, 'get_operation', {method: 'post', path: '/api/v1/targets/', maxCharacters: 100_000});
      expect(byId.text).toBe(twin('/api/reference/targets-create'));
      expect(byPath.text).toBe(byId.text);
      expect(byId.text).toMatch(/^# Create a target\n/);
      for (const section of ['## Request', '## Responses', '### Errors', '## Request samples']) expect(byId.text).toContain(`\n${section}\n`);
    });

    it('suggests the nearest ids for an unknown one', async () => {
      const {text, isError} = await call(client, 'get_operation', {operationId: 'target_create'});
      expect(isError).toBe(true);
      expect(text).toMatch(/^No operation has the id "target_create"\. The nearest ids: targets_create, /);
    });

    it('lists the operations of a tag, and names the tags for an unknown one', async () => {
      const {text} = await call(client, 'list_operations', {tag: 'targets'});
      expect(text.split('\n')).toContain('targets_create: POST /api/v1/targets/ (Create a target)');
      expect(text).not.toContain('/api/v1/scans/');
      const unknown = await call(client, 'list_operations', {tag: 'Nope'});
      expect(unknown.isError).toBe(true);
      expect(unknown.text).toMatch(/^No operation has the tag "Nope"\. The tags: .*\btargets\b/);
    });

    it(`lists every operation ${OPERATIONS_PER_LIST} at a time, each answer bounded`, async () => {
      const listed: string[] = [];
      let offset = 0;
      for (;;) {
        const {text, isError} = await call(client, 'list_operations', {offset});
        expect(isError).toBe(false);
        const more = text.match(/\n\n\[Operations \d+ to (\d+) of (\d+)\. Call list_operations again with offset (\d+) for the rest\.\]$/);
        const lines = (more ? text.slice(0, more.index) : text).split('\n');
        expect(lines.length).toBeLessThanOrEqual(OPERATIONS_PER_LIST);
        expect(text.length).toBeLessThan(8 * 1024);
        listed.push(...lines.map((line) => line.split(':')[0]));
        if (!more) break;
        offset = Number(more[3]);
      }
      expect(listed).toEqual(new PortalDocs(buildDir).operations.map((operation) => operation.id));
    });

    it('stores feedback, and refuses feedback that says nothing', async () => {
      const comment = `missing the ${transportName} example`;
      expect((await call(client, 'send_feedback', {page: '/api/quick-start', helpful: false, comment})).isError).toBe(false);
      expect((await readFeedback(feedbackFile)).at(-1)).toMatchObject({page: '/api/quick-start', helpful: false, comment, source: 'mcp'});
      const empty = await call(client, 'send_feedback', {page: '/api/quick-start'});
      expect(empty.isError).toBe(true);
      // Unknown keys are refused, as POST /feedback refuses them, not dropped.
      const unknown = await call(client, 'send_feedback', {page: '/api/quick-start', helpful: true, priority: 'urgent'});
      expect(unknown.isError).toBe(true);
      expect(unknown.text).toContain('priority');
      const escape = await call(client, 'send_feedback', {page: '/api/quick-start', comment: 'clear \u001b[2J'});
      expect(escape.isError).toBe(true);
      expect(escape.text).toContain('U+001B');
      expect(await readFeedback(feedbackFile)).toHaveLength(1);
    });
  });
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mcp-'));
afterAll(() => fs.rmSync(scratch, {recursive: true, force: true}));

describeTools('stdio', async () => {
  const feedbackFile = path.join(scratch, 'stdio.sqlite');
  const client = new Client({name: 'portal-tests', version: '1.0.0'});
  const env = {...(process.env as Record<string, string>), PORTAL_DATABASE_FILE: feedbackFile};
  await client.connect(new StdioClientTransport({command: 'npm', args: ['run', '--silent', 'mcp'], cwd: repoRoot, env, stderr: 'inherit'}));
  return {client, feedbackFile};
});

describe('the MCP Inspector, in CLI mode over stdio', () => {
  it('lists the five tools with their input schemas', {timeout: 120_000}, () => {
    const inspector = path.join(repoRoot, 'node_modules/.bin/mcp-inspector');
    const result = spawnSync(inspector, ['--cli', 'npm', 'run', '--silent', 'mcp', '--method', 'tools/list'], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: {...process.env, PORTAL_DATABASE_FILE: path.join(scratch, 'inspector.sqlite')},
    });
    expect(result.status, result.stderr).toBe(0);
    const {tools} = JSON.parse(result.stdout) as {tools: {name: string; inputSchema: {type: string}}[]};
    expect(tools.map((tool) => tool.name).sort()).toEqual(['get_operation', 'list_operations', 'read_page', 'search_docs', 'send_feedback']);
    for (const tool of tools) expect(tool.inputSchema.type, tool.name).toBe('object');
  });
});

let service: RunningServer;
let nginx: RunningNginx;
const feedbackFile = path.join(scratch, 'http.sqlite');
beforeAll(async () => {
  const servicePort = Number(process.env.MCP_PORT ?? (await freePort()));
  service = await startFeedbackService(servicePort, {file: feedbackFile});
  nginx = await startNginx({port: await freePort(), servicePort});
}, 60_000);
afterAll(() => Promise.all([nginx?.close(), service?.close()]));

describeTools('Streamable HTTP behind nginx', async () => {
  const client = new Client({name: 'portal-tests', version: '1.0.0'});
  await client.connect(new StreamableHTTPClientTransport(new URL(`${nginx.url}/mcp`)));
  return {client, feedbackFile};
});

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request as any client may send it, Host and body as given (fetch sets Host itself); `chunks` are written one after the other. */
function rawRequest(url: string, {method = 'POST', headers = {}, chunks = []}: {method?: string; headers?: http.OutgoingHttpHeaders; chunks?: string[]}) {
  return new Promise<RawResponse>((resolve, reject) => {
    const request = http.request(url, {method, headers}, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({status: response.statusCode ?? 0, headers: response.headers, body}));
    });
    request.on('error', reject);
    for (const chunk of chunks) request.write(chunk);
    request.end();
  });
}

/** What a Streamable HTTP client sends with each JSON-RPC message. */
const MCP_HEADERS = {'Content-Type': 'application/json', Accept: 'application/json, text/event-stream'};
const toolCall = (id: number, name: string, args: Record<string, unknown>) => ({jsonrpc: '2.0', id, method: 'tools/call', params: {name, arguments: args}});

describe('the service behind nginx', () => {
  const post = (route: string, body: string, type = 'application/json') =>
    fetch(`${nginx.url}${route}`, {method: 'POST', headers: {'Content-Type': type}, body});

  it('stores a page feedback and refuses invalid, oversized and non-JSON ones, storing nothing for them', async () => {
    const before = (await readFeedback(feedbackFile)).length;
    expect((await post('/feedback', JSON.stringify({page: '/concepts/target-concept', helpful: true}))).status).toBe(204);
    expect((await readFeedback(feedbackFile)).at(-1)).toMatchObject({page: '/concepts/target-concept', helpful: true, source: 'page'});
    const invalid = await post('/feedback', JSON.stringify({page: '/x', helpful: 'very'}));
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as {error: string}).error).toContain('helpful');
    expect((await post('/feedback', JSON.stringify({page: '/x', comment: 'a'.repeat(1001)}))).status).toBe(400);
    expect((await post('/feedback', JSON.stringify({page: '/x', comment: 'a'.repeat(MAX_BODY_BYTES['/feedback'])}))).status).toBe(413);
    expect((await post('/feedback', 'page=/x', 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await fetch(`${nginx.url}/feedback`)).status).toBe(204);
    expect((await fetch(`${nginx.url}/feedback`, {method: 'PUT', body: '{}'})).status).toBe(405);
    expect(await readFeedback(feedbackFile)).toHaveLength(before + 1);
  });

  it('sends the security headers and no-store with what the service answers', async () => {
    const response = await post('/feedback', '{}');
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses rapid-fire requests from one address with 429 before the service sees them', async () => {
    const before = (await readFeedback(feedbackFile)).length;
    const responses = await Promise.all(Array.from({length: 100}, () => post('/feedback', JSON.stringify({page: '/x', helpful: true}))));
    const statuses = responses.map((response) => response.status);
    expect(statuses).toContain(429);
    expect((await readFeedback(feedbackFile)).length - before).toBe(statuses.filter((status) => status === 204).length);
    const refused = responses.find((response) => response.status === 429)!;
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 404 on any path but its two', async () => {
    const response = await fetch(`${service.url}/admin`);
    expect(response.status).toBe(404);
  });
});

describe('the service behind nginx, attacked', () => {
  // An nginx of its own: the rate limit's count starts at zero.
  let attacked: RunningNginx;
  beforeAll(async () => {
    attacked = await startNginx({port: await freePort(), servicePort: Number(new URL(service.url).port)});
  });
  afterAll(() => attacked?.close());
  const post = (route: string, body: string, type = 'application/json') =>
    fetch(`${attacked.url}${route}`, {method: 'POST', headers: {'Content-Type': type}, body});
  const postMcp = (message: unknown, headers: http.OutgoingHttpHeaders = {}) =>
    rawRequest(`${attacked.url}${MCP_PATH}`, {headers: {...MCP_HEADERS, ...headers}, chunks: [JSON.stringify(message)]});

  it("refuses a JSON-RPC batch, which one request would carry past the rate limit, and answers the SDK's client on a revision without batches", async () => {
    const before = (await readFeedback(feedbackFile)).length;
    const batch = Array.from({length: 60}, (_, index) => toolCall(index + 1, 'send_feedback', {page: '/x', helpful: true}));
    const refused = await postMcp(batch);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({jsonrpc: '2.0', error: {code: -32600, message: expect.stringContaining('batch')}, id: null});
    expect(await readFeedback(feedbackFile)).toHaveLength(before);
    const single = await postMcp(toolCall(1, 'send_feedback', {page: '/x', helpful: true}));
    expect(single.status).toBe(200);
    expect(await readFeedback(feedbackFile)).toHaveLength(before + 1);
    // The SDK's client negotiates its latest revision, which has no batches (2025-06-18 removed them).
    const transport = new StreamableHTTPClientTransport(new URL(`${attacked.url}${MCP_PATH}`));
    const client = new Client({name: 'portal-tests', version: '1.0.0'});
    await client.connect(transport);
    try {
      expect(transport.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
      expect(transport.protocolVersion! >= '2025-06-18').toBe(true);
    } finally {
      await client.close();
    }
  });

  it('refuses a foreign Host or Origin on /mcp (DNS rebinding) with 403, and answers the site and loopback', async () => {
    const ping = {jsonrpc: '2.0', id: 1, method: 'ping'};
    const rebound = await postMcp(ping, {Host: 'attacker.example'});
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain('attacker.example');
    expect((await postMcp(ping, {Origin: 'http://attacker.example'})).status).toBe(403);
    expect((await postMcp(ping, {Origin: 'null'})).status).toBe(403);
    const site = new URL(portalConfig.siteUrl);
    expect((await postMcp(ping, {Host: site.host, Origin: site.origin})).status).toBe(200);
    expect((await postMcp(ping, {Origin: 'http://localhost:6274'})).status).toBe(200);
    expect((await postMcp(ping)).status).toBe(200);
  });

  it('takes a message just under the body limit without a temporary file (nginx run as root)', async () => {
    const message = (padding: number) => JSON.stringify({jsonrpc: '2.0', id: 1, method: 'ping', params: {_meta: {padding: 'a'.repeat(padding)}}});
    const padding = MAX_BODY_BYTES[MCP_PATH] - 1 - message(0).length;
    expect(message(padding).length).toBe(MAX_BODY_BYTES[MCP_PATH] - 1);
    const answer = await rawRequest(`${attacked.url}${MCP_PATH}`, {headers: MCP_HEADERS, chunks: [message(padding)]});
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({jsonrpc: '2.0', id: 1, result: {}});
    expect((await rawRequest(`${attacked.url}${MCP_PATH}`, {headers: MCP_HEADERS, chunks: [message(padding + 2)]})).status).toBe(413);
  });

  it('bounds an unknown operation id by the schema, and suggests only ids near it', async () => {
    const tooLong = await postMcp(toolCall(1, 'get_operation', {operationId: 'x'.repeat(101)}));
    expect(tooLong.body).toMatch(/"isError":true|"error"/);
    const far = await postMcp(toolCall(2, 'get_operation', {operationId: 'x'.repeat(100)}));
    expect(JSON.parse(far.body)).toMatchObject({
      result: {isError: true, content: [{text: `No operation has the id "${'x'.repeat(100)}". list_operations lists them all.`}]},
    });
  });

  it('takes JSON by its media type exactly, with parameters', async () => {
    expect((await post('/feedback', '{}', 'application/json-x')).status).toBe(415);
    expect((await post('/feedback', '{}', 'application/jsonp')).status).toBe(415);
    expect((await post('/feedback', '{}', 'application/json; charset=utf-8')).status).toBe(400);
    expect((await post('/feedback', '{}', 'Application/JSON')).status).toBe(400);
  });

  it('writes (almost) nothing to the error log for 500 refused requests', async () => {
    const before = attacked.errorLog().length;
    let refused = 0;
    for (let round = 0; round < 10; round++) {
      const statuses = await Promise.all(Array.from({length: 50}, () => fetch(`${attacked.url}${FEEDBACK_PATH}`).then((response) => response.status)));
      refused += statuses.filter((status) => status === 429).length;
    }
    expect(refused).toBeGreaterThan(400);
    expect(attacked.errorLog().length - before).toBeLessThan(500);
  });
});

describe('the service on its own', () => {
  it('answers an oversized body with 413 and closes the connection, whether its length is declared or not', async () => {
    const limit = MAX_BODY_BYTES[FEEDBACK_PATH];
    const body = JSON.stringify({page: '/x', comment: 'a'.repeat(limit)});
    const declared = await rawRequest(`${service.url}${FEEDBACK_PATH}`, {
      headers: {'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body)},
      chunks: [body],
    });
    expect(declared.status).toBe(413);
    expect(declared.headers.connection).toBe('close');
    expect(JSON.parse(declared.body)).toEqual({error: `The body is larger than ${limit} bytes.`});
    const streamed = await rawRequest(`${service.url}${FEEDBACK_PATH}`, {
      headers: {'Content-Type': 'application/json'},
      chunks: [body.slice(0, limit / 2), body.slice(limit / 2)],
    });
    expect(streamed.status).toBe(413);
    expect(streamed.headers.connection).toBe('close');
  });
});

describe('the service behind the static server of `npm start`', () => {
  let site: RunningServer;
  beforeAll(async () => {
    site = await startStaticServer({root: buildDir, service: {url: service.url, paths: [MCP_PATH, FEEDBACK_PATH]}});
  });
  afterAll(() => site?.close());

  it('passes feedback to the service, which stores it, and still serves the pages', async () => {
    expect((await fetch(`${site.url}${FEEDBACK_PATH}`)).status).toBe(204);
    const comment = `Through the static server (${Date.now()}).`;
    const sent = await fetch(`${site.url}${FEEDBACK_PATH}`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({page: '/api/quick-start', helpful: true, comment}),
    });
    expect(sent.status).toBe(204);
    expect((await readFeedback(feedbackFile)).at(-1)).toMatchObject({page: '/api/quick-start', comment, source: 'page'});
    expect((await fetch(`${site.url}/api/quick-start`)).headers.get('content-type')).toContain('text/html');
  });

  it('answers 502 for the service paths when the service is not there', async () => {
    const orphan = await startStaticServer({root: buildDir, service: {url: `http://127.0.0.1:${await freePort()}`, paths: [FEEDBACK_PATH]}});
    try {
      expect((await fetch(`${orphan.url}${FEEDBACK_PATH}`)).status).toBe(502);
    } finally {
      await orphan.close();
    }
  });
});

describe('a full feedback store', () => {
  it('answers 503 with Retry-After and stores nothing', async () => {
    const file = path.join(scratch, 'full.sqlite');
    const full = await startFeedbackService(await freePort(), {file}, {retentionDays: 30, maxRowsPerPage: 10, maxRows: 1});
    try {
      const send = (comment: string) =>
        fetch(`${full.url}${FEEDBACK_PATH}`, {
          method: 'POST',
          headers: {'Content-Type': 'application/json'},
          body: JSON.stringify({page: '/api/overview', comment}),
        });
      expect((await send('first')).status).toBe(204);
      const refused = await send('second');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('3600');
      expect(((await refused.json()) as {error: string}).error).toContain('the feedback store is full');
    } finally {
      await full.close();
    }
    expect((await readFeedback(file)).map((entry) => entry.comment)).toEqual(['first']);
  });
});

describe('feedback kept across a restart of the service, in `npm run feedback:report`', () => {
  it('shows what was sent before and after the restart, counted per page, with the comments', {timeout: 120_000}, async () => {
    const file = path.join(scratch, 'restart.sqlite');
    const send = async (url: string, body: unknown) => {
      const response = await fetch(`${url}${FEEDBACK_PATH}`, {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
      expect(response.status).toBe(204);
    };
    const port = await freePort();
    const first = await startFeedbackService(port, {file});
    await send(first.url, {page: '/api/quick-start', helpful: false, comment: 'Sent before the restart.'});
    await first.close();
    const second = await startFeedbackService(port, {file});
    try {
      await send(second.url, {page: '/api/quick-start', helpful: true});
      await send(second.url, {page: '/concepts/scan-concept', comment: 'Sent after the restart.'});
    } finally {
      await second.close();
    }
    const report = spawnSync('npm', ['run', '--silent', 'feedback:report'], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: {...process.env, PORTAL_DATABASE_FILE: file},
    });
    expect(report.status, report.stderr).toBe(0);
    expect(report.stdout).toContain('Feedback on 2 page(s), 3 submission(s)');
    expect(report.stdout).toMatch(/^ +1 +1 +1 {2}\/api\/quick-start$/m);
    expect(report.stdout).toMatch(/^ +0 +0 +1 {2}\/concepts\/scan-concept$/m);
    // Newest first.
    expect(report.stdout.indexOf('Sent after the restart.')).toBeLessThan(report.stdout.indexOf('Sent before the restart.'));
    expect(report.stdout).toContain('/api/quick-start (not helpful), from the page:\n  Sent before the restart.');
  });
});
