// @ts-check

/** The checks the hostile request tables share: what a right answer looks like. */

/**
 * @typedef {object} Answer
 * @property {number} status
 * @property {Record<string, string | string[] | undefined>} headers
 * @property {Buffer} body
 */

/**
 * @typedef {object} HostileCase
 * @property {string} name
 * @property {string} path the request target exactly as sent (no normalisation)
 * @property {Record<string, string>} [headers]
 * @property {string} [method]
 * @property {(answer: Answer, file: Buffer) => string | undefined} check what is wrong with
 *   the answer, or undefined when it is right (`file` is the whole file's bytes)
 */

/** @param {Answer} answer @param {number} status */
const statusIs = (answer, status) =>
  answer.status === status ? undefined : `status ${answer.status}, not ${status}`;

/** @param {Answer} answer @param {Buffer} file */
const whole = (answer, file) =>
  statusIs(answer, 200) ??
  (answer.body.equals(file)
    ? undefined
    : `body of ${answer.body.length} bytes, not the whole file`);

/** @param {Answer} answer @param {Buffer} file @param {number} start @param {number} end */
const part = (answer, file, start, end) =>
  statusIs(answer, 206) ??
  (answer.headers['content-range'] !== `bytes ${start}-${end}/${file.length}`
    ? `Content-Range ${answer.headers['content-range']}`
    : answer.body.equals(file.subarray(start, end + 1))
      ? undefined
      : 'the wrong bytes');

module.exports = { statusIs, whole, part };
