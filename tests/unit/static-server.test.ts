/**
 * The static server keeps an idle kept-alive connection open as nginx does
 * (lib/serve/static-server.ts): a client that reads an answer for a few
 * seconds may send its next request on the same connection.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startStaticServer} from '../../lib/serve/static-server';
import type {RunningServer} from '../../lib/serve/running-server';

// Past the 5 s (and 1 s of grace) after which Node closes an idle connection by default.
const IDLE_MS = 7_000;

let root: string;
let server: RunningServer;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'static-server-'));
  fs.writeFileSync(path.join(root, 'index.html'), '<p>home</p>');
  server = await startStaticServer({root});
});

afterAll(async () => {
  await server.close();
  fs.rmSync(root, {recursive: true, force: true});
});

/** Sends one request on the socket and resolves with the status line of its answer. */
function requestOn(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const onData = (chunk: Buffer) => {
      answer += chunk.toString();
      if (answer.includes('<p>home</p>')) {
        socket.off('data', onData);
        resolve(answer.split('\r\n')[0]);
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
  });
}

describe('the static server', () => {
  it(
    'answers a second request on a connection left idle for 7 s',
    async () => {
      const {port} = new URL(server.url);
      const socket = net.connect(Number(port), '127.0.0.1');
      let closedByServer = false;
      socket.on('end', () => (closedByServer = true));
      expect(await requestOn(socket)).toBe('HTTP/1.1 200 OK');
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      expect(closedByServer, 'the server closed the idle connection').toBe(false);
      expect(await requestOn(socket)).toBe('HTTP/1.1 200 OK');
      socket.destroy();
    },
    IDLE_MS + 10_000,
  );
});
