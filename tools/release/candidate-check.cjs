// @ts-check
/**
 * What `npm run promote` checks before a set of remote versions goes live, each from where
 * visitors will meet it: every manifest, and every entry and chunk it names, is served with a
 * script's or stylesheet's type (browser and server builds, fetched from the URLs remotes.json
 * will name), every route renders with the set in a render worker as the
 * render server would (the shell's own `server.js --check`, given what the render server gives
 * visitors and killed past it), and the shell type-checks against the types the builds
 * published.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { withoutSecret } = require('../stack/render-server.cjs');
const { distOf, serverDistOf } = require('../stack/paths.cjs');
const {
  candidateCheckDeadlineMs,
  candidateRemoteDeadlineMs,
  checkStartMs,
  routeCheckDeadlineMs,
} = require('../../platform/deadlines.cjs');
const { routes } = require('../../platform/routes/routes.cjs');
const env = require('../cli/env.cjs');
const { releasesOf } = require('./release-dir.cjs');
const { browserProblems } = require('./browser-walk.cjs');
const { servedFileProblems } = require('./manifest-files.cjs');
const { typecheckShellAgainst } = require('./shell-typecheck.cjs');

/**
 * The render server to check with: the newest shell release in the directory (the one a
 * deployment runs), else this workspace's build.
 * @param {string} dir
 */
function shellServerOf(dir) {
  const newest = releasesOf(dir, 'shell').at(-1);
  const release = newest && path.join(dir, 'shell', newest.version);
  return release
    ? {
        server: path.join(release, 'dist-server', 'server.js'),
        staticDir: path.join(release, 'dist'),
      }
    : { server: path.join(serverDistOf('shell'), 'server.js'), staticDir: distOf('shell') };
}

/** The check's verdict is its last line; what it prints before is kept only this far back. */
const keptOutputChars = 64 * 1024;

/**
 * Renders every route with `remotes` through the render server's `--check`, which gives each
 * step what the render server gives visitors and keeps its own deadline (routeCheckDeadlineMs);
 * a child that cannot keep it is killed at candidateCheckDeadlineMs.
 * @param {{ server: string; staticDir: string }} shell @param {Record<string, string>} remotes
 * @returns {Promise<string[]>}
 */
async function renderProblems({ server, staticDir }, remotes) {
  if (!fs.existsSync(server))
    return [`no render server to check with (${server}): build the shell`];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'firstday-candidate-'));
  const remotesJson = path.join(work, 'remotes.json');
  fs.writeFileSync(remotesJson, JSON.stringify(remotes));
  const remoteMs = env.number('REMOTE_DEADLINE_MS');
  const pages = routes.filter((route) => !('clientOnly' in route)).length;
  const deadlineMs = candidateCheckDeadlineMs(remoteMs, pages);
  try {
    const { code, out, timedOut } = await new Promise((resolve) => {
      const child = spawn(process.execPath, [server, '--check'], {
        env: {
          ...withoutSecret(process.env),
          REMOTES_JSON: remotesJson,
          STATIC_DIR: staticDir,
          LOG_FORMAT: 'json',
        },
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      let output = '';
      let stopped = false;
      const timer = setTimeout(() => {
        stopped = true;
        child.kill('SIGKILL');
      }, deadlineMs);
      child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-keptOutputChars)));
      child.on('exit', (exitCode) => {
        clearTimeout(timer);
        resolve({ code: exitCode, out: output, timedOut: stopped });
      });
    });
    if (timedOut)
      return [
        `the render check did not finish within its deadline of ${seconds(deadlineMs)} (${seconds(checkStartMs)} to start the check, then its own ${seconds(routeCheckDeadlineMs(candidateRemoteDeadlineMs(remoteMs), pages))}, which it could not keep): it was stopped. A remote whose server code blocks the check's thread does this.`,
      ];
    const last = out.trim().split('\n').at(-1) ?? '';
    try {
      const check = /** @type {{ problems: string[] }} */ (JSON.parse(last));
      return check.problems;
    } catch {
      return [`the render check did not finish (exit ${code})`];
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** @param {number} ms */
const seconds = (ms) => `${Math.round(ms / 100) / 10} s`;

/**
 * @param {object} options
 * @param {string} options.dir the release directory
 * @param {Record<string, string>} options.remotes the candidate remotes.json (remote -> manifest URL)
 * @param {boolean} [options.skipBrowser] no browser walk (`--skip-browser`, recorded)
 * @param {(line: string) => void} [options.say]
 * @returns {Promise<string[]>} the problems found; none means the set may go live
 */
async function checkCandidate({ dir, remotes, skipBrowser = false, say = () => {} }) {
  say('Checking the candidate: its manifests and every file they name, where visitors load them…');
  const problems = (await servedFileProblems(remotes)).map((problem) => `not served: ${problem}`);
  if (problems.length) return problems;
  say('…every route rendered with it, as the render server would…');
  const shell = shellServerOf(dir);
  problems.push(...(await renderProblems(shell, remotes)));
  // A set that does not render is refused as it is: its types are moot, and the check's
  // deadline is then the whole wait.
  if (problems.length) return problems;
  if (skipBrowser) say('…no browser walk (--skip-browser)…');
  else {
    say('…every route in Chromium at a phone and a desktop size, and the site walked by its menu…');
    const started = Date.now();
    const walked = await browserProblems(shell, remotes, env.number('REMOTE_DEADLINE_MS'));
    problems.push(...walked.map((problem) => `in the browser: ${problem}`));
    say(`  (the browser walk took ${seconds(Date.now() - started)})`);
  }
  say("…and the shell's type check against the types it published…");
  try {
    await typecheckShellAgainst(remotes, dir);
  } catch (error) {
    problems.push(
      `the shell does not type-check against the published types:\n${error instanceof Error ? error.message : error}`,
    );
  }
  return problems;
}

module.exports = { checkCandidate };
