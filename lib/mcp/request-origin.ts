/**
 * DNS-rebinding protection: only the site's own name and loopback names, on any
 * port, are answered. The SDK's own check compares whole Host values, port
 * included, where nginx passes the name alone and local servers run on any port.
 */
import type http from 'node:http';

const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'];

function hostnameOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** A request without Origin is not a browser's cross-site one. */
export function foreignOrigin(headers: http.IncomingHttpHeaders, siteUrl: string): string | undefined {
  const site = new URL(siteUrl);
  const host = headers.host === undefined ? undefined : hostnameOf(`http://${headers.host}`);
  if (host === undefined || (host !== site.hostname && !LOOPBACK_HOSTNAMES.includes(host))) return `Host ${headers.host ?? '(none)'} is not this portal's.`;
  const origin = headers.origin;
  if (origin === undefined || origin === site.origin) return undefined;
  const originHost = hostnameOf(origin);
  if (originHost !== undefined && LOOPBACK_HOSTNAMES.includes(originHost) && /^https?:$/.test(new URL(origin).protocol)) return undefined;
  return `Origin ${origin} is not this portal's.`;
}
