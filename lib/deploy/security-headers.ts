/** Made in one place so the nginx configuration and the tests that check it agree. */
import {createHash} from 'node:crypto';
import type {HostedSearch} from '../../src/shared/search/hosted-search';

export interface PolicyInputs {
  /** The try-it panel sends requests to both. */
  apiUrl: string;
  sandboxUrl?: string;
  inlineScriptHashes: string[];
  search?: HostedSearch;
}

/** The read host first, then the fallbacks. */
export function hostedSearchOrigins({appId}: Pick<HostedSearch, 'appId'>): string[] {
  const id = appId.toLowerCase();
  return [`https://${id}-dsn.algolia.net`, ...[1, 2, 3].map((n) => `https://${id}-${n}.algolianet.com`)];
}

/** Styles allow 'unsafe-inline' because server-rendered pages carry style attributes and diagrams carry <style> elements; styles cannot run code. */
export function contentSecurityPolicy({apiUrl, sandboxUrl, inlineScriptHashes, search}: PolicyInputs): string {
  const tryItOrigins = [apiUrl, ...(sandboxUrl ? [sandboxUrl] : [])].map((url) => new URL(url).origin);
  const connect = new Set(["'self'", ...tryItOrigins, ...(search ? hostedSearchOrigins(search) : [])]);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...[...new Set(inlineScriptHashes)].sort().map((hash) => `'${hash}'`)],
    'style-src': ["'self'", "'unsafe-inline'"],
    // Infima's icons are data: URIs.
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [...connect],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export function securityHeaders(inputs: PolicyInputs): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(inputs),
    // The preload list's minimum; browsers honour it over HTTPS only.
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    // For browsers that predate frame-ancestors.
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

export function scriptHash(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}
