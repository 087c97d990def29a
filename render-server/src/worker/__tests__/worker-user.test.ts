/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closedToNobody, nobody, workersCannotStart } from '../worker-user';

/** A worker file in a folder of its own, with the modes given. */
function workerIn(folderMode: number, fileMode = 0o644): { folder: string; file: string } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'worker-user-'));
  const file = path.join(folder, 'render-worker.js');
  fs.writeFileSync(file, 'process.exit(0);\n');
  fs.chmodSync(file, fileMode);
  fs.chmodSync(folder, folderMode);
  return { folder, file };
}

const made: string[] = [];
afterAll(() => {
  for (const folder of made) fs.rmSync(folder, { recursive: true, force: true });
});
const worker = (folderMode: number, fileMode?: number) => {
  const found = workerIn(folderMode, fileMode);
  made.push(found.folder);
  return found;
};

const asRoot = process.getuid?.() === 0;

describe('whether the user nobody can read a render worker', () => {
  it('names a folder on the way that nobody may not enter, with its mode', () => {
    const { folder, file } = worker(0o700);
    expect(closedToNobody(file)).toEqual({ path: folder, mode: '700' });
  });

  it('names the file when nobody may not read it', () => {
    const { file } = worker(0o755, 0o600);
    expect(closedToNobody(file)).toEqual({ path: file, mode: '600' });
  });

  it('finds nothing closed when every folder may be entered and the file read', () => {
    expect(closedToNobody(worker(0o755).file)).toBeNull();
  });

  // What the kernel says, so the check cannot drift from it: a process started as nobody runs
  // the file exactly when the check finds nothing closed.
  (asRoot ? it : it.skip)('agrees with a process started as nobody', () => {
    for (const { file } of [worker(0o700), worker(0o755, 0o600), worker(0o711), worker(0o755)]) {
      const run = spawnSync(process.execPath, [file], {
        uid: nobody,
        gid: nobody,
        timeout: 30_000,
      });
      expect({ file, ran: run.status === 0 }).toEqual({ file, ran: closedToNobody(file) === null });
    }
  });

  (asRoot ? it : it.skip)('stops a server run as root with what to do, before any start', () => {
    const { folder, file } = worker(0o700);
    expect(workersCannotStart(file)).toBe(
      'The render server runs as root, so its render workers run as the user nobody, and ' +
        `nobody cannot enter ${folder} (mode 700). Let others read it (chmod o+rx ${folder}), ` +
        'or run the server as another user.',
    );
    expect(workersCannotStart(worker(0o755).file)).toBeNull();
  });
});
