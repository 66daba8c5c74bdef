/**
 * A request's client address, which an API user's `allowed_ip_ranges` are
 * held to, and whether it falls in those ranges. The address is the
 * connection's peer, unless the deployment says a reverse proxy in front of
 * the sandbox writes it (`x-forwarded-for`): then the header's last entry, the
 * one that proxy appended, as entries before it are the client's to write.
 */
import type http from 'node:http';
import net from 'node:net';

export type ClientAddressSource = 'socket' | 'x-forwarded-for';

/** An IPv4 address as IPv6 shows it (`::ffff:127.0.0.1`) is the IPv4 address. */
const plain = (address: string): string => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

export function clientAddress(request: http.IncomingMessage, source: ClientAddressSource): string {
  const forwarded = request.headers['x-forwarded-for'];
  const last =
    source === 'x-forwarded-for'
      ? String(forwarded ?? '')
          .split(',')
          .at(-1)
          ?.trim()
      : undefined;
  return plain(last || request.socket.remoteAddress || '');
}

function rangeOf(range: string): {network: string; prefix: number; family: 'ipv4' | 'ipv6'} | undefined {
  const [network, prefixText, ...rest] = range.trim().split('/');
  const version = net.isIP(network);
  const prefix = Number(prefixText);
  if (rest.length || !version || !/^\d+$/.test(prefixText ?? '') || prefix > (version === 4 ? 32 : 128)) return undefined;
  return {network, prefix, family: version === 4 ? 'ipv4' : 'ipv6'};
}

/** The ranges that are not IPv4 or IPv6 CIDR ranges (`198.51.100.0/24`, `2001:db8:4f::/48`). */
export const invalidRanges = (ranges: string[]): string[] => ranges.filter((range) => rangeOf(range) === undefined);

/** Whether the address is in one of the ranges; an empty list accepts every address. */
export function addressAllowed(address: string, ranges: string[]): boolean {
  if (ranges.length === 0) return true;
  const version = net.isIP(address);
  if (!version) return false;
  const list = new net.BlockList();
  for (const range of ranges) {
    const parsed = rangeOf(range);
    if (parsed) list.addSubnet(parsed.network, parsed.prefix, parsed.family);
  }
  return list.check(address, version === 4 ? 'ipv4' : 'ipv6');
}
