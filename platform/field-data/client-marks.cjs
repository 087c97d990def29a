// @ts-check
/**
 * Who sent a canary's views, as far as its judge needs to know: each client (an IPv4 address,
 * an IPv6 /64) and its network (an IPv4 /24, an IPv6 /48) as keyed hashes, so the stored field
 * data holds no address and a reader without the key cannot turn a mark back into one.
 *
 * A mark is "c", 6 hex digits of its network, then 6 of the client: the judge counts distinct
 * clients by whole marks and distinct networks by their first 7 characters. 24 bits each keep
 * chance collisions rare among the thousands of visitors a canary sees (and a collision only
 * merges two clients, which makes a verdict harder, never easier).
 */
const { createHmac } = require('node:crypto');

/** A stored mark; any other key of a stored map is dropped when it is read. */
const clientMarkPattern = /^c[0-9a-f]{12}$/;

/** A stored map keeps at most this many marks when read (a minute of one route and lane). */
const maxMarksPerMinute = 5000;

/** @param {Buffer} key @param {string} text */
const digestOf = (key, text) => createHmac('sha256', key).update(text).digest('hex').slice(0, 6);

/**
 * The mark of a client in a network.
 * @param {Buffer} key a deployment's secret key @param {string} client @param {string} network
 */
const clientMarkOf = (key, client, network) =>
  `c${digestOf(key, `network ${network}`)}${digestOf(key, `client ${client}`)}`;

/** The key marks are made with, derived from the view tokens' key (one secret per deployment). @param {Buffer} viewTokenKey */
const clientMarkKeyOf = (viewTokenKey) =>
  createHmac('sha256', viewTokenKey).update('first-day client marks').digest();

/** The part of a mark that names its network. @param {string} mark */
const networkOfMark = (mark) => mark.slice(0, 7);

module.exports = {
  clientMarkPattern,
  maxMarksPerMinute,
  clientMarkKeyOf,
  clientMarkOf,
  networkOfMark,
};
