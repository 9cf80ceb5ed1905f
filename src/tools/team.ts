// `deno task run-team [HOST] [PORT] [agent flags]`: starts eleven agents with the league's type
// mix (or, with --mode, the one player of a penalty shoot-out), all in this process or, with
// --processes, each in its own; prefixes every line they print with their unum, and stops them
// all on Ctrl-C or SIGTERM. Exits with the worst exit code of its agents.

import { parseFlags } from "../config/flags.ts";
import { choiceFlag, DEFAULT_TEAM } from "../config/cli.ts";
import { MODES } from "../strategy/formation.ts";
import { sleep } from "./team_process.ts";
import { parseAgentArgs } from "../agent/agent_cli.ts";
import { launchAgent } from "../agent/launch.ts";
import { processShare } from "../agent/runner.ts";
import { Logger } from "log";

/**
 * Robot type per uniform number (index unum - 1): 1-2→0, 3-6→1, 7-8→3, 9-11→4. No type 2, the
 * slowest (0.71 m/s forward against type 1's 1.03, `deno task eval walk-forward`).
 */
export const DEFAULT_TYPES: readonly number[] = Object.freeze([0, 0, 1, 1, 1, 1, 3, 3, 4, 4, 4]);

/**
 * The server's mix rules (naosoccersim.rb): at most MAX_OF_TYPE robots of one type, at least
 * MIN_TYPES types, and the two most used types at most MAX_TWO_TYPES robots together.
 */
const MAX_OF_TYPE = 7;
const MIN_TYPES = 3;
const MAX_TWO_TYPES = 9;

/**
 * `--types`: eleven robot types by unum, comma-separated; throws one line saying what is wrong
 * (not 0-4, not eleven, or a mix the server refuses).
 */
export function parseTeamTypes(text: string): number[] {
  const parts = text.split(",").map((t) => t.trim());
  if (parts.length !== 11) throw new Error(`--types: '${text}' has ${parts.length} types, not 11`);
  const bad = parts.find((t) => !/^[0-4]$/.test(t));
  if (bad !== undefined) throw new Error(`--types: '${bad}' is not a robot type 0-4`);
  const types = parts.map(Number);
  const counts = [0, 1, 2, 3, 4].map((k) => types.filter((t) => t === k).length)
    .sort((a, b) => b - a);
  if (counts[0] > MAX_OF_TYPE) {
    throw new Error(`--types: ${counts[0]} robots of one type; the server allows ${MAX_OF_TYPE}`);
  }
  if (counts.filter((c) => c > 0).length < MIN_TYPES) {
    throw new Error(`--types: fewer than ${MIN_TYPES} robot types; the server needs ${MIN_TYPES}`);
  }
  if (counts[0] + counts[1] > MAX_TWO_TYPES) {
    throw new Error(
      `--types: the two most used types have ${counts[0] + counts[1]} robots; ` +
        `the server allows ${MAX_TWO_TYPES}`,
    );
  }
  return types;
}

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
  --types LIST         robot types by unum, 11 comma-separated (default
                       ${DEFAULT_TYPES.join(",")}); the server allows at most 7 of a type, at
                       least 3 types, and at most 9 robots of the two most used types
  --processes          each agent in a process of its own (default: all in this process, each
                       with its own state and numeric core; one wake of the process then serves
                       every agent, where each process pays for its own: 0.28 against 0.64 ms
                       of CPU per agent per cycle in real time on a 2-core machine)
  --help               print this help`;

/** One agent's flags (main.ts's); `types` by unum (index unum - 1). */
export function agentFlags(
  unum: number,
  host: string,
  port: number,
  extra: readonly string[],
  types: readonly number[] = DEFAULT_TYPES,
): string[] {
  return [
    "--host",
    host,
    "--port",
    String(port),
    "--unum",
    String(unum),
    "--type",
    String(types[unum - 1]),
    ...extra,
  ];
}

/** What every line an agent prints starts with in the team's output, e.g. " 7| ". */
function unumPrefix(unum: number): string {
  return `${String(unum).padStart(2)}| `;
}

/** Deno's flags for one agent process, before main.ts and its flags. */
const AGENT_DENO_FLAGS = [
  "run",
  // The agent needs nothing from the network (the offline bundle runs it so).
  "--cached-only",
  "--allow-net",
  "--allow-read",
  "--allow-write",
  // For the server link through libc (src/net/blocking_link.ts).
  "--allow-ffi",
];

/** The longest wait for an agent's registration before the next one starts, ms. */
const REGISTER_WAIT_MS = 10_000;

/** How often a start-up in this process looks whether an agent has registered, ms. */
const REGISTER_POLL_MS = 50;

/**
 * Plays every agent in this process, started one after another like the processes: each after
 * the previous one's registration (at most REGISTER_WAIT_MS) and the stagger. Their lines go to
 * `err` with the unum in front. Returns the worst exit code, 0 when stopped by a signal.
 */
async function playInProcess(
  agents: readonly { unum: number; flags: string[] }[],
  staggerMs: number,
  err: (s: string) => void,
): Promise<number> {
  const stop = new AbortController();
  const onSignal = () => {
    if (!stop.signal.aborted) err(`team: stopping ${agents.length} agents\n`);
    stop.abort();
  };
  Deno.addSignalListener("SIGINT", onSignal);
  Deno.addSignalListener("SIGTERM", onSignal);
  const done: Promise<number>[] = [];
  const share = processShare(agents.length);
  try {
    for (const { unum, flags } of agents) {
      if (stop.signal.aborted) break;
      const prefix = unumPrefix(unum);
      let cli;
      try {
        cli = parseAgentArgs(flags);
      } catch (e) {
        err(`${prefix}error: ${(e as Error).message}\n`);
        done.push(Promise.resolve(2));
        continue;
      }
      const log = new Logger(cli.logLevel, `[${unum}]`, (line) => err(`${prefix}${line}\n`));
      const launch = await launchAgent(cli, log, stop.signal, share);
      if (typeof launch === "number") {
        done.push(Promise.resolve(launch));
        continue;
      }
      done.push(launch.done);
      // As with processes: the server loses agents, or hangs, when one connects while it is
      // still creating the previous body.
      let ended = false;
      launch.done.then(() => (ended = true));
      const until = Date.now() + REGISTER_WAIT_MS;
      while (!ended && launch.agent.world.side === null && Date.now() < until) {
        await sleep(REGISTER_POLL_MS);
      }
      await sleep(staggerMs);
    }
    const codes = await Promise.all(done);
    return stop.signal.aborted ? 0 : Math.max(...codes);
  } finally {
    Deno.removeSignalListener("SIGINT", onSignal);
    Deno.removeSignalListener("SIGTERM", onSignal);
  }
}

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
        types: { type: "string" },
        processes: { type: "boolean", default: false },
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
  let mode, types;
  try {
    mode = choiceFlag("mode", parsed.values.mode as string, MODES);
    const typesText = parsed.values.types as string | undefined;
    types = typesText === undefined ? DEFAULT_TYPES : parseTeamTypes(typesText);
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
  const agents = unums.map((unum) => {
    const record = recordDir ? ["--record", `${recordDir}/agent${unum}.jsonl`] : [];
    return { unum, flags: agentFlags(unum, host, port, [...extra, ...record], types) };
  });
  if (!parsed.values.processes) return await playInProcess(agents, staggerMs, err);
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
  const agentMain = decodeURIComponent(new URL("../../main.ts", import.meta.url).pathname);
  for (const { unum, flags } of agents) {
    if (stopping) break;
    const child = new Deno.Command(Deno.execPath(), {
      args: [...AGENT_DENO_FLAGS, agentMain, ...flags],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    children.push(child);
    const prefix = unumPrefix(unum);
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
