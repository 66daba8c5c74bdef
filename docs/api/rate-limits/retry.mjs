// Send a request, and on 429 (or 503) wait as Retry-After says, then send it again.
import {pathToFileURL} from 'node:url';

const MAX_RETRIES = 5; // retries after the first request; then the 429 is returned
const FALLBACK_SECONDS = 30; // the wait when Retry-After is missing or not understood
const MAX_WAIT_SECONDS = 300; // never sleep longer than this, whatever the header says
const RETRY_STATUSES = [429, 503]; // too many requests; down for maintenance or overloaded

/** Seconds to wait from a Retry-After value: a number of seconds or an HTTP date. */
export function retryAfterSeconds(value, fallback = FALLBACK_SECONDS) {
  if (value == null) return fallback;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text), MAX_WAIT_SECONDS);
  // An HTTP date always names its day and GMT; Date.parse would read other text as a date too.
  const when = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(when)) return fallback;
  return Math.min(Math.max((when - Date.now()) / 1000, 0), MAX_WAIT_SECONDS);
}

/** Fetches; on 429 or 503, waits and fetches again, at most maxRetries times. */
export async function fetchWithRetry(url, options = {}, {maxRetries = MAX_RETRIES, fallback = FALLBACK_SECONDS} = {}) {
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetch(url, options);
    if (!RETRY_STATUSES.includes(response.status) || attempt === maxRetries) return response;
    await response.body?.cancel();
    const seconds = retryAfterSeconds(response.headers.get('Retry-After'), fallback);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}

// node retry.mjs URL [MAX_RETRIES] [FALLBACK_SECONDS]: GETs the URL with the API key of API_KEY.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [url, retries = MAX_RETRIES, fallback = FALLBACK_SECONDS] = process.argv.slice(2);
  const response = await fetchWithRetry(
    url,
    {headers: {Authorization: `JWT ${process.env.API_KEY ?? ''}`}},
    {maxRetries: Number(retries), fallback: Number(fallback)},
  );
  console.log(response.status);
  process.exitCode = response.ok ? 0 : 1;
}
