// Scores one optimizer candidate: the evaluation task of the registry run with the candidate's
// params on one server (a fresh one, or a worker's). Shared by the local optimizer and the job
// worker, so that a candidate scores the same wherever it runs.

import type { RobotType } from "../body/joints.ts";
import type { ParamSet } from "../config/params.ts";
import type { CoreKind } from "../core/numeric_core.ts";
import { createCore } from "../core/create_core.ts";
import { EvalSession, type SessionTarget } from "../eval/session.ts";
import { DEFAULT_TASK_OPTIONS, evalTask, type TaskOptions } from "../eval/registry.ts";
import type { DribbleStart, FallKind } from "../eval/task.ts";
import { gaitReachMisses, REACH_CYCLES } from "../motion/walk_reach.ts";
import type { KickKind } from "../skills/kicks.ts";
import { compileSkillSources, type SkillSource } from "../skills/skill_compiler.ts";
import type { Logger } from "log";

/** What a candidate is scored on, apart from its params: plain data, so that it travels in a job. */
export interface CandidateSpec {
  task: string;
  type: RobotType;
  runs: number;
  core: CoreKind;
  kick: KickKind;
  jitter: number;
  fallCost: number;
  /** Dribble task: where each run starts. */
  start: DribbleStart;
  /** Get-up task: the falls in turn. */
  falls: readonly FallKind[];
  /** Duel task: the opponent's command (TaskOptions.opponent); absent or null: our own agent. */
  opponent?: string | null;
}

/**
 * The task's score for `params` (higher is better), or -Infinity when the run failed. The skill
 * texts are read once by the caller, so that editing skills/ cannot disturb a run.
 */
export async function scoreCandidate(
  spec: CandidateSpec,
  params: ParamSet,
  sources: readonly SkillSource[],
  log: Logger,
  target: SessionTarget | "auto" = "auto",
): Promise<number> {
  const task = evalTask(spec.task);
  let session: EvalSession | null = null;
  try {
    const skills = compileSkillSources(sources, params);
    const core = await createCore(spec.core, spec.type);
    if (task.walk) {
      // A walk whose feet leave the legs' reach is rejected without a server run.
      const missed = gaitReachMisses(core, params);
      if (missed > 0) return -1 - missed / REACH_CYCLES;
    }
    session = await EvalSession.open(
      { team: "Optimize", unum: 1, type: spec.type, params, log, core, skills },
      target,
    );
    const options: TaskOptions = {
      ...DEFAULT_TASK_OPTIONS,
      kick: spec.kick,
      jitter: spec.jitter,
      fallCost: spec.fallCost,
      start: spec.start,
      falls: spec.falls,
      opponent: spec.opponent ?? null,
    };
    return task.score!(await task.run(session, spec.runs, options), options);
  } catch (e) {
    log.warn(`candidate failed: ${(e as Error).message.split("\n")[0]}`);
    return -Infinity;
  } finally {
    await session?.close();
  }
}
