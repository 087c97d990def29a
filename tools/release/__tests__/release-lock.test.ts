/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import { ReleaseConflictError, readPointerText, withReleaseLock } from '../release-lock.cjs';
import { standardDir } from '../../../tests/support/release-dir-fixture';

let dir: string;
beforeEach(() => {
  dir = standardDir();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const pointerFile = () => path.join(dir, 'remotes.json');

describe("the release directory's lock", () => {
  it('lets a holder write when remotes.json is what it read, and refuses when it changed meanwhile', async () => {
    const read = readPointerText(dir);
    await withReleaseLock(dir, 'first', (lock) => lock.assertPointer(read));
    fs.writeFileSync(pointerFile(), '{"remote-home": "http://elsewhere/mf-manifest.json"}');
    await expect(
      withReleaseLock(dir, 'promote remote-home@2.0.0', (lock) => lock.assertPointer(read)),
    ).rejects.toThrow(
      new ReleaseConflictError(
        `${pointerFile()} changed while promote remote-home@2.0.0 ran: another release command (or a hand edit) changed the live set or the canary meanwhile. Nothing was written: check \`npm run releases -- --to ${dir}\` and run this again.`,
      ),
    );
    // A directory without a pointer yet: "none" is what is compared.
    fs.rmSync(pointerFile());
    await withReleaseLock(dir, 'first promote', (lock) => lock.assertPointer(null));
  });

  it('runs holders one after the other, never interleaved', async () => {
    const order: string[] = [];
    const holder = (name: string) =>
      withReleaseLock(dir, name, async () => {
        order.push(`${name} in`);
        await new Promise((resolve) => setTimeout(resolve, 150));
        order.push(`${name} out`);
      });
    await Promise.all([holder('a'), holder('b'), holder('c')]);
    for (let i = 0; i < order.length; i += 2)
      expect(order[i + 1]).toBe(order[i]!.replace(' in', ' out'));
    expect(fs.existsSync(path.join(dir, '.release.lock'))).toBe(false);
    expect(fs.existsSync(path.join(dir, '.release.lock.json'))).toBe(false);
  });

  it('takes over the lock of a holder that died (not refreshed for 10 s)', async () => {
    const lock = path.join(dir, '.release.lock');
    fs.mkdirSync(lock);
    const longAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(lock, longAgo, longAgo);
    await expect(withReleaseLock(dir, 'after a crash', () => 'done')).resolves.toBe('done');
  });

  it('lets go when the work fails', async () => {
    await expect(
      withReleaseLock(dir, 'failing', () => {
        throw new Error('broke');
      }),
    ).rejects.toThrow('broke');
    await expect(withReleaseLock(dir, 'next', () => 'done')).resolves.toBe('done');
  });
});
