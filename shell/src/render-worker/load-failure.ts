/** A page's remote that did not answer within the remote deadline. */
export class NoAnswer extends Error {
  override name = 'NoAnswer';
}

/** How deep an error's causes are followed: federation wraps a failed fetch a few times. */
const causeDepth = 5;

/** The error and its causes, outermost first (at most causeDepth of them). */
function chainOf(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && chain.length < causeDepth) {
    chain.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}

/**
 * An error's message with its causes': "remote-home/home-page could not be loaded" says that a
 * page failed, its cause why (a module the remote does not expose, a chunk that answered 404,
 * no answer in time), which is what the log must name.
 */
export function causesOf(error: unknown): string {
  return chainOf(error)
    .map((link) => (link instanceof Error ? link.message : String(link)))
    .join(': ')
    .slice(0, 1000);
}

/**
 * Whether a failed page load is its remote not answering (an outage: a deadline passed, the
 * connection refused or dropped) rather than answering without the page (a module its release
 * does not expose, a chunk that is not there), found in the error or its causes.
 */
export function isNoAnswer(error: unknown): boolean {
  return chainOf(error).some((link) => {
    if (!(link instanceof Error)) return false;
    if (['NoAnswer', 'TimeoutError', 'AbortError'].includes(link.name)) return true;
    const code = (link as { code?: unknown }).code;
    if (typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE)$/.test(code))
      return true;
    return /fetch failed|no answer within|timed? ?out/i.test(link.message);
  });
}
