// @ts-check
/**
 * `npm run releases -- --to <dir>`: every app's published versions, oldest first, and which
 * one remotes.json makes live.
 */
import apps from './lib/apps.cjs';
import options from './lib/releases/options.cjs';
import releaseDir from './lib/releases/release-dir.cjs';

try {
  const { values } = options.parseArgs(process.argv.slice(2), ['--to', '--from']);
  const dir = options.releaseDirOf(values, values['--from'] ? '--from' : '--to');
  const lines = [];
  for (const app of apps.appIds) {
    const releases = releaseDir.releasesOf(dir, app);
    const live = releaseDir.isRemote(app) ? releaseDir.liveVersionOf(dir, app) : undefined;
    lines.push(`${app}${releases.length ? '' : ' (no releases)'}`);
    for (const release of releases)
      lines.push(
        `  ${release.version === live ? '*' : ' '} ${release.version.padEnd(40)} ${release.publishedAt}${release.version === live ? '  live' : ''}`,
      );
  }
  console.log(lines.join('\n'));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
