import settings from './load-deadline.json';

/**
 * How long one request on the way to a page may take in the browser: remotes.json, a remote's
 * manifest, entry script and chunks, and the page's code before hydration. Past it the visitor
 * sees the designed state for that part instead of waiting. The webpack build reads the same
 * file for its chunk timeout.
 */
export const loadDeadlineMs: number = settings.loadDeadlineMs;

export class DeadlineError extends Error {
  override name = 'DeadlineError';
}

/** Settles as `work` does, or rejects with a DeadlineError once `ms` have passed. */
export function withinDeadline<T>(
  work: Promise<T>,
  what: string,
  ms: number = loadDeadlineMs,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/**
 * fetch() whose whole answer, headers and body, must arrive within the deadline; the request is
 * aborted when it does not. The body is read here, so whoever reads the result never waits.
 */
export async function fetchWithinDeadline(
  url: string,
  init: RequestInit = {},
  ms: number = loadDeadlineMs,
): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DeadlineError(`${url}: no answer within ${ms} ms`)),
    ms,
  );
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const body = await response.arrayBuffer();
    return new Response(body.byteLength > 0 ? body : null, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  } finally {
    clearTimeout(timer);
  }
}
