// @ts-check
/** A live alarm written into the release directory's history, once per set. */
import liveAlarm from '../../platform/releases/live-alarm.cjs';
import releaseHistory from '../release/release-history.cjs';
import releaseLock from '../release/release-lock.cjs';

/**
 * Records `alarm` in `dir`'s history (one entry per remote to put back) unless an alarm for its
 * set is there already; true when it wrote.
 * @param {string} dir @param {import('../../platform/releases/live-alarm.cjs').LiveAlarm} alarm
 * @returns {Promise<boolean>}
 */
export async function recordAlarm(dir, alarm) {
  return releaseLock.withReleaseLock(dir, `npm run vitals (live alarm of set ${alarm.set})`, () => {
    const history = releaseHistory.readHistory(dir);
    if (history.some((entry) => entry.action === 'live-alarm' && entry.set === alarm.set))
      return false;
    const command = liveAlarm.rollbackCommandOf(alarm, dir);
    // The remotes that changed; all of the set's when the field data did not say which.
    const apps = Object.keys(alarm.rollback).length
      ? Object.keys(alarm.rollback)
      : Object.keys(alarm.releases);
    releaseHistory.record(
      dir,
      apps.map((app) => ({
        action: /** @type {const} */ ('live-alarm'),
        app,
        version: alarm.releases[app] ?? '',
        from: alarm.rollback[app] ?? null,
        set: alarm.set,
        routes: alarm.routes,
        reasons: alarm.reasons,
        command,
      })),
    );
    return true;
  });
}
