/** Where the sandbox's webhook deliveries may go: receivers on its own machine, or nowhere when the deployment says so. */
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {deliver} from '../../lib/sandbox/webhooks';

describe('webhook deliveries of the sandbox', () => {
  let received = 0;
  let url = '';
  const receiver = http.createServer((request, response) => {
    received += 1;
    request.resume();
    response.writeHead(204).end();
  });
  beforeAll(() => new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve())));
  beforeAll(() => {
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  const payload = {id: 'delivery-1', event: 'scan_completed', test: true};
  const secrets = [{value: 'a-secret-of-at-least-32-characters-long', expiresAtMs: null}];

  it('reach a receiver on the same machine', async () => {
    expect(await deliver('loopback', url, payload, secrets, Date.now())).toMatchObject({success: true, status_code: 204, error: null});
    expect(received).toBe(1);
  });

  it('go nowhere when the deployment turns them off, and never off the machine', async () => {
    const off = await deliver('off', url, payload, secrets, Date.now());
    expect(off).toMatchObject({success: false, status_code: null, error: expect.stringContaining('sends no webhook deliveries')});
    const elsewhere = await deliver('loopback', 'https://hooks.example.com/scanner', payload, secrets, Date.now());
    expect(elsewhere).toMatchObject({success: false, status_code: null, error: expect.stringContaining('only to receivers on its own machine')});
    expect(received).toBe(1);
  });
});
