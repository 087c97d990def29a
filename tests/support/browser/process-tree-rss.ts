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

/** The resident memory (MB) of a process and of each process under it, by process id. */
function rssByProcessMb(pid: number): Map<number, number> {
  return new Map([pid, ...descendantsOf(pid)].map((each) => [each, rssKbOf(each) / 1024]));
}

/**
 * Resident memory (MB) from the kernel, sampled every 50 ms: each process's peak, for the
 * render server and its render workers (processes of their own).
 */
export function samplePeaks(pid: number) {
  const before = rssByProcessMb(pid);
  const peaks = new Map(before);
  const sample = () => {
    for (const [each, mb] of rssByProcessMb(pid))
      peaks.set(each, Math.max(peaks.get(each) ?? 0, mb));
  };
  const timer = setInterval(sample, 50);
  return {
    stop() {
      clearInterval(timer);
      sample();
      // The processes started meanwhile: the workers started for previews.
      const previewPeaksMb = [...peaks.keys()]
        .filter((each) => !before.has(each))
        .map((each) => peaks.get(each)!);
      // The render server's own process (not its workers).
      const serverBeforeMb = before.get(pid) ?? 0;
      const serverGrewMb = (peaks.get(pid) ?? 0) - serverBeforeMb;
      return {
        previewPeaksMb,
        serverGrewMb,
        summary:
          `RSS of the preview workers at their peaks ${previewPeaksMb.map((mb) => mb.toFixed(0)).join(' + ')} MB; ` +
          `the server's own process ${serverBeforeMb.toFixed(0)} MB, +${serverGrewMb.toFixed(0)} at its peak`,
      };
    },
  };
}
