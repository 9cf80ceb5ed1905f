// The omnidirectional walk: velocity commands in SI units (m/s, rad/s) become one step at a
// time, smoothed and limited; each cycle the numeric core places both soles (linear inverted
// pendulum sway, swing trajectory) and solves the legs by IK — the stance leg fully, the swing
// leg with the shared hip yaw-pitch held. Torso pitch and roll from the IMU feed back into the
// hips, and the walk slows down while the torso is far off upright. Each arm swings with the
// opposite leg; the toes (type 4) and the ankles may swing with the stride. A second gait, the
// sprint (sprint.* params), takes over step by step while the caller allows it and the command is
// straight ahead at full speed.

import type { ParamSet } from "../config/params.ts";
import type { ParamRange } from "../config/param_ranges.ts";
import { J, LEG_FIRST_JOINT, NUM_JOINTS } from "../body/joints.ts";
import type { NumericCore } from "../core/numeric_core.ts";
import { W } from "../core/layout.ts";
import { clamp, DEG } from "../util/angles.ts";

const G = 9.81;
/** The toe joints, left then right (as LEG_FIRST_JOINT). */
const TOE: readonly [number, number] = [J.LToe, J.RToe];
const COM_MEAN_SECONDS = 1;

export interface WalkParams {
  stepTime: number;
  torsoHeight: number;
  /** Height of the pendulum's mass above the ground (sets Tc = √(h/g)). */
  comHeight: number;
  halfWidth: number;
  stepHeight: number;
  /**
   * Share of the swing spent speeding up and slowing down, 0 … 1 (W.SWING_BLEND): the less, the
   * lower the swing's peak joint speeds against its mean.
   */
  swingBlend: number;
  /** How much higher the torso rides over mid-stance than at support exchange (m, W.BOB). */
  bob: number;
  sway: number;
  lean: number;
  footX: number;
  maxForward: number;
  maxBackward: number;
  maxSideways: number;
  maxTurn: number;
  /** Largest change of the commanded velocity per step. */
  accelPerStep: number;
  turnAccelPerStep: number;
  pitchGain: number;
  rollGain: number;
  /** Tilt error (rad) at which the walk slows to half speed. */
  slowTilt: number;
  /** Where the centre of mass should be, forward of the stance sole's centre (m). */
  comOffset: number;
  /** Hip pitch (rad) per metre of centre-of-mass error, forward. */
  comGain: number;
  /** Centre-of-mass error (m) at which the walk slows to half speed. */
  slowCom: number;
  /** Shoulder pitch (rad) per metre the opposite sole is ahead of this side's: the arm swing. */
  armSwing: number;
  /**
   * The toe joints (type 4) over the stride: toe + toeSwing · cos(π (t + toePhase)) rad, where t
   * runs 0 → 1 over the leg's stance and 1 → 2 over its swing.
   */
  toe: number;
  toeSwing: number;
  toePhase: number;
  /** Added to each ankle's pitch over the stride the same way (rad). */
  ankle: number;
  ankleSwing: number;
  anklePhase: number;
  /**
   * Share of the plan's own joint rates added to the controller's output (0: none, 1: all of
   * them): the PD law alone lags a joint turning at rate r by r / kp, which shortens the stride.
   */
  feedForward: number;
  /** Share of joint.kp the joint controller's PD law uses on the legs and toes. */
  jointGain: number;
}

/** The walk's and the sprint's params (walk.*, sprint.*). */
export const WALK_PARAMS: readonly ParamRange[] = [
  { keys: /^(walk|sprint)\.\w+_deg$/, unit: "deg", min: -90, max: 90 },
  { keys: /^(walk|sprint)\.step_time$/, unit: "s", min: 0.02, max: 1 },
  { keys: /^(walk|sprint)\.(torso_height|com_height)$/, unit: "m", min: 0.1, max: 0.6 },
  {
    keys: /^(walk|sprint)\.(half_width|step_height|foot_x|com_offset|bob)$/,
    unit: "m",
    min: -0.3,
    max: 0.3,
  },
  { keys: /^(walk|sprint)\.slow_com$/, unit: "m", min: 0.01, max: 3 },
  {
    keys: /^(walk|sprint)\.(max_forward|max_backward|max_sideways|accel_per_step)$/,
    unit: "m/s",
    min: 0,
    max: 3,
  },
  {
    keys: /^(walk|sprint)\.(sway|pitch_gain|roll_gain|com_gain|arm_swing|swing_blend)$/,
    unit: "gain",
    min: 0,
    max: 10,
  },
  { keys: /^(walk|sprint)\.(toe|ankle)_phase$/, unit: "fraction", min: -2, max: 2 },
  { keys: /^(walk|sprint)\.feed_forward$/, unit: "fraction", min: 0, max: 1.5 },
  { keys: /^(walk|sprint)\.joint_gain$/, unit: "fraction", min: 0.2, max: 3 },
  { keys: /^sprint\.out_steps$/, unit: "count", min: 1, max: 20 },
  { keys: /^sprint\.out_decel$/, unit: "m/s", min: 0.005, max: 3 },
];

/**
 * Walk parameters from param files (angles there are degrees): the walk.* keys, or with `prefix`
 * "sprint." the sprint's, each falling back to its walk.* key.
 */
export function walkParams(p: ParamSet, prefix = "walk."): WalkParams {
  const get = (name: string) => p.get(p.has(prefix + name) ? prefix + name : "walk." + name);
  return {
    stepTime: get("step_time"),
    torsoHeight: get("torso_height"),
    comHeight: get("com_height"),
    halfWidth: get("half_width"),
    stepHeight: get("step_height"),
    swingBlend: get("swing_blend"),
    bob: get("bob"),
    sway: get("sway"),
    lean: get("lean_deg") * DEG,
    footX: get("foot_x"),
    maxForward: get("max_forward"),
    maxBackward: get("max_backward"),
    maxSideways: get("max_sideways"),
    maxTurn: get("max_turn_deg") * DEG,
    accelPerStep: get("accel_per_step"),
    turnAccelPerStep: get("turn_accel_per_step_deg") * DEG,
    pitchGain: get("pitch_gain"),
    rollGain: get("roll_gain"),
    slowTilt: get("slow_tilt_deg") * DEG,
    comOffset: get("com_offset"),
    comGain: get("com_gain"),
    slowCom: get("slow_com"),
    armSwing: get("arm_swing"),
    toe: get("toe_deg") * DEG,
    toeSwing: get("toe_swing_deg") * DEG,
    toePhase: get("toe_phase"),
    ankle: get("ankle_deg") * DEG,
    ankleSwing: get("ankle_swing_deg") * DEG,
    anklePhase: get("ankle_phase"),
    feedForward: get("feed_forward"),
    jointGain: get("joint_gain"),
  };
}

/**
 * The sprint: its gait, over how many steps the gait goes back to the walk's (outSteps), and how
 * much the speed may drop per step until it has (outDecel, m/s).
 */
export interface SprintParams extends WalkParams {
  outSteps: number;
  outDecel: number;
}

/**
 * The sprint gait of the param files, or null when they give it no top speed of its own; it hands
 * back to the walk over sprint.out_steps.
 */
export function sprintParams(p: ParamSet): SprintParams | null {
  if (!p.has("sprint.max_forward")) return null;
  return {
    ...walkParams(p, "sprint."),
    outSteps: p.get("sprint.out_steps"),
    outDecel: p.get("sprint.out_decel"),
  };
}

/** Every field of WalkParams, which the gait blends (complete by its type). */
const GAIT_FIELDS: Record<keyof WalkParams, true> = {
  stepTime: true,
  torsoHeight: true,
  comHeight: true,
  halfWidth: true,
  stepHeight: true,
  swingBlend: true,
  bob: true,
  sway: true,
  lean: true,
  footX: true,
  maxForward: true,
  maxBackward: true,
  maxSideways: true,
  maxTurn: true,
  accelPerStep: true,
  turnAccelPerStep: true,
  pitchGain: true,
  rollGain: true,
  slowTilt: true,
  comOffset: true,
  comGain: true,
  slowCom: true,
  armSwing: true,
  toe: true,
  toeSwing: true,
  toePhase: true,
  ankle: true,
  ankleSwing: true,
  anklePhase: true,
  feedForward: true,
  jointGain: true,
};
const GAIT_KEYS = Object.keys(GAIT_FIELDS) as (keyof WalkParams)[];

/**
 * The sprint is asked for with a command at least this share of the walk's top speed forward,
 * and within SPRINT_SIDEWAYS (m/s) and SPRINT_TURN (rad/s) of straight: it is tuned walking
 * straight only.
 */
const SPRINT_FROM = 0.95;
const SPRINT_SIDEWAYS = 0.03;
const SPRINT_TURN = 0.3;
/** The gait moves from the walk to the sprint over this many steps (back: SprintParams.outSteps). */
const SPRINT_STEPS = 4;

function approach(v: number, target: number, step: number): number {
  return v + clamp(target - v, -step, step);
}

/** A walk velocity: forward and left (m/s), turn (rad/s). */
export interface Velocity2 {
  vx: number;
  vy: number;
  vth: number;
}

/**
 * A velocity within the walk's limits, written into `out` (the walk reuses one): each component to
 * its own maximum, and together to the ellipsoid those maxima span (full speed backward while
 * turning at full rate tips the robot over).
 */
export function limitVelocity(
  p: Pick<WalkParams, "maxForward" | "maxBackward" | "maxSideways" | "maxTurn">,
  vx: number,
  vy: number,
  vth: number,
  out: Velocity2 = { vx: 0, vy: 0, vth: 0 },
): Velocity2 {
  const tx = clamp(vx, -p.maxBackward, p.maxForward);
  const ty = clamp(vy, -p.maxSideways, p.maxSideways);
  const tth = clamp(vth, -p.maxTurn, p.maxTurn);
  const fx = tx / (tx >= 0 ? p.maxForward : p.maxBackward);
  const n = Math.sqrt(fx * fx + (ty / p.maxSideways) ** 2 + (tth / p.maxTurn) ** 2);
  const k = n > 1 ? 1 / n : 1;
  out.vx = tx * k;
  out.vy = ty * k;
  out.vth = tth * k;
  return out;
}

export class WalkEngine {
  /** The velocity being walked now (m/s, m/s, rad/s), after smoothing and limits. */
  vx = 0;
  vy = 0;
  vth = 0;
  /** The velocity asked for, within the limits: what the walk accelerates toward. */
  private readonly target: Velocity2 = { vx: 0, vy: 0, vth: 0 };
  private phase = 0;
  private support = 0;
  private readonly swing = new Float64Array(3);
  private readonly stance = new Float64Array(3);
  private readonly step = new Float64Array(3);
  private readonly landing = new Float64Array(3);
  private slow = 1;
  /** Steps in a row that moved nothing, at zero velocity. */
  private stillSteps = 0;
  /** walkOut holds the previous cycle's plan. */
  private planned = false;
  private comMean = 0;

  /** The walk kernel's left and right sole poses: views on walkOut, made once. */
  private readonly walkSoles: readonly [Float64Array, Float64Array];
  /** The gait walked now: `params` blended toward `sprint` by sprintShare (0 … 1). */
  private readonly gait: WalkParams;
  private sprintShare = 0;
  /** The last command asked for the sprint. */
  private sprintWanted = false;
  /**
   * Feed-forward velocities by joint index (rad/s), valid after update(): the gait's feedForward
   * share of how fast the plan turns each leg joint and toe (IMU feedback left out); 0 elsewhere
   * and on the first cycle after reset().
   */
  readonly rates = new Float64Array(NUM_JOINTS);
  /** Controller gain factors by joint index, valid after update(): jointGain on the legs and toes. */
  readonly gains = new Float64Array(NUM_JOINTS).fill(1);
  /** The last cycle's planned leg and toe angles, before feedback. */
  private readonly lastPlan = new Float64Array(NUM_JOINTS);

  /**
   * `params` is the walk's gait and limits, which commands are given in; `sprint`, if any, the
   * gait for full speed straight ahead.
   */
  constructor(
    private readonly core: NumericCore,
    readonly params: WalkParams,
    readonly sprint: SprintParams | null = null,
  ) {
    const out = core.walkOut;
    this.walkSoles = [out.subarray(0, 12), out.subarray(12, 24)];
    this.gait = { ...params };
  }

  /** The velocity asked for (setVelocity, within the limits), which the walk accelerates to. */
  get asked(): Readonly<Velocity2> {
    return this.target;
  }

  /** How far the gait has gone from the walk's to the sprint's (0 … 1). */
  get sprinting(): number {
    return this.sprintShare;
  }

  /**
   * The velocity to walk at, within the walk's limits (limitVelocity). With `sprint` allowed, a
   * command straight ahead at the walk's top speed asks for the sprint gait and its top speed.
   */
  setVelocity(vx: number, vy: number, vth: number, sprint = false): void {
    const p = this.params;
    this.sprintWanted = sprint && this.sprint !== null && vx >= SPRINT_FROM * p.maxForward &&
      Math.abs(vy) <= SPRINT_SIDEWAYS && Math.abs(vth) <= SPRINT_TURN;
    if (this.sprintWanted) vx = this.sprint!.maxForward;
    limitVelocity(this.sprintWanted ? this.sprint! : p, vx, vy, vth, this.target);
  }

  /** Starts from standing: feet on their nominal spots, no motion. */
  reset(): void {
    this.vx = this.vy = this.vth = 0;
    this.phase = 0;
    this.support = 0;
    this.swing.fill(0);
    this.stance.fill(0);
    this.step.fill(0);
    this.landing.fill(0);
    this.planned = false;
    this.comMean = 0;
    this.stillSteps = 0;
    this.sprintShare = 0;
    Object.assign(this.gait, this.params);
  }

  /**
   * True once the walk has come to rest: at zero velocity, two steps in a row that moved
   * nothing, so both feet stand on their nominal spots (a step has just begun).
   */
  get stopped(): boolean {
    return this.stillSteps >= 2;
  }

  /**
   * Advances by dt and writes the leg joint targets (radians by joint index) into `targets`.
   * `up` is world up in the torso frame (from the tilt filter). The core's centre of mass and
   * soles must hold the measured pose (its forward kinematics of this cycle). Returns false
   * when the IK could not reach a foot (the targets are then clamped to the limits).
   */
  update(dt: number, up: ArrayLike<number>, targets: Float64Array): boolean {
    const p = this.gait;
    const continued = this.planned;
    const pitch = Math.atan2(-up[0], up[2]), roll = Math.atan2(up[1], up[2]);
    const tiltError = Math.hypot(pitch - p.lean, roll);
    // Steady offsets between the plan and the measured body are model error, not imbalance:
    // only the centre of mass's departure from its recent mean (about 1 s) counts.
    const rawCom = this.comForwardError(up);
    this.comMean += (rawCom - this.comMean) * Math.min(1, dt / COM_MEAN_SECONDS);
    const comError = rawCom - this.comMean;
    this.slow = Math.min(
      this.slow,
      1 / (1 + (tiltError / p.slowTilt) ** 2 + (comError / p.slowCom) ** 2),
    );
    this.phase += dt / p.stepTime;
    if (this.phase >= 1) this.exchange();
    const w = this.core.walkIn;
    w[W.PHASE] = this.phase;
    w[W.STEP_TIME] = p.stepTime;
    w[W.TC] = Math.sqrt(p.comHeight / G);
    w[W.HALF_WIDTH] = p.halfWidth;
    w[W.SWAY] = p.sway;
    w[W.STEP_HEIGHT] = p.stepHeight;
    w[W.TORSO_HEIGHT] = p.torsoHeight;
    w[W.LEAN] = p.lean;
    w[W.SUPPORT] = this.support;
    w[W.DX] = this.step[0];
    w[W.DY] = this.step[1];
    w[W.DTH] = this.step[2];
    w[W.SWING_X] = this.swing[0];
    w[W.SWING_Y] = this.swing[1];
    w[W.SWING_YAW] = this.swing[2];
    w[W.STANCE_X] = this.stance[0];
    w[W.STANCE_Y] = this.stance[1];
    w[W.STANCE_YAW] = this.stance[2];
    w[W.FOOT_X] = p.footX;
    w[W.SWING_END_X] = this.landing[0];
    w[W.SWING_END_Y] = this.landing[1];
    w[W.SWING_END_YAW] = this.landing[2];
    w[W.SWING_BLEND] = p.swingBlend;
    w[W.BOB] = p.bob;
    this.core.walkFeet();
    this.planned = true;
    const stanceSide = this.support as 0 | 1, swingSide = (1 - this.support) as 0 | 1;
    const ik = this.core.ikTarget, a = this.core.ikAngles;
    const first = LEG_FIRST_JOINT;
    ik.set(this.walkSoles[stanceSide]);
    const s1 = this.core.legIK(stanceSide, NaN);
    targets.set(a, first[stanceSide]);
    const yawPitch = a[0];
    ik.set(this.walkSoles[swingSide]);
    const s2 = this.core.legIK(swingSide, yawPitch);
    targets.set(a, first[swingSide]);
    for (let side = 0; side < 2; side++) {
      const t = this.phase + (side === stanceSide ? 0 : 1);
      targets[TOE[side]] = p.toe + p.toeSwing * Math.cos(Math.PI * (t + p.toePhase));
      targets[first[side] + 4] += p.ankle + p.ankleSwing * Math.cos(Math.PI * (t + p.anklePhase));
    }
    this.planRates(targets, continued && dt > 0 ? p.feedForward / dt : 0);
    // IMU feedback through the hips: a torso pitched forward beyond the lean flexes the hips
    // less; a torso rolled to the right (left side up) turns the legs' roll the other way.
    const dp = p.pitchGain * (pitch - p.lean) + p.comGain * comError, dr = p.rollGain * roll;
    for (const f of first) {
      targets[f + 2] -= dp;
      targets[f + 1] += dr;
    }
    // Each arm swings with the opposite leg.
    const ahead = this.walkSoles[1][9] - this.walkSoles[0][9];
    targets[J.LShoulderPitch] += p.armSwing * ahead;
    targets[J.RShoulderPitch] -= p.armSwing * ahead;
    return (s1 | s2) === 0;
  }

  /** rates from the planned leg and toe angles against last cycle's, times `k` (1/s), and gains. */
  private planRates(plan: ArrayLike<number>, k: number): void {
    const r = this.rates, last = this.lastPlan, gain = this.gait.jointGain;
    for (let side = 0; side < 2; side++) {
      for (let n = 0; n < 7; n++) {
        const i = n < 6 ? LEG_FIRST_JOINT[side] + n : TOE[side];
        r[i] = k * (plan[i] - last[i]);
        last[i] = plan[i];
        this.gains[i] = gain;
      }
    }
  }

  /**
   * How far the measured centre of mass is ahead of the plan, horizontally along the torso's
   * heading: the plan puts the stance sole where walkOut placed it last cycle (torso frame,
   * planned lean); the measurement is the forward kinematics of the joints this cycle, seen
   * through the measured tilt. Zero while the body follows the plan.
   */
  private comForwardError(up: ArrayLike<number>): number {
    if (!this.planned) return 0;
    const c = this.core.com, o = this.support * 12, s = this.core.soles, w = this.core.walkOut;
    // Measured: centre of mass minus stance sole, projected on the horizontal heading.
    let fx = 1 - up[0] * up[0], fy = -up[0] * up[1], fz = -up[0] * up[2];
    const n = Math.hypot(fx, fy, fz) || 1;
    fx /= n;
    fy /= n;
    fz /= n;
    const measured = (c[0] - s[o + 9]) * fx + (c[1] - s[o + 10]) * fy + (c[2] - s[o + 11]) * fz;
    // Planned: the same with the planned sole and the planned lean.
    const l = this.gait.lean, cl = Math.cos(l), sl = Math.sin(l);
    const planned = (c[0] - w[o + 9]) * cl + (c[2] - w[o + 11]) * -sl;
    return measured - planned - this.gait.comOffset;
  }

  /** Support exchange: the finished step's end spots start the next step. */
  private exchange(): void {
    this.phase -= 1;
    this.support = 1 - this.support;
    // The old stance foot (now behind by the step) swings next; the old swing foot stands.
    for (let k = 0; k < 3; k++) {
      const stanceEnd = this.stance[k] - this.step[k];
      this.stance[k] = this.landing[k];
      this.swing[k] = stanceEnd;
    }
    this.blendGait();
    const p = this.gait;
    const slow = this.slow;
    this.slow = 1;
    // Out of the sprint, its speed drops with the blended gait's top speed, and by outDecel a step
    // at most until the gait is the walk's again.
    const leaving = this.sprint !== null && !this.sprintWanted && this.sprintShare > 0;
    const down = leaving ? Math.min(p.accelPerStep, this.sprint!.outDecel) : p.accelPerStep;
    const vx = this.target.vx * slow;
    this.vx = Math.min(approach(this.vx, vx, vx < this.vx ? down : p.accelPerStep), p.maxForward);
    this.vy = approach(this.vy, this.target.vy * slow, p.accelPerStep);
    this.vth = approach(this.vth, this.target.vth * slow, p.turnAccelPerStep);
    const leftSwings = this.support === 1;
    // Sideways only on the steps of the leg on that side, so the feet never cross inward; the
    // swing foot lands on its nominal spot and the legs close again on the next step.
    const dy = (this.vy > 0) === leftSwings ? 2 * this.vy * p.stepTime : 0;
    // The stance foot turns by −dθ under the torso; it may only reach straight, not turn in.
    const start = this.stance[2];
    let dth = this.vth * p.stepTime;
    dth = leftSwings
      ? clamp(dth, start, start + p.maxTurn * p.stepTime)
      : clamp(dth, start - p.maxTurn * p.stepTime, start);
    this.step[0] = this.vx * p.stepTime;
    this.step[1] = dy;
    this.step[2] = dth;
    // The shared hip yaw-pitch only turns feet outward: the left foot lands turned left (or
    // straight), the right foot turned right (or straight).
    this.landing[0] = this.step[0] / 2;
    this.landing[1] = 0;
    this.landing[2] = leftSwings ? Math.max(0, dth) : Math.min(0, dth);
    const still = this.vx === 0 && this.vy === 0 && this.vth === 0 && this.step[0] === 0 &&
      this.step[1] === 0 && this.step[2] === 0 && this.stance[2] === 0 && this.landing[2] === 0;
    this.stillSteps = still ? this.stillSteps + 1 : 0;
  }

  /** One step of the gait toward the sprint's, or back toward the walk's. */
  private blendGait(): void {
    if (this.sprint === null) return;
    const share = this.sprintWanted
      ? approach(this.sprintShare, 1, 1 / SPRINT_STEPS)
      : approach(this.sprintShare, 0, 1 / this.sprint.outSteps);
    if (share === this.sprintShare) return;
    this.sprintShare = share;
    const a = this.params, b = this.sprint, g = this.gait;
    for (const k of GAIT_KEYS) g[k] = a[k] + (b[k] - a[k]) * share;
  }
}
