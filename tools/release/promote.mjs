// @ts-check
/**
 * `npm run promote -- remote-home@<version> [more…] --to <dir> [--base-url URL] [--reason "…"]
 * [--force]`: makes published releases live by rewriting the release directory's remotes.json
 * (the shell's live pointer) in one atomic step, once the candidate set has passed its checks:
 * every manifest served where visitors load it, every route rendered with it as the render
 * server would, and the shell's type check against the types it published. A release marked
 * bad is refused too. `--force` is the emergency path: it promotes without running the checks
 * (recorded as skipped; `--reason` says why). Promoting a set that was live before and passed
 * its checks then is the rollback, not checked again. Each path loads only what it runs. Every promotion is recorded (npm run releases lists them).
 *
 * `… --canary <percent>` runs the same checks, then serves the candidate to that share of
 * visitors only (a canary, judged by `npm run canary`; `--widen <percent> [--widen-after 30m]`
 * draws new visitors at a larger share after that time, a staged canary); `--finish` makes the
 * running canary live for all once its judge has stored "healthy" for it (`--force` past
 * anything else, recorded),
 * `--abort [--reason "…"]` ends it with the live set unchanged. One canary at a time: a plain
 * promotion while one runs is refused, never ends it.
 *
 * Every step writes under the release directory's lock, and only if remotes.json is still the
 * one it read before its checks: a command that changed it meanwhile is never undone; the
 * later one is refused and says so.
 *
 * Exit codes: 0 done, 1 refused (a check failed, a release unknown or bad, a canary running or
 * not judged healthy, the directory busy or changed meanwhile), 2 a mistake in the arguments.
 */
import fs from 'node:fs';
import apps from '../../platform/apps.cjs';
import duration from '../cli/duration.cjs';
import env from '../cli/env.cjs';
import candidateNames from './candidate-names.cjs';
import canaryPointer from './canary-pointer.cjs';
import history from './release-history.cjs';
import releaseLock from './release-lock.cjs';
import options from './options.cjs';
import releaseDir from './release-dir.cjs';

const { ReleaseError } = releaseDir;
const { ReleaseUsageError } = options;

const usage =
  'Usage: npm run promote -- <remote>@<version> [more…] --to <dir> [--canary <percent> [--widen <percent> [--widen-after 30m]]] [--reason "…"] [--force] [--skip-browser] [--base-url URL]\n' +
  '       npm run promote -- --finish --to <dir> [--reason "…"] [--force] [--emulator HOST:PORT | --project ID]\n' +
  '       npm run promote -- --abort --to <dir> [--reason "…"]';

/** @param {string[]} problems */
const listed = (problems) => problems.map((p) => `  - ${p.replaceAll('\n', '\n    ')}`).join('\n');

/** @typedef {Array<{ app: import('./release-dir.cjs').RemoteId; version: string; from: string | null; rollback: boolean }>} Changes */

/** @param {Changes} changes */
const changeLines = (changes) =>
  changes.map(
    ({ app, version, from, rollback }) =>
      `${app}: ${from ?? 'nothing'} -> ${version}${rollback ? ' (rollback)' : ''}`,
  );

/**
 * `--finish`: the running canary made live for every visitor, unless its judge or the record says no.
 * @param {string} dir
 * @param {{ reason?: string; force: boolean; target: import('../cli/cli.cjs').Target }} how
 */
async function finish(dir, { reason, force, target }) {
  // Only --finish reads the judge's decision from Firestore: firebase-admin is loaded for it
  // alone, so a rollback does not wait seconds for a client it never uses.
  const { default: finishCheck } = await import('./finish-check.cjs');
  const pointer = releaseLock.readPointerText(dir);
  const canary = canaryPointer.runningCanary(dir);
  if (!canary) throw new ReleaseError(`No canary runs in ${dir}.`);
  const verdict = await finishCheck.readVerdict(target, canary, dir);
  await releaseLock.withReleaseLock(dir, 'promote --finish', async (lock) => {
    lock.assertPointer(pointer);
    const blockers = [...verdict.blockers, ...finishCheck.recordBlockers(dir, canary)];
    if (blockers.length && !force)
      throw new ReleaseError(
        `Canary ${canary.id} not finished:\n${listed(blockers)}\nNothing was changed. End it with --abort (a stored rollback: \`npm run canary -- --to ${dir}\` applies it), or make it live for every visitor anyway with --finish --force (recorded as forced).`,
      );
    if (blockers.length)
      console.warn(`Finishing canary ${canary.id} despite (--force):\n${listed(blockers)}`);
    if (verdict.healthyAt)
      await finishCheck.markFinished(target, canary.id, verdict.healthyAt, history.releaser());
    lock.assertPointer(pointer);
    const { changes } = canaryPointer.finishCanary(dir, {
      id: canary.id,
      reason,
      ...(force ? { problems: blockers } : {}),
      ...(verdict.unjudged ? { unjudged: true } : {}),
    });
    console.log(
      [
        `Canary ${canary.id} finished${force ? ' (--force)' : ''}: live for every visitor.`,
        ...changeLines(changes),
        `Live within 10 s (the render server re-reads ${releaseDir.remotesJsonOf(dir)}).`,
      ].join('\n'),
    );
  });
}

/** `--abort`: the running canary ended, the live set unchanged. @param {string} dir @param {string} [reason] */
async function abort(dir, reason) {
  await releaseLock.withReleaseLock(dir, 'promote --abort', () => {
    const canary = canaryPointer.endCanary(dir, { action: 'canary-abort', reason });
    console.log(
      `Canary ${canary.id} aborted: every visitor is served the live set again within 10 s (the live remotes are unchanged).`,
    );
  });
}

/** @param {string} dir @param {Map<string, string>} bad @param {Changes} changes */
function refuseBad(dir, bad, changes) {
  for (const { app, version } of changes) {
    const spec = `${app}@${version}`;
    if (bad.has(spec))
      throw new ReleaseError(
        `${spec} is marked bad (${bad.get(spec) || 'no reason given'}); promote it anyway with --force`,
      );
  }
}

/**
 * A promotion of `specs` (or, with `share`, a canary of them), after the candidate's checks.
 * The checks run without the lock; the write happens under it, only if remotes.json is still
 * the one the candidate was built from.
 * @param {string} dir
 * @param {{ specs: string[]; share: string | undefined; widen: { share: number; afterMs: number } | undefined; reason: string | undefined; force: boolean; skipBrowser: boolean; baseUrl: string | undefined }} what
 */
async function promote(dir, { specs, share, widen, reason, force, skipBrowser, baseUrl }) {
  const command = `promote ${specs.join(' ')}${share === undefined ? '' : ` --canary ${share}`}`;
  if (baseUrl)
    await releaseLock.withReleaseLock(dir, `${command} --base-url`, () =>
      releaseDir.setBaseUrl(dir, baseUrl),
    );
  const pointer = releaseLock.readPointerText(dir);
  const running = canaryPointer.runningCanary(dir);
  if (running)
    throw new ReleaseError(
      `A canary runs in ${dir} (${running.id}, ${running.share} % since ${running.startedAt}): finish it (--finish) or end it (--abort) before ${share === undefined ? 'promoting' : 'starting another'}.`,
    );
  const remotes = canaryPointer.liveRemotesOf(canaryPointer.readPointer(dir));
  /** @type {Changes} */
  const changes = [];
  for (const spec of specs) {
    const at = spec.indexOf('@');
    const app = spec.slice(0, at);
    const version = spec.slice(at + 1);
    if (at < 1 || !releaseDir.isRemote(app))
      throw new ReleaseUsageError(
        `"${spec}" is not <remote>@<version> (remotes: remote-home, remote-contact, remote-shared)`,
      );
    const published = releaseDir.releasesOf(dir, app);
    const known = published.map((release) => release.version);
    if (!known.includes(version))
      throw new ReleaseError(
        `${app}@${version} is not published in ${dir}${known.length ? ` (published: ${known.join(', ')})` : ''}`,
      );
    const from = releaseDir.liveVersionOf(dir, app) ?? null;
    // Going back to a release published before the live one is a rollback.
    const rollback = from !== null && known.indexOf(version) < known.indexOf(from);
    remotes[app] = releaseDir.manifestUrlOf(dir, app, version);
    changes.push({ app, version, from, rollback });
  }
  if (!force) refuseBad(dir, history.badReleases(dir), changes);
  const missing = apps.remoteIds.filter((id) => !remotes[id]);
  // A canary serves its remotes beside the live ones: without a whole live set it has no
  // control group, and its visitors would meet a set nobody checked.
  if (share !== undefined && missing.length)
    throw new ReleaseError(
      `No canary without a live set: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not live. Promote a release of each first.`,
    );
  /** @type {string[]} */
  let problems = [];
  const { checkNames } = candidateNames;
  const shell = candidateNames.shellCheckedWith(dir);
  // An emergency (--force of a plain promotion) goes live without the checks, recorded as
  // skipped: a check that must run first is a minute or two the visitors wait.
  const emergency = force && share === undefined && missing.length === 0;
  // A set that was live before and passed its checks then (a rollback, as a rule) is not
  // checked again: visitors meeting a fault need it back in seconds, not after the checks.
  const checkedBefore =
    share === undefined && missing.length === 0
      ? history.checkedBefore(dir, remotes, shell, checkNames)
      : undefined;
  const checks = checkNames.filter((name) => !(skipBrowser && name === 'the browser walk'));
  if (checkedBefore)
    console.log(
      `This set was live before and passed its checks then (${checkedBefore.at}, with ${shell}): not checked again (skipped: ${checkNames.join('; ')}).`,
    );
  else if (emergency)
    console.warn(
      `Forced (--force): not checked (skipped: ${checkNames.join('; ')})${reason ? `, because: ${reason}` : ''}.`,
    );
  else if (missing.length === 0) {
    const { default: candidateCheck } = await import('./candidate-check.cjs');
    problems = await candidateCheck.checkCandidate({
      dir,
      remotes,
      skipBrowser,
      say: (line) => console.log(line),
    });
    if (problems.length && !force)
      throw new ReleaseError(
        `Not ${share === undefined ? 'promoted' : 'started as a canary'}: the candidate failed its checks.\n${listed(problems)}\nFix the release, or ${share === undefined ? 'promote' : 'start it'} anyway with --force.`,
      );
    if (problems.length)
      console.warn(
        `${share === undefined ? 'Promoting' : 'Starting the canary'} despite failed checks (--force):\n${listed(problems)}`,
      );
  }
  await releaseLock.withReleaseLock(dir, command, (lock) => {
    // The checks took a while: the live set (and any canary) must still be the one the
    // candidate was built from, or this would undo what another command did meanwhile.
    lock.assertPointer(pointer);
    if (!force) refuseBad(dir, history.badReleases(dir), changes);
    if (share !== undefined) {
      const canary = canaryPointer.startCanary(dir, {
        releases: Object.fromEntries(changes.map(({ app, version }) => [app, version])),
        share: Number(share),
        ...(widen ? { widen } : {}),
        reason,
        ...(force ? { problems } : {}),
      });
      console.log(
        [
          `Canary ${canary.id} started: ${share} % of visitors are served`,
          ...changes.map(
            ({ app, version, from }) => `  ${app}@${version} (live: ${from ?? 'nothing'})`,
          ),
          ...(canary.widen
            ? [
                `New visitors are drawn at ${canary.widen.share} % from ${canary.widen.at} (those drawn before keep their lane).`,
              ]
            : []),
          `within 10 s. Judge it with \`npm run canary -- --to ${dir} --watch\`; make it live for all with \`npm run promote -- --finish --to ${dir}\`, or end it with --abort.`,
        ].join('\n'),
      );
      return;
    }
    releaseDir.writeAtomically(
      releaseDir.remotesJsonOf(dir),
      `${JSON.stringify(remotes, null, 2)}\n`,
    );
    history.record(
      dir,
      changes.map(({ app, version, from, rollback }) => ({
        action: rollback ? 'rollback' : 'promote',
        app,
        version,
        from,
        ...(reason ? { reason } : {}),
        ...(force ? { forced: true, problems } : {}),
        ...(checkedBefore
          ? { skippedChecks: checkNames, checkedAt: checkedBefore.at }
          : emergency
            ? { skippedChecks: checkNames }
            : missing.length === 0
              ? {
                  ...(problems.length === 0 ? { checked: { remotes, shell, checks } } : {}),
                  ...(skipBrowser ? { skippedChecks: ['the browser walk'] } : {}),
                }
              : {}),
      })),
    );
    console.log(changeLines(changes).join('\n'));
    if (missing.length)
      console.warn(
        `Not live yet: ${missing.join(', ')}. The shell needs all three in remotes.json; promote a release of each.`,
      );
    else
      console.log(
        `Live within 10 s (the render server re-reads ${releaseDir.remotesJsonOf(dir)}).`,
      );
  });
}

try {
  const { values, flags, rest } = options.parseArgs(process.argv.slice(2), [
    '--to',
    '--base-url',
    '--reason',
    '--canary',
    '--widen',
    '--widen-after',
    '--emulator',
    '--project',
  ]);
  const unknown = [...flags].filter(
    (flag) => !['--force', '--finish', '--abort', '--skip-browser'].includes(flag),
  );
  if (unknown.length) throw new ReleaseUsageError(`Unknown option ${unknown[0]}\n\n${usage}`);
  const force = flags.has('--force');
  const ending = flags.has('--finish') ? '--finish' : flags.has('--abort') ? '--abort' : null;
  if (flags.has('--finish') && flags.has('--abort'))
    throw new ReleaseUsageError('--finish or --abort, not both.');
  const share = values['--canary'];
  if (ending && (rest.length || share !== undefined || (force && ending === '--abort')))
    throw new ReleaseUsageError(
      `${ending} ends the running canary: it takes no releases or --canary${ending === '--abort' ? ', nor --force' : ''}.\n\n${usage}`,
    );
  if (ending !== '--finish' && (values['--emulator'] || values['--project']))
    throw new ReleaseUsageError(
      `--emulator and --project say where --finish reads the judge's decision.\n\n${usage}`,
    );
  if (
    share !== undefined &&
    !(/^\d{1,2}$/.test(share) && Number(share) >= 1 && Number(share) <= 50)
  )
    throw new ReleaseUsageError(
      `--canary takes the share of visitors as a whole percent from 1 to 50 (got "${share}")`,
    );
  const widenTo = values['--widen'];
  const widenAfter = values['--widen-after'];
  if ((widenTo !== undefined || widenAfter !== undefined) && share === undefined)
    throw new ReleaseUsageError(
      `--widen and --widen-after stage a canary: say --canary too.\n\n${usage}`,
    );
  if (widenAfter !== undefined && widenTo === undefined)
    throw new ReleaseUsageError(
      `--widen-after says when --widen applies: say --widen too.\n\n${usage}`,
    );
  if (
    widenTo !== undefined &&
    !(/^\d{1,2}$/.test(widenTo) && Number(widenTo) > Number(share) && Number(widenTo) <= 50)
  )
    throw new ReleaseUsageError(
      `--widen takes the later share as a whole percent above --canary's ${share} and at most 50 (got "${widenTo}")`,
    );
  /** @type {{ share: number; afterMs: number } | undefined} */
  let widen;
  if (widenTo !== undefined) {
    try {
      widen = {
        share: Number(widenTo),
        afterMs: duration.durationOf(widenAfter ?? '30m', '--widen-after'),
      };
    } catch (error) {
      throw new ReleaseUsageError(error instanceof Error ? error.message : String(error));
    }
  }
  const dir = options.releaseDirOf(values);
  if (!fs.existsSync(dir)) throw new ReleaseError(`${dir} does not exist`);
  const reason = values['--reason'];

  if (ending === '--finish') {
    const { default: cli } = await import('../cli/cli.cjs');
    /** @type {import('../cli/cli.cjs').Target} */
    let target;
    try {
      target = cli.targetOf(
        { emulator: values['--emulator'], project: values['--project'] },
        env.text('FIRESTORE_EMULATOR_HOST'),
        apps.firestore,
      );
    } catch (error) {
      throw new ReleaseUsageError(error instanceof Error ? error.message : String(error));
    }
    await finish(dir, { reason, force, target });
  } else if (ending === '--abort') {
    await abort(dir, reason);
  } else {
    if (rest.length === 0)
      throw new ReleaseUsageError(`Say what to promote: <remote>@<version>\n\n${usage}`);
    await promote(dir, {
      specs: rest,
      share,
      widen,
      reason,
      force,
      skipBrowser: flags.has('--skip-browser'),
      baseUrl: values['--base-url'],
    });
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(options.exitCodeOf(error));
}
