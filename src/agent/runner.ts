// Connects one Agent to a server and runs it: send the scene, then one reply per server
// message. A server in sync mode can wait for a (syn) from an agent it has not sent anything to
// (a body still being created), so after 100 ms of silence the agent sends a bare (syn).
// Returns the process exit code: the agent only ends when the server goes away or the link
// breaks, which is always an error for a player.

import { connectTcp, FramedConnection } from "../net/connection.ts";
import { TrafficRecorder } from "../net/recorder.ts";
import { SYN } from "../protocol/effectors.ts";
import type { Agent } from "./agent.ts";

export interface RunOptions {
  host: string;
  port: number;
  connectTimeoutMs?: number;
  /** Write the whole traffic to this JSONL file. */
  recordPath?: string;
  /** Closing this aborts the run (used by tests and signal handlers). */
  signal?: AbortSignal;
}

/** Silence after which a bare (syn) is sent, ms. */
const SYNC_KEEPALIVE_MS = 100;

export async function runAgent(agent: Agent, opts: RunOptions): Promise<number> {
  const log = agent.options.log;
  let conn: Deno.TcpConn;
  try {
    conn = await connectTcp(opts.host, opts.port, opts.connectTimeoutMs);
  } catch (e) {
    log.error((e as Error).message);
    return 1;
  }
  conn.setNoDelay(true);
  const link = new FramedConnection(conn);
  const onAbort = () => link.close();
  opts.signal?.addEventListener("abort", onAbort);
  const recorder = opts.recordPath ? TrafficRecorder.open(opts.recordPath) : null;
  const where = `${opts.host}:${opts.port}`;
  // Sends go one after another: the keepalive must not interleave with a reply.
  let sending = Promise.resolve();
  const send = (text: string) => (sending = sending.then(() => link.send(text)));
  let lastFrame = Date.now();
  const keepalive = setInterval(() => {
    if (Date.now() - lastFrame < SYNC_KEEPALIVE_MS) return;
    lastFrame = Date.now();
    recorder?.record("a2s", SYN);
    send(SYN).catch(() => {});
  }, SYNC_KEEPALIVE_MS / 4);
  try {
    const hello = agent.hello();
    recorder?.record("a2s", hello);
    await send(hello);
    for await (const frame of link.frames()) {
      lastFrame = Date.now();
      recorder?.record("s2a", frame);
      const reply = agent.onMessage(frame);
      recorder?.record("a2s", reply);
      await send(reply);
    }
    if (opts.signal?.aborted) return 0;
    log.error(`server at ${where} closed the connection after ${agent.world.cycle} cycles`);
    return 1;
  } catch (e) {
    if (opts.signal?.aborted) return 0;
    log.error(`link to ${where} failed: ${(e as Error).message}`);
    return 1;
  } finally {
    clearInterval(keepalive);
    opts.signal?.removeEventListener("abort", onAbort);
    link.close();
    recorder?.close();
  }
}
