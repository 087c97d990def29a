// @ts-check
/**
 * `npm run promote -- remote-home@<version> [more…] --to <dir> [--base-url URL] [--reason "…"]
 * [--force]`: makes published releases live by rewriting the release directory's remotes.json
 * (the shell's live pointer) in one atomic step, once the candidate set has passed its checks:
 * every manifest served where visitors load it, every route rendered with it as the render
 * server would, and the shell's type check against the types it published. A release marked
 * bad is refused too. `--force` promotes anyway and says so. Promoting a version that was live
 * before is the rollback. Every promotion is recorded (npm run releases lists them).
 */
import fs from 'node:fs';
import candidateCheck from './candidate-check.cjs';
import history from './release-history.cjs';
import options from './options.cjs';
import releaseDir from './release-dir.cjs';

const { ReleaseError } = releaseDir;

try {
  const { values, flags, rest } = options.parseArgs(process.argv.slice(2), [
    '--to',
    '--base-url',
    '--reason',
  ]);
  const force = flags.has('--force');
  const dir = options.releaseDirOf(values);
  if (!fs.existsSync(dir)) throw new ReleaseError(`${dir} does not exist`);
  if (values['--base-url']) releaseDir.setBaseUrl(dir, values['--base-url']);
  if (rest.length === 0) throw new ReleaseError('Say what to promote: <remote>@<version>');
  const remotes = releaseDir.readRemotesJson(dir);
  const bad = history.badReleases(dir);
  /** @type {Array<{ app: string; version: string; from: string | null; rollback: boolean }>} */
  const changes = [];
  for (const spec of rest) {
    const at = spec.indexOf('@');
    const app = spec.slice(0, at);
    const version = spec.slice(at + 1);
    if (at < 1 || !releaseDir.isRemote(app))
      throw new ReleaseError(
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
        `Not promoted: the candidate failed its checks.\n${problems.map((p) => `  - ${p}`).join('\n')}\nFix the release, or promote anyway with --force.`,
      );
    if (problems.length)
      console.warn(
        `Promoting despite failed checks (--force):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
      );
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
    console.log(`Live within 10 s (the render server re-reads ${releaseDir.remotesJsonOf(dir)}).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
