import fs from 'node:fs';
import path from 'node:path';

/** The user nobody (and its group, nogroup): a render worker started by root runs as it. */
export const nobody = 65_534;

/**
 * Who a render worker runs as. Started by root (a container's usual user), it runs as nobody,
 * so it cannot read the server's /proc files or files only root may read; started by anyone
 * else, as that user.
 */
export const workerUser = (): { uid?: number; gid?: number } =>
  process.getuid?.() === 0 ? { uid: nobody, gid: nobody } : {};

/** The permission bits that apply to nobody: its owner's, its group's or everyone else's. */
function bitsForNobody(stat: fs.Stats): number {
  if (stat.uid === nobody) return (stat.mode >> 6) & 0o7;
  if (stat.gid === nobody) return (stat.mode >> 3) & 0o7;
  return stat.mode & 0o7;
}

/**
 * The first path on the way to `file` that nobody may not pass (a folder it may not enter, or
 * the file, if it may not read it), with its mode; null when nobody can read the file.
 */
export function closedToNobody(file: string): { path: string; mode: string } | null {
  const absolute = path.resolve(file);
  const folders: string[] = [];
  for (let folder = path.dirname(absolute); ; folder = path.dirname(folder)) {
    folders.unshift(folder);
    if (path.dirname(folder) === folder) break;
  }
  const steps = [
    ...folders.map((folder) => ({ at: folder, need: 0o1 })),
    { at: absolute, need: 0o4 },
  ];
  for (const { at, need } of steps) {
    const stat = fs.statSync(at);
    if ((bitsForNobody(stat) & need) === 0)
      return { path: at, mode: (stat.mode & 0o777).toString(8).padStart(3, '0') };
  }
  return null;
}

/**
 * Why render workers could not start here, or null. Run as root, the server starts them as
 * nobody: from a folder nobody may not enter (a clone in `mktemp -d`, mode 700), every start
 * would fail with "module not found" and every page answer 503. Said once, before anything
 * starts, with what to do.
 */
export function workersCannotStart(workerFile: string): string | null {
  if (!('uid' in workerUser())) return null;
  const closed = closedToNobody(workerFile);
  if (!closed) return null;
  return (
    `The render server runs as root, so its render workers run as the user nobody, and nobody ` +
    `cannot ${closed.path === path.resolve(workerFile) ? 'read' : 'enter'} ${closed.path} ` +
    `(mode ${closed.mode}). Let others read it (chmod o+rx ${closed.path}), ` +
    `or run the server as another user.`
  );
}
