// @ts-check
/**
 * `npm run promote -- remote-home@<version> [more…] --to <dir> [--base-url URL] [--reason "…"]
 * [--force]`: makes published releases live by rewriting the release directory's remotes.json
 * (the shell's live pointer) in one atomic step, once the candidate set has passed its checks:
 * every manifest served where visitors load it, every route rendered with it as the render
 * server would, and the shell's type check against the types it published. A release marked
 * bad is refused too. `--force` promotes anyway and says so. Promoting a version that was live
 * before is the rollback. Every promotion is recorded (npm run releases lists them).
 *
 * `… --canary <percent>` runs the same checks, then serves the candidate to that share of
 * visitors only (a canary, judged by `npm run canary`); `--finish` makes the running canary live
 * for all, `--abort [--reason "…"]` ends it with the live set unchanged. One canary at a time.
 *
 * Exit codes: 0 done, 1 refused (a check failed, a release unknown or bad, a canary running),
 * 2 a mistake in the arguments.
 */
import fs from 'node:fs';
import candidateCheck from './candidate-check.cjs';
import canaryPointer from './canary-pointer.cjs';
import history from './release-history.cjs';
import options from './options.cjs';
import releaseDir from './release-dir.cjs';

const { ReleaseError } = releaseDir;
const { ReleaseUsageError } = options;

const usage =
  'Usage: npm run promote -- <remote>@<version> [more…] --to <dir> [--canary <percent>] [--reason "…"] [--force] [--base-url URL]\n' +
  '       npm run promote -- --finish --to <dir> [--reason "…"]\n' +
  '       npm run promote -- --abort --to <dir> [--reason "…"]';

/** @param {string[]} problems */
const listed = (problems) => problems.map((p) => `  - ${p}`).join('\n');

try {
  const { values, flags, rest } = options.parseArgs(process.argv.slice(2), [
    '--to',
    '--base-url',
    '--reason',
    '--canary',
  ]);
  const unknown = [...flags].filter((flag) => !['--force', '--finish', '--abort'].includes(flag));
  if (unknown.length) throw new ReleaseUsageError(`Unknown option ${unknown[0]}\n\n${usage}`);
  const force = flags.has('--force');
  const ending = flags.has('--finish') ? '--finish' : flags.has('--abort') ? '--abort' : null;
  if (flags.has('--finish') && flags.has('--abort'))
    throw new ReleaseUsageError('--finish or --abort, not both.');
  const share = values['--canary'];
  if (ending && (rest.length || share !== undefined || force))
    throw new ReleaseUsageError(
      `${ending} ends the running canary: it takes no releases, --canary or --force.\n\n${usage}`,
    );
  if (
    share !== undefined &&
    !(/^\d{1,2}$/.test(share) && Number(share) >= 1 && Number(share) <= 50)
  )
    throw new ReleaseUsageError(
      `--canary takes the share of visitors as a whole percent from 1 to 50 (got "${share}")`,
    );
  const dir = options.releaseDirOf(values);
  if (!fs.existsSync(dir)) throw new ReleaseError(`${dir} does not exist`);

  if (ending === '--finish') {
    const { canary, changes } = canaryPointer.finishCanary(dir, { reason: values['--reason'] });
    console.log(
      [
        `Canary ${canary.id} finished: live for every visitor.`,
        ...changes.map(
          ({ app, version, from, rollback }) =>
            `${app}: ${from ?? 'nothing'} -> ${version}${rollback ? ' (rollback)' : ''}`,
        ),
        `Live within 10 s (the render server re-reads ${releaseDir.remotesJsonOf(dir)}).`,
      ].join('\n'),
    );
  } else if (ending === '--abort') {
    const canary = canaryPointer.endCanary(dir, {
      action: 'canary-abort',
      reason: values['--reason'],
    });
    console.log(
      `Canary ${canary.id} aborted: every visitor is served the live set again within 10 s (the live remotes are unchanged).`,
    );
  } else {
    if (values['--base-url']) releaseDir.setBaseUrl(dir, values['--base-url']);
    if (rest.length === 0)
      throw new ReleaseUsageError(`Say what to promote: <remote>@<version>\n\n${usage}`);
    const running = canaryPointer.runningCanary(dir);
    if (running)
      throw new ReleaseError(
        `A canary runs in ${dir} (${running.id}, ${running.share} % since ${running.startedAt}): finish it (--finish) or end it (--abort) before ${share === undefined ? 'promoting' : 'starting another'}.`,
      );
    const remotes = canaryPointer.liveRemotesOf(canaryPointer.readPointer(dir));
    const bad = history.badReleases(dir);
    /** @type {Array<{ app: import('./release-dir.cjs').RemoteId; version: string; from: string | null; rollback: boolean }>} */
    const changes = [];
    for (const spec of rest) {
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
      if (bad.has(spec) && !force)
        throw new ReleaseError(
          `${spec} is marked bad (${bad.get(spec) || 'no reason given'}); promote it anyway with --force`,
        );
      const from = releaseDir.liveVersionOf(dir, app) ?? null;
      // Going back to a release published before the live one is a rollback.
      const rollback = from !== null && known.indexOf(version) < known.indexOf(from);
      remotes[app] = releaseDir.manifestUrlOf(dir, app, version);
      changes.push({ app, version, from, rollback });
    }
    const missing = ['remote-home', 'remote-contact', 'remote-shared'].filter((id) => !remotes[id]);
    // A canary serves its remotes beside the live ones: without a whole live set it has no
    // control group, and its visitors would meet a set nobody checked.
    if (share !== undefined && missing.length)
      throw new ReleaseError(
        `No canary without a live set: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not live. Promote a release of each first.`,
      );
    /** @type {string[]} */
    let problems = [];
    if (missing.length === 0) {
      problems = await candidateCheck.checkCandidate({
        dir,
        remotes,
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
    if (share !== undefined) {
      const canary = canaryPointer.startCanary(dir, {
        releases: Object.fromEntries(changes.map(({ app, version }) => [app, version])),
        share: Number(share),
        reason: values['--reason'],
        ...(force ? { problems } : {}),
      });
      console.log(
        [
          `Canary ${canary.id} started: ${share} % of visitors are served`,
          ...changes.map(
            ({ app, version, from }) => `  ${app}@${version} (live: ${from ?? 'nothing'})`,
          ),
          `within 10 s. Judge it with \`npm run canary -- --to ${dir} --watch\`; make it live for all with \`npm run promote -- --finish --to ${dir}\`, or end it with --abort.`,
        ].join('\n'),
      );
    } else {
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
          ...(values['--reason'] ? { reason: values['--reason'] } : {}),
          ...(force ? { forced: true, problems } : {}),
        })),
      );
      console.log(
        changes
          .map(
            ({ app, version, from, rollback }) =>
              `${app}: ${from ?? 'nothing'} -> ${version}${rollback ? ' (rollback)' : ''}`,
          )
          .join('\n'),
      );
      if (missing.length)
        console.warn(
          `Not live yet: ${missing.join(', ')}. The shell needs all three in remotes.json; promote a release of each.`,
        );
      else
        console.log(
          `Live within 10 s (the render server re-reads ${releaseDir.remotesJsonOf(dir)}).`,
        );
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(options.exitCodeOf(error));
}
