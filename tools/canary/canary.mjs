// @ts-check
/**
 * `npm run canary -- --to <dir> [--watch]`: the canary's judge, run by a person or a pipeline
 * (the scheduled function judges deployed canaries the same way; see docs/releases.md).
 *
 * On "healthy" it reports and records, and leaves finishing to the team
 * (`npm run promote -- --finish`): a rollback returns every visitor to a set known to be good,
 * so the judge may do it alone; finishing exposes every visitor to the candidate, and a
 * passing window says only that nothing measured got worse, not that the release is what the
 * team meant to ship.
 *
 * Exit codes: 0 healthy, waiting or inconclusive (once) or nothing to judge; 3 rolled back;
 * 1 failed; 2 usage.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import summary from '../../platform/field-data/summary.cjs';
import review from '../../platform/releases/canary-review.cjs';
import canaryPointer from '../release/canary-pointer.cjs';
import releaseDir from '../release/release-dir.cjs';
import releaseLock from '../release/release-lock.cjs';
import cli from '../cli/cli.cjs';
import reader from '../vitals/read-field-data.cjs';
import format from '../vitals/format.cjs';
import options from './options.cjs';

const { CliError } = cli;

/**
 * @typedef {{ kind: 'apply'; decision: import('../../platform/releases/canary-review.cjs').CanaryDecision }
 *   | { kind: 'wait'; verdict: import('../../platform/releases/canary-judge.cjs').CanaryVerdict }} Outcome
 */
const judgeName = 'npm run canary';

/** One JSON line, as Cloud Logging reads a container's output. @param {'INFO' | 'WARNING'} severity @param {string} message @param {Record<string, unknown>} fields */
function logLine(severity, message, fields) {
  console.log(JSON.stringify({ severity, message, time: new Date().toISOString(), ...fields }));
}

/**
 * The figures a judge stored, as lines; figures written by another judge are read as input, so
 * what is not figures is shown as it is.
 * @param {Record<string, unknown>} figures
 */
function figureText(figures) {
  return /** @type {const} */ (['canary', 'live']).flatMap((lane) => {
    if (!(lane in figures)) return [];
    const decoded = summary.decodeFigures(figures[lane]);
    return decoded
      ? [`${lane}:`, ...format.figureLines(decoded).map((line) => `  ${line}`)]
      : [`${lane}: ${JSON.stringify(figures[lane])}`];
  });
}

/**
 * Runs a change of the release directory under its lock, as promote does; a directory busy or
 * changed meanwhile (the canary finished or aborted while it was judged) is the user's to
 * see, not a crash. The stored decision stands either way: render servers act on it.
 * @template T
 * @param {string} dir @param {string} what @param {() => T} change
 */
async function changeDirectory(dir, what, change) {
  try {
    return await releaseLock.withReleaseLock(dir, `npm run canary (${what})`, change);
  } catch (error) {
    if (!(error instanceof releaseDir.ReleaseError)) throw error;
    throw new CliError(
      `The judge's decision is stored, but ${what} in ${dir} was not done: ${error.message}`,
    );
  }
}

/**
 * Ends the canary in the directory by a stored rollback, records it, prints and logs it.
 * @param {string} dir @param {import('../../platform/remotes/remotes-json.cjs').Canary} canary
 * @param {import('../../platform/releases/canary-review.cjs').CanaryDecision} decision
 */
async function applyRollback(dir, canary, decision) {
  await changeDirectory(dir, `applying the rollback of canary ${canary.id}`, () =>
    canaryPointer.endCanary(dir, {
      action: 'canary-rollback',
      id: canary.id,
      reasons: decision.reasons,
      figures: decision.figures,
    }),
  );
  console.log(
    [
      `Canary ${canary.id} rolled back (decided by ${decision.by || 'a judge'} at ${decision.at}): every visitor is served the live set again.`,
      ...decision.reasons.map((reason) => `  - ${reason}`),
      ...figureText(decision.figures),
    ].join('\n'),
  );
  logLine('WARNING', 'Canary rolled back', {
    canary: canary.id,
    decision: 'rollback',
    releases: canary.releases,
    reasons: decision.reasons,
    figures: decision.figures,
    decidedBy: decision.by,
  });
}

await cli.runCli(async () => {
  const { dir, watch, everyMs, policy, target, help } = options.parseOptions(process.argv.slice(2));
  if (help) {
    process.stdout.write(options.usage);
    return;
  }
  for (;;) {
    const canary = (() => {
      try {
        return canaryPointer.runningCanary(dir);
      } catch (error) {
        throw new CliError(error instanceof Error ? error.message : String(error));
      }
    })();
    if (!canary) {
      console.log(`No canary runs in ${dir}: nothing to judge.`);
      return;
    }
    /** @type {Outcome} */
    const outcome = await reader.withFirestore(target, async (db) => {
      const stored = await review.readCanaryDecision(db, canary.id);
      if (stored?.decision === 'rollback')
        return /** @type {Outcome} */ ({ kind: 'apply', decision: stored });
      const verdict = await review.reviewCanary(db, canary, policy);
      if (
        verdict.verdict === 'wait' ||
        verdict.verdict === 'inconclusive' ||
        verdict.verdict === 'finished'
      )
        return /** @type {Outcome} */ ({ kind: 'wait', verdict });
      const { decision } = await review.storeCanaryDecision(
        db,
        canary,
        { ...verdict, verdict: verdict.verdict },
        judgeName,
      );
      return /** @type {Outcome} */ ({ kind: 'apply', decision });
    });
    if (outcome.kind === 'apply' && outcome.decision.decision === 'rollback') {
      await applyRollback(dir, canary, outcome.decision);
      process.exitCode = 3;
      return;
    }
    if (outcome.kind === 'apply') {
      const { decision } = outcome;
      await changeDirectory(dir, `recording canary ${canary.id} healthy`, () =>
        canaryPointer.recordHealthy(dir, {
          id: canary.id,
          reasons: decision.reasons,
          figures: decision.figures,
        }),
      );
      console.log(
        [
          `Canary ${canary.id} is healthy: nothing worse than live.`,
          ...decision.reasons.map((reason) => `  - ${reason}`),
          ...figureText(decision.figures),
          `Make it live for every visitor with \`npm run promote -- --finish --to ${dir}\`, or end it with --abort.`,
        ].join('\n'),
      );
      logLine('INFO', 'Canary healthy', {
        canary: canary.id,
        decision: 'healthy',
        releases: canary.releases,
        reasons: decision.reasons,
        figures: decision.figures,
      });
      return;
    }
    const { verdict } = /** @type {Outcome & { kind: 'wait' }} */ (outcome);
    // Not healthy is worth a line in the record, with what it needs (at most one an hour).
    const recorded =
      verdict.verdict === 'inconclusive' && verdict.needs
        ? await changeDirectory(dir, `recording canary ${canary.id} inconclusive`, () =>
            canaryPointer.recordInconclusive(dir, {
              id: canary.id,
              reasons: verdict.reasons,
              needs: /** @type {NonNullable<typeof verdict.needs>} */ (verdict.needs),
            }),
          )
        : false;
    console.log(
      [
        verdict.verdict === 'finished'
          ? `Canary ${canary.id}: inconclusive, NOT healthy: no harm large enough to see was found (the floors are not ruled out; what it could have missed is below)`
          : verdict.verdict === 'inconclusive'
            ? `Canary ${canary.id}: inconclusive so far (not healthy: the data cannot rule the floors out yet)`
            : `Canary ${canary.id}: waiting for`,
        ...verdict.reasons.map((reason) => `  - ${reason}`),
        ...(verdict.verdict === 'finished'
          ? [
              `If those harms are small enough for you, make it live with \`npm run promote -- --finish --force --to ${dir}\` (recorded as forced), or end it with --abort.`,
            ]
          : []),
        ...(recorded ? [`Recorded as canary-inconclusive in ${dir}/release-history.json.`] : []),
      ].join('\n'),
    );
    if (verdict.verdict === 'inconclusive')
      logLine('INFO', 'Canary inconclusive', {
        canary: canary.id,
        reasons: verdict.reasons,
        needs: verdict.needs,
      });
    if (!watch) return;
    await sleep(everyMs);
  }
});
