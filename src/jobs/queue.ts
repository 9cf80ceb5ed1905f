// The job queue that spreads evaluations and games over worker hosts: BullMQ on Redis. This side
// submits jobs and waits for their results; src/scale/worker.ts takes them. Retries, stalled-job
// detection (a worker that dies mid-job loses its lock and the job goes to another) and rate
// limits are BullMQ's own. Also the `--redis URL` flag's parser and the jobs' payloads.

import { type Job, Queue, QueueEvents } from "bullmq";
import { CliError } from "../config/cli.ts";

/** The default queue name; --queue picks another (one per experiment, or per test). */
export const DEFAULT_QUEUE = "denonao";

/** Where Redis is: what BullMQ's connection option takes. */
export interface RedisConnection {
  host: string;
  port: number;
  password?: string;
  db?: number;
}

/** Parses `redis://[:PASSWORD@]HOST[:PORT][/DB]` (one-line CliError on anything else). */
export function parseRedisUrl(url: string, flag = "--redis"): RedisConnection {
  const m = /^redis:\/\/(?::([^@]*)@)?([^:/@\s]+)(?::(\d+))?(?:\/(\d+))?\/?$/.exec(url);
  if (!m) throw new CliError(`${flag}: '${url}' is not redis://[:PASSWORD@]HOST[:PORT][/DB]`);
  const port = m[3] === undefined ? 6379 : Number(m[3]);
  if (port < 1 || port > 65535) throw new CliError(`${flag}: port ${m[3]} is not 1-65535`);
  const c: RedisConnection = { host: m[2], port };
  if (m[1]) c.password = decodeURIComponent(m[1]);
  if (m[4] !== undefined) c.db = Number(m[4]);
  return c;
}

/** An optimizer candidate to score: see optimize/candidate.ts. `params` is a param file's text. */
export interface EvalJobData {
  kind: "eval";
  spec: {
    task: string;
    type: number;
    runs: number;
    core: string;
    kick: string;
    jitter: number;
    fallCost: number;
    start: string;
    falls: readonly string[];
    /** Duel task: the opponent's command, run on the worker's host; absent or null: ours. */
    opponent?: string | null;
  };
  params: string;
  /** The submitter's code version: a worker running other code refuses the job. */
  version: string;
}

/** One game between two team commands (run in the worker's checkout, host and port appended). */
export interface GameJobData {
  kind: "game";
  left: string;
  right: string;
  half: number;
  stall: number;
  version: string;
}

export type JobData = EvalJobData | GameJobData;

export interface EvalResult {
  score: number;
  worker: string;
  seconds: number;
}

/** A game's JSON line (tools/match.ts) and who played it. */
export type GameJobResult = Record<string, unknown> & { worker: string; seconds: number };

/** Attempts per job: the first and two retries (a dead server, a lost worker). */
const ATTEMPTS = 3;

export interface JobCounts {
  queued: number;
  running: number;
  done: number;
  failed: number;
}

/** The submitting side of one queue. */
export class JobQueue {
  private constructor(
    private readonly queue: Queue,
    private readonly events: QueueEvents,
  ) {}

  static async connect(connection: RedisConnection, name = DEFAULT_QUEUE): Promise<JobQueue> {
    const queue = new Queue(name, { connection });
    const events = new QueueEvents(name, { connection });
    // Every job awaited at once holds a listener on both: a generation or a series has many.
    queue.setMaxListeners(0);
    events.setMaxListeners(0);
    try {
      await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    } catch (e) {
      await Promise.allSettled([queue.close(), events.close()]);
      throw new Error(
        `redis at ${connection.host}:${connection.port}: ${(e as Error).message.split("\n")[0]}`,
      );
    }
    return new JobQueue(queue, events);
  }

  /** Submits a job and resolves with its result once a worker has finished it. */
  async run<R>(data: JobData): Promise<R> {
    const job: Job = await this.queue.add(data.kind, data, {
      attempts: ATTEMPTS,
      backoff: { type: "fixed", delay: 1000 },
      // Results travel in the completion event; kept jobs only cost Redis memory (4 KB each).
      removeOnComplete: { age: 3600, count: 10_000 },
      removeOnFail: { age: 24 * 3600, count: 10_000 },
    });
    return await job.waitUntilFinished(this.events) as R;
  }

  /** Jobs of this queue by state, for progress lines. */
  async counts(): Promise<JobCounts> {
    const c = await this.queue.getJobCounts(
      "waiting",
      "prioritized",
      "delayed",
      "active",
      "completed",
      "failed",
    );
    return {
      queued: (c.waiting ?? 0) + (c.prioritized ?? 0) + (c.delayed ?? 0),
      running: c.active ?? 0,
      done: c.completed ?? 0,
      failed: c.failed ?? 0,
    };
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.events.close(), this.queue.close()]);
  }
}

/**
 * The version a job carries: a hash of the code, skills and bundled params that decide a result,
 * so that workers on other hosts run what the submitter runs.
 */
export async function codeVersion(root = new URL("../../", import.meta.url)): Promise<string> {
  const files: string[] = [];
  const walk = async (dir: URL, rel: string) => {
    for await (const e of Deno.readDir(dir)) {
      const r = rel + e.name;
      if (e.isDirectory) await walk(new URL(e.name + "/", dir), r + "/");
      else if (/\.(ts|skl|params|space)$/.test(e.name)) files.push(r);
    }
  };
  for (const d of ["src/", "skills/", "paramfiles/"]) await walk(new URL(d, root), d);
  files.sort();
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const f of files) {
    parts.push(enc.encode(f + "\0"), await Deno.readFile(new URL(f, root)));
  }
  const all = new Uint8Array(parts.reduce((a, p) => a + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return await shortDigest(all);
}

/** The first 8 bytes of the SHA-256 of `data`, in hex. */
export async function shortDigest(data: Uint8Array<ArrayBuffer> | string): Promise<string> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
