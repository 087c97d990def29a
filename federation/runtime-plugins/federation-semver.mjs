// @ts-check
/**
 * What the browser builds put in place of the federation runtime's semver module: the site's
 * own ranges (`^19.0.0`, `^1.0.0`) against a plain release version are checked with two short
 * patterns; anything else goes to the runtime's own parser. That parser builds its regular
 * expressions from the whole semver grammar on every check, and the first check of a page
 * (while the shared modules are set up, before the first tap) cost 2-14 ms at full speed in
 * Chromium, which a calibrated phone runs 5- to 8.5-fold; the nine checks after it about 0.1 ms
 * each.
 * Plain JavaScript: webpack swaps the file in after choosing the loaders for the runtime's own.
 */
import { satisfy as satisfyAnyRange } from 'federation-runtime-semver';

/** A release version: no operator, pre-release or build, no leading zeros. */
const release = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
/** A caret range on a release version, alone. */
const caret = /^\^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/**
 * A match's major, minor and patch.
 * @param {RegExpExecArray} match
 * @returns {[number, number, number]}
 */
const numbers = (match) => [Number(match[1]), Number(match[2]), Number(match[3])];

/**
 * Whether release `version` is in caret `range`, or undefined when either is another form.
 * `^1.2.3` is >=1.2.3 <2.0.0, `^0.2.3` is >=0.2.3 <0.3.0 and `^0.0.3` is 0.0.3 alone.
 * @param {string} version
 * @param {string} range
 * @returns {boolean | undefined}
 */
export function satisfiesCaret(version, range) {
  const v = release.exec(version);
  const r = caret.exec(range.trim());
  if (!v || !r) return undefined;
  const [major, minor, patch] = numbers(v);
  const [fromMajor, fromMinor, fromPatch] = numbers(r);
  if (major !== fromMajor) return false;
  if (fromMajor > 0) return minor > fromMinor || (minor === fromMinor && patch >= fromPatch);
  if (minor !== fromMinor) return false;
  return fromMinor > 0 ? patch >= fromPatch : patch === fromPatch;
}

/**
 * The runtime's `satisfy`, with the caret check first.
 * @param {string} version
 * @param {string} range
 */
export function satisfy(version, range) {
  return satisfiesCaret(version, range) ?? satisfyAnyRange(version, range);
}
