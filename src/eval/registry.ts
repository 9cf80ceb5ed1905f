// The one list of evaluation tasks that `deno task eval` and `deno task optimize` both read (each
// task in its own file: name, flags, run and, for the tasks the optimizer tunes, score), and the
// options they run with unless told otherwise.

import { CONTACT_TASK } from "./contact_task.ts";
import { DIVE_TASK } from "./dive_task.ts";
import { DUEL_TASK } from "./duel_task.ts";
import { DRIBBLE_TASK } from "./dribble_task.ts";
import { FINISH_TASK } from "./finish_task.ts";
import { GETUP_TASK } from "./getup_task.ts";
import { KICK_FALL_COST, KICK_TASK } from "./kick_task.ts";
import { KICKOFF_TASK } from "./kickoff_task.ts";
import { PILE_TASK } from "./pile_task.ts";
import { SAVE_TASK, SHOT_ARRIVAL } from "./save.ts";
import { SCORE_TASK } from "./score_task.ts";
import { SHOOT_TASK } from "./shoot_task.ts";
import type { EvalTask, TaskOptions } from "./task.ts";
import { UNBLOCK_TASK } from "./unblock_task.ts";
import { WALK_FORWARD_TASK } from "./walk_forward_task.ts";
import { WALK_OMNI_TASK } from "./walk_omni_task.ts";

export type { EvalTask, TaskOptions };

/** The options each task runs with unless told otherwise (eval's flags and optimize's defaults). */
export const DEFAULT_TASK_OPTIONS: Readonly<TaskOptions> = {
  kick: "keyframe",
  jitter: 0,
  leftFoot: true,
  falls: ["front", "back"],
  start: "behind",
  omniTimeout: 20,
  fallCost: KICK_FALL_COST,
  lead: null,
  arrival: SHOT_ARRIVAL,
  opponent: null,
};

export const EVAL_TASKS: readonly EvalTask[] = [
  WALK_FORWARD_TASK,
  WALK_OMNI_TASK,
  GETUP_TASK,
  KICK_TASK,
  SHOOT_TASK,
  KICKOFF_TASK,
  SCORE_TASK,
  FINISH_TASK,
  UNBLOCK_TASK,
  DUEL_TASK,
  DRIBBLE_TASK,
  SAVE_TASK,
  DIVE_TASK,
  CONTACT_TASK,
  PILE_TASK,
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
