// Target-angle → hinge-velocity controller: a PD law per joint, or for tracking joints a
// dead-beat law that reaches the target in one cycle as far as the speed cap allows, with
// targets clamped inside the joint limits and the output clamped to the joint's maximum speed.
// Radians and rad/s. A robot type's BodyModel serves as JointLimits directly (min, max,
// maxSpeed).

import { JOINTS, NUM_JOINTS } from "../body/joints.ts";
import type { ParamRange } from "../config/param_ranges.ts";

export interface JointGains {
  /** Proportional gain, 1/s: velocity per radian of error. */
  kp: number;
  /** Derivative gain on the measured joint velocity, dimensionless. */
  kd: number;
}

export interface JointLimits {
  min: ArrayLike<number>;
  max: ArrayLike<number>;
  /** Maximum joint speed, rad/s. */
  maxSpeed: ArrayLike<number>;
}

/** The server ignores commands for a joint sitting exactly on its limit: keep targets inside. */
const LIMIT_MARGIN = 0.002;

/** rcssserver3d's default hinge speed cap, 351.77°/s. */
export const DEFAULT_MAX_SPEED = 351.77 * Math.PI / 180;

/** The joint table's limits with the default speed cap (a body model gives per-type ones). */
export function defaultLimits(): JointLimits {
  return {
    min: JOINTS.map((j) => j.min),
    max: JOINTS.map((j) => j.max),
    maxSpeed: new Float64Array(NUM_JOINTS).fill(DEFAULT_MAX_SPEED),
  };
}

export class JointController {
  /** Target angles by joint index, radians. Write these; update() reads them. */
  readonly target = new Float64Array(NUM_JOINTS);
  /** Output velocities by joint index, rad/s, valid after update(). */
  readonly velocity = new Float64Array(NUM_JOINTS);
  private readonly previous = new Float64Array(NUM_JOINTS).fill(NaN);

  constructor(private gains: JointGains, private limits: JointLimits = defaultLimits()) {}

  setGains(gains: JointGains): void {
    this.gains = gains;
  }

  /**
   * Computes velocities from measured angles (NaN = unknown joint → 0) over dt seconds; `scale`
   * multiplies each joint's PD output (a skill's setscale) before the speed cap, and
   * `feedForward` (rad/s) adds to it (the walk's planned joint rates). Joints with
   * `tracking` set instead get the velocity that closes the error in one cycle: the measured
   * angle lags the command by a cycle, so the motion the last command is still making counts
   * as done (FC Portugal's joint law).
   */
  update(
    angles: Float64Array,
    dt: number,
    scale?: ArrayLike<number>,
    tracking?: ArrayLike<number>,
    feedForward?: ArrayLike<number>,
  ): Float64Array {
    const { kp, kd } = this.gains;
    const { min, max, maxSpeed } = this.limits;
    for (let i = 0; i < NUM_JOINTS; i++) {
      const q = angles[i];
      if (Number.isNaN(q)) {
        this.velocity[i] = 0;
        continue;
      }
      const lo = min[i] + LIMIT_MARGIN;
      const hi = max[i] - LIMIT_MARGIN;
      const t = this.target[i];
      const goal = t < lo ? lo : t > hi ? hi : t;
      const prev = this.previous[i];
      const rate = Number.isNaN(prev) || dt <= 0 ? 0 : (q - prev) / dt;
      const cap = maxSpeed[i];
      let v: number;
      if (tracking && tracking[i] && dt > 0) {
        const last = this.velocity[i];
        v = (goal - q) / dt - (last > cap ? cap : last < -cap ? -cap : last);
      } else {
        v = kp * (goal - q) - kd * rate;
        if (scale) v *= scale[i];
        if (feedForward) v += feedForward[i];
      }
      v = v > cap ? cap : v < -cap ? -cap : v;
      this.velocity[i] = v;
      this.previous[i] = q;
    }
    return this.velocity;
  }
}

/** The controller's params (joint.*): its gains, and the gain skills play on. */
export const JOINT_PARAMS: readonly ParamRange[] = [
  { keys: /^joint\.(kp|skill_kp)$/, unit: "gain", min: 0.1, max: 200 },
  { keys: /^joint\.kd$/, unit: "gain", min: 0, max: 10 },
];
