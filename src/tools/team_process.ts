// The teams a match runner starts: each command in a session of its own (so that stopping it
// reaches every process it starts), its agents found by their connections to the server's agent
// port, and stopped with SIGTERM, then SIGKILL.

import { TCP_ESTABLISHED, tcpSockets } from "../net/proc_tcp.ts";

/** Agents in a team. */
export const PLAYERS_PER_TEAM = 11;

export interface TeamProcess {
  child: Deno.ChildProcess;
  /** The agents' connections (client ports) that belong to this team. */
  ports: Set<number>;
  /** How many of them have gone before the end of the game (and not come back). */
  exited: number;
}

/** Client ports of the established connections to the server's agent port. */
export async function agentConnections(agentPort: number): Promise<Set<number>> {
  const ports = new Set<number>();
  for (const s of await tcpSockets() ?? []) {
    if (s.state === TCP_ESTABLISHED && s.localPort === agentPort) ports.add(s.remotePort);
  }
  return ports;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Starts a team's command and waits for its `players` agents to connect and register. */
export async function startTeam(
  cmd: string,
  host: string,
  port: number,
  log: string,
  known: Set<number>,
  players = PLAYERS_PER_TEAM,
): Promise<TeamProcess> {
  // In a session of its own, so that stopping it reaches every process the command starts.
  const child = new Deno.Command("setsid", {
    args: ["sh", "-c", `exec ${cmd} "$@" >"$LOG" 2>&1`, "sh", host, String(port)],
    env: { LOG: log },
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
  const team: TeamProcess = { child, ports: new Set(), exited: 0 };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    for (const p of await agentConnections(port)) if (!known.has(p)) team.ports.add(p);
    if (team.ports.size >= players) break;
    await sleep(250);
  }
  for (const p of team.ports) known.add(p);
  // The server creates bodies one after another and hangs when two teams' bodies are created at
  // once: wait until the team's agents say they are registered (ours log it), at most 20 s.
  const registered = Date.now() + 20_000;
  while (Date.now() < registered) {
    const text = await Deno.readTextFile(log).catch(() => "");
    if ((text.match(/registered as unum/g) ?? []).length >= team.ports.size) break;
    await sleep(250);
  }
  return team;
}

/**
 * Updates the teams' connections from the ones alive now: a lost connection counts as an exit
 * until a new connection replaces it (an agent the server left unanswered connects anew).
 */
export function trackConnections(
  teams: Pick<TeamProcess, "ports" | "exited">[],
  alive: ReadonlySet<number>,
  known: Set<number>,
): void {
  for (const t of teams) {
    for (const p of [...t.ports]) {
      if (!alive.has(p)) {
        t.ports.delete(p);
        t.exited++;
      }
    }
  }
  for (const p of alive) {
    if (known.has(p)) continue;
    known.add(p);
    const t = teams.find((t) => t.exited > 0);
    if (!t) continue;
    t.ports.add(p);
    t.exited--;
  }
}

/** Brings the teams' connections up to date from those alive now (trackConnections). */
export async function refreshConnections(
  teams: Pick<TeamProcess, "ports" | "exited">[],
  agentPort: number,
  known: Set<number>,
): Promise<void> {
  trackConnections(teams, await agentConnections(agentPort), known);
}

/** Signals a child's whole process group (it runs in a session of its own). */
function signalGroup(child: Deno.ChildProcess, signal: Deno.Signal): void {
  try {
    Deno.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Ends a command started with setsid: SIGTERM to its group, SIGKILL after 5 s and at its end. */
export async function stopProcessGroup(child: Deno.ChildProcess): Promise<void> {
  signalGroup(child, "SIGTERM");
  const timer = setTimeout(() => signalGroup(child, "SIGKILL"), 5000);
  await child.status;
  await sleep(500);
  signalGroup(child, "SIGKILL");
  clearTimeout(timer);
}

export function stopTeam(t: TeamProcess): Promise<void> {
  return stopProcessGroup(t.child);
}
