/**
 * Cross-origin access: the try-it panel calls the sandbox from the portal's
 * origin, without credentials. Every answer allows any origin and exposes
 * its headers (`X-Request-Id`, `RateLimit`), as Prism's do; a preflight is
 * answered here, allowing what it asks for.
 */
import type http from 'node:http';

export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': '*',
};

export const isPreflight = (request: http.IncomingMessage): boolean =>
  request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;

export function preflightHeaders(request: http.IncomingMessage): Record<string, string> {
  return {
    ...CORS_HEADERS,
    'Access-Control-Allow-Methods': String(request.headers['access-control-request-method']),
    'Access-Control-Allow-Headers': String(request.headers['access-control-request-headers'] ?? '*'),
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
}
