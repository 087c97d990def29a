/**
 * @jest-environment node
 */
import type { IncomingMessage } from 'node:http';
import { clientAddressOf } from '../client-address';

const request = (forwardedFor?: string) =>
  ({
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    socket: { remoteAddress: '10.0.0.9' },
  }) as unknown as Pick<IncomingMessage, 'headers' | 'socket'>;

it('uses the socket address with no trusted proxy, whatever the client wrote', () => {
  expect(clientAddressOf(request('203.0.113.7'), 0)).toBe('10.0.0.9');
});

it('takes the entry as many places from the right as there are proxies', () => {
  expect(clientAddressOf(request('198.51.100.1, 203.0.113.7'), 1)).toBe('203.0.113.7');
  expect(clientAddressOf(request('198.51.100.1, 203.0.113.7, 10.1.1.1'), 2)).toBe('203.0.113.7');
  expect(clientAddressOf(request('2001:db8::1'), 1)).toBe('2001:db8::1');
});

it('ignores entries a client wrote in front of the proxies', () => {
  const spoofed = (left: string) => clientAddressOf(request(`${left}, 203.0.113.7`), 1);
  expect(spoofed('1.1.1.1')).toBe('203.0.113.7');
  expect(spoofed('2.2.2.2')).toBe('203.0.113.7');
});

it('falls back to the socket when the header did not come through the proxies', () => {
  expect(clientAddressOf(request(), 1)).toBe('10.0.0.9');
  expect(clientAddressOf(request('203.0.113.7'), 2)).toBe('10.0.0.9');
  expect(clientAddressOf(request('not-an-address'), 1)).toBe('10.0.0.9');
});
