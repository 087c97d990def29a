import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/**
 * The address a request came from, as far as it can be trusted: with `trustedProxies` proxies
 * in front (each appends the address it was reached from to X-Forwarded-For), the entry that
 * many places from the right. Entries further left were written by the client and prove
 * nothing. A header with fewer entries than that, or an entry that is not an address, did not
 * come through the proxies as expected: the socket's address is used instead.
 */
export function clientAddressOf(
  req: Pick<IncomingMessage, 'headers' | 'socket'>,
  trustedProxies: number,
): string {
  const socketAddress = req.socket.remoteAddress ?? 'unknown';
  if (trustedProxies === 0) return socketAddress;
  // Node joins repeated X-Forwarded-For headers with ", ", as one list.
  const header = req.headers['x-forwarded-for'];
  if (typeof header !== 'string') return socketAddress;
  const entries = header.split(',').map((entry) => entry.trim());
  const entry = entries[entries.length - trustedProxies];
  return entry !== undefined && isIP(entry) !== 0 ? entry : socketAddress;
}
