/**
 * Which hosts and origins /mcp answers (DNS-rebinding protection): a page on
 * attacker.example whose name the attacker points at the service's address
 * sends `Host: attacker.example` and `Origin: http://attacker.example`; only
 * the site's own name and loopback names, on any port, are answered. The
 * SDK's own check compares whole Host values, port included, where nginx
 * passes the name alone and local servers run on any port.
 */
import type http from 'node:http';

const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The host name of a Host header value or an origin's URL, or undefined when it is not one. */
function hostnameOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Why the request's Host or Origin is not the site's (`siteUrl`) nor loopback, or undefined when both are (a request without Origin is not a browser's cross-site one). */
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
