// @ts-check
/**
 * The live alarm: a set made live for everyone (a promote, forced or not) compared, from the
 * field data, with the set live before it. A fault only browsers meet (a throw after hydration,
 * a browser chunk that answers 404) passes every server-side check and is served as a cacheable
 * 200; its visitors' beacons are the one place it shows.
 *
 * The comparison is the canary judge's rollback test, unchanged: the new set's minutes stand in
 * the canary's lane and the set before's in live's, so the same visitor-level tests (Fisher's
 * exact test on erring visitors, erring views per view with each visitor's views one cluster,
 * the rank tests on visitors' worst INP and LCP), the same floors,
 * the same level spent over the looks and the same network weighing (one network's forged
 * beacons neither raise nor hide it) decide. Pure: the caller reads the minutes and acts.
 * docs/decisions/0032-live-alarm-is-the-canary-test.md.
 */
const { judgeCanary } = require('./canary-judge.cjs');
const { laneSamplesOf } = require('./canary-samples.cjs');

/** @typedef {import('../field-data/aggregates.cjs').MinuteAggregate} MinuteAggregate */
/** @typedef {import('./canary-judge.cjs').CanaryPolicy} CanaryPolicy */

/**
 * @typedef {object} LiveAlarm
 * @property {string} set the set live now
 * @property {string} since its first minute live
 * @property {string} before the set live before it
 * @property {string[]} routes the routes whose visitors met more faults ('whole site' alone when
 *   no route's share of faulty views rose past the floor: a slowdown)
 * @property {string[]} reasons the judge's, where "canary" is the new set and "live" the one before
 * @property {Record<string, string>} releases the new set's releases
 * @property {Record<string, string>} rollback the remotes to put back, with their versions before
 */

/** @param {MinuteAggregate} aggregate */
const releasesOf = (aggregate) =>
  /** @type {Record<string, string>} */ (
    Object.fromEntries(Object.entries(aggregate.releases).filter(([, v]) => typeof v === 'string'))
  );

/**
 * The set live now and the run of minutes it has been live since it replaced another, and the
 * set before it with its minutes before that run; null when live has had one set throughout.
 * @param {ReadonlyArray<MinuteAggregate>} aggregates
 */
function setsAroundLastPromote(aggregates) {
  const live = aggregates.filter((aggregate) => aggregate.lane === 'live');
  /** @type {Map<string, Set<string>>} minute -> sets seen in it */
  const setsByMinute = new Map();
  for (const aggregate of live) {
    const sets = setsByMinute.get(aggregate.minute) ?? new Set();
    sets.add(aggregate.set);
    setsByMinute.set(aggregate.minute, sets);
  }
  const minutes = [...setsByMinute.keys()].sort();
  const last = minutes.at(-1);
  if (last === undefined) return null;
  // The newest set of the last minute: the one whose first minute is latest (a forged beacon
  // of an older set cannot make it newer). Two sets first seen in the same minute (a site
  // started just before the promote) are told apart by which one's last beacon came later.
  const firstOf = (/** @type {string} */ set) =>
    minutes.find((minute) => setsByMinute.get(minute)?.has(set)) ?? '';
  const lastAtOf = (/** @type {string} */ set) =>
    Math.max(
      0,
      ...live
        .filter((aggregate) => aggregate.set === set && aggregate.minute === last)
        .map((aggregate) => aggregate.lastAt ?? 0),
    );
  const current = [...(setsByMinute.get(last) ?? [])].sort((a, b) =>
    firstOf(a) === firstOf(b) ? lastAtOf(b) - lastAtOf(a) : firstOf(a) < firstOf(b) ? 1 : -1,
  )[0];
  if (current === undefined) return null;
  // Back through the minutes while the current set was served: the first minute of its run is
  // where another set was last served alone (a promote's minute holds both).
  let since = last;
  /** @type {string | undefined} */
  let before;
  for (let index = minutes.length - 1; index >= 0; index -= 1) {
    const sets = setsByMinute.get(/** @type {string} */ (minutes[index])) ?? new Set();
    if (!sets.has(current)) {
      before = [...sets][0];
      break;
    }
    since = /** @type {string} */ (minutes[index]);
    const other = [...sets].find((set) => set !== current);
    if (other !== undefined) {
      before = other;
      break;
    }
  }
  if (before === undefined) return null;
  const after = live.filter((aggregate) => aggregate.set === current && aggregate.minute >= since);
  const earlier = live.filter((aggregate) => aggregate.set === before && aggregate.minute <= since);
  return { current, since, before, after, earlier };
}

/** @param {string} minute "YYYY-MM-DDTHH:MMZ" */
const msOf = (minute) => Date.parse(`${minute.slice(0, 16)}:00.000Z`);

/**
 * The alarm for the set live now, or null: no promote in the minutes given, too little data, or
 * no jump the judge would roll a canary back for.
 * @param {ReadonlyArray<MinuteAggregate>} aggregates live's minutes, from before the promote on
 * @param {CanaryPolicy} policy
 * @param {number} [now] ms
 * @returns {LiveAlarm | null}
 */
function liveAlarmOf(aggregates, policy, now = Date.now()) {
  const sets = setsAroundLastPromote(aggregates);
  if (!sets) return null;
  const { current, since, before, after, earlier } = sets;
  const asCanary = [
    ...after.map((aggregate) => ({ ...aggregate, lane: /** @type {const} */ ('canary') })),
    ...earlier,
  ];
  const cumulative = laneSamplesOf(asCanary);
  const verdict = judgeCanary(
    // The share is the whole: no pages-served check (that compares a canary's share of views).
    { cumulative, startedAt: msOf(since), share: 100, now },
    policy,
  );
  if (verdict.verdict !== 'rollback') return null;
  // The routes the judge named, and those whose share of faulty views rose above the floor
  // (a jump the whole site's sum decided shows on the routes that make it).
  const faulty = (/** @type {import('./canary-samples.cjs').Sample | undefined} */ sample) =>
    sample && sample.views > 0
      ? Math.max(sample.errorViews, sample.failedLoadViews) / sample.views
      : 0;
  const named = Object.entries(cumulative.canary)
    .filter(
      ([route, sample]) =>
        verdict.reasons.some((reason) => reason.startsWith(`route ${route} (`)) ||
        faulty(sample) > faulty(cumulative.live[route]) * policy.errorRatio + policy.errorPoints,
    )
    .map(([route]) => route);
  const newest = after.at(-1);
  const older = earlier.at(-1);
  const newReleases = newest ? releasesOf(newest) : {};
  const oldReleases = older ? releasesOf(older) : {};
  return {
    set: current,
    since,
    before,
    routes: named.length ? named.sort() : ['whole site'],
    reasons: verdict.reasons,
    releases: newReleases,
    rollback: Object.fromEntries(
      Object.entries(oldReleases).filter(([app, version]) => newReleases[app] !== version),
    ),
  };
}

/**
 * The command that puts the set before back (an emergency: forced, its checks skipped).
 * @param {LiveAlarm} alarm @param {string} [dir] the release directory, when known
 */
function rollbackCommandOf(alarm, dir) {
  const releases = Object.entries(alarm.rollback).map(([app, version]) => `${app}@${version}`);
  return `npm run promote -- ${releases.join(' ') || '<remote>@<version before>'} --to ${dir ?? '<release dir>'} --force --reason "live alarm: set ${alarm.set}"`;
}

/**
 * The alarm as one line, for a log or a terminal.
 * @param {LiveAlarm} alarm @param {string} [dir]
 */
function alarmLine(alarm, dir) {
  return `Live alarm: set ${alarm.set} (live since ${alarm.since}) has more visitors meeting faults than set ${alarm.before} before it on ${alarm.routes.join(', ')}; roll back with: ${rollbackCommandOf(alarm, dir)}`;
}

module.exports = { liveAlarmOf, alarmLine, rollbackCommandOf };
