// @ts-check
/**
 * `npm run promote -- remote-home@<version> [more…] --to <dir> [--base-url URL]`: makes
 * published releases live by rewriting the release directory's remotes.json (the shell's live
 * pointer) in one atomic step. Promoting the version that was live before is the rollback.
 * Nothing is built; the render server and new page loads follow within seconds.
 */
import fs from 'node:fs';
import options from './lib/releases/options.cjs';
import releaseDir from './lib/releases/release-dir.cjs';

const { ReleaseError } = releaseDir;

try {
  const { values, rest } = options.parseArgs(process.argv.slice(2), ['--to', '--base-url']);
  const dir = options.releaseDirOf(values);
  if (!fs.existsSync(dir)) throw new ReleaseError(`${dir} does not exist`);
  if (values['--base-url']) releaseDir.setBaseUrl(dir, values['--base-url']);
  if (rest.length === 0) throw new ReleaseError('Say what to promote: <remote>@<version>');
  const remotes = releaseDir.readRemotesJson(dir);
  /** @type {string[]} */
  const changes = [];
  for (const spec of rest) {
    const at = spec.indexOf('@');
    const app = spec.slice(0, at);
    const version = spec.slice(at + 1);
    if (at < 1 || !releaseDir.isRemote(app))
      throw new ReleaseError(
        `"${spec}" is not <remote>@<version> (remotes: remote-home, remote-contact, remote-shared)`,
      );
    const known = releaseDir.releasesOf(dir, app).map((release) => release.version);
    if (!known.includes(version))
      throw new ReleaseError(
        `${app}@${version} is not published in ${dir}${known.length ? ` (published: ${known.join(', ')})` : ''}`,
      );
    const before = releaseDir.liveVersionOf(dir, app) ?? remotes[app] ?? 'nothing';
    remotes[app] = releaseDir.manifestUrlOf(dir, app, version);
    changes.push(`${app}: ${before} -> ${version}`);
  }
  releaseDir.writeAtomically(
    releaseDir.remotesJsonOf(dir),
    `${JSON.stringify(remotes, null, 2)}\n`,
  );
  console.log(changes.join('\n'));
  const missing = ['remote-home', 'remote-contact', 'remote-shared'].filter((id) => !remotes[id]);
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
