// Connects one Agent to a server and runs it: send the scene, then one reply per server
// message, over Deno's TCP or, for an agent alone in its process, libc's (blocking_link.ts). A
// server in sync mode can wait for a (syn) from an agent it has not sent anything to (a body
// still being created), so until the body's joints arrive, 100 ms of silence gets a bare (syn);
// the agents in one process check for silence on one shared timer (ticker.ts). Not after: the
// server then sends a message every cycle it waits for, and a bare (syn) sent while a cycle runs
// long is taken as the answer to the next message, whose joint commands then land a cycle late
// (robots fell standing, several at once).
// A connection the server leaves unanswered for 5 s is dropped and made anew (rcssserver3d now
// and then never serves a new agent; a fresh connection is served); one that answered and then
// stays silent for 2 min (longer than ODE's worst stalls seen) ends the run. At GameOver it logs
// the CPU it used per simulated cycle since the kick-off. Returns the process exit
// code: the agent only ends when the server goes away or the link breaks, which is always an
// error for a player.

import { connectTcp, FramedConnection, type FrameLink } from "../net/connection.ts";
import { BlockingLink, type LibcLink, loadLibc } from "../net/blocking_link.ts";
import type { TrafficRecorder } from "../net/recorder.ts";
import { SYN } from "../protocol/effectors.ts";
import type { Agent } from "./agent.ts";
import { cpuLine, CpuMeter } from "./cpu_meter.ts";
import { Ticker } from "./ticker.ts";

export interface RunOptions {
  host: string;
  port: number;
  connectTimeoutMs?: number;
  /** Where the traffic is recorded, opened by the caller. */
  recorder?: TrafficRecorder | null;
  /** Closing this aborts the run (used by tests and signal handlers). */
  signal?: AbortSignal;
  /** Reconnect when the server has not answered the scene for this long (default 5000 ms). */
  firstAnswerMs?: number;
  /** Give up when a server that has answered then says nothing for this long (default 120 s). */
  silentMs?: number;
  /**
   * The link: "libc" waits for the server in poll(2) (Linux with --allow-ffi, else "event"),
   * "event" in Deno's event loop (default). Only an agent alone in its process may take libc:
   * while it waits, nothing else in the process runs.
   */
  link?: LinkKind;
  /**
   * What the agents playing in this process share (default: this one alone): more than one
   * split the process's CPU logged at GameOver and take the event loop's link.
   */
  share?: ProcessShare;
}

/** What the agents in one process share: their number, and one timer for their keepalives. */
export interface ProcessShare {
  agents: number;
  ticker: Ticker;
}

export function processShare(agents: number): ProcessShare {
  return { agents, ticker: new Ticker(SYNC_KEEPALIVE_MS) };
}

export const LINK_KINDS = ["libc", "event"] as const;
export type LinkKind = typeof LINK_KINDS[number];

/**
 * Silence after which a bare (syn) is sent, ms; the check runs this often too, so the (syn) goes
 * 100-200 ms into a silence. A check every 25 ms cost 0.08 ms of CPU per 20 ms cycle: each timer
 * wakes the idle process once more.
 */
const SYNC_KEEPALIVE_MS = 100;
/** Connections tried in all when the server leaves them unanswered. */
const MAX_ATTEMPTS = 5;

export async function runAgent(agent: Agent, opts: RunOptions): Promise<number> {
  const log = agent.options.log;
  const recorder = opts.recorder ?? null;
  const alone = (opts.share?.agents ?? 1) === 1;
  const libc = opts.link === "libc" && alone ? loadLibc() : null;
  if (opts.link === "libc" && alone) {
    log.info(
      libc ? "server link: libc" : "server link: event loop (libc needs Linux and --allow-ffi)",
    );
  }
  try {
    for (let attempt = 1;; attempt++) {
      const result = await runConnection(agent, opts, recorder, libc);
      if (result !== "unanswered") return result;
      if (attempt === MAX_ATTEMPTS) {
        log.error(`server at ${opts.host}:${opts.port} never answered (${attempt} connections)`);
        return 1;
      }
      log.warn(
        `no answer from the server ${firstAnswerMs(opts)} ms after connecting; reconnecting`,
      );
    }
  } finally {
    recorder?.close();
    libc?.close();
  }
}

/** A link to the server: through libc where given and the host is an IPv4 address. */
async function openLink(opts: RunOptions, libc: LibcLink | null): Promise<FrameLink> {
  const blocking = libc && BlockingLink.connect(libc, opts.host, opts.port, opts.connectTimeoutMs);
  if (blocking) return blocking;
  const conn = await connectTcp(opts.host, opts.port, opts.connectTimeoutMs);
  conn.setNoDelay(true);
  return new FramedConnection(conn);
}

function firstAnswerMs(opts: RunOptions): number {
  return opts.firstAnswerMs ?? 5000;
}

/**
 * One connection: the exit code, or "unanswered" when the server sent nothing at all in time
 * (rcssserver3d now and then never serves a connection; a new one is served).
 */
async function runConnection(
  agent: Agent,
  opts: RunOptions,
  recorder: TrafficRecorder | null,
  libc: LibcLink | null,
): Promise<number | "unanswered"> {
  const log = agent.options.log;
  let link: FrameLink;
  try {
    link = await openLink(opts, libc);
  } catch (e) {
    log.error((e as Error).message);
    return 1;
  }
  const onAbort = () => link.close();
  opts.signal?.addEventListener("abort", onAbort);
  const where = `${opts.host}:${opts.port}`;
  // Sends go one after another: the keepalive must not interleave with a reply.
  let sending = Promise.resolve();
  const send = (text: string) => (sending = sending.then(() => link.send(text)));
  let lastFrame = Date.now();
  let lastHeard = Date.now();
  let answered = false;
  let unanswered = false;
  let silent = false;
  const cpu = new CpuMeter(opts.share?.agents);
  const ticker = opts.share?.ticker ?? new Ticker(SYNC_KEEPALIVE_MS);
  const stopKeepalive = ticker.add(() => {
    if (answered && Date.now() - lastHeard > (opts.silentMs ?? 120_000)) {
      silent = true;
      link.close();
      return;
    }
    if (agent.world.embodied || Date.now() - lastFrame < SYNC_KEEPALIVE_MS) return;
    lastFrame = Date.now();
    recorder?.record("a2s", SYN);
    send(SYN).catch(() => {});
  });
  const watchdog = setTimeout(() => {
    if (answered) return;
    unanswered = true;
    link.close();
  }, firstAnswerMs(opts));
  try {
    const hello = agent.hello();
    recorder?.record("a2s", hello);
    await send(hello);
    for await (const frame of link.frames()) {
      answered = true;
      lastFrame = lastHeard = Date.now();
      recorder?.record("s2a", frame);
      const reply = agent.onMessage(frame);
      recorder?.record("a2s", reply);
      await send(reply);
      const used = cpu.update(agent.world.time, agent.world.playMode);
      if (used) log.info(cpuLine(used));
    }
    if (unanswered) return "unanswered";
    if (opts.signal?.aborted) return 0;
    if (silent) {
      log.error(`server at ${where} went silent after ${agent.world.cycle} cycles; giving up`);
      return 1;
    }
    log.error(`server at ${where} closed the connection after ${agent.world.cycle} cycles`);
    return 1;
  } catch (e) {
    if (unanswered) return "unanswered";
    if (opts.signal?.aborted) return 0;
    log.error(`link to ${where} failed: ${(e as Error).message}`);
    return 1;
  } finally {
    stopKeepalive();
    clearTimeout(watchdog);
    opts.signal?.removeEventListener("abort", onAbort);
    link.close();
  }
}
