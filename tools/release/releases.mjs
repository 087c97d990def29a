// @ts-check
/**
 * `npm run releases -- --to <dir>`: every app's published versions, oldest first, which one
 * remotes.json makes live, which were live before and which are marked bad; then the record of
 * publishes, promotions, rollbacks and bad marks, newest last.
 *
 * `npm run releases -- --to <dir> --mark-bad <remote>@<version> --reason "…"` marks a release
 * bad: `npm run promote` then refuses it without --force.
 *
 * A running canary is shown after the releases: its share, versions, start and id.
 */
import apps from '../../platform/apps.cjs';
import canaryPointer from './canary-pointer.cjs';
import history from './release-history.cjs';
import options from './options.cjs';
import releaseLock from './release-lock.cjs';
import releaseDir from './release-dir.cjs';

const { ReleaseError } = releaseDir;

try {
  const { values } = options.parseArgs(process.argv.slice(2), [
    '--to',
    '--from',
    '--mark-bad',
    '--reason',
  ]);
  const dir = options.releaseDirOf(values, values['--from'] ? '--from' : '--to');
  const spec = values['--mark-bad'];
  if (spec) {
    const at = spec.indexOf('@');
    const app = spec.slice(0, at);
    const version = spec.slice(at + 1);
    if (at < 1 || !releaseDir.isApp(app))
      throw new ReleaseError(`"${spec}" is not <app>@<version>`);
    if (!releaseDir.releasesOf(dir, app).some((release) => release.version === version))
      throw new ReleaseError(`${spec} is not published in ${dir}`);
    if (!values['--reason']) throw new ReleaseError('Say why: --reason "…"');
    const reason = values['--reason'];
    await releaseLock.withReleaseLock(dir, `releases --mark-bad ${spec}`, () =>
      history.record(dir, [{ action: 'mark-bad', app, version, reason }]),
    );
    console.log(`Marked ${spec} bad: npm run promote refuses it without --force.`);
  }
  const bad = history.badReleases(dir);
  const lines = [];
  for (const app of apps.appIds) {
    const releases = releaseDir.releasesOf(dir, app);
    const live = releaseDir.isRemote(app) ? releaseDir.liveVersionOf(dir, app) : undefined;
    const before = history.previouslyLive(dir, app).filter((version) => version !== live);
    lines.push(`${app}${releases.length ? '' : ' (no releases)'}`);
    for (const release of releases) {
      const notes = [
        release.version === live ? 'live' : '',
        before[0] === release.version ? 'live before' : '',
        bad.has(`${app}@${release.version}`) ? `BAD: ${bad.get(`${app}@${release.version}`)}` : '',
      ].filter(Boolean);
      lines.push(
        `  ${release.version === live ? '*' : ' '} ${release.version.padEnd(40)} ${release.publishedAt}${notes.length ? `  ${notes.join(', ')}` : ''}`,
      );
    }
  }
  const canary = canaryPointer.runningCanary(dir);
  if (canary)
    lines.push(
      '',
      `Canary ${canary.id}: ${canary.share} % of visitors since ${canary.startedAt}${canary.widen ? `, ${canary.widen.share} % of new visitors from ${canary.widen.at}` : ''}`,
      ...Object.entries(canary.releases).map(([app, version]) => `  ${app}@${version}`),
    );
  const record = history.readHistory(dir);
  if (record.length) {
    lines.push('', 'Record (newest last):');
    for (const entry of record)
      lines.push(
        `  ${entry.at}  ${entry.by.padEnd(24)} ${entry.action.padEnd(15)} ${entry.app}@${entry.version}${entry.from ? ` (was ${entry.from})` : ''}${entry.canary ? ` [canary ${entry.canary}${entry.share ? `, ${entry.share} %` : ''}${entry.widen ? `, ${entry.widen.share} % from ${entry.widen.at}` : ''}]` : ''}${entry.skippedChecks ? ` (${entry.checkedAt ? `checks skipped: passed at ${entry.checkedAt}` : `skipped: ${entry.skippedChecks.join(', ')}`})` : ''}${entry.forced ? ' FORCED' : ''}${entry.reason ? `: ${entry.reason}` : ''}${entry.reasons?.length ? `: ${entry.reasons.join('; ')}` : ''}`,
      );
  }
  console.log(lines.join('\n'));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(options.exitCodeOf(error));
}
