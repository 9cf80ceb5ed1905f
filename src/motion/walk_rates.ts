// How fast the walk's plan asks the leg joints to turn: the walk engine runs open-loop at one
// forward speed on a torso held at the walk's lean, without the balance feedback, and each leg
// joint's target rate (rad/s) is compared with the joint's speed cap. Where the plan asks for more
// than the cap, the joints lag it and the robot walks shorter steps than commanded.

import { JOINTS, LEG_FIRST_JOINT } from "../body/joints.ts";
import type { NumericCore } from "../core/numeric_core.ts";
import { CYCLE_SECONDS } from "../protocol/cycle.ts";
import { limitVelocity, WalkEngine, type WalkParams } from "./walk_engine.ts";

/** Cycles measured once the walk has reached the speed: a dozen steps and more. */
const CYCLES = 300;
/** The walk reaches the commanded speed within this many cycles at the least acceleration. */
const MAX_RAMP_CYCLES = 2000;

export interface JointRate {
  joint: string;
  /** The highest target rate over the measured cycles, rad/s. */
  peak: number;
  /** The share of the measured cycles whose target rate exceeds the joint's cap. */
  over: number;
}

export interface WalkRates {
  /** The forward speed walked: the one asked for, within the walk's limits (m/s). */
  speed: number;
  /** The left leg's joints (the right leg mirrors them a step later). */
  joints: JointRate[];
}

/** The rates at forward speed `vx` (m/s), with `maxSpeed` the caps by joint index (rad/s). */
export function walkRates(
  core: NumericCore,
  params: WalkParams,
  maxSpeed: ArrayLike<number>,
  vx: number,
): WalkRates {
  const plan: WalkParams = {
    ...params,
    pitchGain: 0,
    rollGain: 0,
    comGain: 0,
    slowTilt: Infinity,
    slowCom: Infinity,
  };
  const walk = new WalkEngine(core, plan);
  walk.setVelocity(vx, 0, 0);
  const up = [-Math.sin(plan.lean), 0, Math.cos(plan.lean)];
  const targets = new Float64Array(JOINTS.length);
  const before = new Float64Array(JOINTS.length);
  const first = LEG_FIRST_JOINT[0];
  const peak = new Float64Array(6), over = new Float64Array(6);
  const speed = limitVelocity(plan, vx, 0, 0).vx;
  for (let i = 0; i < MAX_RAMP_CYCLES && walk.vx !== speed; i++) {
    walk.update(CYCLE_SECONDS, up, targets);
  }
  before.set(targets);
  for (let c = 0; c < CYCLES; c++) {
    walk.update(CYCLE_SECONDS, up, targets);
    for (let k = 0; k < 6; k++) {
      const j = first + k;
      const rate = Math.abs(targets[j] - before[j]) / CYCLE_SECONDS;
      peak[k] = Math.max(peak[k], rate);
      if (rate > maxSpeed[j]) over[k]++;
    }
    before.set(targets);
  }
  const joints = Array.from({ length: 6 }, (_, k) => ({
    joint: JOINTS[first + k].name,
    peak: peak[k],
    over: over[k] / CYCLES,
  }));
  return { speed, joints };
}
