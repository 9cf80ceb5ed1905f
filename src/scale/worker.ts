// `deno task worker --redis URL [--slots N] [--queue NAME]`: takes evaluation and game jobs off
// the queue (src/jobs/queue.ts) on any host with rcssserver3d. Each slot owns one server on free
// ports: evaluations reuse it, a game gets a fresh one with the game's half length. A server
// that dies is started again and its job fails, for BullMQ to retry it (on any worker); a worker
// that dies loses its jobs' locks and BullMQ's stalled-job check hands them to another.

import { UnrecoverableError, Worker } from "bullmq";
import { parseFlags } from "../config/flags.ts";
import { CliError, intFlag } from "../config/cli.ts";
import { ParamSet } from "../config/params.ts";
import { bundledSkillFiles } from "../config/paramfiles.ts";
import { isRobotType } from "../body/joints.ts";
import { CORE_KINDS, type CoreKind } from "../core/numeric_core.ts";
import { EVAL_SERVER } from "../eval/session.ts";
import { DRIBBLE_STARTS, type FallKind, FALLS } from "../eval/tasks.ts";
import { type CandidateSpec, scoreCandidate } from "../optimize/candidate.ts";
import { KICK_KINDS, type KickKind } from "../skills/kicks.ts";
import { readSkillFiles, type SkillSource } from "../skills/skill_compiler.ts";
import { play } from "../tools/match.ts";
import {
  launchServer,
  type RunningServer,
  type ServerOptions,
  serverTarget,
} from "../tools/server_launcher.ts";
import {
  codeVersion,
  DEFAULT_QUEUE,
  type EvalJobData,
  type GameJobData,
  type JobData,
  parseRedisUrl,
  type RedisConnection,
} from "../jobs/queue.ts";
import { Logger } from "log";

export const WORKER_USAGE = `Usage: deno task worker --redis URL [flags]

  --redis URL       redis://[:PASSWORD@]HOST[:PORT][/DB] (required)
  --slots N         jobs at once, each with its own rcssserver3d (default 1)
  --queue NAME      queue to take jobs from (default ${DEFAULT_QUEUE})
  --lock S          seconds without a sign of life before a job of this worker counts as
                    stalled and goes to another worker (default 30)`;

/** One slot's server: kept for evaluations, fresh for each game, started again when it died. */
export class Slot {
  private server: RunningServer | null = null;
  private options: Readonly<ServerOptions> | null = null;
  private died = false;

  constructor(
    readonly index: number,
    private readonly launch: (o: ServerOptions) => Promise<RunningServer> = launchServer,
  ) {}

  /** A running server with these options: the current one if it matches and lives. */
  async serve(options: Readonly<ServerOptions>, fresh = false): Promise<RunningServer> {
    if (this.server && !this.died && !fresh && this.options === options) return this.server;
    await this.stop();
    const server = await this.launch(options);
    this.server = server;
    this.options = options;
    this.died = false;
    server.status.then(() => {
      if (this.server === server) this.died = true;
    });
    return server;
  }

  /** Whether the server died since serve() returned it. */
  get dead(): boolean {
    return this.died;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    this.options = null;
    await s?.stop();
  }
}

/** What a job runs on: the slot and the worker's own name (for results). */
export type JobRunner = (data: JobData, slot: Slot, jobId: string) => Promise<unknown>;

export interface WorkerOptions {
  connection: RedisConnection;
  queue: string;
  slots: number;
  lockSeconds: number;
  name: string;
  version: string;
  run: JobRunner;
  log: Logger;
  /** How a slot starts its server (tests give a stand-in). */
  launch?: (o: ServerOptions) => Promise<RunningServer>;
}

/** Starts taking jobs; close() stops taking them, lets running ones end and stops the servers. */
export function startWorker(o: WorkerOptions): { close(): Promise<void>; worker: Worker } {
  const slots = Array.from({ length: o.slots }, (_, i) => new Slot(i, o.launch));
  const free = [...slots];
  const worker = new Worker(
    o.queue,
    async (job) => {
      const data = job.data as JobData;
      if (data.version !== o.version) {
        throw new UnrecoverableError(
          `code version ${data.version} submitted, this worker runs ${o.version}`,
        );
      }
      const slot = free.pop();
      if (!slot) throw new Error("no free slot");
      const t0 = performance.now();
      try {
        const result = await o.run(data, slot, job.id ?? "?");
        if (slot.dead) {
          await slot.stop();
          throw new Error(`the server of slot ${slot.index} died during the job`);
        }
        const seconds = Math.round((performance.now() - t0) / 100) / 10;
        o.log.info(`job ${job.id} (${data.kind}) done in ${seconds} s on slot ${slot.index}`);
        return { ...result as object, worker: o.name, seconds };
      } finally {
        free.push(slot);
      }
    },
    {
      connection: o.connection,
      concurrency: o.slots,
      lockDuration: o.lockSeconds * 1000,
      stalledInterval: Math.max(1000, o.lockSeconds * 500),
      maxStalledCount: 2,
    },
  );
  worker.on("failed", (job, err) => o.log.warn(`job ${job?.id} failed: ${err.message}`));
  return {
    worker,
    async close() {
      await worker.close();
      await Promise.all(slots.map((s) => s.stop()));
    },
  };
}

/** The real jobs: an optimizer candidate's score, or a game's JSON line. */
export function realRunner(sources: readonly SkillSource[], log: Logger): JobRunner {
  return async (data, slot, jobId) => {
    if (data.kind === "eval") return { score: await runEval(data, slot, jobId, sources, log) };
    return await runGame(data, slot);
  };
}

async function runEval(
  data: EvalJobData,
  slot: Slot,
  jobId: string,
  sources: readonly SkillSource[],
  log: Logger,
): Promise<number> {
  const s = data.spec;
  if (!isRobotType(s.type)) throw new UnrecoverableError(`type ${s.type} is not a robot type`);
  if (!CORE_KINDS.includes(s.core as CoreKind)) throw new UnrecoverableError(`core ${s.core}`);
  if (!KICK_KINDS.includes(s.kick as KickKind)) throw new UnrecoverableError(`kick ${s.kick}`);
  const start = DRIBBLE_STARTS.find((d) => d === s.start);
  if (start === undefined) throw new UnrecoverableError(`start ${s.start}`);
  const falls = (Array.isArray(s.falls) ? s.falls : []) as FallKind[];
  if (falls.length === 0 || falls.some((f) => !FALLS.includes(f))) {
    throw new UnrecoverableError(`falls ${JSON.stringify(s.falls)}`);
  }
  if (s.opponent !== undefined && s.opponent !== null && typeof s.opponent !== "string") {
    throw new UnrecoverableError(`opponent ${JSON.stringify(s.opponent)}`);
  }
  const spec: CandidateSpec = {
    ...s,
    type: s.type,
    core: s.core as CoreKind,
    kick: s.kick as KickKind,
    start,
    falls,
  };
  const params = ParamSet.parse(data.params, `<job ${jobId}>`);
  const server = await slot.serve(EVAL_SERVER);
  return await scoreCandidate(spec, params, sources, log, serverTarget(server));
}

async function runGame(data: GameJobData, slot: Slot): Promise<Record<string, unknown>> {
  const server = await slot.serve({ sync: true, halfTime: data.half }, true);
  const logDir = await Deno.makeTempDir({ prefix: "worker-game-" });
  try {
    return await play({
      left: data.left,
      right: data.right,
      half: data.half,
      server: serverTarget(server),
      logDir,
      stall: data.stall,
      realtime: false,
      games: 1,
      penalty: null,
    });
  } finally {
    // The server ends at GameOver: the next job starts another.
    await slot.stop();
    await Deno.remove(logDir, { recursive: true }).catch(() => {});
  }
}

async function main(args: string[]): Promise<number> {
  if (args.includes("--help")) {
    console.log(WORKER_USAGE);
    return 0;
  }
  let connection: RedisConnection, slots: number, lockSeconds: number, queue: string;
  try {
    const v = parseFlags({
      args,
      strict: true,
      options: {
        redis: { type: "string" },
        slots: { type: "string", default: "1" },
        queue: { type: "string", default: DEFAULT_QUEUE },
        lock: { type: "string", default: "30" },
      },
    }).values;
    if (v.redis === undefined) throw new CliError("--redis: required");
    connection = parseRedisUrl(v.redis);
    slots = intFlag("slots", v.slots as string, 1, 64);
    lockSeconds = intFlag("lock", v.lock as string, 1, 3600);
    queue = v.queue as string;
  } catch (e) {
    console.error(`error: ${(e as Error).message.split("\n")[0]} (see --help)`);
    return 2;
  }
  const log = new Logger("info", "[worker]");
  const sources = await readSkillFiles(bundledSkillFiles());
  const name = `${Deno.hostname()}:${Deno.pid}`;
  const version = await codeVersion();
  const w = startWorker({
    connection,
    queue,
    slots,
    lockSeconds,
    name,
    version,
    run: realRunner(sources, log),
    log,
  });
  log.info(
    `${name}: ${slots} slot(s) on queue ${queue} at ${connection.host}:${connection.port}, code ${version}`,
  );
  const stop = Promise.withResolvers<void>();
  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    Deno.addSignalListener(sig, () => stop.resolve());
  }
  await stop.promise;
  log.info("stopping: running jobs end first");
  await w.close();
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
