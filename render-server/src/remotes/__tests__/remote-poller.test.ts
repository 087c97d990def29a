/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RemotePoller } from '../remote-poller';

/**
 * The poller and the render workers it feeds: a worker start that never ends (a remote whose
 * server build hangs) must not stop remotes.json from being read, or a rollback would never be.
 */
const pointer = (home: string) =>
  JSON.stringify({
    // Nothing answers on port 9 (discard): the remotes read as down at once, as a hung one would.
    'remote-home': `http://127.0.0.1:9/home/${home}/mf-manifest.json`,
    'remote-contact': 'http://127.0.0.1:9/contact/1.0.0/mf-manifest.json',
    'remote-shared': 'http://127.0.0.1:9/shared/1.0.0/mf-manifest.json',
  });

it('reads a rollback within one poll while the workers never finish following the set before', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'poller-'));
  const remotesJson = path.join(dir, 'remotes.json');
  fs.writeFileSync(remotesJson, pointer('2.0.0'));
  const followed: string[] = [];
  const poller = new RemotePoller({ remotesJson, deadlineMs: 200, pollMs: 200 }, (sets) => {
    followed.push(sets.live.browserRemotes['remote-home']);
    // A worker start that hangs for good.
    return new Promise<void>(() => {});
  });
  void poller.start();
  const until = (check: () => boolean, ms: number) =>
    new Promise<boolean>((resolve) => {
      const started = Date.now();
      const look = setInterval(() => {
        if (check() || Date.now() - started > ms) {
          clearInterval(look);
          resolve(check());
        }
      }, 20);
    });
  expect(await until(() => followed.length === 1, 2000)).toBe(true);
  const written = Date.now();
  fs.writeFileSync(remotesJson, pointer('1.0.0'));
  // Two poll intervals (and the reads' own deadlines) at most.
  expect(
    await until(() => poller.set?.browserRemotes['remote-home'].includes('/1.0.0/') ?? false, 2000),
  ).toBe(true);
  expect(Date.now() - written).toBeLessThan(2 * 200 + 2 * 200 + 200);
  expect(followed.at(-1)).toContain('/1.0.0/');
  poller.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});
