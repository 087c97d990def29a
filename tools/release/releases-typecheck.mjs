// @ts-check
/**
 * `npm run typecheck:released -- --from <dir | URL of remotes.json>`: type-checks the shell
 * against the types the live remote releases published, instead of the remotes' sources in
 * this repository: what a shell in another repository would do. A remote that changed what
 * its exposed modules export makes this fail before the shell is deployed against it.
 */
import options from './options.cjs';
import releasedTypes from './released-types.cjs';
import shellTypecheck from './shell-typecheck.cjs';

try {
  const { values } = options.parseArgs(process.argv.slice(2), ['--from']);
  const from = /^https?:\/\//.test(values['--from'] ?? '')
    ? /** @type {string} */ (values['--from'])
    : options.releaseDirOf(values, '--from');
  const dir = /^https?:\/\//.test(from) ? undefined : from;
  await shellTypecheck.typecheckShellAgainst(
    await releasedTypes.liveRemotesOf(from),
    dir,
    (versions) =>
      console.log(
        `Type-checking the shell against the live releases: ${Object.entries(versions)
          .map(([app, version]) => `${app}@${version}`)
          .join(', ')}`,
      ),
  );
  console.log('The shell type-checks against the live releases.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
