// @ts-check
/**
 * A canary reviewed from the stored field data, and the decision that ends it: shared by
 * `npm run canary` and the scheduled function, so both read the same minutes and judge alike.
 *
 * The decision is a document, canaryDecisions/{canary id}: every render instance reads it and
 * stops serving the canary at once, whoever wrote it. It is stored once: the first judge creates
 * it, and a judge whose create finds one applies that instead of deciding again. A rollback is
 * final. A "healthy" is a report that the canary may be finished: a later rollback replaces it
 * (a canary that gets worse after being called healthy is still rolled back), but only the very
 * healthy it read (a compare-and-swap on the document's update time), and never one a person
 * has finished the canary on (`finishedAt`, written by `promote --finish` the same way).
 */
const { aggregatesCollection, minuteOf, servedCollection } = require('../field-data/aggregates.cjs');
const {
  decodeMinuteAggregate,
  decodeServedMinute,
} = require('../field-data/decode-aggregate.cjs');
const { summarizeByLane } = require('../field-data/summary.cjs');
const { canaryShareAt } = require('../remotes/remotes-json.cjs');
const { judgeCanary } = require('./canary-judge.cjs');
const { laneSamplesOf, servedOf } = require('./canary-samples.cjs');

/** @typedef {import('../remotes/remotes-json.cjs').Canary} Canary */
/** @typedef {import('./canary-judge.cjs').CanaryPolicy} CanaryPolicy */
/** @typedef {import('../field-data/summary.cjs').Figures} Figures */
/**
 * A verdict with the figures a person reads beside it.
 * @typedef {import('./canary-judge.cjs').CanaryVerdict & { figures: { live: Figures; canary: Figures; elapsedMs: number } }} CanaryVerdict
 */
/** @typedef {import('../field-data/aggregates.cjs').MinuteAggregate} MinuteAggregate */

const { decisionsCollection } = require('./canary-decisions.cjs');

/**
 * What this module needs of a Firestore (firebase-admin's fits, with its Timestamp as `Time`),
 * so that the platform does not load firebase-admin itself.
 * @template Time
 * @typedef {object} DecisionStore
 * @property {(path: string) => { where(field: string, op: '==' | '>=' | '<', value: string): StoreQuery }} collection
 * @property {(path: string) => DecisionDocument<Time>} doc
 */

/**
 * @typedef {object} StoreQuery
 * @property {(field: string, op: '==' | '>=' | '<', value: string) => StoreQuery} where
 * @property {() => Promise<{ docs: ReadonlyArray<{ data(): unknown }> }>} get
 */

/**
 * @template Time
 * @typedef {object} DecisionDocument
 * @property {(data: Record<string, unknown>) => Promise<unknown>} create
 * @property {(data: Record<string, unknown>, precondition: { lastUpdateTime?: Time }) => Promise<unknown>} update
 * @property {() => Promise<{ exists: boolean; data(): unknown; updateTime?: Time }>} get
 */

/** gRPC codes firebase-admin's errors carry: a create that found a document, an update whose document changed. */
const alreadyExists = 6;
const failedPrecondition = 9;

/** @param {unknown} error */
const codeOf = (error) =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

/**
 * The decision stored for a canary.
 * @typedef {object} CanaryDecision
 * @property {'rollback' | 'healthy'} decision
 * @property {string} at ISO time
 * @property {string[]} reasons
 * @property {Record<string, unknown>} figures what the judge read
 * @property {Canary['releases']} releases the canary's versions
 * @property {string} by which judge: "npm run canary" or "scheduled function"
 */

/**
 * The minute aggregates of a canary's run, from its start minute on (the live lane carries the
 * canary's id while it runs; the judge reads the live and canary lanes of them).
 * @template Time
 * @param {DecisionStore<Time>} db @param {Canary} canary
 * @returns {Promise<MinuteAggregate[]>}
 */
async function readCanaryAggregates(db, canary) {
  // One equality filter, so Firestore's automatic single-field index serves it; the start
  // minute is applied here (a canary's documents are few: minutes × sets × routes).
  const snapshot = await db.collection(aggregatesCollection).where('canary', '==', canary.id).get();
  const start = minuteOf(Date.parse(canary.startedAt));
  return snapshot.docs.flatMap((doc) => {
    const aggregate = decodeMinuteAggregate(doc.data());
    return aggregate && aggregate.minute >= start ? [aggregate] : [];
  });
}

/**
 * The pages served (page views' tokens given) in each lane over a canary's run.
 * @template Time
 * @param {DecisionStore<Time>} db @param {Canary} canary
 */
async function readCanaryServed(db, canary) {
  const snapshot = await db.collection(servedCollection).where('canary', '==', canary.id).get();
  const minutes = snapshot.docs.flatMap((doc) => {
    const minute = decodeServedMinute(doc.data());
    return minute ? [minute] : [];
  });
  return servedOf(minutes, minuteOf(Date.parse(canary.startedAt)));
}

/**
 * Reads and judges a canary.
 * @template Time
 * @param {DecisionStore<Time>} db @param {Canary} canary @param {CanaryPolicy} policy
 * @param {number} [now] ms
 * @returns {Promise<CanaryVerdict>}
 */
async function reviewCanary(db, canary, policy, now = Date.now()) {
  const [aggregates, served, baseline] = await Promise.all([
    readCanaryAggregates(db, canary),
    readCanaryServed(db, canary),
    readLiveBaseline(db, canary),
  ]);
  const verdict = judgeCanary(
    {
      cumulative: laneSamplesOf(aggregates),
      recent: laneSamplesOf(aggregates, minuteOf(now - policy.recentMs)),
      baseline: laneSamplesOf(baseline),
      baselineHours,
      startedAt: canary.startedAt,
      // A staged canary's share now: the most its views may be of all (the SRM check).
      share: canaryShareAt(canary, now),
      served,
      now,
    },
    policy,
  );
  const lanes = summarizeByLane(aggregates);
  return { ...verdict, figures: { live: lanes.live, canary: lanes.canary, elapsedMs: verdict.elapsedMs } };
}

/** Live's hours before a canary, against which live itself is judged during it. */
const baselineHours = 3;

/**
 * Live's minute aggregates of the `baselineHours` before the canary started: a range on the
 * minute alone (served by Firestore's automatic single-field index), live's lane kept here.
 * @template Time
 * @param {DecisionStore<Time>} db @param {Canary} canary
 * @returns {Promise<MinuteAggregate[]>}
 */
async function readLiveBaseline(db, canary) {
  const started = Date.parse(canary.startedAt);
  const snapshot = await db
    .collection(aggregatesCollection)
    .where('minute', '>=', minuteOf(started - baselineHours * 3_600_000))
    .where('minute', '<', minuteOf(started))
    .get();
  return snapshot.docs.flatMap((doc) => {
    const aggregate = decodeMinuteAggregate(doc.data());
    return aggregate && aggregate.lane === 'live' ? [aggregate] : [];
  });
}

/** @param {unknown} value */
const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A stored decision, or null when `data` is not one.
 * @param {unknown} data @returns {CanaryDecision | null}
 */
function decodeCanaryDecision(data) {
  if (!isRecord(data)) return null;
  const fields = /** @type {Record<string, unknown>} */ (data);
  const { decision, at, reasons, figures, releases, by } = fields;
  if (decision !== 'rollback' && decision !== 'healthy') return null;
  return {
    decision,
    at: typeof at === 'string' ? at : '',
    reasons: Array.isArray(reasons) ? reasons.filter((reason) => typeof reason === 'string') : [],
    figures: isRecord(figures) ? /** @type {Record<string, unknown>} */ (figures) : {},
    releases: isRecord(releases)
      ? /** @type {Canary['releases']} */ (
          Object.fromEntries(Object.entries(/** @type {object} */ (releases)).filter(([, v]) => typeof v === 'string'))
        )
      : {},
    by: typeof by === 'string' ? by : '',
  };
}

/**
 * The decision stored for a canary, if any.
 * @template Time
 * @param {DecisionStore<Time>} db @param {string} id @returns {Promise<CanaryDecision | null>}
 */
async function readCanaryDecision(db, id) {
  const snapshot = await db.doc(`${decisionsCollection}/${id}`).get();
  return snapshot.exists ? decodeCanaryDecision(snapshot.data()) : null;
}

/**
 * Stores a decision once: created if none is stored; otherwise the stored one stands, except
 * that a rollback replaces a healthy no person has finished the canary on, if that healthy is
 * still the one read. Returns the decision in force.
 * @template Time
 * @param {DecisionStore<Time>} db @param {Canary} canary
 * @param {CanaryVerdict & { verdict: 'rollback' | 'healthy' }} verdict
 * @param {string} by @param {Date} [at]
 * @returns {Promise<{ decision: CanaryDecision; written: boolean }>}
 */
async function storeCanaryDecision(db, canary, verdict, by, at = new Date()) {
  /** @type {CanaryDecision} */
  const decision = {
    decision: verdict.verdict,
    at: at.toISOString(),
    reasons: verdict.reasons,
    figures: verdict.figures,
    releases: canary.releases,
    by,
  };
  const ref = db.doc(`${decisionsCollection}/${canary.id}`);
  // Each turn either writes, or finds what another judge wrote meanwhile; a few suffice.
  for (let attempt = 0; attempt < 4; attempt += 1) {
    try {
      await ref.create({ ...decision });
      return { decision, written: true };
    } catch (error) {
      if (codeOf(error) !== alreadyExists) throw error;
    }
    const snapshot = await ref.get();
    if (!snapshot.exists) continue;
    const data = snapshot.data();
    const stored = decodeCanaryDecision(data);
    if (!stored) throw new Error(`${decisionsCollection}/${canary.id} is not a canary decision`);
    const finished = isRecord(data) && 'finishedAt' in /** @type {object} */ (data);
    if (decision.decision === 'healthy' || stored.decision === 'rollback' || finished)
      return { decision: stored, written: false };
    try {
      await ref.update({ ...decision }, { lastUpdateTime: snapshot.updateTime });
      return { decision, written: true };
    } catch (error) {
      if (codeOf(error) !== failedPrecondition) throw error;
    }
  }
  throw new Error(
    `${decisionsCollection}/${canary.id} kept changing while this judge stored its decision`,
  );
}

module.exports = {
  decisionsCollection,
  readCanaryAggregates,
  reviewCanary,
  decodeCanaryDecision,
  readCanaryDecision,
  storeCanaryDecision,
};
