/**
 * @jest-environment node
 */
import { createRateLimiter } from '../rate-limiter';

beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-24T12:00:00Z') }));
afterEach(() => jest.useRealTimers());

const settings = { burst: 20, refillMs: 2000, maxClients: 100 };
const takeTimes = (take: (client: string) => boolean, client: string, times: number) =>
  Array.from({ length: times }, () => take(client)).filter(Boolean).length;

it('lets a client send its burst at once, then refuses', () => {
  const take = createRateLimiter(settings);
  expect(takeTimes(take, 'a', 25)).toBe(20);
  expect(take('a')).toBe(false);
});

it('gives one more per refill interval, not before', () => {
  const take = createRateLimiter(settings);
  takeTimes(take, 'a', 20);
  jest.advanceTimersByTime(1999);
  expect(take('a')).toBe(false);
  jest.advanceTimersByTime(1);
  expect(take('a')).toBe(true);
  expect(take('a')).toBe(false);
  jest.advanceTimersByTime(3 * 2000);
  expect(takeTimes(take, 'a', 10)).toBe(3);
});

it('refills to at most one burst however long a client was quiet', () => {
  const take = createRateLimiter(settings);
  takeTimes(take, 'a', 20);
  jest.advanceTimersByTime(24 * 3600 * 1000);
  expect(takeTimes(take, 'a', 100)).toBe(20);
});

it('keeps each client to its own bucket', () => {
  const take = createRateLimiter(settings);
  expect(takeTimes(take, 'a', 30)).toBe(20);
  expect(takeTimes(take, 'b', 30)).toBe(20);
});

it('remembers at most maxClients: the least recently seen are forgotten', () => {
  const take = createRateLimiter({ ...settings, maxClients: 2 });
  takeTimes(take, 'a', 20);
  takeTimes(take, 'b', 20);
  expect(take('a')).toBe(false);
  takeTimes(take, 'c', 1); // evicts b, seen longest ago
  expect(take('a')).toBe(false);
  expect(take('b')).toBe(true);
});
