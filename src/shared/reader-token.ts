/**
 * The API token a signed-in reader brings from the product. The product keeps
 * it in a cookie (PORTAL_TOKEN_COOKIE) readable on the domain it shares with
 * the portal; the try-it panel uses it as its key, stored in session storage
 * under the contract's security scheme with a marker saying where it came
 * from. The cookie decides: a new value replaces the stored token, no cookie
 * removes it, and a value that is not a well-formed token is never stored.
 * A key the reader typed (stored without the marker) is never touched.
 *
 * The same code runs in every page (/js/setJWTTokenValue.js, bundled by
 * lib/contract/jwt-token-script.ts) and in the panel: no imports here.
 */

/** Where the token goes: the cookie to read, the session storage entry (the security scheme's name) to fill. */
export interface ReaderTokenSettings {
  cookieName: string;
  schemeKey: string;
}

/** What the session storage entry holds: the theme reads `apiKey`; `source` marks a token copied from the cookie. */
export interface StoredCredential {
  apiKey?: string;
  source?: 'cookie';
  /** The reader pressed "Forget my credentials": the cookie's token stays unused until the cookie goes. */
  forgotten?: boolean;
}

/** Where the panel's key comes from. */
export type CredentialSource = 'cookie' | 'typed' | 'forgotten' | 'none';

/** What the product's cookie holds. */
export type CookieState = 'absent' | 'malformed' | 'valid';

/**
 * The API's keys are JSON Web Tokens (sent as `Authorization: JWT <key>`):
 * three base64url parts, the first a JSON header, so starting "eyJ". Nothing
 * else passes: no whitespace, no control characters, no quotes or separators.
 */
const API_TOKEN = /^eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** A browser keeps 4 KB per cookie: a longer value is not one the product set. */
export const MAX_TOKEN_LENGTH = 4096;

export function isWellFormedToken(value: string): boolean {
  return value.length <= MAX_TOKEN_LENGTH && API_TOKEN.test(value);
}

/** The security scheme whose key the token is: an apiKey in the Authorization header. */
export function readerTokenScheme(securitySchemes: Record<string, {type?: string; in?: string; name?: string}> | undefined): string | undefined {
  return Object.entries(securitySchemes ?? {}).find(([, scheme]) => scheme.type === 'apiKey' && scheme.in === 'header' && scheme.name === 'Authorization')?.[0];
}

/** The token in `document.cookie`'s text, if the named cookie is there and well-formed (the first one, the most specific path). */
export function cookieToken(cookies: string, cookieName: string): {state: CookieState; token?: string} {
  for (const pair of cookies.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim() !== cookieName) continue;
    let value: string;
    try {
      value = decodeURIComponent(pair.slice(equals + 1));
    } catch {
      return {state: 'malformed'};
    }
    return isWellFormedToken(value) ? {state: 'valid', token: value} : {state: 'malformed'};
  }
  return {state: 'absent'};
}

/** The stored entry, or nothing when there is none or it is not ours to read. */
export function storedCredential(storage: Pick<Storage, 'getItem'>, schemeKey: string): StoredCredential | undefined {
  try {
    const value: unknown = JSON.parse(storage.getItem(schemeKey) ?? 'null');
    return value && typeof value === 'object' ? (value as StoredCredential) : undefined;
  } catch {
    return undefined;
  }
}

export function credentialSource(stored: StoredCredential | undefined): CredentialSource {
  if (stored?.source === 'cookie') return stored.apiKey ? 'cookie' : stored.forgotten ? 'forgotten' : 'none';
  return stored?.apiKey ? 'typed' : 'none';
}

/** Brings the stored token in line with the cookie; returns what the cookie holds. */
export function syncReaderToken(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>, cookies: string, settings: ReaderTokenSettings): CookieState {
  const cookie = cookieToken(cookies, settings.cookieName);
  const source = credentialSource(storedCredential(storage, settings.schemeKey));
  if (source === 'typed') return cookie.state;
  if (source === 'forgotten') {
    // Forgotten until the reader signs out (the cookie goes); a refreshed token stays forgotten.
    if (cookie.state === 'absent') storage.removeItem(settings.schemeKey);
    return cookie.state;
  }
  if (cookie.state !== 'valid') {
    if (source === 'cookie') storage.removeItem(settings.schemeKey);
    return cookie.state;
  }
  const entry: StoredCredential = {apiKey: `JWT ${cookie.token}`, source: 'cookie'};
  if (storage.getItem(settings.schemeKey) !== JSON.stringify(entry)) storage.setItem(settings.schemeKey, JSON.stringify(entry));
  return cookie.state;
}

/** "Forget my credentials": removes the key; while the product's cookie is there, its token is not taken again. */
export function forgetCredential(storage: Pick<Storage, 'setItem' | 'removeItem'>, cookies: string, settings: ReaderTokenSettings): void {
  if (cookieToken(cookies, settings.cookieName).state === 'absent') storage.removeItem(settings.schemeKey);
  else storage.setItem(settings.schemeKey, JSON.stringify({source: 'cookie', forgotten: true} satisfies StoredCredential));
}

/** Calls `check` whenever the reader comes back to the page: focus, the tab shown again, the page restored from the back/forward cache. */
export function onReaderReturn(check: () => void): () => void {
  const whenVisible = () => {
    if (document.visibilityState === 'visible') check();
  };
  window.addEventListener('focus', check);
  window.addEventListener('pageshow', check);
  document.addEventListener('visibilitychange', whenVisible);
  return () => {
    window.removeEventListener('focus', check);
    window.removeEventListener('pageshow', check);
    document.removeEventListener('visibilitychange', whenVisible);
  };
}

/** /js/setJWTTokenValue.js: keeps the stored token in line with the cookie on every page, now and whenever the reader returns. */
export function watchReaderToken(settings: ReaderTokenSettings): void {
  const sync = () => {
    try {
      syncReaderToken(window.sessionStorage, document.cookie, settings);
    } catch {
      // No storage: the panel works without it, and the reader types the key.
    }
  };
  sync();
  onReaderReturn(sync);
}
