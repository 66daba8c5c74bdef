/**
 * The production static server: serves a built site on 127.0.0.1 with clean
 * URLs (`/api/quick-start` → `api/quick-start.html`) and answers unknown paths
 * with `404.html` and status 404, and answers a page asked for as Markdown
 * with its twin, as nginx does. Used by `npm run serve`, the tests and the
 * benchmarks. Given a service, it passes the service's paths to it, as nginx
 * does in production (`npm start`).
 */
import fs from 'node:fs';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import handler from 'serve-handler';
import {twinPath} from '../../src/shared/twin-paths';
import {wantsMarkdown} from '../deploy/markdown-negotiation';
import {buildDir} from '../paths';
import type {RunningServer} from './running-server';

export interface StaticServerOptions {
  root: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Requests to these paths go to the service at `url`. */
  service?: {url: string; paths: readonly string[]};
}

/** Passes one request to `target` and its answer back; 502 when the target does not answer. */
function proxy(request: http.IncomingMessage, response: http.ServerResponse, target: string): void {
  const upstream = http.request(new URL(request.url ?? '/', target), {method: request.method, headers: request.headers}, (answer) => {
    response.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(response);
  });
  upstream.on('error', () => {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  });
  request.pipe(upstream);
}

/**
 * The site path of the twin of the page at `pathname` when the request asks
 * for Markdown and the twin exists under `root`; undefined otherwise, and the
 * page is served as HTML (as nginx's `@markdown` location falls back to it).
 */
function negotiatedTwin(root: string, pathname: string, accept: string | undefined): string | undefined {
  if (!wantsMarkdown(accept)) return undefined;
  const twin = twinPath(pathname);
  let file: string;
  try {
    file = path.join(root, decodeURIComponent(twin));
  } catch {
    // A malformed escape names no file; serve-handler answers the path as it does without the header.
    return undefined;
  }
  // A path that leaves root is refused by serve-handler, twin or not.
  return fs.statSync(file, {throwIfNoEntry: false})?.isFile() ? twin : undefined;
}

/**
 * How long an idle kept-alive connection stays open: nginx's default, as in
 * production. Node's own 5 s (and 1 s of grace) closed a connection just as a client that had
 * spent 5 s reading the last answer sent the next request on it, which the
 * client saw as a reset.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 75_000;

export function startStaticServer({root, host = '127.0.0.1', port = 0, service}: StaticServerOptions): Promise<RunningServer> {
  const server = http.createServer((request, response) => {
    const {pathname} = new URL(request.url ?? '/', 'http://localhost');
    if (service?.paths.includes(pathname)) return proxy(request, response, service.url);
    // What is served depends on Accept, so caches keep the HTML and the Markdown answers apart.
    response.setHeader('Vary', 'Accept');
    const twin = negotiatedTwin(root, pathname, request.headers.accept);
    // serve-handler types the twin by its extension: text/markdown; charset=utf-8.
    if (twin) request.url = twin;
    void handler(request, response, {
      public: root,
      cleanUrls: true,
      trailingSlash: false,
      directoryListing: false,
      // Lets a test mount the build under another path with a symlink.
      symlinks: true,
    });
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo;
      resolve({
        url: `http://${host}:${address.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** build/ served like production (`npm run serve`, `npm start` with the portal's service). */
export function serveBuild(port: number, service?: StaticServerOptions['service']): Promise<RunningServer> {
  if (!fs.existsSync(buildDir)) throw new Error('No build/ folder: run `npm run build` (or `npm start`, which builds when needed).');
  return startStaticServer({root: buildDir, port, service});
}
