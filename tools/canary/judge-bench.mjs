// @ts-check
/**
 * `npm run bench:canary [-- --runs N --seed S --out FILE --workers W]`: simulates canaries
 * through the real judge on a model of real visitors (tools/canary/traffic-model.cjs) and writes
 * reports/canary-judge.md. Seeded: the same options write the same figures. Runs are shared out
 * over worker threads (one per core by default); a busy site's runs cost the most, so their
 * rows take fewer runs (stated per row).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import args from '../cli/args.cjs';
import cli from '../cli/cli.cjs';
import figures from '../bench/figures.cjs';
import { clientBudget } from '../../platform/field-data/client-budget.cjs';
import { defaultCanaryPolicy } from '../../platform/releases/canary-judge.cjs';
import { binomialCdf } from '../../platform/releases/canary-distributions.cjs';
import { emptySample } from '../../platform/releases/canary-samples.cjs';
import trafficModel from './traffic-model.cjs';

/** @typedef {import('../../platform/releases/canary-samples.cjs').LaneSamples} LaneSamples */
/** @typedef {import('./traffic-model.cjs').Defect} Defect */
/** @typedef {import('./traffic-model.cjs').RunOutcome} RunOutcome */

const hour = 3_600_000;
const look = 5 * 60_000;

/**
 * Forged beacons, as the intake leaves them (a view, an error and a failed load at most each,
 * within each client's budget), added to each 5-minute step.
 * @typedef {object} Forgery
 * @property {'live' | 'canary'} lane
 * @property {number} perHour beacons an hour
 * @property {number} addresses clients they come from, in turn
 * @property {string} network the network's 6 hex digits (one IPv4 /24 or one IPv6 /48)
 * @property {number} networks spread over this many networks (1: all in `network`)
 * @property {boolean} slow each also with a slow INP and LCP
 * @property {boolean} [clean] views without an error or a failed load
 */

/**
 * @typedef {object} Scenario
 * @property {number} viewsPerHour
 * @property {number} lookEveryMs
 * @property {number} durationMs
 * @property {Defect | null} defect
 * @property {number} [natShare]
 * @property {Forgery} [forgery]
 * @property {boolean} [stopAtHealthy]
 * @property {number} [canaryShare] percent (10 by default)
 * @property {{ share: number; afterMs: number }} [widen] a staged canary's second share
 */

/** Adds a forgery's beacons to one step. @param {Forgery} forgery @param {number} atMs @param {LaneSamples} step */
function forge(forgery, atMs, step) {
  const count = Math.round((forgery.perHour * look) / hour);
  const sample = (step[forgery.lane]['/'] ??= emptySample());
  for (let index = 0; index < count; index += 1) {
    const sent = Math.floor(atMs / look) * count + index;
    const address = sent % forgery.addresses;
    const network =
      forgery.networks > 1
        ? (address % forgery.networks).toString(16).padStart(6, '0')
        : forgery.network;
    const mark = `c${network}f${address.toString(16).padStart(5, '0')}`;
    // Each row's addresses send within their budgets (at most two erring beacons an hour each).
    sample.views += 1;
    sample.clients[mark] = (sample.clients[mark] ?? 0) + 1;
    if (!forgery.clean) {
      sample.errorViews += 1;
      sample.failedLoadViews += 1;
      sample.badClients[mark] = (sample.badClients[mark] ?? 0) + 1;
    }
    if (forgery.slow) {
      sample.inpWorst[mark] = 2000;
      sample.lcpWorst[mark] = 8000;
    } else sample.lcpWorst[mark] = Math.max(sample.lcpWorst[mark] ?? 0, 900);
  }
}

const { median } = figures;
/** A finish at the power the run had (after a working day), not the power for the named harms. @param {RunOutcome} outcome */
const workingDay = (outcome) => /a working day's decision/.test(outcome.finishedReason ?? '');
/** @param {number[]} values */
const medianOf = (values) => (values.length ? median(values) : null);
/** @param {number} part @param {number} whole */
const pct = (part, whole) => `${((100 * part) / whole).toFixed(1)} %`;
/**
 * The share a row's count could come from at most (Clopper-Pearson, one-sided 95 %): 0 of 100
 * runs bounds a share to 3.0 %, 0 of 30 to 9.5 %.
 * @param {number} part @param {number} whole
 */
function upperBound(part, whole) {
  if (part >= whole) return 1;
  let low = part / whole;
  let high = 1;
  for (let step = 0; step < 50; step += 1) {
    const middle = (low + high) / 2;
    if (binomialCdf(part, whole, middle) > 0.05) low = middle;
    else high = middle;
  }
  return high;
}
/** @param {number | null} ms */
const duration = (ms) =>
  ms === null ? '–' : ms < hour ? `${Math.round(ms / 60_000)} min` : `${(ms / hour).toFixed(1)} h`;

/**
 * A row of rollbacks: runs, rolled back, the share within 2 h, healthy first (before any
 * rollback), the median time and median canary visitors (of the broken route's, when one).
 * @param {RunOutcome[]} outcomes @param {Defect | null} defect
 */
function rollbackFiguresOf(outcomes, defect) {
  const n = outcomes.length;
  const rolled = outcomes.flatMap((o) =>
    o.rollbackAt === null ? [] : [{ ...o, at: o.rollbackAt }],
  );
  const visitors = medianOf(
    rolled.map((o) => (defect?.brokenRoute ? o.brokenVisitors : o.canaryVisitors)),
  );
  return {
    n,
    rolled: rolled.length,
    within: pct(rolled.filter((o) => o.at <= 2 * hour).length, n),
    first: outcomes.filter((o) => o.healthyBeforeRollbackAt !== null).length,
    time: duration(medianOf(rolled.map((o) => o.at))),
    visitors: `${visitors ?? '–'}${defect?.brokenRoute ? ' (of /)' : ''}`,
  };
}

/**
 * @param {{ runs: number; aaRuns: number; busyAaRuns: number; seed: number; workers: number; out: string; levels: number[] }} options
 */
async function writeReport({ runs, aaRuns, busyAaRuns, seed, workers, out, levels }) {
  const started = Date.now();
  const pool = Array.from({ length: workers }, () => new Worker(fileURLToPath(import.meta.url)));
  /** @type {Map<number, (outcome: RunOutcome) => void>} */
  const waiting = new Map();
  /** @type {{ id: number; scenario: Scenario; seed: number }[]} */
  const queue = [];
  /** @type {Set<Worker>} */
  const idle = new Set(pool);
  let nextId = 0;
  const dispatch = () => {
    for (const worker of idle) {
      const task = queue.shift();
      if (!task) return;
      idle.delete(worker);
      worker.postMessage(task);
    }
  };
  for (const worker of pool)
    worker.on('message', (/** @type {{ id: number; outcome: RunOutcome }} */ message) => {
      idle.add(worker);
      waiting.get(message.id)?.(message.outcome);
      waiting.delete(message.id);
      dispatch();
    });
  /**
   * Runs per row: `aaRuns` for the A/A rows below 5,000 views/h and `busyAaRuns` at 5,000 and
   * more (where "at most 1 %" needs the most: 0 of 300 bounds it to 1.0 %), 40 % of `runs` for
   * the other rows, 30 % at 5,000 views/h (a day there costs the most).
   * @param {number} viewsPerHour @param {boolean} [aa]
   */
  const runsAt = (viewsPerHour, aa = false) =>
    aa
      ? viewsPerHour >= 5000
        ? busyAaRuns
        : aaRuns
      : viewsPerHour >= 5000
        ? Math.max(2, Math.round(runs * 0.3))
        : Math.max(2, Math.round(runs * 0.4));
  /**
   * @param {Scenario} scenario @param {number} salt @param {number} [count]
   * @returns {Promise<RunOutcome[]>}
   */
  const runMany = (scenario, salt, count = runsAt(scenario.viewsPerHour)) =>
    Promise.all(
      Array.from({ length: count }, (_, index) => {
        const id = nextId++;
        queue.push({ id, scenario, seed: seed * 1_000_003 + salt * 10_007 + index });
        return new Promise((resolve) => waiting.set(id, resolve));
      }),
    ).finally(dispatch);
  // Rows are queued at once and printed in order.
  const day = 24 * hour;
  const aa = levels.flatMap((viewsPerHour) =>
    [0, 0.3].map((natShare) => ({
      viewsPerHour,
      natShare,
      outcomes: runMany(
        { viewsPerHour, lookEveryMs: look, durationMs: day, defect: null, natShare },
        viewsPerHour + natShare * 10,
        runsAt(viewsPerHour, true),
      ),
    })),
  );
  const watch = levels
    .filter((level) => level >= 100)
    .map((viewsPerHour) => ({
      viewsPerHour,
      outcomes: runMany(
        { viewsPerHour, lookEveryMs: 30_000, durationMs: 2 * hour, defect: null },
        viewsPerHour + 3,
      ),
    }));
  const policy = defaultCanaryPolicy;
  /** @type {[string, Defect][]} */
  const floors = [
    [
      `erring visitors at the floor (live's share × ${policy.errorRatio} + ${policy.errorPoints * 100} points)`,
      { extraErringShare: trafficModel.erringFloorExtra(policy) },
    ],
    [`INP × ${policy.p75Ratio} (the p75 floor)`, { inpFactor: policy.p75Ratio }],
    [`LCP × ${policy.p75Ratio} (the p75 floor)`, { lcpFactor: policy.p75Ratio }],
  ];
  const floorRows = floors.flatMap(([name, defect], index) =>
    levels
      .filter((level) => level >= 100)
      .map((viewsPerHour) => ({
        name,
        viewsPerHour,
        // 8 h at 5,000 views/h: an equal canary there is called healthy within hours.
        outcomes: runMany(
          {
            viewsPerHour,
            lookEveryMs: look,
            durationMs: viewsPerHour >= 5000 ? 8 * hour : day,
            defect,
            stopAtHealthy: true,
          },
          viewsPerHour * 11 + index,
        ),
      })),
  );
  /** @type {[string, Defect][]} */
  const defects = [
    ['Home (/) throws for every visitor', { brokenRoute: '/' }],
    ['error share 5×', { errorFactor: 5 }],
    ['INP +50 %', { inpFactor: 1.5 }],
  ];
  const badRows = defects.flatMap(([name, defect], index) =>
    levels.map((viewsPerHour) => ({
      name,
      defect,
      viewsPerHour,
      outcomes: runMany(
        { viewsPerHour, lookEveryMs: look, durationMs: day, defect },
        viewsPerHour * 7 + index,
      ),
    })),
  );
  const erring = { errorFactor: 200 };
  /** @type {[string, Forgery | undefined, Defect | null][]} */
  const forgeries = [
    ['a canary erring on 60 % of views, unattacked', undefined, erring],
    [
      'the same, 120 live beacons an hour, each an error, a failed load and slow INP/LCP, from 60 addresses of one /24',
      { lane: 'live', perHour: 120, addresses: 60, network: 'f0f0f0', networks: 1, slow: true },
      erring,
    ],
    [
      'the same from 60 /64s of one IPv6 /48',
      { lane: 'live', perHour: 120, addresses: 60, network: 'f4f4f4', networks: 1, slow: true },
      erring,
    ],
    [
      'the same, 60 error-only live beacons an hour from 30 /64s of one /48',
      { lane: 'live', perHour: 60, addresses: 30, network: 'f6f6f6', networks: 1, slow: false },
      erring,
    ],
    [
      'an equal canary, 60 forged canary error beacons an hour from 30 addresses of one /24',
      { lane: 'canary', perHour: 60, addresses: 30, network: 'f8f8f8', networks: 1, slow: false },
      null,
    ],
    [
      'an equal canary, 8 forged canary error beacons an hour from 4 addresses in 4 /24s',
      { lane: 'canary', perHour: 8, addresses: 4, network: '', networks: 4, slow: false },
      null,
    ],
    [
      'an equal canary, 30 forged clean canary views an hour from 30 addresses of one /24',
      {
        lane: 'canary',
        perHour: 30,
        addresses: 30,
        network: 'fafafa',
        networks: 1,
        slow: false,
        clean: true,
      },
      null,
    ],
  ];
  // The rows of the erring canary share their seeds (the same visitors, with and without the
  // forgery), so each run's delay is read against its unattacked twin.
  const forgedRows = (levels.includes(100) ? forgeries : []).map(
    ([name, forgery, defect], index) => ({
      name,
      paired: defect !== null,
      outcomes: runMany(
        {
          viewsPerHour: 100,
          lookEveryMs: look,
          durationMs: day,
          defect,
          ...(forgery ? { forgery } : {}),
        },
        defect ? 900 : 900 + index,
      ),
    }),
  );
  // A small site's decision within a working day, at the share the docs suggest and at 10 %.
  const smallDefects = /** @type {[string, Defect | null][]} */ ([
    ['equal to live', null],
    ['error share 5×', { errorFactor: 5 }],
    ['INP +50 %', { inpFactor: 1.5 }],
  ]);
  const smallRows = smallDefects.flatMap(([name, defect], index) =>
    levels
      .filter((level) => level <= 500)
      .flatMap((viewsPerHour) =>
        [10, 50].map((canaryShare) => ({
          name,
          viewsPerHour,
          canaryShare,
          outcomes: runMany(
            { viewsPerHour, lookEveryMs: look, durationMs: 8 * hour, defect, canaryShare },
            viewsPerHour * 13 + canaryShare + index,
            defect === null ? runs : runsAt(viewsPerHour),
          ),
        })),
      ),
  );
  // Staged exposure (promote --canary 10 --widen 25): the same canaries, drawn at 10 % for the
  // first half hour and at 25 % after, where a busy site's moderate harm is decided within 2 h.
  const widen = { share: 25, afterMs: 30 * 60_000 };
  const stagedRows = [
    /** @type {[string, Defect | null]} */ (['equal to live', null]),
    ...defects,
  ].flatMap(([name, defect], index) =>
    levels
      .filter((level) => level >= 500)
      .map((viewsPerHour) => ({
        name,
        defect,
        viewsPerHour,
        outcomes: runMany(
          { viewsPerHour, lookEveryMs: look, durationMs: day, defect, widen },
          viewsPerHour * 17 + index,
          runsAt(viewsPerHour, defect === null),
        ),
      })),
  );
  dispatch();

  /** @type {string[]} */
  const lines = [];
  const say = (/** @type {string} */ text = '') => lines.push(text);
  const { model, share, sessionFacts } = trafficModel;
  say('# Canary judge: error rates measured on a model of real visitors');
  say();
  say(
    `Written by \`npm run bench:canary -- --runs ${runs} --aa-runs ${aaRuns} --busy-aa-runs ${busyAaRuns} --seed ${seed} --levels ${levels.join(',')}\` (tools/canary/judge-bench.mjs): every look calls the real \`judgeCanary\` (platform/releases/canary-judge.cjs) with its default policy, only \`lookEveryMs\` set to the look schedule. Seeded: the same command writes the same figures. Runs per row: for a canary equal to live over 24 h, ${aaRuns} below 5,000 views/h and ${busyAaRuns} at 5,000; ${runs} for the equal canary's working-day rows; ${runsAt(500)} for the other rows, ${runsAt(5000)} at 5,000 views/h. "At most" is the share each row's count bounds at 95 % (Clopper-Pearson): 0 of ${aaRuns} runs bounds it to ${pct(upperBound(0, aaRuns), 1)}, 0 of ${busyAaRuns} to ${pct(upperBound(0, busyAaRuns), 1)}, 0 of ${runsAt(500)} to ${pct(upperBound(0, runsAt(500)), 1)}.`,
  );
  say();
  say('## The model (tools/canary/traffic-model.cjs)');
  say();
  say(
    `- Visitors come in sessions (one visitor each), Poisson at the stated views per hour ÷ ${sessionFacts.meanViews.toFixed(2)} views per session; ${share} % of sessions drawn into the canary. Session length ceil(exp(${model.sessionSigma}·N(0,1))) views, at most ${model.maxSessionViews}: heavy-tailed (median 1; the 1 % longest make about a fifth of the views). A session's views fall in one 5-minute step, each on a route drawn ${Object.entries(
      model.routes,
    )
      .map(([route, weight]) => `${route} ${weight * 100} %`)
      .join(', ')}.`,
  );
  say(
    `- Per visitor: a device factor exp(${model.deviceSigma}·N(0,1)) on all its INP and LCP (correlated views); ${model.interactShare * 100} % interact (each of their views has an INP, median ${model.inpMedianMs} ms × device × exp(${model.inpSigma}·N)); LCP median ${model.lcpMedianMs} ms × device × exp(${model.lcpSigma}·N). ${model.flakyShare * 100} % of visitors are flaky: their views err with ${model.flakyErrorShare * 100} %, the others' with ${model.errorShare * 100} %; failed loads ${model.failedLoadShare * 100} % of views. ${(sessionFacts.erringShare * 100).toFixed(2)} % of visitors meet an error or a failed load.`,
  );
  say(
    `- Networks: ${model.visitorsPerNetwork} visitors each (marks as the render servers make them). The NAT rows put 30 % of all visitors behind one address (one mark, in both lanes).`,
  );
  say(
    `- Three render instances: a session's views go round-robin over them; each client's budget (${clientBudget.views} views, ${clientBudget.errorViews} erring views per lane and hour) holds per instance. A view counts once on every instance: each part of a view is claimed with a create-only document before it is summed, so a token replayed to the other instances adds nothing (tests/integration/field-data-instances.test.ts replays one token to three real render instances behind a round-robin front and counts it once); the model therefore counts each view once and replays no tokens.`,
  );
  say(
    '- Live runs alone for 3 h before the canary (its baseline). The judge sees the whole run, the last hour and the baseline at each look. A run ends at its first rollback; "healthy" and "no harm found" are noted and the run goes on (a later rollback would replace them). The per-view INP/LCP histograms (what `npm run vitals` reads) are not simulated: the judge reads visitors.',
  );
  say();

  say('## A canary equal to live (A/A), 5-minute looks for 24 h');
  say();
  say(
    '| views/h | visitors behind one NAT | runs | rolled back (false) | at most (95 %) | healthy at some look | healthy within 8 h | no harm found within 8 h | a decision within 8 h | median time to a decision |',
  );
  say('|---|---|---|---|---|---|---|---|---|---|');
  for (const row of aa) {
    const outcomes = await row.outcomes;
    const n = outcomes.length;
    const rolled = outcomes.filter((o) => o.rollbackAt !== null).length;
    const healthy = outcomes.filter((o) => o.healthyBeforeRollbackAt !== null);
    const healthy8 = healthy.filter(
      (o) => /** @type {number} */ (o.healthyBeforeRollbackAt) <= 8 * hour,
    ).length;
    const finished8 = outcomes.filter(
      (o) => o.finishedAt !== null && o.finishedAt <= 8 * hour,
    ).length;
    const decisionAt = outcomes.flatMap((o) => {
      const times = [o.healthyBeforeRollbackAt, o.finishedAt, o.rollbackAt].filter(
        (t) => t !== null,
      );
      return times.length ? [Math.min(.../** @type {number[]} */ (times))] : [];
    });
    const decided8 = decisionAt.filter((t) => t <= 8 * hour).length;
    say(
      `| ${row.viewsPerHour} | ${row.natShare * 100} % | ${n} | ${rolled} (${pct(rolled, n)}) | ${pct(upperBound(rolled, n), 1)} | ${pct(healthy.length, n)} | ${pct(healthy8, n)} | ${pct(finished8, n)} | ${pct(decided8, n)} | ${duration(medianOf(decisionAt))} |`,
    );
  }
  say();
  say('### 30-second looks (--watch) for 2 h');
  say();
  say('| views/h | runs | rolled back (false) | at most (95 %) | healthy at some look |');
  say('|---|---|---|---|---|');
  for (const row of watch) {
    const outcomes = await row.outcomes;
    const rolled = outcomes.filter((o) => o.rollbackAt !== null).length;
    const healthy = outcomes.filter((o) => o.healthyBeforeRollbackAt !== null).length;
    say(
      `| ${row.viewsPerHour} | ${outcomes.length} | ${rolled} (${pct(rolled, outcomes.length)}) | ${pct(upperBound(rolled, outcomes.length), 1)} | ${pct(healthy, outcomes.length)} |`,
    );
  }
  say();

  say('## False "healthy" with the canary exactly at each floor');
  say();
  say(
    "The canary worse than live by exactly a floor (erring visitors: each canary visitor also errs on its first view with the probability that puts the canary's share at the floor; INP and LCP: every value × 1.1, so the p75 of visitors' worst is 1.1× live's). A run ends at its first \"healthy\".",
  );
  say();
  say('| canary at | views/h | runs | called healthy | at most (95 %) | rolled back |');
  say('|---|---|---|---|---|---|');
  for (const row of floorRows) {
    const outcomes = await row.outcomes;
    const healthy = outcomes.filter((o) => o.healthyBeforeRollbackAt !== null).length;
    const rolled = outcomes.filter((o) => o.rollbackAt !== null).length;
    say(
      `| ${row.name} | ${row.viewsPerHour} | ${outcomes.length} | ${healthy} (${pct(healthy, outcomes.length)}) | ${pct(upperBound(healthy, outcomes.length), 1)} | ${rolled} |`,
    );
  }
  say();

  say('## Bad canaries: how fast they are rolled back');
  say();
  say(
    '5-minute looks for up to 24 h. "Healthy first": runs where the bad canary was called healthy before its rollback. "No harm found first": runs where it finished "no harm found" first, split into finishes that claimed the power for the named harms (erring visitors ×5 live\'s, INP/LCP ×1.5) and the working day\'s finishes at the power the run had (each names the larger effects it would have caught; the defect was below them). A finish opens with "inconclusive after N h, NOT a healthy verdict" and what it could have missed, and none comes while the canary\'s erring visitors or views are worse than live\'s by more than half their floor, or its INP or LCP p75 beyond 1.25× live\'s.',
  );
  say();
  say(
    '| defect | views/h | runs | rolled back | within 2 h | median time | median canary visitors | healthy first | no harm found first: claiming the power / at the power it had |',
  );
  say('|---|---|---|---|---|---|---|---|---|');
  for (const row of badRows) {
    const outcomes = await row.outcomes;
    const { n, rolled, within, first, time, visitors } = rollbackFiguresOf(outcomes, row.defect);
    const finished = outcomes.filter((o) => o.finishedAt !== null);
    const working = finished.filter((o) => workingDay(o)).length;
    say(
      `| ${row.name} | ${row.viewsPerHour} | ${n} | ${pct(rolled, n)} | ${within} | ${time} | ${visitors} | ${first} | ${finished.length - working} / ${working} |`,
    );
  }
  say();

  if (stagedRows.length) {
    say(
      `## Staged exposure: ${share} % for the first ${widen.afterMs / 60_000} min, then ${widen.share} %`,
    );
    say();
    say(
      `\`promote --canary ${share} --widen ${widen.share}\`: new visitors are drawn at ${share} % for the first ${widen.afterMs / 60_000} minutes (where a page that breaks for everyone shows at a tenth of the visitors) and at ${widen.share} % after; visitors drawn before keep their lane. The judge's level and floors are unchanged: a canary equal to live is held to the same 1 % over 24 h. 5-minute looks for up to 24 h; the columns as above.`,
    );
    say();
    say(
      '| canary | views/h | runs | rolled back | at most (95 %) | within 2 h | median time | median canary visitors | healthy first |',
    );
    say('|---|---|---|---|---|---|---|---|---|');
    for (const row of stagedRows) {
      const { n, rolled, within, first, time, visitors } = rollbackFiguresOf(
        await row.outcomes,
        row.defect,
      );
      say(
        `| ${row.name} | ${row.viewsPerHour} | ${n} | ${rolled} (${pct(rolled, n)}) | ${row.defect ? '–' : pct(upperBound(rolled, n), 1)} | ${within} | ${time} | ${visitors} | ${row.defect ? first : '–'} |`,
      );
    }
    say();
  }

  say('## Forged beacons (100 views/h)');
  say();
  say(
    "The erring canary's rows share their seeds: each attacked run's delay is its rollback time less its unattacked twin's (a twin rolled back later than its attack is a delay of 0 or less).",
  );
  say();
  say(
    '| scenario | runs | rolled back | median time to rollback | median delay | longest delay | called healthy or "no harm found" |',
  );
  say('|---|---|---|---|---|---|---|');
  const unattacked = forgedRows[0] ? await forgedRows[0].outcomes : [];
  for (const row of forgedRows) {
    const outcomes = await row.outcomes;
    const rolled = outcomes.filter((o) => o.rollbackAt !== null);
    const healthy = outcomes.filter(
      (o) => o.healthyBeforeRollbackAt !== null || o.finishedAt !== null,
    ).length;
    const delays = row.paired
      ? outcomes.map((o, index) => {
          const twin = unattacked[index]?.rollbackAt ?? null;
          if (o.rollbackAt === null) return Number.POSITIVE_INFINITY;
          return twin === null ? 0 : o.rollbackAt - twin;
        })
      : [];
    const delayText = (/** @type {number | null} */ ms) =>
      ms === null
        ? '–'
        : Number.isFinite(ms)
          ? ms <= 0
            ? '0'
            : duration(ms)
          : 'never rolled back';
    say(
      `| ${row.name} | ${outcomes.length} | ${rolled.length} | ${duration(medianOf(rolled.map((o) => /** @type {number} */ (o.rollbackAt))))} | ${row.paired ? delayText(medianOf(delays)) : '–'} | ${row.paired ? delayText(Math.max(...delays)) : '–'} | ${healthy} |`,
    );
  }
  say();
  say("## A small site's decision within a working day (8 h)");
  say();
  say(
    `5-minute looks for 8 h, at a 10 % canary share and at 50 % (the share docs/releases.md suggests for a release worth finishing the same day). A decision is a rollback or "no harm found": after 6 h with the power for the named harms (erring visitors ×${policy.harmErrorRatio} live's + ${policy.errorPoints * 100} points, INP and LCP ×${policy.harmP75Ratio}), or at 8 h with the power the run had, which it states: the medians below are what those finishes said they would have caught at 80 % (a harm below them could have been missed). No finish comes with fewer than ${policy.healthyClients} canary visitors in ${policy.healthyNetworks} networks, under a data-health alarm, or while a test over its floor leans the canary's way at 5 %.`,
  );
  say();
  say(
    '| canary | views/h | share | runs | a decision within 8 h | rolled back | no harm found (claiming the power / at the power it had) | median erring share it would have caught | median INP ratio it would have caught |',
  );
  say('|---|---|---|---|---|---|---|---|---|');
  for (const row of smallRows) {
    const outcomes = await row.outcomes;
    const n = outcomes.length;
    const rolled = outcomes.filter((o) => o.rollbackAt !== null).length;
    const finished = outcomes.filter((o) => o.rollbackAt === null && o.finishedAt !== null);
    const working = finished.filter((o) => workingDay(o)).length;
    const caughtShares = finished.flatMap((o) => {
      const match = /caught visitors meeting an error or a failed load in ([\d.]+) %/.exec(
        o.finishedReason ?? '',
      );
      return match ? [Number(match[1])] : [];
    });
    const caughtInp = finished.flatMap((o) => {
      const match = /INP ([\d.]+)× live's/.exec(o.finishedReason ?? '');
      return match ? [Number(match[1])] : [];
    });
    const share = medianOf(caughtShares);
    const inp = medianOf(caughtInp);
    say(
      `| ${row.name} | ${row.viewsPerHour} | ${row.canaryShare} % | ${n} | ${pct(rolled + finished.length, n)} | ${pct(rolled, n)} | ${pct(finished.length - working, n)} / ${pct(working, n)} | ${share === null ? '–' : `${share.toFixed(1)} %`} | ${inp === null ? '–' : `${inp.toFixed(2)}×`} |`,
    );
  }
  say();
  say(
    `Run time: ${((Date.now() - started) / 1000).toFixed(0)} s on ${workers} worker threads (${os.availableParallelism()} cores, load average ${os.loadavg()[0]?.toFixed(1)} at the end).`,
  );
  await Promise.all(pool.map((worker) => worker.terminate()));
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${lines.join('\n')}\n`);
  console.log(`Wrote ${path.relative(process.cwd(), out)}`);
}

if (!isMainThread) {
  const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
  port.on('message', (/** @type {{ id: number; scenario: Scenario; seed: number }} */ task) => {
    const { forgery, ...scenario } = task.scenario;
    const outcome = trafficModel.simulateRun({
      ...scenario,
      seed: task.seed,
      ...(forgery
        ? {
            forge: (/** @type {number} */ at, /** @type {LaneSamples} */ step) =>
              forge(forgery, at, step),
          }
        : {}),
    });
    port.postMessage({ id: task.id, outcome });
  });
} else {
  const usage = `Usage: npm run bench:canary -- [--runs N] [--aa-runs N] [--busy-aa-runs N] [--seed S] [--out FILE] [--workers W] [--levels L]

  --runs N     the equal canary's working-day rows take N runs, the other rows 40 % of it
               (30 % at 5,000 views/h); default 100
  --aa-runs N  runs per 24-hour row of a canary equal to live below 5,000 views/h (default:
               --runs; 300 shows "at most 1 %" when none is rolled back)
  --busy-aa-runs N  the same at 5,000 views/h and more (default: 30 % of --runs)
  --seed S     the seed (default 31)
  --out FILE   where the report goes (default reports/canary-judge.md)
  --workers W  worker threads (default: the cores)
  --levels L   the traffic levels, views/h, comma-separated (default 20,100,500,5000)
`;
  await cli.runCli(async () => {
    const line = args.parseCommandLine(
      process.argv.slice(2),
      {
        runs: { type: 'string' },
        seed: { type: 'string' },
        out: { type: 'string' },
        workers: { type: 'string' },
        levels: { type: 'string' },
        'aa-runs': { type: 'string' },
        'busy-aa-runs': { type: 'string' },
      },
      usage,
    );
    if (line.help) return void process.stdout.write(usage);
    const whole = (/** @type {string} */ key, /** @type {number} */ fallback) => {
      const value = Number(line.string(key) ?? fallback);
      if (!Number.isInteger(value) || value < 1)
        throw new cli.CliError(`--${key} takes a whole number of at least 1\n\n${usage}`, 2);
      return value;
    };
    const runs = whole('runs', 100);
    const aaRuns = whole('aa-runs', runs);
    const busyAaRuns = whole('busy-aa-runs', Math.max(2, Math.round(runs * 0.3)));
    const seed = whole('seed', 31);
    const workers = whole('workers', Math.max(1, os.availableParallelism()));
    const out = path.resolve(line.string('out') ?? 'reports/canary-judge.md');
    const levels = (line.string('levels') ?? '20,100,500,5000').split(',').map(Number);
    if (!levels.every((level) => Number.isInteger(level) && level > 0))
      throw new cli.CliError(`--levels takes whole numbers, comma-separated\n\n${usage}`, 2);
    await writeReport({ runs, aaRuns, busyAaRuns, seed, workers, out, levels });
  });
}
