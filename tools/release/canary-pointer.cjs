// @ts-check
/**
 * The canary in a release directory's remotes.json: started, finished (made live for all),
 * aborted by a person or rolled back by the judge. Each change is one atomic write of the whole
 * remotes.json (live remotes and canary together, as every render instance reads them) and one
 * record in release-history.json.
 */
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const { parseCanary } = require('../../platform/remotes/remotes-json.cjs');
const history = require('./release-history.cjs');
const releaseDir = require('./release-dir.cjs');

const { ReleaseError } = releaseDir;

/** @typedef {import('../../platform/remotes/remotes-json.cjs').Canary} Canary */
/** @typedef {import('./release-dir.cjs').RemoteId} RemoteId */
/** @typedef {import('./release-history.cjs').HistoryEntry} HistoryEntry */

/**
 * remotes.json as it is, canary entry and all (the live remotes alone: liveRemotesOf).
 * @param {string} dir @returns {Record<string, unknown>}
 */
function readPointer(dir) {
  const file = releaseDir.remotesJsonOf(dir);
  if (!fs.existsSync(file)) return {};
  const json = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new ReleaseError(`${file} is not an object of remote name to URL`);
  return json;
}

/** @param {string} dir @param {Record<string, unknown>} pointer */
function writePointer(dir, pointer) {
  releaseDir.writeAtomically(
    releaseDir.remotesJsonOf(dir),
    `${JSON.stringify(pointer, null, 2)}\n`,
  );
}

/**
 * The live remotes (remote -> manifest URL), without the canary.
 * @param {Record<string, unknown>} pointer
 * @returns {Record<string, string>}
 */
function liveRemotesOf(pointer) {
  return Object.fromEntries(
    Object.entries(pointer).flatMap(([key, url]) =>
      releaseDir.isRemote(key) && typeof url === 'string' ? [[key, url]] : [],
    ),
  );
}

/** remotes.json with the canary ended. @param {Record<string, unknown>} pointer */
function withoutCanary(pointer) {
  const live = { ...pointer };
  delete live.canary;
  return live;
}

/** The canary running in `dir`, or null. @param {string} dir @returns {Canary | null} */
function runningCanary(dir) {
  try {
    return parseCanary(readPointer(dir));
  } catch (error) {
    throw new ReleaseError(error instanceof Error ? error.message : String(error));
  }
}

/** @param {string} dir @param {string} [id] */
function requireCanary(dir, id) {
  const canary = runningCanary(dir);
  if (!canary) throw new ReleaseError(`No canary runs in ${dir}.`);
  if (id !== undefined && canary.id !== id)
    throw new ReleaseError(`The canary running in ${dir} is ${canary.id}, not ${id}.`);
  return canary;
}

/** @param {Canary} canary */
const remotesOf = (canary) => /** @type {RemoteId[]} */ (Object.keys(canary.remotes));

/**
 * Starts a canary: `releases` (published versions) served to `share` percent of visitors.
 * @param {string} dir
 * @param {object} start
 * @param {Partial<Record<RemoteId, string>>} start.releases remote -> version
 * @param {number} start.share whole percent, 1-50
 * @param {{ share: number; afterMs: number }} [start.widen] new visitors drawn at this larger
 *   share from `afterMs` after the start
 * @param {string} [start.reason]
 * @param {string[]} [start.problems] the checks' findings, when forced past them
 * @param {Date} [start.now]
 * @returns {Canary}
 */
function startCanary(dir, { releases, share, widen, reason, problems, now = new Date() }) {
  if (!Number.isInteger(share) || share < 1 || share > 50)
    throw new ReleaseError(
      `The canary's share must be a whole percent from 1 to 50 (got ${share})`,
    );
  if (widen && !(Number.isInteger(widen.share) && widen.share > share && widen.share <= 50))
    throw new ReleaseError(
      `The canary widens to a whole percent above its ${share} % and at most 50 (got ${widen.share})`,
    );
  const pointer = readPointer(dir);
  const running = runningCanary(dir);
  if (running)
    throw new ReleaseError(
      `A canary already runs in ${dir} (${running.id}, since ${running.startedAt}): finish it with --finish or end it with --abort first.`,
    );
  const entries = /** @type {Array<[RemoteId, string]>} */ (Object.entries(releases));
  if (entries.length === 0)
    throw new ReleaseError('Say what the canary serves: <remote>@<version>');
  /** @type {Canary} */
  const canary = {
    id: randomBytes(8).toString('hex'),
    share,
    startedAt: now.toISOString(),
    ...(widen
      ? {
          widen: {
            share: widen.share,
            at: new Date(now.getTime() + widen.afterMs).toISOString(),
          },
        }
      : {}),
    remotes: Object.fromEntries(
      entries.map(([app, version]) => [app, releaseDir.manifestUrlOf(dir, app, version)]),
    ),
    releases: Object.fromEntries(entries),
  };
  writePointer(dir, { ...pointer, canary });
  history.record(
    dir,
    entries.map(([app, version]) => ({
      action: 'canary-start',
      app,
      version,
      from: releaseDir.liveVersionOf(dir, app) ?? null,
      canary: canary.id,
      share,
      ...(canary.widen ? { widen: canary.widen } : {}),
      ...(reason ? { reason } : {}),
      ...(problems ? { forced: true, problems } : {}),
    })),
  );
  return canary;
}

/**
 * Makes the running canary live for every visitor: its remotes become the live ones, recorded
 * as a promotion (or a rollback, for a version published before the live one) of each, as
 * `npm run promote` records them. Whether it may (its judge's verdict) is the caller's to ask.
 * @param {string} dir
 * @param {object} [options]
 * @param {string} [options.id] only this canary (the one whose verdict was read)
 * @param {string} [options.reason]
 * @param {string[]} [options.problems] what stood against finishing it, when forced past it
 * @param {boolean} [options.unjudged] finished before its judge stored any decision
 * @returns {{ canary: Canary; changes: Array<{ app: RemoteId; version: string; from: string | null; rollback: boolean }> }}
 */
function finishCanary(dir, { id, reason, problems, unjudged } = {}) {
  const canary = requireCanary(dir, id);
  const pointer = readPointer(dir);
  const changes = remotesOf(canary).map((app) => {
    const version = canary.releases[app] ?? '';
    const from = releaseDir.liveVersionOf(dir, app) ?? null;
    const known = releaseDir.releasesOf(dir, app).map((release) => release.version);
    const rollback = from !== null && known.indexOf(version) < known.indexOf(from);
    return { app, version, from, rollback };
  });
  writePointer(dir, { ...withoutCanary(pointer), ...canary.remotes });
  const because = {
    ...(reason ? { reason } : {}),
    ...(problems ? { forced: true, problems } : {}),
    ...(unjudged ? { unjudged: true } : {}),
  };
  history.record(dir, [
    ...changes.map(({ app, version, from }) => ({
      action: /** @type {const} */ ('canary-finish'),
      app,
      version,
      from,
      canary: canary.id,
      ...because,
    })),
    ...changes.map(({ app, version, from, rollback }) => ({
      action: rollback ? /** @type {const} */ ('rollback') : /** @type {const} */ ('promote'),
      app,
      version,
      from,
      canary: canary.id,
      ...because,
    })),
  ]);
  return { canary, changes };
}

/**
 * Ends the running canary; the live remotes stay as they are.
 * @param {string} dir
 * @param {object} end
 * @param {'canary-abort' | 'canary-rollback'} end.action a person's abort, or the judge's rollback
 * @param {string} [end.id] only this canary (the judge's decision is about one)
 * @param {string} [end.reason]
 * @param {string[]} [end.reasons] the judge's
 * @param {object} [end.figures] the judge's
 * @returns {Canary}
 */
function endCanary(dir, { action, id, reason, reasons, figures }) {
  const canary = requireCanary(dir, id);
  writePointer(dir, withoutCanary(readPointer(dir)));
  history.record(
    dir,
    remotesOf(canary).map((app) => ({
      action,
      app,
      version: canary.releases[app] ?? '',
      canary: canary.id,
      ...(reason ? { reason } : {}),
      ...(reasons ? { reasons } : {}),
      ...(figures ? { figures } : {}),
    })),
  );
  return canary;
}

/**
 * Records the judge's "healthy", once per canary; the canary keeps running until a person
 * finishes it.
 * @param {string} dir @param {{ id: string; reasons: string[]; figures: object }} report
 * @returns {boolean} whether it was recorded now (false: it was already)
 */
function recordHealthy(dir, { id, reasons, figures }) {
  const canary = requireCanary(dir, id);
  if (
    history
      .readHistory(dir)
      .some((entry) => entry.action === 'canary-healthy' && entry.canary === id)
  )
    return false;
  history.record(
    dir,
    remotesOf(canary).map((app) => ({
      action: 'canary-healthy',
      app,
      version: canary.releases[app] ?? '',
      canary: id,
      reasons,
      figures,
    })),
  );
  return true;
}

/** An inconclusive canary is recorded again at most this often (--watch looks every 30 s). */
const inconclusiveEveryMs = 3_600_000;

/**
 * Records the judge's "inconclusive" with what would make it conclusive: the first time for a
 * canary, then at most once an hour, so the record shows how it went without a line per look.
 * @param {string} dir
 * @param {{ id: string; reasons: string[]; needs: import('../../platform/releases/canary-judge.cjs').CanaryNeeds }} report
 * @param {Date} [now]
 * @returns {boolean} whether it was recorded now
 */
function recordInconclusive(dir, { id, reasons, needs }, now = new Date()) {
  const canary = requireCanary(dir, id);
  const recent = history
    .readHistory(dir)
    .some(
      (entry) =>
        entry.action === 'canary-inconclusive' &&
        entry.canary === id &&
        now.getTime() - Date.parse(entry.at) < inconclusiveEveryMs,
    );
  if (recent) return false;
  history.record(
    dir,
    remotesOf(canary).map((app) => ({
      action: 'canary-inconclusive',
      app,
      version: canary.releases[app] ?? '',
      canary: id,
      reasons,
      needs,
    })),
  );
  return true;
}

module.exports = {
  readPointer,
  liveRemotesOf,
  runningCanary,
  startCanary,
  finishCanary,
  endCanary,
  recordHealthy,
  recordInconclusive,
};
