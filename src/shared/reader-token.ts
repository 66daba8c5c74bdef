/**
 * The API token a signed-in reader brings from the product's cookie
 * (PORTAL_TOKEN_COOKIE), stored as the try-it panel's key with a marker saying
 * where it came from. The cookie decides: a new value replaces the stored token,
 * no cookie removes it, a malformed value is never stored, and a key the reader
 * typed is never touched. No imports: the same code runs in the panel and in every
 * page (bundled by lib/contract/jwt-token-script.ts).
 */

export interface ReaderTokenSettings {
  cookieName: string;
  schemeKey: string;
}

/** The theme reads `apiKey`; `source` marks a token copied from the cookie. */
export interface StoredCredential {
  apiKey?: string;
  source?: 'cookie';
  /** The reader pressed "Forget my credentials": the cookie's token stays unused until the cookie goes. */
  forgotten?: boolean;
}

export type CredentialSource = 'cookie' | 'typed' | 'forgotten' | 'none';

export type CookieState = 'absent' | 'malformed' | 'valid';

/** API keys are JSON Web Tokens (three base64url parts, the header's JSON starting "eyJ"); nothing else passes. */
const API_TOKEN = /^eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** A browser's per-cookie limit: a longer value is not one the product set. */
export const MAX_TOKEN_LENGTH = 4096;

export function isWellFormedToken(value: string): boolean {
  return value.length <= MAX_TOKEN_LENGTH && API_TOKEN.test(value);
}

export function readerTokenScheme(securitySchemes: Record<string, {type?: string; in?: string; name?: string}> | undefined): string | undefined {
  return Object.entries(securitySchemes ?? {}).find(([, scheme]) => scheme.type === 'apiKey' && scheme.in === 'header' && scheme.name === 'Authorization')?.[0];
}

/** The first named cookie is the most specific path's. */
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

/** Nothing when there is none or it is not ours to read. */
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

export function syncReaderToken(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>, cookies: string, settings: ReaderTokenSettings): CookieState {
  const cookie = cookieToken(cookies, settings.cookieName);
  const source = credentialSource(storedCredential(storage, settings.schemeKey));
  if (source === 'typed') return cookie.state;
  if (source === 'forgotten') {
    // A refreshed token stays forgotten until the reader signs out.
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

/** "Forget my credentials": while the product's cookie is there, its token is not taken again. */
export function forgetCredential(storage: Pick<Storage, 'setItem' | 'removeItem'>, cookies: string, settings: ReaderTokenSettings): void {
  if (cookieToken(cookies, settings.cookieName).state === 'absent') storage.removeItem(settings.schemeKey);
  else storage.setItem(settings.schemeKey, JSON.stringify({source: 'cookie', forgotten: true} satisfies StoredCredential));
}

/** Focus, the tab shown again, or the page restored from the back/forward cache. */
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

/** /js/setJWTTokenValue.js: the stored token follows the cookie now and whenever the reader returns. */
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
