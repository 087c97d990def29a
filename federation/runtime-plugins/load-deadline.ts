import { loadDeadlineMs } from '../../platform/deadlines.cjs';

// What it is and why that long: platform/deadlines.cjs.
export { loadDeadlineMs };

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
