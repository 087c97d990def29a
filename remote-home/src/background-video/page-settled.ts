/**
 * The latest a video waits for the page to settle: on a page never idle, or in a browser
 * without idle callbacks (Safari), it starts this long after it could have.
 */
export const settleTimeoutMs = 2000;

/**
 * An idle period at least this long: the browser had nothing else to run (it grants at most
 * 50 ms at a time, less when a task or a frame is due).
 */
export const quietIdleMs = 40;

/**
 * Calls `done` once the page's start-up is over: in the first idle period of `quietIdleMs` or
 * more, or after `settleTimeoutMs` at the latest. Decoding and compositing a video takes a
 * phone's cores from the scripts and hydration of start-up, which the visitor's first tap
 * waits on; its poster, the same picture, shows until then. Returns a cancel function.
 */
export function whenPageSettled(done: () => void): () => void {
  // Safari has no idle callbacks: there, the timeout alone. 0 is never a handle.
  let idle = 0;
  const stop = () => {
    clearTimeout(timer);
    self.cancelIdleCallback?.(idle);
  };
  const finish = () => {
    stop();
    done();
  };
  const timer = setTimeout(finish, settleTimeoutMs);
  const next = () => {
    idle =
      self.requestIdleCallback?.((period) =>
        period.timeRemaining() >= quietIdleMs ? finish() : next(),
      ) ?? 0;
  };
  next();
  return stop;
}
