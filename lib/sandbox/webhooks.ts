/**
 * Webhook deliveries as the receiving guide describes them: the JSON body,
 * `X-Scanner-Event`, `X-Scanner-Delivery-Id`, `X-Scanner-Test` on test
 * deliveries, and `X-Scanner-Signature: t=<seconds>,v1=<hex>`, the
 * HMAC-SHA256 of `<seconds>.<body>` keyed with each secret still valid (the
 * newest first: two for 24 hours after a rotation). The sandbox sends them
 * only to receivers on its own machine, or nowhere (a hosted sandbox), so it
 * is no way to send requests elsewhere. Which deliveries are made and when:
 * ./webhook-dispatch.ts.
 */
import {createHmac, randomBytes} from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import {isLoopbackHost} from '../../portal.config';

export interface WebhookSecret {
  value: string;
  /** When a rotated-away secret stops signing, ms since the epoch; null for the current one. */
  expiresAtMs: number | null;
}

/** How long a rotated-away secret still signs deliveries. */
export const PREVIOUS_SECRET_HOURS = 24;
/** How long a receiver has to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
const RESPONSE_BODY_CHARS = 1000;

export const newSecret = (): string => randomBytes(48).toString('base64url');

/** The secrets a stored webhook signs with, kept under `stateKey` beside its API fields. */
export const secretsOf = (webhook: Record<string, unknown>, stateKey: string): WebhookSecret[] =>
  (webhook[stateKey] as {secrets?: WebhookSecret[]} | undefined)?.secrets ?? [];

export function signature(body: string, secrets: WebhookSecret[], nowMs: number): string {
  const timestamp = Math.floor(nowMs / 1000);
  const valid = secrets.filter((secret) => secret.expiresAtMs === null || secret.expiresAtMs > nowMs);
  const signatures = valid.map((secret) => `v1=${createHmac('sha256', secret.value).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`);
  return [`t=${timestamp}`, ...signatures].join(',');
}

export interface DeliveryOutcome {
  success: boolean;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_body: string | null;
  delivered_at: string;
}

/** Where deliveries may go: receivers on the sandbox's own machine, or nowhere. */
export type WebhookDeliveries = 'loopback' | 'off';

/** Why nothing may be sent to `url`, or null when it may: a refused delivery is recorded, never sent, and never retried. */
export function deliveryRefusal(allowed: WebhookDeliveries, url: string): string | null {
  if (allowed === 'off') return 'This sandbox sends no webhook deliveries; nothing was sent.';
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    // Left undefined: refused below.
  }
  if (!parsed || !isLoopbackHost(parsed.hostname))
    return 'The sandbox delivers only to receivers on its own machine (localhost, 127.0.0.1, [::1]); nothing was sent.';
  if (!/^https?:$/.test(parsed.protocol)) return 'The sandbox delivers over http or https only; nothing was sent.';
  return null;
}

const LOOPBACK_ADDRESSES = new net.BlockList();
LOOPBACK_ADDRESSES.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK_ADDRESSES.addAddress('::1', 'ipv6');
LOOPBACK_ADDRESSES.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

type Resolve = (hostname: string, options: dns.LookupOptions, callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) => void;

/**
 * A connection's name lookup that lets it reach loopback addresses only: a name such as `x.localhost` passes the URL's
 * check, but a resolver may answer it with another machine's address, and nothing must be sent there.
 */
export function loopbackLookup(resolve: Resolve = (hostname, options, callback) => dns.lookup(hostname, {...options, all: true}, callback)) {
  return (hostname: string, options: dns.LookupOptions, callback: (error: Error | null, address: string | dns.LookupAddress[], family?: number) => void) =>
    resolve(hostname, options, (error, addresses) => {
      if (error) return callback(error, []);
      const outside = addresses.find((each) => !LOOPBACK_ADDRESSES.check(each.address, each.family === 6 ? 'ipv6' : 'ipv4'));
      if (outside) return callback(new Error(`${hostname} resolves to ${outside.address}, not to this machine; nothing was sent.`), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
}

/** POSTs `body` and reads the start of the answer; redirects are not followed, and the answer's body is read no further than it is kept. */
function post(url: string, headers: Record<string, string>, body: string): Promise<{status: number; text: string}> {
  const client = new URL(url).protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {...headers, 'Content-Length': String(Buffer.byteLength(body))},
        lookup: loopbackLookup() as net.LookupFunction,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      },
      (response) => {
        let text = '';
        const done = () => resolve({status: response.statusCode ?? 0, text: text.slice(0, RESPONSE_BODY_CHARS)});
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          if (text.length < RESPONSE_BODY_CHARS) return;
          done();
          response.destroy();
        });
        response.on('end', done);
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Sends one attempt of a delivery and reports how it went; never throws. */

export async function deliver(
  allowed: WebhookDeliveries,
  url: string,
  payload: Record<string, unknown>,
  secrets: WebhookSecret[],
  nowMs: number,
): Promise<DeliveryOutcome> {
  const delivered_at = new Date(nowMs).toISOString();
  const refusal = deliveryRefusal(allowed, url);
  if (refusal !== null) return {success: false, status_code: null, duration_ms: 0, error: refusal, response_body: null, delivered_at};
  const body = JSON.stringify(payload);
  const started = performance.now();
  try {
    const response = await post(
      url,
      {
        'Content-Type': 'application/json',
        'X-Scanner-Event': String(payload.event),
        'X-Scanner-Delivery-Id': String(payload.id),
        'X-Scanner-Signature': signature(body, secrets, nowMs),
        ...(payload.test ? {'X-Scanner-Test': 'true'} : {}),
      },
      body,
    );
    const {text} = response;
    const success = response.status >= 200 && response.status < 300;
    return {success, status_code: response.status, duration_ms: Math.round(performance.now() - started), error: null, response_body: text, delivered_at};
  } catch (error) {
    return {
      success: false,
      status_code: null,
      duration_ms: Math.round(performance.now() - started),
      error: (error as Error).name === 'AbortError' ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} seconds.` : String((error as Error).message),
      response_body: null,
      delivered_at,
    };
  }
}
