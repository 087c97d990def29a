import type { Page, Route } from 'playwright-core';
import { ports } from './site';
import { withinDeadline } from '../../../platform/deadline.cjs';

type RemoteId = 'remote-home' | 'remote-contact' | 'remote-shared';

const origin = (remote: RemoteId) => `http://localhost:${ports[remote]}`;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A remote's browser manifest. */
export const manifestOf = (remote: RemoteId): string => `${origin(remote)}/mf-manifest.json`;

/** A remote's entry script; its name carries a content hash in production builds. */
export const entryOf = (remote: RemoteId): RegExp =>
  new RegExp(`^${escaped(origin(remote))}/remoteEntry\\.[0-9a-f]{8}\\.js$`);

/** The shell's own chunks (not main.js): what its start-up loads after main.js. */
export const shellChunks: RegExp = new RegExp(
  `^${escaped(`http://localhost:${ports.shell}`)}/\\d+\\.[0-9a-f]{8}\\.js$`,
);

/** Requests to `url` are accepted and never answered, as by a server that hangs. */
export async function hang(page: Page, url: string | RegExp): Promise<void> {
  await page.route(url, () => {});
}

/** The two ways a remote's entry fails a visitor: it hangs, or it answers 503. */
export const entryFaults = (remote: RemoteId) =>
  [
    ['hangs', (page: Page) => hang(page, entryOf(remote))],
    [
      'breaks (503)',
      (page: Page) => page.route(entryOf(remote), (route) => route.fulfill({ status: 503 })),
    ],
  ] as const;

/**
 * The first `failures` requests to `url` answer 503, later ones reach the server. Returns the
 * number of requests seen so far.
 */
export async function failFirst(
  page: Page,
  url: string | RegExp,
  failures: number,
): Promise<() => number> {
  let seen = 0;
  await page.route(url, (route: Route) => {
    seen += 1;
    return seen <= failures
      ? route.fulfill({ status: 503, contentType: 'text/plain', body: 'deploying' })
      : route.continue();
  });
  return () => seen;
}

/** Milliseconds since `start`. */
export const since = (start: number): number => Date.now() - start;

/** Resolves when the page logs a message that starts with `prefix`. */
export function logged(page: Page, prefix: string): Promise<void> {
  return new Promise((resolve) =>
    page.on('console', (message) => {
      if (message.text().startsWith(prefix)) resolve();
    }),
  );
}

/** Settles as `promise` does, or fails once `ms` have passed. */
export function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  return withinDeadline(promise, ms, () => new Error(`${what} took longer than ${ms} ms`));
}
