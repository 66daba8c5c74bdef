/**
 * What nginx with the production configuration answers for requests no page
 * links to: a range past the end of a file, and a page's path with a trailing
 * slash. Raw requests (node:http), so repeated headers and the path are seen
 * as sent.
 */
import http from 'node:http';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startNginx, type RunningNginx} from '../../lib/deploy/nginx-server';
import {buildDir} from '../../lib/paths';
import type {RunningServer} from '../../lib/serve/running-server';
import {startStaticServer} from '../../lib/serve/static-server';
import {freePort} from '../../lib/serve/free-port';

interface RawResponse {
  status: number;
  /** Header names, lower-cased, as many times as each was sent. */
  names: string[];
  headers: http.IncomingHttpHeaders;
}

/** GET `target` exactly as written (no normalisation of the path). */
function rawGet(origin: string, target: string, headers: http.OutgoingHttpHeaders = {}): Promise<RawResponse> {
  const {hostname, port} = new URL(origin);
  return new Promise((resolve, reject) => {
    http
      .get({hostname, port, path: target, headers}, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            names: response.rawHeaders.filter((_, index) => index % 2 === 0).map((name) => name.toLowerCase()),
            headers: response.headers,
          }),
        );
      })
      .on('error', reject);
  });
}

let nginx: RunningNginx;
let site: RunningServer;
beforeAll(async () => {
  site = await startStaticServer({root: buildDir});
  nginx = await startNginx({port: await freePort()});
}, 60_000);
afterAll(() => Promise.all([nginx?.close(), site?.close()]));

describe('a range past the end of a file', () => {
  it.each([
    ['a page', '/api/quick-start', {}],
    ['a page asked for as Markdown', '/api/quick-start', {Accept: 'text/markdown'}],
    ['a twin', '/api/quick-start.md', {}],
    ['the OpenAPI file', '/openapi.yaml', {}],
    ['an asset', '/img/logo.svg', {}],
  ])('answers 416 for %s with one copy of each header', async (_, target, headers) => {
    const response = await rawGet(nginx.url, target, {...headers, Range: 'bytes=999999999-'});
    expect(response.status).toBe(416);
    expect(response.headers['content-range']).toMatch(/^bytes \*\/\d+$/);
    expect(response.names).toContain('content-security-policy');
    const repeated = response.names.filter((name, index) => response.names.indexOf(name) !== index && name !== 'vary');
    expect(repeated).toEqual([]);
  });
});

describe("a page's path with a trailing slash", () => {
  it('is redirected to the page by nginx, query kept, as by the static server', async () => {
    const redirected = await rawGet(nginx.url, '/api/reference/?tag=targets');
    expect(redirected.status).toBe(301);
    expect(redirected.headers.location).toBe('/api/reference?tag=targets');
    expect((await rawGet(nginx.url, '/api/reference')).status).toBe(200);
    const bySite = await rawGet(site.url, '/api/reference/');
    expect(bySite.status).toBe(301);
    expect(bySite.headers.location).toBe('/api/reference');
  });

  it('never redirects off the site nor decodes what it redirects to', async () => {
    for (const target of ['//evil.example/', '/\\evil.example/', '/api/reference//']) expect((await rawGet(nginx.url, target)).status, target).toBe(404);
    const encoded = await rawGet(nginx.url, '/api%0d%20Set-Cookie:%20x=1/');
    expect(encoded.headers['set-cookie']).toBeUndefined();
    expect(encoded.headers.location).toBe('/api%0d%20Set-Cookie:%20x=1');
    expect((await rawGet(nginx.url, '/api%0d%0aSet-Cookie:%20x=1/')).headers['set-cookie']).toBeUndefined();
  });
});
