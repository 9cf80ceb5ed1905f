// `deno task optimize <task> --space F [flags]`: tunes the parameters a space names with CMA-ES,
// scoring each candidate with an evaluation task of the registry (eval/registry.ts) on its
// own freshly launched server (sync mode). Prints one JSON line per generation; the best values
// so far are kept in the --out param file, ready for --paramsfile or for copying into
// paramfiles/.

import { parseFlags } from "../config/flags.ts";
import { isRobotType, type RobotType } from "../body/joints.ts";
import { choiceFlag, CliError, intFlag, numberFlag } from "../config/cli.ts";
import { bundledSkillFiles } from "../config/paramfiles.ts";
import { loadParams } from "../agent/params.ts";
import type { ParamSet } from "../config/params.ts";
import { CORE_KINDS, type CoreKind } from "../core/numeric_core.ts";
import { createCore } from "../core/create_core.ts";
import { EvalSession } from "../eval/session.ts";
import { walkParams } from "../motion/walk_engine.ts";
import { walkReachMisses } from "../motion/walk_reach.ts";
import {
  DEFAULT_TASK_OPTIONS,
  type EvalTask,
  evalTask,
  OPTIMIZE_TASK_NAMES,
  type TaskOptions,
} from "../eval/registry.ts";
import { KICK_FALL_COST } from "../eval/kick_task.ts";
import { KICK_KINDS, type KickKind } from "../skills/kicks.ts";
import { compileSkillSources, readSkillFiles, type SkillSource } from "../skills/skill_compiler.ts";
import { Logger } from "log";
import { CmaEs } from "./cma_es.ts";
import {
  type Dimension,
  fromUnit,
  loadSpace,
  outside,
  paramText,
  toUnit,
  withValues,
} from "./space.ts";

export const OPTIMIZE_USAGE = `Usage: deno task optimize <${
  OPTIMIZE_TASK_NAMES.join("|")
}> --space F [flags]

  --space F         parameters to tune: 'name min max' per line (required)
  --type T          robot type 0-4 (default 0)
  --gens N          generations (default 20)
  --pop L           candidates per generation (default 4 + 3 ln n)
  --runs R          task repetitions per candidate (default 2)
  --sigma S         initial step, as a fraction of each parameter's range (default 0.15)
  --seed N          random seed (default 1)
  --parallel P      candidates evaluated at once, each on its own server (default 1)
  --out F           where the best values are written (default optimized.params)
  --paramsfile F    extra param file under the candidates; repeatable
  --core KIND       wasm or ts (default wasm)
  --kick K          kick task: keyframe, ik or long (default keyframe)
  --jitter M        kick task: the ball lies M metres off the kick spot in turn (default 0)
  --fall-cost M     kick task: metres of score lost per fall and run (default ${KICK_FALL_COST})`;

interface Options {
  task: EvalTask;
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
}

async function parse(args: string[]): Promise<Options> {
  let parsed;
  try {
    parsed = parseFlags({
      args,
      allowPositionals: true,
      options: {
        space: { type: "string" },
        type: { type: "string", default: "0" },
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
      },
    });
  } catch (e) {
    throw new CliError((e as Error).message.split("\n")[0]);
  }
  const v = parsed.values;
  const task = evalTask(choiceFlag("task", parsed.positionals[0] ?? "", OPTIMIZE_TASK_NAMES));
  if (v.space === undefined) throw new CliError("--space: required");
  const type = intFlag("type", v.type as string, 0, 4);
  if (!isRobotType(type)) throw new CliError(`--type: '${v.type}' is not a robot type 0-4`);
  const sigma = Number(v.sigma);
  if (!(sigma > 0 && sigma <= 1)) throw new CliError(`--sigma: '${v.sigma}' is not in (0, 1]`);
  await checkWritable(v.out as string);
  return {
    task,
    dims: await loadSpace(v.space as string),
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
  };
}

/** The --out file must be writable before hours of optimization, not after them. */
async function checkWritable(path: string): Promise<void> {
  try {
    const f = await Deno.open(path, { write: true, create: true });
    f.close();
  } catch (e) {
    throw new CliError(`--out: cannot write ${path}: ${(e as Error).message.split(":")[0]}`);
  }
}

/**
 * Scores one candidate on its own server; higher is better, -Infinity when the run failed. The
 * skill texts were read once at the start, so that editing skills/ cannot disturb a run.
 */
async function score(
  o: Options,
  params: ParamSet,
  sources: readonly SkillSource[],
  log: Logger,
): Promise<number> {
  let session: EvalSession | null = null;
  try {
    const skills = compileSkillSources(sources, params);
    const core = await createCore(o.core, o.type);
    if (o.task.walk) {
      // A walk whose feet leave the legs' reach is rejected without a server run.
      const missed = walkReachMisses(core, walkParams(params));
      if (missed > 0) return -1 - missed / 3600;
    }
    session = await EvalSession.open(
      { team: "Optimize", unum: 1, type: o.type, params, log, core, skills },
      "auto",
    );
    const options: TaskOptions = {
      ...DEFAULT_TASK_OPTIONS,
      kick: o.kick,
      jitter: o.jitter,
      fallCost: o.fallCost,
    };
    return o.task.score!(await o.task.run(session, o.runs, options), options);
  } catch (e) {
    log.warn(`candidate failed: ${(e as Error).message.split("\n")[0]}`);
    return -Infinity;
  } finally {
    await session?.close();
  }
}

/** Runs `jobs` with at most `width` at a time; results in job order. */
async function pool<T>(jobs: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results = new Array<T>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, jobs.length) }, worker));
  return results;
}

const round = (v: number) => Math.round(v * 1e4) / 1e4;

async function optimize(o: Options): Promise<void> {
  const log = new Logger("warn", "[optimize]");
  const base = await loadParams(o.type, o.paramsFiles);
  const sources = await readSkillFiles(bundledSkillFiles());
  const start = toUnit(o.dims, base);
  const baseline = await score(o, base, sources, log);
  if (!Number.isFinite(baseline)) {
    throw new Error("the start point cannot be evaluated (see above)");
  }
  console.log(JSON.stringify({ generation: 0, baseline: round(baseline) }));
  const es = new CmaEs({ mean: start, sigma: o.sigma, lambda: o.pop, seed: o.seed });
  let bestScore = baseline;
  let bestValues = fromUnit(o.dims, start);
  for (let g = 1; g <= o.gens; g++) {
    const candidates = es.ask();
    const scores = await pool(
      candidates.map((u) => () =>
        score(o, withValues(base, o.dims, fromUnit(o.dims, u)), sources, log)
      ),
      o.parallel,
    );
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
    console.log(JSON.stringify({
      generation: g,
      best: round(bestScore),
      generationBest: round(scores[top]),
      generationMean: round(finite.reduce((a, b) => a + b, 0) / Math.max(1, finite.length)),
      failed: scores.length - finite.length,
      sigma: round(es.sigma),
    }));
  }
  console.log(JSON.stringify({
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
  try {
    await optimize(o);
    return 0;
  } catch (e) {
    console.error(`error: ${(e as Error).message.split("\n")[0]}`);
    return 1;
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
