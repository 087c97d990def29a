import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import stack from '../../tools/stack/stack.cjs';
import paths from '../../tools/stack/paths.cjs';
import { publishCopy } from '../support/browser/candidate-release';
import { publishBuild, releaseCommand } from '../support/browser/release-commands';
import { ports, setUpSite, siteUrl } from '../support/browser/site';
import { median } from '../../tools/bench/figures.cjs';
import { scaled } from '../support/time-factor';

/**
 * How fast a fault is undone: a release forced live in an emergency (`--force --reason`, no
 * checks) and the rollback to the set before it (checked when it went live, not again), each
 * timed from the command to the first page rendered with the set it names. The render server
 * runs with its default poll; `node -e 0` is timed in the same run, on the same machine.
 */
let dir: string;
let live: string;
let other: string;
const base = `http://localhost:${ports['remote-home']}/`;
const manifestOf = (version: string) => `${base}${version}/mf-manifest.json`;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollback-timing-'));
  fs.writeFileSync(
    path.join(dir, 'release.json'),
    JSON.stringify({ urls: { 'remote-home': base } }),
  );
  live = await publishBuild(dir, path.join(paths.repoRoot, 'remote-home'), {
    FIRSTDAY_RELEASER: 'remote-home team',
  });
  // A second good set to switch to.
  other = publishCopy(dir, live, `${live}-copy`);
  fs.writeFileSync(
    path.join(dir, 'remotes.json'),
    JSON.stringify({ ...JSON.parse(stack.remotesJsonFor(ports)), 'remote-home': manifestOf(live) }),
  );
}, 300_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

setUpSite(() =>
  stack.serveSite({
    ports,
    dirs: { 'remote-home': path.join(dir, 'remote-home') },
    remotesJson: path.join(dir, 'remotes.json'),
  }),
);

const promote = (...args: string[]) =>
  releaseCommand('promote.mjs', [...args, '--to', dir], {
    env: { FIRSTDAY_RELEASER: 'remote-home team' },
    timeoutMs: 180_000,
  });

/** Milliseconds from now until / is rendered with `version`'s manifest (asked every 20 ms). */
async function msUntilServed(started: number, version: string): Promise<number> {
  for (;;) {
    const html = await (await fetch(siteUrl('/'))).text();
    if (html.includes(manifestOf(version))) return Date.now() - started;
    if (Date.now() - started > scaled(30_000))
      throw new Error(`${version} not served within ${scaled(30_000) / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('an emergency and its rollback', () => {
  it('a forced release is served within 5 s of the command; the rollback within 2 s (median of 5)', async () => {
    // The live set, promoted with every check: the set a rollback comes back to.
    expect(await promote(`remote-home@${live}`)).toMatchObject({ code: 0 });
    const forced: number[] = [];
    const rolledBack: number[] = [];
    const forcedCommand: number[] = [];
    const rollbackCommand: number[] = [];
    const nodeStart: number[] = [];
    for (let round = 0; round < 5; round++) {
      let started = Date.now();
      const emergency = await promote(`remote-home@${other}`, '--force', '--reason', 'hotfix');
      expect(emergency).toMatchObject({ code: 0 });
      expect(emergency.out).toContain('Forced (--force): not checked');
      forcedCommand.push(emergency.ms);
      forced.push(await msUntilServed(started, other));
      started = Date.now();
      const rollback = await promote(`remote-home@${live}`, '--reason', 'back');
      expect(rollback).toMatchObject({ code: 0 });
      expect(rollback.out).toContain('(rollback)');
      rollbackCommand.push(rollback.ms);
      rolledBack.push(await msUntilServed(started, live));
      started = Date.now();
      execFileSync(process.execPath, ['-e', '0']);
      nodeStart.push(Date.now() - started);
    }
    console.log(
      [
        `node -e 0: ${nodeStart.join(', ')} ms (median ${median(nodeStart)})`,
        `forced (--force --reason): command ${forcedCommand.join(', ')} ms; served ${forced.join(', ')} ms after the command (median ${median(forced)})`,
        `rollback: command ${rollbackCommand.join(', ')} ms; served ${rolledBack.join(', ')} ms after the command (median ${median(rolledBack)})`,
      ].join('\n'),
    );
    expect(median(rolledBack)).toBeLessThanOrEqual(2000);
    expect(Math.max(...forced)).toBeLessThan(5000);
    const record = JSON.parse(fs.readFileSync(path.join(dir, 'release-history.json'), 'utf8')) as {
      action: string;
      forced?: boolean;
      reason?: string;
      skippedChecks?: string[];
    }[];
    expect(record.find((entry) => entry.forced)).toMatchObject({
      reason: 'hotfix',
      skippedChecks: [
        'every file served',
        'every route rendered',
        'the browser walk',
        'the shell type-checks',
      ],
    });
  }, 600_000);
});
