import { causesOf, isNoAnswer, NoAnswer } from '../load-failure';

/** A load failure as the shell's loadPage reports it: the page, with the runtime's error. */
const pageFailed = (cause: unknown) =>
  new Error('remote-home/home-page could not be loaded', { cause });

describe('a failed page load on the server', () => {
  it('is an outage when its remote did not answer: a deadline, an aborted or refused fetch', () => {
    expect(isNoAnswer(pageFailed(new NoAnswer('no answer within 1000 ms')))).toBe(true);
    const timedOut = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(isNoAnswer(pageFailed(timedOut))).toBe(true);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3001'), {
      code: 'ECONNREFUSED',
    });
    expect(isNoAnswer(pageFailed(new TypeError('fetch failed', { cause: refused })))).toBe(true);
  });

  it('is a fault of the release when the remote answered without the page', () => {
    const missing = new Error(
      '[ Federation Runtime ]: The module "./home-page" does not exist in remote "remote_home"',
    );
    expect(isNoAnswer(pageFailed(missing))).toBe(false);
    expect(isNoAnswer(pageFailed(new Error('Loading chunk 512 failed (404)')))).toBe(false);
    expect(isNoAnswer(pageFailed('a string thrown'))).toBe(false);
  });

  it('is named with its causes, outermost first and bounded', () => {
    expect(causesOf(pageFailed(new Error('chunk 404')))).toBe(
      'remote-home/home-page could not be loaded: chunk 404',
    );
    expect(causesOf('plain')).toBe('plain');
    expect(causesOf(new Error('x'.repeat(2000))).length).toBe(1000);
  });
});
