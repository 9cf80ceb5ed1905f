// CPU time of a process tree as Linux lists it in /proc/<pid>/stat: user and system time of the
// root and every live descendant, and of the processes that own given TCP connections with
// theirs (a team script may start its agents detached, outside its own tree). The match runner
// uses it to report CPU per agent per cycle.

import { tcpSockets } from "../net/proc_tcp.ts";

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
 * CPU seconds used so far by `root` and its live descendants, and by the processes in `also`
 * and theirs (each counted once), and how many processes that is. Time of processes that have
 * already ended is not counted. Null if `root` is not listed.
 */
export async function treeCpu(
  root: number,
  also: Iterable<number> = [],
): Promise<{ seconds: number; processes: number } | null> {
  const stats = await allStats();
  const byPid = new Map<number, ProcStat>();
  const children = new Map<number, ProcStat[]>();
  for (const s of stats) {
    byPid.set(s.pid, s);
    const list = children.get(s.ppid);
    if (list) list.push(s);
    else children.set(s.ppid, [s]);
  }
  const top = byPid.get(root);
  if (!top) return null;
  let seconds = 0, processes = 0;
  const seen = new Set<number>();
  const stack = [top, ...[...also].flatMap((pid) => byPid.get(pid) ?? [])];
  while (stack.length) {
    const s = stack.pop()!;
    if (seen.has(s.pid)) continue;
    seen.add(s.pid);
    seconds += s.cpuSeconds;
    processes++;
    stack.push(...(children.get(s.pid) ?? []));
  }
  return { seconds, processes };
}

/**
 * The processes that own the client ends of connections from `clientPorts` to `serverPort` on
 * this machine, found through the sockets' inodes in /proc/<pid>/fd; empty where /proc is not
 * readable.
 */
export async function connectionOwners(
  clientPorts: ReadonlySet<number>,
  serverPort: number,
): Promise<Set<number>> {
  const inodes = new Set<string>();
  for (const s of await tcpSockets() ?? []) {
    if (clientPorts.has(s.localPort) && s.remotePort === serverPort && s.inode > 0) {
      inodes.add(`socket:[${s.inode}]`);
    }
  }
  const owners = new Set<number>();
  if (inodes.size === 0) return owners;
  try {
    for await (const p of Deno.readDir("/proc")) {
      if (!/^\d+$/.test(p.name)) continue;
      try {
        for await (const fd of Deno.readDir(`/proc/${p.name}/fd`)) {
          const link = await Deno.readLink(`/proc/${p.name}/fd/${fd.name}`).catch(() => "");
          if (inodes.has(link)) {
            owners.add(Number(p.name));
            break;
          }
        }
      } catch {
        // the process ended, or its fds are not ours to read
      }
    }
  } catch {
    // /proc not listable (not Linux)
  }
  return owners;
}
