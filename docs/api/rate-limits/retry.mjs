// fetch, sent again when the API asks for it or the request failed on the way.
import {pathToFileURL} from 'node:url';

const MAX_RETRIES = 5; // retries after the first request; then the last answer, or error, is yours
const BACKOFF_SECONDS = 1; // the first wait without a Retry-After; it doubles with each retry
const MAX_WAIT_SECONDS = 3600; // the longest Retry-After the API sends
const RETRY_ALWAYS = [429, 503]; // the API did nothing and says when to come back
const RETRY_IF_IDEMPOTENT = [500, 502, 504]; // the request may have been carried out: send again only what may run twice
const IDEMPOTENT_METHODS = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'];

/** Seconds a Retry-After value asks for (a number of seconds or an HTTP date), or undefined when it says nothing readable. */
function retryAfter(value) {
  const text = (value ?? '').trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text), MAX_WAIT_SECONDS);
  // An HTTP date always names its day and GMT; Date.parse would read other text as a date too.
  const when = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text) ? Date.parse(text) : NaN;
  return Number.isNaN(when) ? undefined : Math.min(Math.max((when - Date.now()) / 1000, 0), MAX_WAIT_SECONDS);
}

/** Exponential backoff with jitter: between half and all of backoffSeconds × 2^retry, so that clients spread out. */
function backoff(retry, backoffSeconds) {
  const ceiling = Math.min(backoffSeconds * 2 ** retry, MAX_WAIT_SECONDS);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** fetch that retries 429 and 503, and for idempotent methods 500, 502, 504 and network errors too. */
export async function fetchWithRetry(url, options = {}, {maxRetries = MAX_RETRIES, backoffSeconds = BACKOFF_SECONDS} = {}) {
  const idempotent = IDEMPOTENT_METHODS.includes((options.method ?? 'GET').toUpperCase());
  for (let retry = 0; ; retry += 1) {
    const last = retry === maxRetries;
    let response;
    try {
      response = await fetch(url, options);
    } catch (error) {
      // fetch rejects with a TypeError when no answer came: refused, reset, DNS.
      if (last || !idempotent || !(error instanceof TypeError)) throw error;
      await sleep(backoff(retry, backoffSeconds));
      continue;
    }
    const retryable = RETRY_ALWAYS.includes(response.status) || (idempotent && RETRY_IF_IDEMPOTENT.includes(response.status));
    if (last || !retryable) return response;
    await response.body?.cancel();
    await sleep(retryAfter(response.headers.get('Retry-After')) ?? backoff(retry, backoffSeconds));
  }
}

// node retry.mjs URL [MAX_RETRIES] [BACKOFF_SECONDS] [METHOD]: sends a GET, or METHOD, to the URL with the API key of API_KEY.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [url, retries = MAX_RETRIES, backoffSeconds = BACKOFF_SECONDS, method = 'GET'] = process.argv.slice(2);
  try {
    const response = await fetchWithRetry(
      url,
      {method, headers: {Authorization: `JWT ${process.env.API_KEY ?? ''}`}},
      {maxRetries: Number(retries), backoffSeconds: Number(backoffSeconds)},
    );
    console.log(response.status);
    process.exitCode = response.ok ? 0 : 1;
  } catch (error) {
    console.error(error.cause?.message ?? error.message);
    process.exitCode = 1;
  }
}
