/** The client address an API user's allowed ranges are held to: the connection's, or a trusted proxy's last X-Forwarded-For entry. */
import type http from 'node:http';
import {describe, expect, it} from 'vitest';
import {addressAllowed, clientAddress, invalidRanges} from '../../lib/sandbox/client-address';

const request = (remoteAddress: string, forwardedFor?: string) =>
  ({socket: {remoteAddress}, headers: forwardedFor === undefined ? {} : {'x-forwarded-for': forwardedFor}}) as unknown as http.IncomingMessage;

describe('clientAddress', () => {
  it("is the connection's address unless the deployment trusts a proxy's header", () => {
    expect(clientAddress(request('127.0.0.1', '10.1.2.3'), 'socket')).toBe('127.0.0.1');
    expect(clientAddress(request('::ffff:127.0.0.1'), 'socket')).toBe('127.0.0.1');
  });

  it("behind a trusted proxy, is the header's last entry, the one the proxy appended", () => {
    expect(clientAddress(request('127.0.0.1', '10.9.9.9, 198.51.100.7'), 'x-forwarded-for')).toBe('198.51.100.7');
    expect(clientAddress(request('127.0.0.1'), 'x-forwarded-for')).toBe('127.0.0.1');
  });
});

describe('addressAllowed', () => {
  it('holds an address to IPv4 and IPv6 CIDR ranges; an empty list accepts any', () => {
    expect(addressAllowed('127.0.0.1', ['10.0.0.0/8'])).toBe(false);
    expect(addressAllowed('10.200.1.1', ['10.0.0.0/8'])).toBe(true);
    expect(addressAllowed('2001:db8:4f::1', ['198.51.100.0/24', '2001:db8:4f::/48'])).toBe(true);
    expect(addressAllowed('2001:db8:50::1', ['2001:db8:4f::/48'])).toBe(false);
    expect(addressAllowed('198.51.100.9', [])).toBe(true);
  });

  it('names the ranges that are not CIDR ranges', () => {
    expect(invalidRanges(['10.0.0.0/8', '10.0.0.0/33', '10.0.0.0', 'example.com/8', '::/0'])).toEqual(['10.0.0.0/33', '10.0.0.0', 'example.com/8']);
  });
});
