// @ts-check
/**
 * `npm run typecheck:released -- --from <dir | URL of remotes.json>`: type-checks the shell
 * against the types the live remote releases published, instead of the remotes' sources in
 * this repository: what a shell in another repository would do. A remote that changed what
 * its exposed modules export makes this fail before the shell is deployed against it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import paths from './lib/paths.cjs';
import processes from './lib/processes.cjs';
import options from './lib/releases/options.cjs';
import releasedTypes from './lib/releases/released-types.cjs';

const require = createRequire(import.meta.url);
const { repoRoot } = paths;

/** @type {string | undefined} */
let work;
try {
  const { values } = options.parseArgs(process.argv.slice(2), ['--from']);
  const from = /^https?:\/\//.test(values['--from'] ?? '')
    ? /** @type {string} */ (values['--from'])
    : options.releaseDirOf(values, '--from');
  // Inside the repository, so the declarations find react and the other packages they name.
  fs.mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
  work = fs.mkdtempSync(path.join(repoRoot, '.tmp', 'released-types-'));
  const typesDir = path.join(work, '@mf-types');
  const versions = await releasedTypes.unpackLiveTypes(from, typesDir);
  const tsconfig = {
    extends: path.join(repoRoot, 'shell', 'tsconfig.json'),
    compilerOptions: {
      paths: {
        'react-router-dom': [path.join(repoRoot, 'scripts/build/shared/react-router-dom.ts')],
        ...Object.fromEntries(
          Object.keys(versions).map((app) => [`${app}/*`, [path.join(typesDir, app, '*')]]),
        ),
      },
    },
    // The shell's own list (a tsconfig's include is not inherited through extends).
    include: /** @type {string[]} */ (
      JSON.parse(fs.readFileSync(path.join(repoRoot, 'shell', 'tsconfig.json'), 'utf8')).include
    ).map((entry) => path.join(repoRoot, 'shell', entry)),
  };
  const config = path.join(work, 'tsconfig.json');
  fs.writeFileSync(config, JSON.stringify(tsconfig, null, 2));
  console.log(
    `Type-checking the shell against the live releases: ${Object.entries(versions)
      .map(([app, version]) => `${app}@${version}`)
      .join(', ')}`,
  );
  await processes.run(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', config], {
    cwd: repoRoot,
  });
  console.log('The shell type-checks against the live releases.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  if (work) fs.rmSync(work, { recursive: true, force: true });
}
