import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  candidateCheckDeadlineMs,
  candidateRemoteDeadlineMs,
  remoteDeadlineMs,
  workerStartDeadlineMs,
} from '../../platform/deadlines.cjs';
import { routes } from '../../platform/routes/routes.cjs';
import paths from '../../tools/stack/paths.cjs';
import stack from '../../tools/stack/stack.cjs';
import { buildRemoteVariant } from '../support/browser/remote-variant';
import { releaseDirWithLive } from '../support/browser/candidate-release';
import { publishBuild, releaseCommand } from '../support/browser/release-commands';
import { ports, setUpSite } from '../support/browser/site';

/**
 * A release of remote-shared whose server build never finishes starting (its content module
 * blocks its thread for good on the server), as a release stuck on a lock or a synchronous
 * wait would. promote's render check starts a render worker with it, which never says it is
 * ready: the worker's start deadline ends the check, well inside the check's own deadline (the
 * backstop for a check whose main thread hangs), and the candidate is refused.
 */
const run = promisify(execFile);

let dir: string;
let hung: string;
const env = { FIRSTDAY_RELEASER: 'remote-shared team' };
const pages = routes.filter((route) => !('clientOnly' in route)).length;
const deadlineMs = candidateCheckDeadlineMs(remoteDeadlineMs, pages);
const startDeadlineMs = workerStartDeadlineMs(candidateRemoteDeadlineMs(remoteDeadlineMs));

beforeAll(async () => {
  ({ dir } = await releaseDirWithLive('remote-shared', 'firstday-hung-release-'));
  const variant = await buildRemoteVariant('remote-shared', (source) => {
    const file = path.join(source, 'src', 'exposes', 'content.ts');
    // On the server its thread blocks for good (without spinning) as it loads.
    fs.appendFileSync(
      file,
      "\nif (typeof window === 'undefined') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);\n",
    );
  });
  hung = await publishBuild(dir, path.join(path.dirname(path.dirname(variant)), 'remote-shared'), {
    ...env,
    FIRSTDAY_DIST: path.dirname(variant),
  });
}, 240_000);

// The site serves the release directory's remote-shared folder where remote-shared lives.
setUpSite(() =>
  stack.serveSite({
    ports,
    dirs: { 'remote-shared': path.join(dir, 'remote-shared') },
    remotesJson: path.join(dir, 'remotes.json'),
  }),
);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it("the live set's render check passes well within the deadline", async () => {
  // The same check promote runs, timed alone: what the deadline leaves as headroom.
  const started = Date.now();
  const { stdout } = await run(
    process.execPath,
    [path.join(paths.serverDistOf('shell'), 'server.js'), '--check'],
    {
      env: {
        ...process.env,
        REMOTES_JSON: path.join(dir, 'remotes.json'),
        STATIC_DIR: paths.distOf('shell'),
        LOG_FORMAT: 'json',
      },
      timeout: deadlineMs,
    },
  );
  const ms = Date.now() - started;
  expect(JSON.parse(stdout.trim().split('\n').at(-1) ?? '')).toMatchObject({ ok: true });
  expect(ms).toBeLessThan(deadlineMs / 2);
  console.log(
    `The live set's render check took ${(ms / 1000).toFixed(1)} s (deadline ${deadlineMs / 1000} s)`,
  );
}, 60_000);

it('promote of a release whose server build never starts exits non-zero within its check deadline, the pointer untouched', async () => {
  const pointer = fs.readFileSync(path.join(dir, 'remotes.json'), 'utf8');
  // Past the deadline and a margin (Node starting, the manifests fetched), the test gives up.
  const result = await releaseCommand('promote.mjs', [`remote-shared@${hung}`, '--to', dir], {
    env,
    timeoutMs: deadlineMs + 60_000,
  });
  expect(result.code).toBe(1);
  expect(result.out).toContain('Not promoted: the candidate failed its checks.');
  // The check keeps the render server's worker start deadline itself, within its backstop.
  expect(result.out).toContain(
    `its render worker did not start (the render server allows ${startDeadlineMs / 1000} s)`,
  );
  expect(result.out).toContain(`render worker not ready within ${startDeadlineMs} ms`);
  expect(result.ms).toBeLessThan(deadlineMs + 30_000);
  expect(fs.readFileSync(path.join(dir, 'remotes.json'), 'utf8')).toBe(pointer);
  // What the closing note quotes.
  console.log(
    `promote of a release whose server build never starts: exit ${result.code} after ${(result.ms / 1000).toFixed(1)} s (check deadline ${deadlineMs / 1000} s)`,
  );
}, 180_000);
