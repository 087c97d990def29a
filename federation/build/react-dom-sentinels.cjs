// @ts-check
/**
 * A webpack loader for react-dom's client (production) in browser builds: the sentinel errors
 * react-dom creates as its module is evaluated (`SuspenseException` and four others) become
 * objects with `Error`'s prototype and message, made without capturing a stack.
 *
 * Why: while DevTools is attached to a page (Lighthouse, the bench's traced visits), creating an
 * `Error` has V8 collect source positions for every function on the stack, and during this
 * module's evaluation that is react-dom's whole module function, about 200 KB: 9.5-14 ms of the
 * start-up's longest task at full speed. React only throws these values and compares them by
 * identity, so a stack is never read from them. A react-dom whose source no longer has exactly
 * these five fails the build rather than shipping half a change.
 */
const sentinel =
  /\b((?:HydrationMismatchException|SuspenseException|SuspenseyCommitException|SuspenseActionException|SelectiveHydrationException) = )Error\((formatProdErrorMessage\(\d+\))\)/g;
const expected = 5;

/**
 * @param {string} source
 * @returns {string}
 */
function replaceSentinels(source) {
  let count = 0;
  const replaced = source.replace(sentinel, (_, assignment, message) => {
    count += 1;
    return `${assignment}{ __proto__: Error.prototype, message: ${message} }`;
  });
  if (count !== expected) {
    throw new Error(
      `react-dom-sentinels: expected ${expected} sentinel errors in react-dom's client, found ${count}; check this loader against the installed react-dom`,
    );
  }
  return replaced;
}

/** @type {(this: unknown, source: string) => string} */
function reactDomSentinelsLoader(source) {
  return replaceSentinels(source);
}

module.exports = reactDomSentinelsLoader;
module.exports.replaceSentinels = replaceSentinels;
