/**
 * The production static server: serves a built site on 127.0.0.1 with clean
 * URLs (`/api/quick-start` → `api/quick-start.html`) and answers unknown paths
 * with `404.html` and status 404. Used by `npm run serve`, the tests and the
 * benchmarks.
 */
import fs from 'node:fs';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import handler from 'serve-handler';
import {buildDir} from '../paths';
import type {RunningServer} from './running-server';

export interface StaticServerOptions {
  root: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
}

export function startStaticServer({root, host = '127.0.0.1', port = 0}: StaticServerOptions): Promise<RunningServer> {
  const server = http.createServer((request, response) => {
    void handler(request, response, {
      public: root,
      cleanUrls: true,
      trailingSlash: false,
      directoryListing: false,
      // Lets a test mount the build under another path with a symlink.
      symlinks: true,
    });
  });
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

/** build/ served like production (`npm run serve`, `npm start`). */
export function serveBuild(port: number): Promise<RunningServer> {
  if (!fs.existsSync(buildDir)) throw new Error('No build/ folder: run `npm run build` (or `npm start`, which builds when needed).');
  return startStaticServer({root: buildDir, port});
}
