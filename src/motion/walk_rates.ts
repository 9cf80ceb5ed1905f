// How fast the walk's plan asks the leg joints to turn: the walk engine runs open-loop at one
// forward speed on a torso held at the walk's lean, without the balance feedback, and each leg
// joint's target rate (rad/s) is compared with the joint's speed cap. Where the plan asks for more
// than the cap, the joints lag it and the robot walks shorter steps than commanded.
// leastRates searches a grid of gait shapes for the plan that asks least of the joints at a speed:
// how near the cap any gait of this family can walk it.

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
  /** The highest of the joints' peak rates, each as a share of its own cap. */
  worst: number;
  /** The IK reached both feet on every measured cycle. */
  reached: boolean;
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
    feedForward: 1,
  };
  const walk = new WalkEngine(core, plan);
  walk.setVelocity(vx, 0, 0);
  const up = [-Math.sin(plan.lean), 0, Math.cos(plan.lean)];
  const targets = new Float64Array(JOINTS.length);
  const first = LEG_FIRST_JOINT[0];
  const peak = new Float64Array(6), over = new Float64Array(6);
  const speed = limitVelocity(plan, vx, 0, 0).vx;
  for (let i = 0; i < MAX_RAMP_CYCLES && walk.vx !== speed; i++) {
    walk.update(CYCLE_SECONDS, up, targets);
  }
  let reached = true;
  for (let c = 0; c < CYCLES; c++) {
    reached = walk.update(CYCLE_SECONDS, up, targets) && reached;
    for (let k = 0; k < 6; k++) {
      const j = first + k;
      // With the whole rate fed forward, the engine's rates are the plan's.
      const rate = Math.abs(walk.rates[j]);
      peak[k] = Math.max(peak[k], rate);
      if (rate > maxSpeed[j]) over[k]++;
    }
  }
  const joints = Array.from({ length: 6 }, (_, k) => ({
    joint: JOINTS[first + k].name,
    peak: peak[k],
    over: over[k] / CYCLES,
  }));
  let worst = 0;
  for (let k = 0; k < 6; k++) worst = Math.max(worst, peak[k] / maxSpeed[first + k]);
  return { speed, joints, worst, reached };
}

/** The gait shapes leastRates tries: every combination of these walk parameters (lean in rad). */
export interface PlanGrid {
  stepTime: readonly number[];
  stepHeight: readonly number[];
  torsoHeight: readonly number[];
  lean: readonly number[];
  swingBlend: readonly number[];
  bob: readonly number[];
}

/** About 2600 plans around the types' optimized gaits, from 1 cm steps to raised cosines. */
export const PLAN_GRID: PlanGrid = {
  stepTime: [0.12, 0.14, 0.16, 0.18, 0.2, 0.24],
  stepHeight: [0.01, 0.02, 0.03],
  torsoHeight: [0.3, 0.32, 0.34, 0.36],
  lean: [0, 0.1, 0.2],
  swingBlend: [0.2, 0.5, 1],
  bob: [0, 0.01, 0.02, 0.03],
};

export interface LeastRates {
  /** The plan's shape: `params` with these values. */
  plan: Pick<WalkParams, keyof PlanGrid>;
  rates: WalkRates;
}

/**
 * Of the plans in `grid` (each `params` with one combination of the grid's values) that walk at
 * `vx` with both feet reached, the one whose worst joint asks least against its cap; null if none
 * reaches.
 */
export function leastRates(
  core: NumericCore,
  params: WalkParams,
  maxSpeed: ArrayLike<number>,
  vx: number,
  grid: PlanGrid = PLAN_GRID,
): LeastRates | null {
  let best: LeastRates | null = null;
  for (const stepTime of grid.stepTime) {
    for (const stepHeight of grid.stepHeight) {
      for (const torsoHeight of grid.torsoHeight) {
        for (const lean of grid.lean) {
          for (const swingBlend of grid.swingBlend) {
            for (const bob of grid.bob) {
              const plan = { stepTime, stepHeight, torsoHeight, lean, swingBlend, bob };
              const rates = walkRates(core, { ...params, ...plan, maxForward: vx }, maxSpeed, vx);
              if (rates.reached && (best === null || rates.worst < best.rates.worst)) {
                best = { plan, rates };
              }
            }
          }
        }
      }
    }
  }
  return best;
}
