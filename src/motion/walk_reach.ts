// Whether a walk's parameters keep both feet within the legs' reach: the walk engine runs for
// 12 s at top speed in six directions (forward, back, both sides, turning, and all at once) on
// an upright torso, and every cycle whose IK cannot reach a foot target counts. Used by the
// tests and by the optimizer, which rejects candidates that miss before it spends a server run.

import type { ParamSet } from "../config/params.ts";
import type { NumericCore } from "../core/numeric_core.ts";
import { CYCLE_SECONDS } from "../protocol/cycle.ts";
import { sprintParams, WalkEngine, type WalkParams, walkParams } from "./walk_engine.ts";

/** Each direction at the gait's own limit (limitVelocity clamps each part, then the whole). */
const TOP = Infinity;
const COMMANDS: readonly [number, number, number][] = [
  [TOP, 0, 0],
  [-TOP, 0, 0],
  [0, TOP, 0],
  [0, -TOP, 0],
  [0, 0, TOP],
  [TOP, TOP, -TOP],
];
const CYCLES = 600;
const UP = [0, 0, 1];
/** The cycles walkReachMisses runs one gait for. */
export const REACH_CYCLES = COMMANDS.length * CYCLES;

/** Cycles (of REACH_CYCLES) in which a foot target was out of reach. */
export function walkReachMisses(core: NumericCore, params: WalkParams): number {
  const targets = new Float64Array(24);
  let missed = 0;
  for (const [vx, vy, vth] of COMMANDS) {
    const walk = new WalkEngine(core, params);
    walk.setVelocity(vx, vy, vth);
    for (let i = 0; i < CYCLES; i++) if (!walk.update(CYCLE_SECONDS, UP, targets)) missed++;
  }
  return missed;
}

/** walkReachMisses of every gait the params give: the walk's, and the sprint's if any. */
export function gaitReachMisses(core: NumericCore, params: ParamSet): number {
  const sprint = sprintParams(params);
  return walkReachMisses(core, walkParams(params)) +
    (sprint === null ? 0 : walkReachMisses(core, sprint));
}
