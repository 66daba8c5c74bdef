/** The check that a server's port is free and the one wait for it to listen, shared by the sandbox and nginx (lib/serve/running-server.ts). */
import net from 'node:net';
import {describe, expect, it} from 'vitest';
import {ensurePortFree, waitForPort} from '../../lib/serve/running-server';
import {freePort} from '../../lib/serve/free-port';

describe('waitForPort', () => {
  it('resolves once the port accepts connections', async () => {
    const port = await freePort();
    const waited = waitForPort(port, {name: 'The test server'});
    const server = net.createServer().listen(port, '127.0.0.1');
    await expect(waited).resolves.toBeUndefined();
    server.close();
  });

  it("rejects with the process's report when it ends before listening", async () => {
    const port = await freePort();
    await expect(waitForPort(port, {name: 'nginx', exited: Promise.resolve('bind() failed')})).rejects.toThrow(
      `nginx exited before listening on 127.0.0.1:${port}:\nbind() failed`,
    );
  });

  it('rejects naming the server when nothing listens in time', async () => {
    const port = await freePort();
    await expect(waitForPort(port, {name: 'The sandbox', timeoutMs: 300})).rejects.toThrow(`The sandbox did not listen on 127.0.0.1:${port} within 0.3 s`);
  });
});

describe('ensurePortFree', () => {
  it('resolves for a port nothing listens on, and leaves it free', async () => {
    const port = await freePort();
    await expect(ensurePortFree(port, 'nginx')).resolves.toBeUndefined();
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    server.close();
  });

  it('rejects naming the server when another one already listens on the port', async () => {
    const port = await freePort();
    const other = net.createServer();
    await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve));
    try {
      await expect(ensurePortFree(port, 'nginx')).rejects.toThrow(
        `nginx cannot listen on 127.0.0.1:${port}: something else already does (a server left running?)`,
      );
    } finally {
      other.close();
    }
  });
});
