/**
 * One attempt of a sandbox delivery (lib/sandbox/webhooks.ts): it reaches
 * loopback addresses only, whatever a name resolves to (a `.localhost` name
 * passes the URL's check, and the lookup of the connection then refuses an
 * answer that points to another machine), and an attempt that gets no answer
 * says why.
 */
import type dns from 'node:dns';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {describe, expect, it} from 'vitest';
import {freePort} from '../../lib/serve/free-port';
import {deliver, DELIVERY_TIMEOUT_MS, loopbackLookup} from '../../lib/sandbox/webhooks';

const payload = {id: 'delivery-id', event: 'scan_completed', test: false};
const secrets = [{value: 'a-secret-of-at-least-32-characters-long', expiresAtMs: null}];

/** What the guarded lookup calls back with, when the resolver answers `addresses`. */
function lookUp(addresses: dns.LookupAddress[], all: boolean) {
  const lookup = loopbackLookup((_hostname, _options, callback) => callback(null, addresses));
  return new Promise<{error: Error | null; address: unknown}>((resolve) => lookup('receiver.localhost', {all}, (error, address) => resolve({error, address})));
}

describe('the lookup of a delivery connection', () => {
  it('passes loopback addresses, one or all as asked', async () => {
    const loopback = [
      {address: '127.0.0.1', family: 4},
      {address: '::1', family: 6},
    ];
    expect(await lookUp(loopback, false)).toEqual({error: null, address: '127.0.0.1'});
    expect(await lookUp(loopback, true)).toEqual({error: null, address: loopback});
  });

  it('refuses a name any of whose addresses is another machine', async () => {
    for (const addresses of [
      [{address: '10.0.0.5', family: 4}],
      [
        {address: '127.0.0.1', family: 4},
        {address: '169.254.169.254', family: 4},
      ],
      [{address: 'fd00::1', family: 6}],
    ]) {
      const {error} = await lookUp(addresses, true);
      expect(error?.message).toMatch(/^receiver\.localhost resolves to .+, not to this machine; nothing was sent\.$/);
    }
  });
});

describe('an attempt that gets no answer', () => {
  it('says the connection was refused', async () => {
    const outcome = await deliver('loopback', `http://127.0.0.1:${await freePort()}/hooks`, payload, secrets, Date.now());
    expect(outcome).toMatchObject({success: false, status_code: null, response_body: null, error: expect.stringContaining('ECONNREFUSED')});
  });

  it(`gives up after ${DELIVERY_TIMEOUT_MS / 1000} seconds, and says so`, async () => {
    const silent = http.createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hooks`;
      const outcome = await deliver('loopback', url, payload, secrets, Date.now());
      expect(outcome).toMatchObject({success: false, status_code: null, error: `No answer within ${DELIVERY_TIMEOUT_MS / 1000} seconds.`});
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  }, 30_000);
});
