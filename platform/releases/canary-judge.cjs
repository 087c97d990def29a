// @ts-check
/**
 * The canary's judge: compares the field data of the visitors served the canary with those
 * served the live set over the same minutes, and says whether to roll the canary back, call it
 * healthy, or wait. Pure: the caller reads the figures (npm run canary, the scheduled function)
 * and acts on the verdict.
 *
 * The asymmetry is deliberate: a rollback returns visitors to a set known to be good, so it
 * happens as soon as one check is worse on enough samples, even minutes into the canary; a
 * "healthy" exposes everyone once the canary is finished, so it needs the whole window and
 * enough samples for every check.
 */

/** @typedef {import('../field-data/summary.cjs').Figures} Figures */

/**
 * @typedef {object} CanaryPolicy
 * @property {number} windowMs how long a canary runs before it can be called healthy
 * @property {number} minViews views each lane needs before its rates are compared
 * @property {number} minSamples LCP / INP samples each lane needs before its p75 is compared
 * @property {number} errorRateMargin how much higher (absolute, 0.02 = 2 points) the canary's
 *   errors per view may be than live's
 * @property {number} failedLoadRateMargin the same for failed module loads per view
 * @property {number} inpRatio the canary's p75 INP is worse when above live's times this…
 * @property {number} inpMarginMs …and more than this many ms above it
 * @property {number} lcpRatio the same for p75 LCP
 * @property {number} lcpMarginMs
 */

/**
 * The defaults. Ten minutes sees a canary through the traffic of a small site's quiet hour at
 * a 5-10 % share; 100 views per lane keep one unlucky visitor from deciding (at 100 views, 2
 * points is 2 more failing pages than live has). The p75 checks need both a ratio and a margin:
 * a ratio alone would call 60 ms against 40 ms worse, a margin alone would miss a slow page
 * getting slower in proportion. Samples: INP is reported only by visitors who interact, so 50
 * samples is the least that makes a p75 mean something without keeping every canary waiting.
 * @type {Readonly<CanaryPolicy>}
 */
const defaultCanaryPolicy = Object.freeze({
  windowMs: 10 * 60_000,
  minViews: 100,
  minSamples: 50,
  errorRateMargin: 0.02,
  failedLoadRateMargin: 0.02,
  inpRatio: 1.25,
  inpMarginMs: 50,
  lcpRatio: 1.25,
  lcpMarginMs: 300,
});

/**
 * A policy from overrides, each checked: a policy comes from flags and deployment parameters.
 * @param {Partial<Record<keyof CanaryPolicy, unknown>>} [overrides] undefined keeps a default
 * @returns {CanaryPolicy}
 */
function canaryPolicyOf(overrides = {}) {
  /** @type {CanaryPolicy} */
  const policy = { ...defaultCanaryPolicy };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    if (!(key in defaultCanaryPolicy)) throw new Error(`Unknown canary policy setting "${key}"`);
    const ratio = key === 'inpRatio' || key === 'lcpRatio';
    if (typeof value !== 'number' || !Number.isFinite(value) || value < (ratio ? 1 : 0))
      throw new Error(
        `Canary policy "${key}" must be a number${ratio ? ' of at least 1' : ' of at least 0'} (got ${JSON.stringify(value)})`,
      );
    policy[/** @type {keyof CanaryPolicy} */ (key)] = value;
  }
  return policy;
}

/**
 * @typedef {object} CanaryVerdict
 * @property {'rollback' | 'healthy' | 'wait'} verdict
 * @property {string[]} reasons why (for 'wait': what it waits for)
 * @property {{ live: Figures; canary: Figures; elapsedMs: number }} figures
 */

/** @param {number | null} rate */
const percent = (rate) => `${((rate ?? 0) * 100).toFixed(1)} %`;
/** @param {number | null} ms */
const millis = (ms) => `${Math.round(ms ?? 0)} ms`;

/**
 * @param {object} lanes
 * @param {Figures} lanes.live the live set's figures since the canary started
 * @param {Figures} lanes.canary the canary's
 * @param {string | number} lanes.startedAt when the canary started (ISO time or ms)
 * @param {number} [lanes.now] ms; the clock by default
 * @param {CanaryPolicy} [policy]
 * @returns {CanaryVerdict}
 */
function judgeCanary({ live, canary, startedAt, now = Date.now() }, policy = defaultCanaryPolicy) {
  const started = typeof startedAt === 'number' ? startedAt : Date.parse(startedAt);
  const elapsedMs = Math.max(0, now - (Number.isNaN(started) ? now : started));
  /** @type {string[]} what is worse */
  const worse = [];
  /** @type {string[]} what is still short of samples */
  const short = [];

  const viewsEnough = live.views >= policy.minViews && canary.views >= policy.minViews;
  if (!viewsEnough)
    short.push(
      `views: ${canary.views} on the canary, ${live.views} live (each lane needs ${policy.minViews})`,
    );
  else {
    for (const [name, field, margin] of /** @type {const} */ ([
      ['error rate', 'errorRate', policy.errorRateMargin],
      ['failed-load rate', 'failedLoadRate', policy.failedLoadRateMargin],
    ])) {
      const ours = canary[field] ?? 0;
      const theirs = live[field] ?? 0;
      if (ours > theirs + margin)
        worse.push(
          `${name} ${percent(ours)} on the canary against ${percent(theirs)} live (allowed: ${(margin * 100).toFixed(1)} points more; ${canary.views} and ${live.views} views)`,
        );
    }
  }

  for (const [name, p75, samples, ratio, margin] of /** @type {const} */ ([
    ['INP', 'inpP75', 'inpSamples', policy.inpRatio, policy.inpMarginMs],
    ['LCP', 'lcpP75', 'lcpSamples', policy.lcpRatio, policy.lcpMarginMs],
  ])) {
    const ours = canary[p75];
    const theirs = live[p75];
    if (
      canary[samples] < policy.minSamples ||
      live[samples] < policy.minSamples ||
      ours === null ||
      theirs === null
    ) {
      short.push(
        `${name} samples: ${canary[samples]} on the canary, ${live[samples]} live (each lane needs ${policy.minSamples})`,
      );
      continue;
    }
    if (ours > theirs * ratio && ours - theirs > margin)
      worse.push(
        `p75 ${name} ${millis(ours)} on the canary against ${millis(theirs)} live (allowed: ×${ratio} and +${margin} ms; ${canary[samples]} and ${live[samples]} samples)`,
      );
  }

  const figures = { live, canary, elapsedMs };
  if (worse.length) return { verdict: 'rollback', reasons: worse, figures };
  /** @type {string[]} */
  const waiting = [];
  if (elapsedMs < policy.windowMs)
    waiting.push(
      `the window: ${Math.floor(elapsedMs / 60_000)} of ${Math.ceil(policy.windowMs / 60_000)} min since the canary started`,
    );
  waiting.push(...short);
  if (waiting.length) return { verdict: 'wait', reasons: waiting, figures };
  return {
    verdict: 'healthy',
    reasons: [
      `no check worse after ${Math.floor(elapsedMs / 60_000)} min (${canary.views} canary views, ${live.views} live)`,
    ],
    figures,
  };
}

module.exports = { defaultCanaryPolicy, canaryPolicyOf, judgeCanary };
