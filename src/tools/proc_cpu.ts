// CPU time of a process tree as Linux lists it in /proc/<pid>/stat: user and system time of the
// root and every live descendant. The match runner uses it to report CPU per agent per cycle.

/** Clock ticks per second of /proc's times (USER_HZ: 100 on every Linux architecture we run). */
const TICKS_PER_SECOND = 100;

export interface ProcStat {
  pid: number;
  ppid: number;
  /** User plus system time, seconds. */
  cpuSeconds: number;
}

/**
 * Parses one /proc/<pid>/stat line. The command name sits in parentheses and may itself hold
 * spaces and parentheses, so the fields are counted from the last ')'. Null if malformed.
 */
export function parseProcStat(text: string): ProcStat | null {
  const close = text.lastIndexOf(")");
  if (close < 0) return null;
  const pid = parseInt(text, 10);
  // After the name: state (field 3), ppid (4), … utime (14), stime (15).
  const f = text.slice(close + 2).trim().split(/\s+/);
  const ppid = parseInt(f[1], 10), utime = parseInt(f[11], 10), stime = parseInt(f[12], 10);
  if ([pid, ppid, utime, stime].some((n) => !Number.isInteger(n))) return null;
  return { pid, ppid, cpuSeconds: (utime + stime) / TICKS_PER_SECOND };
}

/** Every process /proc lists now; empty where /proc is not readable. */
async function allStats(): Promise<ProcStat[]> {
  const out: ProcStat[] = [];
  let entries: AsyncIterable<Deno.DirEntry>;
  try {
    entries = Deno.readDir("/proc");
  } catch {
    return out;
  }
  try {
    for await (const e of entries) {
      if (!/^\d+$/.test(e.name)) continue;
      // A process may end between the listing and the read.
      const text = await Deno.readTextFile(`/proc/${e.name}/stat`).catch(() => "");
      const s = parseProcStat(text);
      if (s) out.push(s);
    }
  } catch {
    // /proc not listable (not Linux)
  }
  return out;
}

/**
 * CPU seconds used so far by `root` and its live descendants, and how many processes that is.
 * Time of descendants that have already ended is not counted. Null if `root` is not listed.
 */
export async function treeCpu(
  root: number,
): Promise<{ seconds: number; processes: number } | null> {
  const stats = await allStats();
  const children = new Map<number, ProcStat[]>();
  for (const s of stats) {
    const list = children.get(s.ppid);
    if (list) list.push(s);
    else children.set(s.ppid, [s]);
  }
  const top = stats.find((s) => s.pid === root);
  if (!top) return null;
  let seconds = 0, processes = 0;
  const stack = [top];
  while (stack.length) {
    const s = stack.pop()!;
    seconds += s.cpuSeconds;
    processes++;
    stack.push(...(children.get(s.pid) ?? []));
  }
  return { seconds, processes };
}
