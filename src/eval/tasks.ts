// The evaluation tasks, each measured with the server's ground truth and returning one JSON-able
// result: walking (walk_tasks.ts), getting up (getup_task.ts), kicking from a standing start
// (kick_task.ts), and playing the ball as a game does (ball_tasks.ts), with what they measure
// with (measure.ts). This index is what eval and optimize import.

export { type RunStats, stats } from "./measure.ts";
export { type OmniResult, walkForward, type WalkForwardResult, walkOmni } from "./walk_tasks.ts";
export { type FallKind, FALLS, getup, type GetupResult } from "./getup_task.ts";
export { kick, type KickResult } from "./kick_task.ts";
export {
  dribble,
  type DribbleResult,
  type DribbleStart,
  shoot,
  type ShootResult,
} from "./ball_tasks.ts";
