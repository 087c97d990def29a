// @ts-check
/**
 * The one way a wait gets a deadline where the work itself takes no AbortSignal (an SDK call, a
 * queued delivery): settles as `work` does, or rejects with `lateError()` once `ms` have passed.
 * The timer is AbortSignal.timeout's, which never keeps a Node process alive on its own.
 * @template T
 * @param {Promise<T>} work
 * @param {number} ms
 * @param {() => Error} lateError
 * @returns {Promise<T>}
 */
function withinDeadline(work, ms, lateError) {
  const signal = AbortSignal.timeout(ms);
  return new Promise((resolve, reject) => {
    const late = () => reject(lateError());
    signal.addEventListener('abort', late, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', late);
        resolve(value);
      },
      (/** @type {unknown} */ reason) => {
        signal.removeEventListener('abort', late);
        reject(reason);
      },
    );
  });
}

module.exports = { withinDeadline };
