// The one list of evaluation tasks that `deno task eval` and `deno task optimize` both read: each
// task's name, whether the agent's head looks for the ball, how its runs are made from the shared
// task options, and, for the tasks the optimizer tunes, the score it maximizes (scores.ts).

import { diveParams } from "../agent/play_options.ts";
import type { KickKind } from "../skills/kicks.ts";
import { save } from "./save.ts";
import { getupScore, KICK_FALL_COST, kickScore, omniScore, walkScore } from "./scores.ts";
import type { EvalSession } from "./session.ts";
import {
  dribble,
  type DribbleStart,
  type FallKind,
  getup,
  kick,
  shoot,
  walkForward,
  walkOmni,
} from "./tasks.ts";

/** What the tasks may be told besides the number of runs; each reads its own. */
export interface TaskOptions {
  kick: KickKind;
  /** Kick: the ball lies this far (m) off the kick's spot, in turn. */
  jitter: number;
  leftFoot: boolean;
  falls: readonly FallKind[];
  start: DribbleStart;
  /** Walk-omni: seconds allowed per target. */
  omniTimeout: number;
  /** Kick score: metres lost per fall and run. */
  fallCost: number;
}

/** The options each task runs with unless told otherwise (eval's flags and optimize's defaults). */
export const DEFAULT_TASK_OPTIONS: Readonly<TaskOptions> = {
  kick: "keyframe",
  jitter: 0,
  leftFoot: true,
  falls: ["front", "back"],
  start: "behind",
  omniTimeout: 20,
  fallCost: KICK_FALL_COST,
};

export interface EvalTask {
  name: string;
  /** The agent's head looks for the ball (the tasks that play it). */
  headControl: boolean;
  /** The task's JSON-able result. */
  run(s: EvalSession, runs: number, o: TaskOptions): Promise<object>;
  /** For tasks the optimizer tunes: the value it maximizes, from that result. */
  score?(result: object, o: TaskOptions): number;
  /** For tasks the optimizer tunes: whether a candidate is a walk (checked for reach first). */
  walk?: boolean;
}

/** Types one task: its score reads the result its run returns. */
function task<R extends object>(t: {
  name: string;
  headControl?: boolean;
  walk?: boolean;
  run: (s: EvalSession, runs: number, o: TaskOptions) => Promise<R>;
  score?: (result: R, o: TaskOptions) => number;
}): EvalTask {
  const score = t.score;
  return {
    name: t.name,
    headControl: t.headControl ?? false,
    walk: t.walk,
    run: t.run,
    score: score ? (r, o) => score(r as R, o) : undefined,
  };
}

export const EVAL_TASKS: readonly EvalTask[] = [
  task({
    name: "walk-forward",
    walk: true,
    run: (s, runs) => walkForward(s, runs),
    score: walkScore,
  }),
  task({
    name: "walk-omni",
    walk: true,
    run: (s, runs, o) => walkOmni(s, runs, o.omniTimeout),
    score: (r, o) => omniScore(r, o.omniTimeout),
  }),
  task({
    name: "getup",
    run: (s, runs, o) => getup(s, runs, o.falls),
    score: getupScore,
  }),
  task({
    name: "kick",
    run: (s, runs, o) => kick(s, runs, o.kick, o.leftFoot, o.jitter),
    score: (r, o) => kickScore(r, o.fallCost),
  }),
  task({ name: "shoot", headControl: true, run: (s, runs) => shoot(s, runs) }),
  task({ name: "dribble", headControl: true, run: (s, runs, o) => dribble(s, runs, o.start) }),
  task({
    name: "save",
    headControl: true,
    run: (s, runs) => {
      const p = s.agent.options.params;
      return save(s, runs, diveParams(p), p.get("ball.decay"));
    },
  }),
];

export const TASK_NAMES: readonly string[] = EVAL_TASKS.map((t) => t.name);
export const OPTIMIZE_TASK_NAMES: readonly string[] = EVAL_TASKS.filter((t) => t.score).map((t) =>
  t.name
);

/** The task of this name (the name must be one of TASK_NAMES). */
export function evalTask(name: string): EvalTask {
  const t = EVAL_TASKS.find((t) => t.name === name);
  if (!t) throw new Error(`no evaluation task '${name}'`);
  return t;
}
