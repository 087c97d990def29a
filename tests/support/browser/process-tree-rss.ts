import fs from 'node:fs';

/** The processes under `pid` (its children, theirs, …), from /proc. */
function descendantsOf(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The name in parentheses may hold spaces: the fields after it are counted from its end.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parentOf.set(Number(entry), Number(fields[1]));
    } catch {
      // Ended meanwhile.
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift()!;
    for (const [child, parent] of parentOf)
      if (parent === current) {
        found.push(child);
        queue.push(child);
      }
  }
  return found;
}

function rssKbOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * The resident memory (MB) of a process and every process under it: the render server with its
 * render workers, which are processes of their own.
 */
export function treeRssMb(pid: number): number {
  return [pid, ...descendantsOf(pid)].reduce((sum, each) => sum + rssKbOf(each), 0) / 1024;
}
