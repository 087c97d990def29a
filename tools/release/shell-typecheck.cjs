// @ts-check
/**
 * Type-checks the shell against the types a set of remote builds published, instead of the
 * remotes' sources in this repository: what a shell in another repository would do, and what
 * `npm run promote` asks of a candidate set before it goes live.
 */
const fs = require('node:fs');
const path = require('node:path');
const { repoRoot } = require('../stack/paths.cjs');
const { run } = require('../processes/processes.cjs');
const { unpackTypes } = require('./released-types.cjs');

/**
 * @param {Record<string, string>} remotes remote -> manifest URL
 * @param {string | undefined} dir a release directory to read the files from, where it has them
 * @param {(versions: Record<string, string>) => void} [onUnpacked] told which builds are checked
 * @returns {Promise<Record<string, string>>} the builds' versions; rejects when tsc fails
 */
async function typecheckShellAgainst(remotes, dir, onUnpacked = () => {}) {
  // Inside the repository, so the declarations find react and the other packages they name.
  fs.mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
  const work = fs.mkdtempSync(path.join(repoRoot, '.tmp', 'released-types-'));
  try {
    const typesDir = path.join(work, '@mf-types');
    const versions = await unpackTypes(remotes, dir, typesDir);
    onUnpacked(versions);
    const shellConfig = path.join(repoRoot, 'shell', 'tsconfig.json');
    const tsconfig = {
      extends: shellConfig,
      compilerOptions: {
        paths: {
          'react-router-dom': [path.join(repoRoot, 'federation/router/react-router-dom.ts')],
          ...Object.fromEntries(
            Object.keys(versions).map((app) => [`${app}/*`, [path.join(typesDir, app, '*')]]),
          ),
        },
      },
      // The shell's own list (a tsconfig's include is not inherited through extends).
      include: /** @type {string[]} */ (
        JSON.parse(fs.readFileSync(shellConfig, 'utf8')).include
      ).map((entry) => path.join(repoRoot, 'shell', entry)),
    };
    const config = path.join(work, 'tsconfig.json');
    fs.writeFileSync(config, JSON.stringify(tsconfig, null, 2));
    await run(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', config], {
      cwd: repoRoot,
    });
    return versions;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

module.exports = { typecheckShellAgainst };
