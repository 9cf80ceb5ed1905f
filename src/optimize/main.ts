// `deno task optimize <task> --space F [flags]`: tunes the parameters a space names with CMA-ES
// (or a coordinate search, --method coord), scoring each candidate with an evaluation task of the
// registry (eval/registry.ts) on its own freshly launched server (sync mode), or with --redis as
// jobs for workers on any hosts (src/scale/worker.ts). Prints one JSON line per generation; the
// best values so far are kept in the --out param file, ready for --paramsfile or for copying into
// paramfiles/, and every score in a journal next to it as it arrives, from which --resume
// continues an interrupted run.

import { parseFlags } from "../config/flags.ts";
import { isRobotType, type RobotType } from "../body/joints.ts";
import { choiceFlag, CliError, intFlag, numberFlag } from "../config/cli.ts";
import { bundledSkillFiles } from "../config/paramfiles.ts";
import { loadParams, PARAM_DECLARATIONS } from "../agent/params.ts";
import { isWhole, rangeOf } from "../config/param_ranges.ts";
import type { ParamSet } from "../config/params.ts";
import { CORE_KINDS, type CoreKind } from "../core/numeric_core.ts";
import {
  DEFAULT_TASK_OPTIONS,
  type EvalTask,
  evalTask,
  OPTIMIZE_TASK_NAMES,
} from "../eval/registry.ts";
import { KICK_FALL_COST } from "../eval/kick_task.ts";
import {
  DRIBBLE_STARTS,
  type DribbleStart,
  type FallKind,
  FALLS,
  fallsFlag,
  opponentFlag,
} from "../eval/tasks.ts";
import { KICK_KINDS, type KickKind } from "../skills/kicks.ts";
import { readSkillFiles } from "../skills/skill_compiler.ts";
import {
  codeVersion,
  DEFAULT_QUEUE,
  type EvalResult,
  type JobCounts,
  JobQueue,
  parseRedisUrl,
  type RedisConnection,
  shortDigest,
} from "../jobs/queue.ts";
import { Logger } from "log";
import { CmaEs } from "./cma_es.ts";
import { COORDINATE_STEPS, CoordinateSearch } from "./coordinate.ts";
import { type CandidateSpec, scoreCandidate } from "./candidate.ts";
import { Journal } from "./journal.ts";
import {
  type Dimension,
  fromUnit,
  loadSpaces,
  outside,
  paramText,
  toUnit,
  withValues,
} from "./space.ts";

export const OPTIMIZE_USAGE = `Usage: deno task optimize <${
  OPTIMIZE_TASK_NAMES.join("|")
}> --space F [flags]

  --space F         parameters to tune: 'name min max' per line (required; repeatable, the
                    files' parameters together)
  --type T          robot type 0-4 (default 0)
  --method M        cma (CMA-ES) or coord: a coordinate search, one parameter a generation at
                    ±${COORDINATE_STEPS.join(", ±")} of its range from the best so far, the steps
                    halved after a sweep without a gain (default cma)
  --gens N          generations (default 20)
  --pop L           cma: candidates per generation (default 4 + 3 ln n)
  --runs R          task repetitions per candidate (default 2)
  --sigma S         cma: initial step, as a fraction of each parameter's range (default 0.15)
  --seed N          random seed (default 1)
  --parallel P      candidates evaluated at once, each on its own server (default 1)
  --out F           where the best values are written (default optimized.params)
  --paramsfile F    extra param file under the candidates; repeatable
  --core KIND       wasm or ts (default wasm)
  --kick K          kick task: keyframe, ik or long (default keyframe)
  --jitter M        kick task: the ball lies M metres off the kick spot in turn (default 0)
  --fall-cost M     kick task: metres of score lost per fall and run (default ${KICK_FALL_COST})
  --falls LIST      getup task: falls in turn, from ${FALLS.join(",")} (default front,back)
  --start S         dribble task: ${
  DRIBBLE_STARTS.join(" or ")
} (default ${DEFAULT_TASK_OPTIONS.start})
  --opponent CMD    duel task: the opponent's command, run with host, port and unum appended
                    (default: an agent of our own code)
  --redis URL       score candidates as jobs on this Redis (redis://[:PASSWORD@]HOST[:PORT][/DB])
                    for 'deno task worker' on any hosts; without it, servers on this machine
  --queue NAME      the job queue (default ${DEFAULT_QUEUE})
  --resume          continue the run whose journal (--out + .journal.jsonl) is there: finished
                    generations are replayed from it, scores already in it are not evaluated again`;

/** How candidates are chosen. */
export const METHODS = ["cma", "coord"] as const;
export type Method = typeof METHODS[number];

interface Options {
  task: EvalTask;
  method: Method;
  dims: Dimension[];
  type: RobotType;
  gens: number;
  pop: number | undefined;
  runs: number;
  sigma: number;
  seed: number;
  parallel: number;
  out: string;
  paramsFiles: string[];
  core: CoreKind;
  kick: KickKind;
  jitter: number;
  fallCost: number;
  start: DribbleStart;
  falls: FallKind[];
  opponent: string | null;
  redis: RedisConnection | null;
  queue: string;
  resume: boolean;
}

export async function parse(args: string[]): Promise<Options> {
  let parsed;
  try {
    parsed = parseFlags({
      args,
      allowPositionals: true,
      options: {
        space: { type: "string", multiple: true, default: [] },
        type: { type: "string", default: "0" },
        method: { type: "string", default: "cma" },
        gens: { type: "string", default: "20" },
        pop: { type: "string" },
        runs: { type: "string", default: "2" },
        sigma: { type: "string", default: "0.15" },
        seed: { type: "string", default: "1" },
        parallel: { type: "string", default: "1" },
        out: { type: "string", default: "optimized.params" },
        paramsfile: { type: "string", multiple: true, default: [] },
        core: { type: "string", default: "wasm" },
        kick: { type: "string", default: "keyframe" },
        jitter: { type: "string", default: "0" },
        "fall-cost": { type: "string", default: String(KICK_FALL_COST) },
        start: { type: "string", default: DEFAULT_TASK_OPTIONS.start },
        falls: { type: "string", default: DEFAULT_TASK_OPTIONS.falls.join(",") },
        opponent: { type: "string" },
        redis: { type: "string" },
        queue: { type: "string", default: DEFAULT_QUEUE },
        resume: { type: "boolean", default: false },
      },
    });
  } catch (e) {
    throw new CliError((e as Error).message.split("\n")[0]);
  }
  const v = parsed.values;
  const task = evalTask(choiceFlag("task", parsed.positionals[0] ?? "", OPTIMIZE_TASK_NAMES));
  const spaces = v.space as string[];
  if (spaces.length === 0) throw new CliError("--space: required");
  const type = intFlag("type", v.type as string, 0, 4);
  if (!isRobotType(type)) throw new CliError(`--type: '${v.type}' is not a robot type 0-4`);
  const sigma = Number(v.sigma);
  if (!(sigma > 0 && sigma <= 1)) throw new CliError(`--sigma: '${v.sigma}' is not in (0, 1]`);
  await checkWritable(v.out as string);
  return {
    task,
    method: choiceFlag("method", v.method as string, METHODS),
    dims: (await loadSpaces(spaces)).map((d) => ({
      ...d,
      whole: isWhole(rangeOf(PARAM_DECLARATIONS, d.name)),
    })),
    type,
    gens: intFlag("gens", v.gens as string, 1, 10000),
    pop: v.pop === undefined ? undefined : intFlag("pop", v.pop as string, 2, 1000),
    runs: intFlag("runs", v.runs as string, 1, 1000),
    sigma,
    seed: intFlag("seed", v.seed as string, 0, 2 ** 31 - 1),
    parallel: intFlag("parallel", v.parallel as string, 1, 16),
    out: v.out as string,
    paramsFiles: v.paramsfile as string[],
    core: choiceFlag("core", v.core as string, CORE_KINDS),
    kick: choiceFlag("kick", v.kick as string, KICK_KINDS),
    jitter: numberFlag("jitter", v.jitter as string, 0, 0.1),
    fallCost: numberFlag("fall-cost", v["fall-cost"] as string, 0, 1000),
    start: choiceFlag("start", v.start as string, DRIBBLE_STARTS),
    falls: fallsFlag(v.falls as string),
    opponent: opponentFlag(v.opponent as string | undefined),
    redis: v.redis === undefined ? null : parseRedisUrl(v.redis as string),
    queue: v.queue as string,
    resume: v.resume as boolean,
  };
}

/**
 * The --out file must be writable before hours of optimization, not after them. A file the
 * check creates is removed again, so that a run stopped early leaves no empty file behind.
 */
export async function checkWritable(path: string): Promise<void> {
  const existed = await Deno.stat(path).then(() => true, () => false);
  try {
    const f = await Deno.open(path, { write: true, create: true });
    f.close();
  } catch (e) {
    throw new CliError(`--out: cannot write ${path}: ${(e as Error).message.split(":")[0]}`);
  }
  if (!existed) await Deno.remove(path);
}

/**
 * Scores a generation's candidates (higher is better, -Infinity for a failed run) and calls
 * `done` with each score as it arrives; resolves with the scores in candidate order.
 */
export type Evaluate = (
  candidates: readonly ParamSet[],
  done: (i: number, score: number) => Promise<void>,
) => Promise<number[]>;

function candidateSpec(o: Options): CandidateSpec {
  return {
    task: o.task.name,
    type: o.type,
    runs: o.runs,
    core: o.core,
    kick: o.kick,
    jitter: o.jitter,
    fallCost: o.fallCost,
    start: o.start,
    falls: o.falls,
    opponent: o.opponent,
  };
}

/** Candidates on servers of this machine, at most --parallel at a time. */
async function localEvaluate(o: Options, log: Logger): Promise<Evaluate> {
  const sources = await readSkillFiles(bundledSkillFiles());
  const spec = candidateSpec(o);
  return async (candidates, done) => {
    const scores = new Array<number>(candidates.length);
    let next = 0;
    const lane = async () => {
      while (next < candidates.length) {
        const i = next++;
        scores[i] = await scoreCandidate(spec, candidates[i], sources, log);
        await done(i, scores[i]);
      }
    };
    await Promise.all(Array.from({ length: Math.min(o.parallel, candidates.length) }, lane));
    return scores;
  };
}

/** Candidates as jobs for workers; -Infinity comes back from JSON as null. */
export function queueEvaluate(o: Options, queue: JobQueue, version: string): Evaluate {
  const spec = candidateSpec(o);
  return (candidates, done) =>
    Promise.all(candidates.map(async (params, i) => {
      const r = await queue.run<EvalResult>({ kind: "eval", spec, params: params.text(), version });
      const score = typeof r.score === "number" ? r.score : -Infinity;
      await done(i, score);
      return score;
    }));
}

const round = (v: number) => Math.round(v * 1e4) / 1e4;

/**
 * What a run is: a journal written under other settings, or from other base params (`base`, their
 * digest: the start point and every score depend on them), cannot be resumed by this one.
 */
function runKey(o: Options, base: string): Record<string, unknown> {
  return {
    base,
    task: o.task.name,
    method: o.method,
    type: o.type,
    seed: o.seed,
    pop: o.pop ?? null,
    sigma: o.sigma,
    runs: o.runs,
    kick: o.kick,
    jitter: o.jitter,
    fallCost: o.fallCost,
    start: o.start,
    falls: o.falls,
    // Only when given, so that the journals of runs from before the flag still resume.
    ...(o.opponent === null ? {} : { opponent: o.opponent }),
    space: o.dims.map((d) => [d.name, d.min, d.max]),
    paramsFiles: o.paramsFiles,
  };
}

/**
 * The optimization: CMA-ES or the coordinate search over the space from the base params,
 * `evaluate` scoring each generation. `counts` (jobs by state) goes into the progress lines when
 * there is a queue.
 */
export async function optimize(
  o: Options,
  evaluate: Evaluate,
  counts: (() => Promise<JobCounts>) | null = null,
  print: (line: string) => void = console.log,
): Promise<void> {
  const base = await loadParams(o.type, o.paramsFiles);
  const key = runKey(o, await shortDigest(base.text()));
  const journal = await Journal.open(`${o.out}.journal.jsonl`, key, o.resume);
  const start = toUnit(o.dims, base);
  let baseline = journal.score(0, 0);
  if (baseline === undefined) {
    [baseline] = await evaluate([base], (_, s) => journal.add(0, 0, s));
  }
  if (!Number.isFinite(baseline)) {
    throw new Error("the start point cannot be evaluated (see above)");
  }
  print(JSON.stringify({ generation: 0, baseline: round(baseline) }));
  const es = o.method === "coord"
    ? new CoordinateSearch(start, -baseline)
    : new CmaEs({ mean: start, sigma: o.sigma, lambda: o.pop, seed: o.seed });
  let bestScore = baseline;
  let bestValues = fromUnit(o.dims, start);
  const t0 = performance.now();
  let evaluated = 0;
  for (let g = 1; g <= o.gens; g++) {
    const candidates = es.ask();
    const scores = candidates.map((_, i) => journal.score(g, i) ?? NaN);
    const missing = scores.flatMap((s, i) => Number.isNaN(s) ? [i] : []);
    if (missing.length > 0) {
      const params = missing.map((i) => withValues(base, o.dims, fromUnit(o.dims, candidates[i])));
      const got = await evaluate(params, (k, s) => journal.add(g, missing[k], s));
      missing.forEach((i, k) => scores[i] = got[k]);
      evaluated++;
    }
    es.tell(scores.map((s, i) => -s + 10 * outside(candidates[i])));
    const finite = scores.filter(Number.isFinite);
    if (finite.length === 0) {
      throw new Error(`every candidate of generation ${g} failed (see above)`);
    }
    const top = scores.indexOf(Math.max(...scores));
    if (scores[top] > bestScore) {
      bestScore = scores[top];
      bestValues = fromUnit(o.dims, candidates[top]);
      await Deno.writeTextFile(
        o.out,
        `# deno task optimize ${o.task.name} --type ${o.type}: score ${round(bestScore)} ` +
          `(baseline ${round(baseline)}), generation ${g}\n` + paramText(o.dims, bestValues),
      );
    }
    const perGeneration = evaluated > 0 ? (performance.now() - t0) / 1000 / evaluated : 0;
    print(JSON.stringify({
      generation: g,
      best: round(bestScore),
      generationBest: round(scores[top]),
      generationMean: round(finite.reduce((a, b) => a + b, 0) / Math.max(1, finite.length)),
      failed: scores.length - finite.length,
      sigma: round(es.sigma),
      ...(missing.length === 0 ? { resumed: true } : {}),
      ...(counts ? { jobs: await counts() } : {}),
      etaSeconds: Math.round(perGeneration * (o.gens - g)),
    }));
  }
  print(JSON.stringify({
    task: o.task.name,
    type: o.type,
    baseline: round(baseline),
    best: round(bestScore),
    out: o.out,
    values: Object.fromEntries(
      o.dims.map((d, i) => [d.name, Number(bestValues[i].toPrecision(6))]),
    ),
  }));
}

async function main(args: string[]): Promise<number> {
  if (args.includes("--help")) {
    console.log(OPTIMIZE_USAGE);
    return 0;
  }
  let o: Options;
  try {
    o = await parse(args);
  } catch (e) {
    console.error(`error: ${(e as Error).message.split("\n")[0]} (see --help)`);
    return 2;
  }
  const log = new Logger("warn", "[optimize]");
  let queue: JobQueue | null = null;
  try {
    if (o.redis) {
      queue = await JobQueue.connect(o.redis, o.queue);
      const q = queue;
      await optimize(o, queueEvaluate(o, q, await codeVersion()), () => q.counts());
    } else {
      await optimize(o, await localEvaluate(o, log));
    }
    return 0;
  } catch (e) {
    console.error(`error: ${(e as Error).message.split("\n")[0]}`);
    return 1;
  } finally {
    await queue?.close();
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
