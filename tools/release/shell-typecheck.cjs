// @ts-check
/**
 * Type-checks the shell against the types a set of remote builds published, instead of the
 * remotes' sources in this repository: what a shell in another repository would do, and what
 * `npm run promote` asks of a candidate set before it goes live.
 */
const { execFile } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');
const { repoRoot } = require('../stack/paths.cjs');
const { unpackTypes } = require('./released-types.cjs');

/** The shell's type check ends within this (it takes seconds). */
const typecheckDeadlineMs = 180_000;
/** The compiler's message is kept to this many lines: the first errors say what broke. */
const keptMessageLines = 24;

/**
 * The compiler's own errors from its output, with the check's temporary folder and the
 * repository's path taken out, so they read the same wherever the check ran.
 * @param {string} output tsc's output @param {string} work the check's temporary folder
 */
function compilerMessage(output, work) {
  const lines = output
    .split('\n')
    .map((line) =>
      line
        .replaceAll(path.join(work, '@mf-types') + path.sep, '')
        .replaceAll(work + path.sep, '')
        .replaceAll(repoRoot + path.sep, '')
        // Inside the compiler's type names the folder appears relative to the repository.
        .replace(/\.tmp\/released-types-[\w-]+\/(@mf-types\/)?/g, '')
        .trimEnd(),
    )
    .filter((line) => line.trim() !== '');
  const kept = lines.slice(0, keptMessageLines);
  return lines.length > kept.length
    ? [...kept, `… (${lines.length - kept.length} more lines)`].join('\n')
    : kept.join('\n');
}

/**
 * Runs tsc on `config`; rejects with the compiler's own message when it finds errors.
 * @param {string} config @param {string} work
 */
function runTsc(config, work) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [
        require.resolve('typescript/bin/tsc'),
        ...['-p', config, '--pretty', 'false', '--noErrorTruncation'],
      ],
      { cwd: repoRoot, timeout: typecheckDeadlineMs, killSignal: 'SIGKILL', maxBuffer: 8 << 20 },
      (error, stdout, stderr) => {
        if (!error) resolve(undefined);
        else if (error.killed)
          reject(new Error(`tsc did not finish within ${typecheckDeadlineMs / 1000} s`));
        else
          reject(
            new Error(
              compilerMessage(`${stdout}${stderr}`, work) || `tsc failed (exit ${error.code})`,
            ),
          );
      },
    );
  });
}

/**
 * The shell's type-check config with each remote's modules read from `typesDir` instead of its
 * sources. Every other alias the shell's config has (its own or inherited) is kept, with its
 * folder made absolute: a config's `paths` replace the inherited ones whole, so a list written
 * here would miss any alias added to the shell's config later.
 * @param {string} shellConfig the shell's tsconfig.json
 * @param {string} typesDir the released declarations, a folder per remote
 * @param {readonly string[]} apps the remotes whose declarations are there
 */
function releasedTypesConfig(shellConfig, typesDir, apps) {
  const parsed = ts.getParsedCommandLineOfConfigFile(shellConfig, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  const { paths = {}, pathsBasePath } = parsed?.options ?? {};
  const base = typeof pathsBasePath === 'string' ? pathsBasePath : path.dirname(shellConfig);
  const remoteAliases = new Set(apps.map((app) => `${app}/*`));
  return {
    extends: shellConfig,
    compilerOptions: {
      paths: {
        ...Object.fromEntries(
          Object.entries(paths)
            .filter(([alias]) => !remoteAliases.has(alias))
            .map(([alias, targets]) => [alias, targets.map((to) => path.resolve(base, to))]),
        ),
        ...Object.fromEntries(apps.map((app) => [`${app}/*`, [path.join(typesDir, app, '*')]])),
      },
    },
    // The shell's own list (a tsconfig's include is not inherited through extends).
    include: /** @type {string[]} */ (parsed?.raw?.include ?? []).map((entry) =>
      path.join(path.dirname(shellConfig), entry),
    ),
  };
}

/**
 * @param {Record<string, string>} remotes remote -> manifest URL
 * @param {string | undefined} dir a release directory to read the files from, where it has them
 * @param {(versions: Record<string, string>) => void} [onUnpacked] told which builds are checked
 * @returns {Promise<Record<string, string>>} the builds' versions; rejects when tsc fails,
 *   with the compiler's own errors as the message
 */
async function typecheckShellAgainst(remotes, dir, onUnpacked = () => {}) {
  // Inside the repository, so the declarations find react and the other packages they name.
  fs.mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
  const work = fs.mkdtempSync(path.join(repoRoot, '.tmp', 'released-types-'));
  try {
    const typesDir = path.join(work, '@mf-types');
    const versions = await unpackTypes(remotes, dir, typesDir);
    onUnpacked(versions);
    const tsconfig = releasedTypesConfig(
      path.join(repoRoot, 'shell', 'tsconfig.json'),
      typesDir,
      Object.keys(versions),
    );
    const config = path.join(work, 'tsconfig.json');
    fs.writeFileSync(config, JSON.stringify(tsconfig, null, 2));
    await runTsc(config, work);
    return versions;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

module.exports = { typecheckShellAgainst, releasedTypesConfig };
