// @ts-check

/**
 * Watches a starting process's output for the line that says it is up, keeping only a bounded
 * tail for the error message if it never comes. Once the line is seen it stops listening and
 * lets the output drain unread: an emulator that runs for days logs without end, and a handler
 * that kept the whole output (and searched it on each chunk) cost a core and a gigabyte.
 */

/** Characters of output kept for an error message: the last screenful or so. */
const tailChars = 16_384;

/**
 * @param {NodeJS.ReadableStream[]} streams the process's stdout and stderr
 * @param {string} marker text of the line that says the process is up
 * @returns {{ ready: Promise<void>; tail: () => string; stop: () => void }} `ready` resolves
 *   once the marker was seen (listening has then stopped); `tail` is the last output kept;
 *   `stop` stops listening without it (the process failed)
 */
function watchStartup(streams, marker) {
  let tail = '';
  /** @type {() => void} */
  let resolveReady = () => {};
  /** @type {Promise<void>} */
  const ready = new Promise((resolve) => {
    resolveReady = resolve;
  });

  const stop = () => {
    for (const stream of streams) {
      stream.removeListener('data', onData);
      // Keep the pipe drained, or the process blocks once the pipe's buffer is full.
      stream.resume();
    }
  };

  /** @param {Buffer | string} chunk */
  function onData(chunk) {
    // The marker may straddle two chunks: search the end of the kept tail with the new chunk.
    const text = chunk.toString();
    const seen = tail.slice(-marker.length) + text;
    tail = (tail + text).slice(-tailChars);
    if (seen.includes(marker)) {
      stop();
      resolveReady();
    }
  }

  for (const stream of streams) stream.on('data', onData);
  return { ready, tail: () => tail, stop };
}

module.exports = { watchStartup, tailChars };
