// @ts-check
/**
 * A canary reviewed from the stored field data, and the decision that ends it: shared by
 * `npm run canary` and the scheduled function, so both read the same minutes and judge alike.
 *
 * The decision is a document, canaryDecisions/{canary id}: every render instance reads it and
 * stops serving the canary at once, whoever wrote it. A rollback is final: once stored, a later
 * judge applies it rather than deciding again. A "healthy" is a report that the canary may be
 * finished: it is kept if one is stored, and a later rollback replaces it (a canary that gets
 * worse after being called healthy is still rolled back).
 */
const { aggregatesCollection, minuteOf } = require('../field-data/aggregates.cjs');
const { decodeMinuteAggregate } = require('../field-data/decode-aggregate.cjs');
const { summarizeByLane } = require('../field-data/summary.cjs');
const { judgeCanary } = require('./canary-judge.cjs');

/** @typedef {import('../remotes/remotes-json.cjs').Canary} Canary */
/** @typedef {import('./canary-judge.cjs').CanaryPolicy} CanaryPolicy */
/** @typedef {import('./canary-judge.cjs').CanaryVerdict} CanaryVerdict */
/** @typedef {import('../field-data/aggregates.cjs').MinuteAggregate} MinuteAggregate */

const decisionsCollection = 'canaryDecisions';

/**
 * What this module needs of a Firestore (firebase-admin's fits), so that the platform does not
 * load firebase-admin itself.
 * @typedef {object} DecisionStore
 * @property {(path: string) => { where(field: string, op: '==', value: string): { get(): Promise<{ docs: ReadonlyArray<{ data(): unknown }> }> } }} collection
 * @property {(path: string) => { create(data: Record<string, unknown>): Promise<unknown>; set(data: Record<string, unknown>): Promise<unknown>; get(): Promise<{ exists: boolean; data(): unknown }> }} doc
 */

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
 * @param {DecisionStore} db @param {Canary} canary
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
 * Reads and judges a canary.
 * @param {DecisionStore} db @param {Canary} canary @param {CanaryPolicy} policy
 * @param {number} [now] ms
 * @returns {Promise<CanaryVerdict>}
 */
async function reviewCanary(db, canary, policy, now = Date.now()) {
  const lanes = summarizeByLane(await readCanaryAggregates(db, canary));
  return judgeCanary({ live: lanes.live, canary: lanes.canary, startedAt: canary.startedAt, now }, policy);
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
 * @param {DecisionStore} db @param {string} id @returns {Promise<CanaryDecision | null>}
 */
async function readCanaryDecision(db, id) {
  const snapshot = await db.doc(`${decisionsCollection}/${id}`).get();
  return snapshot.exists ? decodeCanaryDecision(snapshot.data()) : null;
}

/**
 * Stores a decision, unless a rollback (or, for a healthy, any decision) is stored already;
 * returns the one in force.
 * @param {DecisionStore} db @param {Canary} canary
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
  if (decision.decision === 'rollback') {
    const stored = await readCanaryDecision(db, canary.id);
    if (stored?.decision === 'rollback') return { decision: stored, written: false };
    await ref.set({ ...decision });
    return { decision, written: true };
  }
  try {
    await ref.create({ ...decision });
    return { decision, written: true };
  } catch (error) {
    // ALREADY_EXISTS (gRPC code 6): another judge decided first; its decision stands.
    if (/** @type {{ code?: unknown }} */ (error)?.code !== 6) throw error;
    const stored = await readCanaryDecision(db, canary.id);
    if (!stored) throw error;
    return { decision: stored, written: false };
  }
}

module.exports = {
  decisionsCollection,
  readCanaryAggregates,
  reviewCanary,
  decodeCanaryDecision,
  readCanaryDecision,
  storeCanaryDecision,
};
