/** A non-2xx answer, with its status kept for callers that tell one failure from another. */
export class StatusError extends Error {
  override name = 'StatusError';

  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(`${url} answered ${status}`);
  }
}

/**
 * Fetches `url`, giving up after `deadlineMs` (a remote that hangs must not hold a page or a
 * poll), and throws a StatusError for any answer but 2xx, whose body is let go unread.
 */
export async function fetchWithinDeadline(
  url: string | URL,
  deadlineMs: number,
  headers?: Readonly<Record<string, string>>,
): Promise<Response> {
  const response = await fetch(url, { signal: AbortSignal.timeout(deadlineMs), headers });
  if (response.ok) return response;
  await response.body?.cancel();
  throw new StatusError(String(url), response.status);
}

/** Asks past any cache on the way: versions and settings must be the deployed ones. */
export const uncached = { 'Cache-Control': 'no-cache' } as const;
