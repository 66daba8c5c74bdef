/**
 * Sends the client's requests: `Authorization: JWT <key>`, JSON in and out.
 * A 429 (and a 503 carrying Retry-After) is sent again after the seconds of
 * `Retry-After`; a 5xx or a failed connection, for a method that may run
 * twice, after an exponential backoff with jitter, as the API overview asks.
 * After 5 attempts the answer stands: an error answer ends the command with
 * the exit code of its status. With --verbose every request and every wait
 * is printed on standard error, never the key.
 */
import {CliExit, ExitCode, exitCodeOfStatus} from './exit-codes';
import type {Deadline} from './deadline';

const ATTEMPTS = 5;
/** The API never asks for a longer wait. */
const MAX_RETRY_AFTER_S = 3600;
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

export interface ApiRequest {
  method: string;
  /** The path with its parameters filled in, without the query. */
  path: string;
  query?: [string, string][];
  body?: unknown;
  /** The media types of a download, whose answer is kept as bytes; JSON otherwise. */
  accept?: string[];
  /** A multipart/form-data body (a file upload) instead of JSON. */
  form?: FormData;
}

export interface ApiAnswer {
  status: number;
  /** The JSON answer; a download's bytes. */
  body: unknown;
  headers: Headers;
}

/** The seconds a Retry-After header asks for (seconds or an HTTP date); undefined when it has none. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header.trim()) : (Date.parse(header) - now) / 1000;
  return Number.isNaN(seconds) ? undefined : Math.min(MAX_RETRY_AFTER_S, Math.max(0, seconds));
}

/** Backoff before attempt `attempt + 1`: 1, 2, 4, 8 s, each between half and all of that at random. */
const backoffMs = (attempt: number) => 1000 * 2 ** (attempt - 1) * (0.5 + Math.random() / 2);

/** The API's error body as one line: its message and code when it is the documented error object. */
function errorText(body: unknown): string {
  if (body && typeof body === 'object') {
    const {message, detail, code, title} = body as Record<string, unknown>;
    const text = [message ?? detail ?? title].filter((part) => typeof part === 'string').join('');
    return `${text}${typeof code === 'string' ? ` (${code})` : ''}`;
  }
  return typeof body === 'string' ? body.slice(0, 200) : '';
}

export class ApiClient {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly deadline: Deadline,
    private readonly verbose?: (line: string) => void,
  ) {}

  async send(request: ApiRequest): Promise<ApiAnswer> {
    const url = new URL(request.path, `${this.baseUrl}/`);
    for (const [name, value] of request.query ?? []) url.searchParams.append(name, value);
    const shown = `${request.method} ${url.pathname}${url.search}`;
    for (let attempt = 1; ; attempt += 1) {
      const started = Date.now();
      let response: Response;
      try {
        response = await fetch(url, {
          method: request.method,
          headers: {
            Authorization: `JWT ${this.apiKey}`,
            Accept: request.accept?.join(', ') ?? 'application/json',
            ...(request.body === undefined || request.form ? {} : {'Content-Type': 'application/json'}),
          },
          body: request.form ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
          signal: this.deadline.signal(),
        });
      } catch (error) {
        if (this.deadline.remaining() === 0) throw this.deadline.expired();
        const reason = (error as Error & {cause?: Error}).cause?.message ?? (error as Error).message;
        this.verbose?.(`${shown}  no answer: ${reason}`);
        if (attempt >= ATTEMPTS || !IDEMPOTENT.has(request.method)) {
          throw new CliExit(ExitCode.failed, `Could not reach ${url.origin}: ${reason}.`);
        }
        await this.wait(backoffMs(attempt), 'after a network error');
        continue;
      }
      const bytes = Buffer.from(await response.arrayBuffer());
      const text = bytes.toString('utf8');
      this.verbose?.(`${shown}  ${response.status}  ${Date.now() - started} ms`);
      const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
      const rateLimited = response.status === 429 || (response.status === 503 && retryAfter !== undefined);
      const retried = rateLimited || (response.status >= 500 && IDEMPOTENT.has(request.method));
      if (retried && attempt < ATTEMPTS) {
        await this.wait(retryAfter !== undefined ? retryAfter * 1000 : backoffMs(attempt), `after ${response.status}`);
        continue;
      }
      let body: unknown = undefined;
      if (response.ok && request.accept) return {status: response.status, body: bytes, headers: response.headers};
      if (text !== '') {
        try {
          body = JSON.parse(text);
        } catch {
          if (response.ok) throw new CliExit(ExitCode.failed, `${shown} answered ${response.status} with a body that is not JSON.`);
          body = text;
        }
      }
      if (response.ok) return {status: response.status, body, headers: response.headers};
      const gaveUp = retried ? ` after ${ATTEMPTS} attempts` : '';
      throw new CliExit(exitCodeOfStatus(response.status), `${shown} answered ${response.status}${gaveUp}: ${errorText(body) || response.statusText}`);
    }
  }

  private async wait(ms: number, why: string): Promise<void> {
    this.verbose?.(`Waiting ${(ms / 1000).toFixed(1)} s ${why} before trying again.`);
    await this.deadline.sleep(ms);
  }
}
