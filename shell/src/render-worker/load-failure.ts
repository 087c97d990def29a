import { failedAnswerOf } from './failed-answers';

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
    .map((link) => (link instanceof Error ? (chunkAnswer(link) ?? link.message) : String(link)))
    .join(': ')
    .slice(0, 1000);
}

/**
 * A chunk that did not load because its URL answered with an error status: Node's federation
 * runtime ran the error page's text as the chunk and names where it came from
 * (`chunkLocation`); what the remote answered is the cause, not the text's syntax.
 */
function chunkAnswer(link: Error): string | undefined {
  const location = (link as { chunkLocation?: unknown }).chunkLocation;
  if (typeof location !== 'string') return undefined;
  const answer = failedAnswerOf(location);
  return answer && `the chunk ${location} answered ${answer}`;
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
