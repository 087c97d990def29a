// @ts-check
/**
 * `npm run release -w <app> -- --to <dir>`: builds the app for production and publishes it as
 * an immutable release, <dir>/<app>/<version>/ (browser and server builds, and a remote's
 * published types). `--no-build` publishes the app's last build instead. Nothing goes live:
 * that is `npm run promote`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import apps from '../../platform/apps.cjs';
import paths from '../stack/paths.cjs';
import processes from '../processes/processes.cjs';
import options from './options.cjs';
import publish from './publish.cjs';
import releaseDir from './release-dir.cjs';
import buildVersion from '../../federation/build/build-version.cjs';
import history from './release-history.cjs';
import releaseLock from './release-lock.cjs';
import env from '../cli/env.cjs';

const require = createRequire(import.meta.url);

/** `dir` as the caller would type it. @param {string} dir */
function shortPath(dir) {
  const relative = path.relative(env.text('INIT_CWD') ?? process.cwd(), dir);
  return relative && !relative.startsWith('..') ? relative : dir;
}

/** The app is the workspace npm runs this in (or --app NAME). */
function appOf(/** @type {Record<string, string>} */ values) {
  const appDir = values['--app'] ? path.resolve(paths.repoRoot, values['--app']) : process.cwd();
  const app = path.basename(appDir);
  if (!releaseDir.isApp(app))
    throw new releaseDir.ReleaseError(
      `Run it for one app: npm run release -w <${apps.appIds.join('|')}> -- --to <dir>`,
    );
  return { app, appDir };
}

/** Builds into a folder of its own, so the workspace's dist/ is left as it was. */
async function build(/** @type {string} */ appDir) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'firstday-release-'));
  await processes.run(
    process.execPath,
    [
      require.resolve('webpack-cli/bin/cli.js'),
      '--mode',
      'production',
      '--stats',
      'errors-warnings',
    ],
    { cwd: appDir, env: { ...process.env, FIRSTDAY_DIST: out } },
  );
  return out;
}

/** The version the build says it is (stamped in its manifest while building). */
function versionOf(/** @type {string} */ browserDir, /** @type {string} */ appDir) {
  const manifest = path.join(browserDir, 'mf-manifest.json');
  if (!fs.existsSync(manifest)) return buildVersion.buildVersionOf(appDir);
  return JSON.parse(fs.readFileSync(manifest, 'utf8')).metaData.buildInfo.buildVersion;
}

try {
  const { values, flags } = options.parseArgs(process.argv.slice(2), ['--to', '--app']);
  const dir = options.releaseDirOf(values);
  const { app, appDir } = appOf(values);
  /** @type {string | undefined} */
  let buildDir;
  if (!flags.has('--no-build')) {
    // The version names the sources, so a version already published is refused before building.
    const expected = buildVersion.buildVersionOf(appDir);
    if (releaseDir.releasesOf(dir, app).some((release) => release.version === expected))
      throw new releaseDir.ReleaseError(
        `${app} ${expected} is already published in ${shortPath(dir)}; a release is never overwritten. Commit or change the sources to make a new version.`,
      );
    console.log(`Building ${app} for production…`);
    buildDir = await build(appDir);
  }
  const browserDir = buildDir ? path.join(buildDir, app) : paths.distOf(app);
  /** @type {Record<string, string>} */
  const contents =
    app === 'shell'
      ? {
          dist: browserDir,
          'dist-server': buildDir ? `${browserDir}-server` : paths.serverDistOf(app),
        }
      : { '': browserDir };
  for (const folder of Object.values(contents))
    if (!fs.existsSync(folder)) throw new releaseDir.ReleaseError(`No build at ${folder}`);
  const version = versionOf(browserDir, appDir);
  const pauseMs = env.number('FIRSTDAY_RELEASE_COPY_PAUSE_MS');
  const target = await publish.publishRelease({ dir, app, version, contents, pauseMs });
  if (buildDir) fs.rmSync(buildDir, { recursive: true, force: true });
  await releaseLock.withReleaseLock(dir, `release ${app}@${version}`, () =>
    history.record(dir, [{ action: 'publish', app, version }]),
  );
  console.log(`Published ${app}@${version} in ${target}`);
  if (releaseDir.isRemote(app))
    console.log(`Make it live: npm run promote -- ${app}@${version} --to ${shortPath(dir)}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
