/**
 * The sandbox's HTTP server. Each request gets an `X-Request-Id`, is held to
 * the body limit and the key's rate limit, and has its JSON parsed (a
 * malformed body is a 400 at once). A request of an operation with behaviour
 * (./behaviour.ts) is checked in this process against the contract's schemas
 * (lib/contract/operations.ts, Ajv), then answered from the key's account.
 * Every other request, and any that asks for an example or a status with
 * `Prefer`, goes to Prism, which validates it and answers the contract's
 * example. Prism's round trip costs too much for the state's operations, the
 * ones readers call most, to stay within the sandbox's latency budget.
 */
import http from 'node:http';
import {contractOutput} from '../paths';
import {ensurePortFree, type RunningServer} from '../serve/running-server';
import {openStateStore, type StateStoreLocation} from '../store/state-store';
import {checkAccess, keyHash, principalOf, type Principal} from './access';
import {clientAddress, type ClientAddressSource} from './client-address';
import {AccountStore, type Json, type StoredObject} from './account-store';
import {SandboxBehaviour} from './behaviour';
import {CORS_HEADERS, isPreflight, preflightHeaders} from './cors';
import {errorBody, SandboxError} from './errors';
import {SandboxOperations} from './operations';
import {startPrism, type PrismAnswer} from './prism';
import type {WebhookDeliveries} from './webhooks';
import {RateLimiter} from './rate-limit';
import {newRequestId} from './request-id';

/** The largest request body taken; the API's largest documented bodies (bulk operations of 100 objects) are far smaller. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The path that deletes the calling key's account: outside /api/v1, as no production operation is like it. */
export const RESET_PATH = '/sandbox/reset';
/** Says where an answer comes from: `state`, the key's account, or `example`, the contract's example through Prism. */
export const ANSWER_SOURCE_HEADER = 'Sandbox-Answer';

const EXPIRY_INTERVAL_MS = 10 * 60_000;

export interface SandboxServerOptions {
  port: number;
  quiet: boolean;
  /** Where the accounts are kept. */
  store: StateStoreLocation;
  /** How many times faster than real time scans run. */
  clockSpeed: number;
  /** Accounts unused for this many hours are deleted. */
  idleHours: number;
  /** Where webhook deliveries may go. */
  webhooks: WebhookDeliveries;
  /** Where a request's address is read, for API users' allowed address ranges. */
  clientAddress: ClientAddressSource;
  contract?: {json: string; yaml: string};
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body?: Buffer | string;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => ({
  status,
  headers: {'Content-Type': 'application/json', ...headers},
  body: JSON.stringify(body),
});

const errorAnswer = (error: SandboxError, requestId: string): Answer => json(error.status, errorBody(error, requestId), error.headers);

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // A body over the limit is read to its end and dropped, so the client gets the 413 rather than a reset connection.
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () =>
      size > MAX_BODY_BYTES
        ? reject(new SandboxError(413, 'invalid_request', `The request body is larger than ${MAX_BODY_BYTES} bytes.`))
        : resolve(Buffer.concat(chunks)),
    );
    request.on('error', reject);
  });
}

/** Prism's answer as the sandbox's: this request's id in the header and in an error body. */
function relay(answer: PrismAnswer, requestId: string): Answer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined || ['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date', 'x-request-id'].includes(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  let body: Buffer | string = answer.body;
  if (answer.status >= 400 && String(answer.headers['content-type']).includes('json')) {
    try {
      const parsed = JSON.parse(answer.body.toString('utf8')) as Json;
      if ('request_id' in parsed) body = JSON.stringify({...parsed, request_id: requestId});
    } catch {
      // Not JSON after all: relayed as it came.
    }
  }
  return {status: answer.status, headers, body};
}

export async function startSandboxServer(options: SandboxServerOptions): Promise<RunningServer> {
  await ensurePortFree(options.port, 'The sandbox');
  const contract = options.contract ?? contractOutput;
  const operations = SandboxOperations.load(contract.json);
  const store = await openStateStore(options.store);
  const clock = {now: Date.now, speed: options.clockSpeed};
  // The store seeds an account from the behaviour, which reads and writes through the store.
  const seed = {objects: (): StoredObject[] => []};
  const accounts = new AccountStore(store, () => seed.objects());
  const behaviour = new SandboxBehaviour(operations, accounts, clock, store, options.webhooks);
  seed.objects = () => behaviour.seed();
  const limiter = new RateLimiter(store);
  const prism = await startPrism(contract.yaml, options.quiet).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });

  async function answer(request: http.IncomingMessage, requestId: string): Promise<Answer> {
    if (isPreflight(request)) return {status: 204, headers: preflightHeaders(request)};
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const key = /^JWT\s+(\S.*)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
    const principal = key === undefined ? undefined : await principalOf(accounts, key);
    let rateHeaders: Record<string, string> = {};
    if (key !== undefined && principal !== undefined) {
      const decision = await limiter.admit(keyHash(key), principal.account);
      rateHeaders = decision.headers;
      if (!decision.allowed) {
        const retry = decision.headers['Retry-After'];
        throw new SandboxError(429, 'rate_limited', `Request was throttled. Expected available in ${retry} seconds.`, {}, decision.headers);
      }
    }
    // The key's real limits replace the example values Prism writes into the same headers.
    const withRate = (result: Answer): Answer => {
      if (Object.keys(rateHeaders).length === 0) return result;
      const names = new Set(Object.keys(rateHeaders).map((name) => name.toLowerCase()));
      const headers = Object.fromEntries(Object.entries(result.headers).filter(([name]) => !names.has(name.toLowerCase())));
      return {...result, headers: {...headers, ...rateHeaders}};
    };
    try {
      return withRate(await answerWithin(request, url, principal, requestId));
    } catch (error) {
      if (error instanceof SandboxError) return withRate(errorAnswer(error, requestId));
      throw error;
    }
  }

  /** The answer to a request the rate limit let through. */
  async function answerWithin(request: http.IncomingMessage, url: URL, principal: Principal | undefined, requestId: string): Promise<Answer> {
    const account = principal?.account;
    const raw = await readBody(request);
    if (url.pathname === RESET_PATH && request.method === 'POST') {
      if (!account) throw new SandboxError(401, 'authentication_required', 'Authentication credentials were not provided.');
      await accounts.reset(account);
      return {status: 204, headers: {}};
    }
    let body: Json | undefined;
    if (raw.length > 0 && /json/i.test(request.headers['content-type'] ?? '')) {
      try {
        body = JSON.parse(raw.toString('utf8')) as Json;
      } catch (error) {
        throw new SandboxError(400, 'invalid_request', `The body is not valid JSON: ${(error as Error).message}`);
      }
    }
    const matched = operations.match(request.method ?? 'GET', url.pathname);
    const handler = matched && behaviour.handlers.get(matched.operation.id);
    const teams =
      matched && principal
        ? await checkAccess(accounts, principal, matched.operation, matched.params, clock.now(), clientAddress(request, options.clientAddress))
        : undefined;
    if (!matched || !handler || request.headers.prefer) {
      // Prism would put a schema's own example before the operation's named ones: the first named one is the documented default.
      const firstNamed = matched?.operation.responses[matched.operation.success.status]?.examples[0]?.name;
      const headers =
        request.headers.prefer || !firstNamed || firstNamed === 'default' ? request.headers : {...request.headers, prefer: `example=${firstNamed}`};
      const relayed = relay(await prism.forward(request.method ?? 'GET', url.pathname + url.search, headers, raw), requestId);
      return {...relayed, headers: {...relayed.headers, [ANSWER_SOURCE_HEADER]: 'example'}};
    }
    if (!account) {
      const {detail} = operations.example(matched.operation.id, '401');
      throw new SandboxError(401, request.headers.authorization ? 'api_key_invalid' : 'authentication_required', String(detail));
    }
    const problems = operations.index.requestProblems(matched.operation, matched.params, url.searchParams, body);
    if (Object.keys(problems).length > 0) throw new SandboxError(400, 'validation_failed', 'Invalid input.', problems);
    await accounts.open(account);
    const result = await handler({
      account,
      teams,
      apiUserId: principal?.apiUserId,
      params: matched.params,
      query: url.searchParams,
      body: body && typeof body === 'object' ? body : undefined,
    });
    if (request.method !== 'GET') behaviour.webhooks.watch(account);
    const answered = result.body === undefined ? {status: result.status, headers: {}} : json(result.status, result.body);
    return {...answered, headers: {...answered.headers, [ANSWER_SOURCE_HEADER]: 'state'}};
  }

  const server = http.createServer((request, response) => {
    const requestId = newRequestId();
    answer(request, requestId)
      .catch((error: unknown) => {
        if (error instanceof SandboxError) return errorAnswer(error, requestId);
        console.error(`The sandbox failed on ${request.method} ${request.url} (${requestId}):`, error);
        return errorAnswer(new SandboxError(500, 'internal_error', 'A server error occurred.'), requestId);
      })
      .then((result) => {
        const headers = Object.fromEntries(Object.entries(result.headers).filter(([name]) => !name.toLowerCase().startsWith('access-control-')));
        response.writeHead(result.status, {...(isPreflight(request) ? result.headers : {...headers, ...CORS_HEADERS}), 'X-Request-Id': requestId});
        response.end(result.body);
      });
  });
  const expire = () =>
    Promise.all([accounts.expire(options.idleHours), limiter.forgetEnded()]).catch((error: unknown) =>
      console.warn(`The sandbox could not expire idle accounts and ended rate windows: ${String(error)}`),
    );
  await expire();
  const expiry = setInterval(expire, EXPIRY_INTERVAL_MS).unref();
  behaviour.webhooks.start((account) => behaviour.advance(account));
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${options.port}`,
    async close() {
      clearInterval(expiry);
      await behaviour.webhooks.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await prism.close();
      await store.close();
    },
  };
}
