import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseCanary } from '../../platform/remotes/remotes-json.cjs';
import { readHistory } from '../../tools/release/release-history.cjs';
import { withReleaseLock } from '../../tools/release/release-lock.cjs';
import { releaseCommand } from '../support/browser/release-commands';
import { readJson, standardDir } from '../support/release-dir-fixture';

/**
 * Two release commands on one release directory at the same time, as two teams (or a team and
 * its pipeline) would run them: every change that a command reports as done is in remotes.json
 * and the record, or the command is refused and says why. The releases' host answers every
 * manifest after a pause (with a 404), so each promotion spends that pause in its checks
 * (forced past them), where the two overlap.
 */
const env = { FIRSTDAY_RELEASER: 'lock-tester@example.com' };
const promote = (...args: string[]) => releaseCommand('promote.mjs', args, { env });
const refusal = /changed while .* ran|is busy: .* holds its lock/;
const pauseMs = 1500;

let host: http.Server;
let baseUrl: string;
let dir: string;

beforeAll(async () => {
  host = http.createServer((req, res) => {
    setTimeout(() => res.writeHead(404).end(), pauseMs);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise((resolve) => host.close(resolve)));
beforeEach(() => {
  dir = standardDir(baseUrl);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const pointer = () => readJson(dir, 'remotes.json') as Record<string, unknown>;
const manifest = (app: string, version: string) => `${baseUrl}${app}/${version}/mf-manifest.json`;

describe('two release commands at once', () => {
  it('promotes of different remotes: both changes are live, or one is refused with a message', async () => {
    const [home, contact] = await Promise.all([
      promote('remote-home@2.0.0', '--force', '--to', dir),
      promote('remote-contact@2.0.0', '--force', '--to', dir),
    ]);
    const live = pointer();
    const promoted = readHistory(dir).filter((entry) => entry.action === 'promote');
    for (const [result, app] of [
      [home, 'remote-home'],
      [contact, 'remote-contact'],
    ] as const) {
      if (result.code === 0) {
        expect({ app, live: live[app] }).toEqual({ app, live: manifest(app, '2.0.0') });
        expect(promoted.some((entry) => entry.app === app)).toBe(true);
      } else {
        expect({ app, code: result.code }).toEqual({ app, code: 1 });
        expect(result.out).toMatch(refusal);
        expect(live[app]).toBe(manifest(app, '1.0.0'));
        expect(promoted.some((entry) => entry.app === app)).toBe(false);
      }
    }
    expect([home.code, contact.code]).toContain(0);
    // What the closing note quotes.
    console.log(
      `Two promotes at once: exit ${home.code} and ${contact.code}\n${[home, contact].map((result) => result.out.trim().split('\n').at(-1)).join('\n')}`,
    );
  }, 60_000);

  it('a promote while a canary starts: the canary is never silently ended, the promotion never silently lost', async () => {
    const [canaryStart, plain] = await Promise.all([
      promote('remote-home@2.0.0', '--canary', '5', '--force', '--to', dir),
      promote('remote-contact@2.0.0', '--force', '--to', dir),
    ]);
    const live = pointer();
    const canary = parseCanary(live);
    if (canaryStart.code === 0) {
      const id = /Canary ([0-9a-f]{16}) started/.exec(canaryStart.out)?.[1];
      expect(canary?.id).toBe(id);
    } else {
      expect(canaryStart.code).toBe(1);
      expect(canaryStart.out).toMatch(refusal);
      expect(canary).toBeNull();
    }
    if (plain.code === 0) {
      expect(live['remote-contact']).toBe(manifest('remote-contact', '2.0.0'));
    } else {
      expect(plain.code).toBe(1);
      // Refused because the pointer changed under it, or because the canary now runs.
      expect(plain.out).toMatch(new RegExp(`${refusal.source}|A canary runs in`));
      expect(live['remote-contact']).toBe(manifest('remote-contact', '1.0.0'));
    }
    expect([canaryStart.code, plain.code]).toContain(0);
    console.log(
      `A promote while a canary starts: exit ${canaryStart.code} (canary) and ${plain.code} (promote)\n${[canaryStart, plain].map((result) => result.out.trim().split('\n').at(-1)).join('\n')}`,
    );
  }, 60_000);

  it('a plain promote while a canary runs is refused and the canary keeps running', async () => {
    const started = await promote('remote-home@2.0.0', '--canary', '5', '--force', '--to', dir);
    expect(started.code).toBe(0);
    const before = fs.readFileSync(path.join(dir, 'remotes.json'), 'utf8');
    const plain = await promote('remote-contact@2.0.0', '--force', '--to', dir);
    expect(plain.code).toBe(1);
    expect(plain.out).toMatch(/A canary runs in .*: finish it \(--finish\) or end it \(--abort\)/);
    expect(fs.readFileSync(path.join(dir, 'remotes.json'), 'utf8')).toBe(before);
  }, 60_000);

  it('a command finding the directory locked waits for it, and names the holder when it must give up', async () => {
    // Held briefly: the second command waits and then goes ahead.
    let release = () => {};
    const held = withReleaseLock(
      dir,
      'a test holding the lock',
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    const marked = releaseCommand(
      'releases.mjs',
      ['--to', dir, '--mark-bad', 'remote-home@2.0.0', '--reason', 'broken'],
      { env },
    );
    setTimeout(() => release(), 1000);
    await held;
    expect((await marked).code).toBe(0);
    expect(readHistory(dir).at(-1)).toMatchObject({ action: 'mark-bad', app: 'remote-home' });

    // Held for longer than anyone waits: refused, naming who holds it, nothing written.
    let letGo = () => {};
    const long = withReleaseLock(
      dir,
      'a test holding the lock',
      () => new Promise<void>((resolve) => (letGo = resolve)),
    );
    const before = fs.readFileSync(path.join(dir, 'remotes.json'), 'utf8');
    const refused = await promote('--abort', '--to', dir);
    letGo();
    await long;
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`is busy: a test holding the lock, pid ${process.pid}`);
    expect(fs.readFileSync(path.join(dir, 'remotes.json'), 'utf8')).toBe(before);
  }, 60_000);
});
