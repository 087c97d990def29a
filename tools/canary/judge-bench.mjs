// @ts-check
/**
 * `npm run bench:canary [-- --runs N --seed S]`: simulates canaries through the real judge and
 * writes reports/canary-judge.md: false rollbacks and verdicts of a canary equal to live, how
 * fast each kind of bad canary is rolled back, and what forged beacons can do once the intake's
 * per-view and per-client limits have applied. Seeded: the same options write the same report.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { clientBudget } from '../../platform/field-data/client-budget.cjs';
import { emptySample } from '../../platform/releases/canary-samples.cjs';
import { model, share, simulateRun } from './traffic-model.cjs';

/** @typedef {import('../../platform/releases/canary-samples.cjs').LaneSamples} LaneSamples */
/** @typedef {import('./traffic-model.cjs').Defect} Defect */

const { values } = parseArgs({
  options: { runs: { type: 'string' }, seed: { type: 'string' }, out: { type: 'string' } },
});
const runs = Number(values.runs ?? 200);
const seed = Number(values.seed ?? 31);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed))
  throw new Error('--runs and --seed take whole numbers');
const out = path.resolve(values.out ?? 'reports/canary-judge.md');

const hour = 3_600_000;
const levels = [20, 100, 500, 5000];

/** @param {number[]} values */
function median(values) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return /** @type {number} */ (sorted[Math.floor((sorted.length - 1) / 2)]);
}
/** @param {number} part @param {number} whole */
const pct = (part, whole) => `${((100 * part) / whole).toFixed(1)} %`;
/** @param {number | null} ms */
const duration = (ms) =>
  ms === null ? '–' : ms < hour ? `${Math.round(ms / 60_000)} min` : `${(ms / hour).toFixed(1)} h`;

/**
 * Many seeded runs of one scenario.
 * @param {Omit<Parameters<typeof simulateRun>[0], 'seed'>} scenario @param {number} count @param {number} salt
 */
function runMany(scenario, count, salt) {
  return Array.from({ length: count }, (_, index) =>
    simulateRun({ ...scenario, seed: seed * 1_000_003 + salt * 10_007 + index }),
  );
}

const started = Date.now();
/** @type {string[]} */
const lines = [];
const say = (/** @type {string} */ line = '') => lines.push(line);

say('# Canary judge: error rates measured');
say();
say(
  `Written by \`npm run bench:canary -- --runs ${runs} --seed ${seed}\` (tools/canary/judge-bench.mjs): every look calls the real \`judgeCanary\` (platform/releases/canary-judge.cjs) with its default policy, only \`lookEveryMs\` set to the look schedule. Seeded: the same command writes the same figures.`,
);
say();
say('## The model');
say();
say(
  `- Views arrive as a Poisson process at the stated views per hour (all lanes), ${share} % on the canary, split over routes ${Object.entries(
    model.routes,
  )
    .map(([route, weight]) => `${route} ${weight * 100} %`)
    .join(', ')}.`,
);
say(
  `- Each view has an error with probability ${model.errorShare * 100} % and a failed load with ${model.failedLoadShare * 100} % (yes/no per view); LCP lognormal, median ${model.lcpMedianMs} ms, σ ${model.lcpSigma}; ${model.interactShare * 100} % of views have an INP, lognormal, median ${model.inpMedianMs} ms, σ ${model.inpSigma}; values counted into the stored 12 % histogram buckets.`,
);
say(
  `- Each canary view comes from one of the day's canary visitors (each makes ${model.viewsPerVisitor} views a day on average), ${model.visitorsPerNetwork} visitors to a network; every view's page was served (a page view's token given) unless a row says otherwise.`,
);
say(
  '- The judge sees the whole run and the last hour (its recent window) at each look. A run ends at its first rollback; a "healthy" is noted and the run goes on (a later rollback would replace it).',
);
say(
  `- Forged beacons are added as the intake leaves them: a beacon counts at most one view, one error and one failed load, and one client (an address, an IPv6 /64) at most ${clientBudget.views} views and ${clientBudget.errorViews} views with an error per lane and hour, marked as that client.`,
);
say();

/** A/A: a canary equal to live. */
say('## A canary equal to live (A/A)');
say();
say(
  `${runs} runs per row. "Inconclusive" at the end is what a team is told; a "healthy" of an equal canary is right.`,
);
say();
say(
  '| views/h | looks | run | rolled back (false) | healthy at some look | inconclusive at the last look | median time to healthy |',
);
say('|---|---|---|---|---|---|---|');
for (const [lookEveryMs, durationMs, label] of /** @type {const} */ ([
  [5 * 60_000, 24 * hour, 'every 5 min'],
  [30_000, 2 * hour, 'every 30 s (--watch)'],
]))
  for (const viewsPerHour of levels) {
    const outcomes = runMany(
      { viewsPerHour, lookEveryMs, durationMs, defect: null },
      runs,
      viewsPerHour + lookEveryMs,
    );
    const rolled = outcomes.filter((o) => o.rollbackAt !== null).length;
    const healthy = outcomes.filter((o) => o.healthyBeforeRollbackAt !== null);
    const inconclusive = outcomes.filter((o) => o.last === 'inconclusive').length;
    say(
      `| ${viewsPerHour} | ${label} | ${duration(durationMs)} | ${rolled} (${pct(rolled, runs)}) | ${pct(healthy.length, runs)} | ${pct(inconclusive, runs)} | ${duration(median(healthy.map((o) => /** @type {number} */ (o.healthyBeforeRollbackAt))))} |`,
    );
  }
say();

/** Bad canaries. */
const badRuns = runs;
say('## Bad canaries: how fast they are rolled back');
say();
say(
  `${badRuns} runs per row, 5-minute looks for up to 24 h. "Healthy first": runs where the bad canary was called healthy before its rollback.`,
);
say();
say(
  '| defect | views/h | rolled back | within 2 h | median time | median canary views | healthy first |',
);
say('|---|---|---|---|---|---|---|');
/** @type {[string, Defect][]} */
const defects = [
  ['Home (/) throws for every visitor', { brokenRoute: '/' }],
  ['error share 5× (0.5 % → 2.5 %)', { errorFactor: 5 }],
  ['INP +50 %', { inpFactor: 1.5 }],
  ['INP 2× on /about (20 % of views)', { inpFactor: 2, inpRoute: '/about' }],
];
for (const [name, defect] of defects)
  for (const viewsPerHour of levels) {
    const outcomes = runMany(
      { viewsPerHour, lookEveryMs: 5 * 60_000, durationMs: 24 * hour, defect },
      badRuns,
      viewsPerHour * 7 + name.length,
    );
    const rolled = outcomes.filter((o) => o.rollbackAt !== null);
    const within = rolled.filter((o) => /** @type {number} */ (o.rollbackAt) <= 2 * hour).length;
    const healthyFirst = outcomes.filter((o) => o.healthyBeforeRollbackAt !== null).length;
    const views = median(rolled.map((o) => (defect.brokenRoute ? o.brokenViews : o.canaryViews)));
    say(
      `| ${name} | ${viewsPerHour} | ${pct(rolled.length, badRuns)} | ${pct(within, badRuns)} | ${duration(median(rolled.map((o) => /** @type {number} */ (o.rollbackAt))))} | ${views ?? '–'}${defect.brokenRoute ? ' (of /)' : ''} | ${healthyFirst} |`,
    );
  }
say();

/** Forged beacons, as the intake leaves them. */
say('## Forged beacons');
say();
say('| scenario | views/h | runs | outcome |');
say('|---|---|---|---|');
const forgedRuns = Math.max(20, Math.round(runs / 4));
/**
 * Runs of a day of 5-minute looks with forged beacons added to each step.
 * @param {number} viewsPerHour @param {Parameters<typeof simulateRun>[0]['forge']} forge
 * @param {number} salt @param {Partial<Parameters<typeof simulateRun>[0]>} [more] a defect, unserved views
 */
const forgedDay = (viewsPerHour, forge, salt, more = {}) =>
  runMany(
    { viewsPerHour, lookEveryMs: 5 * 60_000, durationMs: 24 * hour, defect: null, forge, ...more },
    forgedRuns,
    salt,
  );
/**
 * Adds a forger's views to a step, marked on the canary as the intake marks a client (by
 * default one forger: "cf00000f00000" is not a mark the model's visitors have).
 * @param {LaneSamples} step @param {'live' | 'canary'} lane @param {number} views @param {number} errorViews
 * @param {string} [mark]
 */
const addForged = (step, lane, views, errorViews, mark = 'cf00000f00000') => {
  const sample = step[lane]['/'] ?? emptySample();
  const clients = { ...sample.clients };
  const badClients = { ...sample.badClients };
  if (lane === 'canary') {
    if (views) clients[mark] = (clients[mark] ?? 0) + views;
    if (errorViews) badClients[mark] = (badClients[mark] ?? 0) + errorViews;
  }
  step[lane]['/'] = {
    ...sample,
    views: sample.views + views,
    errorViews: sample.errorViews + errorViews,
    clients,
    badClients,
  };
};
{
  // Two beacons claiming 100 errors each after 10 h: each counts one error, no view.
  const outcomes = forgedDay(
    5000,
    (at, step) => at === 10 * hour && addForged(step, 'canary', 0, 2),
    1,
  );
  const rolled = outcomes.filter((o) => o.rollbackAt !== null).length;
  say(
    `| a healthy canary, 2 beacons with \`errors: 100\` after 10 h | 5000 | ${forgedRuns} | rolled back in ${rolled} |`,
  );
}
for (const viewsPerHour of [20, 100]) {
  // 200 beacons from one address, each a view with an error, in the first minutes.
  const outcomes = forgedDay(
    viewsPerHour,
    (at, step) =>
      at === 5 * 60_000 && addForged(step, 'canary', clientBudget.views, clientBudget.errorViews),
    2 + viewsPerHour,
  );
  const rolled = outcomes.filter((o) => o.rollbackAt !== null).length;
  say(
    `| a fresh healthy canary, 200 error beacons from one address | ${viewsPerHour} | ${forgedRuns} | rolled back in ${rolled} |`,
  );
}
for (const viewsPerHour of [20, 100]) {
  // A canary erring on 60 % of views, one forged good live view a minute (30 an hour count).
  const outcomes = forgedDay(
    viewsPerHour,
    (at, step) => addForged(step, 'live', Math.round((clientBudget.views * 5 * 60_000) / hour), 0),
    3 + viewsPerHour,
    { defect: { errorFactor: 120 } },
  );
  const rolled = outcomes.filter((o) => o.rollbackAt !== null);
  const healthy = outcomes.filter((o) => o.healthyBeforeRollbackAt !== null).length;
  say(
    `| a canary erring on 60 % of views, one forged good live beacon a minute | ${viewsPerHour} | ${forgedRuns} | rolled back in ${rolled.length} (median ${duration(median(rolled.map((o) => /** @type {number} */ (o.rollbackAt))))}); called healthy in ${healthy} |`,
  );
}
// Three addresses spending their error budgets on the canary every hour: in one network (what
// the judge weighs down), then in three networks (past what it can tell from visitors: the
// bound the docs state).
for (const [where, markOf, salt] of /** @type {const} */ ([
  ['of one network', (/** @type {string} */ id) => `cf00000${id}`, 5],
  ['in 3 networks', (/** @type {string} */ id) => `c${id}f00000`, 7],
]))
  for (const viewsPerHour of [20, 100]) {
    const outcomes = forgedDay(
      viewsPerHour,
      (at, step) => {
        if (at % hour !== 5 * 60_000) return;
        for (const id of ['00000a', '00000b', '00000c'])
          addForged(step, 'canary', clientBudget.errorViews, clientBudget.errorViews, markOf(id));
      },
      salt + viewsPerHour,
    );
    const rolled = outcomes.filter((o) => o.rollbackAt !== null).length;
    say(
      `| a healthy canary, 3 addresses ${where} each sending ${clientBudget.errorViews} error views an hour | ${viewsPerHour} | ${forgedRuns} | rolled back in ${rolled} |`,
    );
  }
{
  // An equal canary whose page views' tokens are replayed on other instances: 100 canary views
  // an hour counted without a page served.
  const replayed = Math.round((100 * 5 * 60_000) / hour);
  const outcomes = forgedDay(
    5000,
    (at, step) => {
      for (let index = 0; index < replayed; index += 1)
        addForged(step, 'canary', 1, 0, `cf10000${index.toString(16).padStart(6, '0')}`);
    },
    6,
    { unserved: () => ({ live: 0, canary: replayed }) },
  );
  const healthy = outcomes.filter((o) => o.healthyBeforeRollbackAt !== null).length;
  say(
    `| an equal canary, 100 canary views an hour from replayed tokens (no page served) | 5000 | ${forgedRuns} | called healthy in ${healthy} |`,
  );
}
{
  // An equal canary plus one client posing as canary visitors: 30 clean canary views an hour.
  const outcomes = forgedDay(
    100,
    (at, step) =>
      addForged(step, 'canary', Math.round((clientBudget.views * 5 * 60_000) / hour), 0),
    4,
  );
  const healthy = outcomes.filter((o) => o.healthyBeforeRollbackAt !== null).length;
  say(
    `| an equal canary, one client sending forged clean canary views (${clientBudget.views}/h) | 100 | ${forgedRuns} | called healthy in ${healthy} |`,
  );
}
say();
say(`Run time: ${((Date.now() - started) / 1000).toFixed(0)} s.`);

fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${lines.join('\n')}\n`);
console.log(`Wrote ${path.relative(process.cwd(), out)}`);
