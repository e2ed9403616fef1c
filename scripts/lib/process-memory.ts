/**
 * Memory of a process tree as the machine sees it: the resident set of a process and all its descendants,
 * summed at the same instant. The build budget (DESIGN §8: 2 GB) is about what the machine must hold at once, so
 * `peakTreeRss` samples the sum over time; adding each process's own peak would count processes that never
 * overlapped (the build's parent writes the sitemaps after its shards have exited).
 *
 * Linux only (/proc); elsewhere `treeRssKb` answers null and callers fall back to process.resourceUsage().
 */
import { readFileSync, readdirSync } from 'node:fs';

/** Parent pid of each process (from /proc/<pid>/stat; the command name may hold spaces and parentheses). */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(name), Number(fields[1]));
    } catch {
      /* exited meanwhile */
    }
  }
  return out;
}

function rssKb(pid: number): number {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** Resident memory of `root` and every descendant, in kB; null where /proc is not available. */
export function treeRssKb(root = process.pid): number | null {
  let ppid: Map<number, number>;
  try {
    ppid = parents();
  } catch {
    return null;
  }
  const children = new Map<number, number[]>();
  for (const [pid, parent] of ppid) {
    const list = children.get(parent) ?? [];
    list.push(pid);
    children.set(parent, list);
  }
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    total += rssKb(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** Samples the tree every `intervalMs` until stopped; `stop()` answers the highest sum seen, in MB (null: no /proc). */
export function peakTreeRss(intervalMs = 250, root = process.pid): { stop(): number | null } {
  let peak = treeRssKb(root);
  const timer = setInterval(() => {
    const now = treeRssKb(root);
    if (now !== null && (peak === null || now > peak)) peak = now;
  }, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      const last = treeRssKb(root);
      if (last !== null && (peak === null || last > peak)) peak = last;
      return peak === null ? null : Math.round(peak / 1024);
    },
  };
}
