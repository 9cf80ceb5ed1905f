// `deno task run-team [HOST] [PORT] [agent flags]`: starts eleven agent processes with the
// league's type mix (or, with --mode, the one player of a penalty shoot-out), prefixes every line
// they print with their unum, and stops them all on Ctrl-C or SIGTERM. Exits with the worst exit
// code of its agents.

import { parseFlags } from "../config/flags.ts";
import { choiceFlag, DEFAULT_TEAM } from "../config/cli.ts";
import { MODES } from "../strategy/formation.ts";

export const TEAM_USAGE = `Usage: deno task run-team [HOST] [PORT] [flags]

  HOST                 server host (default 127.0.0.1)
  PORT                 server agent port (default 3100)
  --team NAME          team name (default ${DEFAULT_TEAM})
  --paramsfile FILE    passed to every agent; repeatable
  --log-level LEVEL    passed to every agent
  --record-dir DIR     each agent records its traffic to DIR/agent<unum>.jsonl
  --behaviour NAME     passed to every agent: soccer, stand or walk-test (default soccer)
  --mode MODE          game (eleven agents), or penalty-kicker (unum 2) / penalty-goalie
                       (unum 1): the one player of a penalty shoot-out (default game)
  --stagger-ms N       wait between one agent's registration and the next agent's start
                       (default 1000; the server drops agents, or hangs, when one connects
                       while it is still creating the previous body)
  --help               print this help`;

/** Robot type per uniform number: 1-2→0, 3-4→1, 5-6→2, 7-8→3, 9-11→4. */
export function teamRobotType(unum: number): number {
  return unum >= 9 ? 4 : Math.floor((unum - 1) / 2);
}

export function agentArgs(
  unum: number,
  host: string,
  port: number,
  extra: readonly string[],
): string[] {
  const main = decodeURIComponent(new URL("../../main.ts", import.meta.url).pathname);
  return [
    "run",
    // The agent needs nothing from the network (the offline bundle runs it so).
    "--cached-only",
    "--allow-net",
    "--allow-read",
    "--allow-write",
    // For the server link through libc (src/net/blocking_link.ts).
    "--allow-ffi",
    main,
    "--host",
    host,
    "--port",
    String(port),
    "--unum",
    String(unum),
    "--type",
    String(teamRobotType(unum)),
    ...extra,
  ];
}

/** The longest wait for an agent's registration before the next one starts, ms. */
const REGISTER_WAIT_MS = 10_000;

async function pipeLines(
  stream: ReadableStream<Uint8Array>,
  prefix: string,
  write: (s: string) => void,
  onLine: (line: string) => void = () => {},
): Promise<void> {
  let rest = "";
  for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
    const parts = (rest + chunk).split("\n");
    rest = parts.pop() ?? "";
    for (const line of parts) {
      onLine(line);
      write(`${prefix}${line}\n`);
    }
  }
  if (rest) write(`${prefix}${rest}\n`);
}

async function main(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseFlags({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        team: { type: "string", default: DEFAULT_TEAM },
        paramsfile: { type: "string", multiple: true, default: [] },
        "log-level": { type: "string", default: "info" },
        "record-dir": { type: "string" },
        "stagger-ms": { type: "string", default: "1000" },
        behaviour: { type: "string", default: "soccer" },
        mode: { type: "string", default: "game" },
        help: { type: "boolean", default: false },
      },
    });
  } catch (e) {
    console.error(`error: ${(e as Error).message.split("\n")[0]} (see --help)`);
    return 2;
  }
  if (parsed.values.help) {
    console.log(TEAM_USAGE);
    return 0;
  }
  const [host = "127.0.0.1", portText = "3100", ...more] = parsed.positionals;
  if (more.length) {
    console.error(`error: unexpected argument '${more[0]}' (see --help)`);
    return 2;
  }
  const staggerText = parsed.values["stagger-ms"] as string;
  const staggerMs = Number(staggerText);
  if (!/^\d+$/.test(staggerText) || staggerMs > 60000) {
    console.error(`error: --stagger-ms: '${staggerText}' is not a whole number of ms up to 60000`);
    return 2;
  }
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
    console.error(`error: PORT: '${portText}' is not a port number 1-65535`);
    return 2;
  }
  let mode;
  try {
    mode = choiceFlag("mode", parsed.values.mode as string, MODES);
  } catch (e) {
    console.error(`error: ${(e as Error).message} (see --help)`);
    return 2;
  }
  /** The shoot-out's player wears UT's numbers: the kicker 2, the goalie 1. */
  const unums = mode === "game"
    ? Array.from({ length: 11 }, (_, i) => i + 1)
    : [mode === "penalty-kicker" ? 2 : 1];
  const extra = [
    "--mode",
    mode,
    "--behaviour",
    parsed.values.behaviour as string,
    "--team",
    parsed.values.team as string,
    "--log-level",
    parsed.values["log-level"] as string,
  ];
  for (const f of parsed.values.paramsfile as string[]) extra.push("--paramsfile", f);
  const recordDir = parsed.values["record-dir"] as string | undefined;
  if (recordDir) {
    try {
      await Deno.mkdir(recordDir, { recursive: true });
    } catch (e) {
      console.error(`error: --record-dir ${recordDir}: ${(e as Error).message.split(":")[0]}`);
      return 2;
    }
  }

  const enc = new TextEncoder();
  // A line the team's output cannot take (a full disk) is dropped; the agents' pipes are still
  // read, so that no agent blocks on a full pipe and stalls a game in sync mode.
  const writer = (file: typeof Deno.stdout) => (s: string) => {
    try {
      file.writeSync(enc.encode(s));
    } catch {
      // Dropped.
    }
  };
  const out = writer(Deno.stdout);
  const err = writer(Deno.stderr);
  const children: Deno.ChildProcess[] = [];
  const done: Promise<number>[] = [];
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    err(`team: stopping ${children.length} agents\n`);
    for (const c of children) {
      try {
        c.kill("SIGTERM");
      } catch {
        // already exited
      }
    }
    setTimeout(() => {
      for (const c of children) {
        try {
          c.kill("SIGKILL");
        } catch {
          // already exited
        }
      }
    }, 3000);
  };
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
  // Agents log their registration at info level; above it only the stagger spaces them.
  const logLevel = parsed.values["log-level"] as string;
  const reportsRegistration = logLevel === "info" || logLevel === "debug";
  // Listening before the first spawn: a signal during start-up stops what has started.
  for (const unum of unums) {
    if (stopping) break;
    const record = recordDir ? ["--record", `${recordDir}/agent${unum}.jsonl`] : [];
    const child = new Deno.Command(Deno.execPath(), {
      args: agentArgs(unum, host, port, [...extra, ...record]),
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    children.push(child);
    const prefix = `${String(unum).padStart(2)}| `;
    let registered = () => {};
    const isRegistered = new Promise<void>((r) => (registered = r));
    const watch = (line: string) => {
      if (line.includes("registered as unum")) registered();
    };
    const piping = Promise.all([
      pipeLines(child.stdout, prefix, out, watch),
      pipeLines(child.stderr, prefix, err, watch),
    ]);
    done.push(child.status.then(async (st) => {
      await piping;
      return st.code;
    }));
    // rcssserver3d (single-threaded, as this Ruby build needs) loses agents, or hangs, when one
    // connects while it is still creating the previous body: wait until this agent reports its
    // registration (at most REGISTER_WAIT_MS), then the stagger.
    if (reportsRegistration) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        isRegistered,
        child.status,
        new Promise((r) => (timer = setTimeout(r, REGISTER_WAIT_MS))),
      ]);
      clearTimeout(timer);
    }
    await new Promise((r) => setTimeout(r, staggerMs));
  }
  const codes = await Promise.all(done);
  Deno.removeSignalListener("SIGINT", stop);
  Deno.removeSignalListener("SIGTERM", stop);
  return stopping ? 0 : Math.max(...codes);
}

if (import.meta.main) Deno.exit(await main(Deno.args));
