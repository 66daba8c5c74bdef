/**
 * /js/setJWTTokenValue.js: when the product has signed the reader in, it
 * leaves a short-lived API token in a cookie readable on the shared parent
 * domain; this script copies it into the try-it panel's credentials (session
 * storage, under the contract's security scheme) so requests just work. It
 * never puts the token in a URL or a log, keeps a key the reader typed, and
 * does nothing without the cookie.
 */
import type {OpenApiDocument} from './compile';

export function jwtTokenScript(document: OpenApiDocument, cookieName: string): string {
  const schemes = Object.entries<{type: string; in?: string; name?: string}>(document.components?.securitySchemes ?? {});
  const scheme = schemes.find(([, value]) => value.type === 'apiKey' && value.in === 'header' && value.name === 'Authorization');
  if (!scheme) throw new Error('The contract has no apiKey scheme in the Authorization header for /js/setJWTTokenValue.js to fill.');
  return `(function () {
  var cookieName = ${JSON.stringify(cookieName)};
  var schemeKey = ${JSON.stringify(scheme[0])};
  try {
    var cookies = document.cookie ? document.cookie.split('; ') : [];
    var token = '';
    for (var i = 0; i < cookies.length; i++) {
      if (cookies[i].indexOf(cookieName + '=') === 0) token = decodeURIComponent(cookies[i].slice(cookieName.length + 1));
    }
    if (!token) return;
    var stored = JSON.parse(window.sessionStorage.getItem(schemeKey) || '{}');
    if (stored.apiKey) return;
    window.sessionStorage.setItem(schemeKey, JSON.stringify({apiKey: 'JWT ' + token}));
  } catch (error) {
    // No storage or a malformed entry: the reader types the key instead.
  }
})();
`;
}
