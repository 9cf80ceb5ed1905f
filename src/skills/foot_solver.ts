// The foot-pose commands of the skill language (setfoot, STARTCURVE, stabilize) go through a
// FootPoseSolver that the motion module injects into the player. CoreFootSolver is the default:
// it solves them with the agent's numeric core (analytic leg IK, forward kinematics, centre of
// mass). Torso frame, metres and radians.

import { LEG_FIRST_JOINT } from "../body/joints.ts";
import type { NumericCore } from "../core/numeric_core.ts";
import type { Side } from "./skill_names.ts";
import type { FootPose } from "./skill.ts";

export interface FootPoseSolver {
  /**
   * Writes the six joints of the `side` leg into `targets` (radians by joint index) so that its
   * sole takes `pose`. Returns false when the pose is out of reach or limits; `targets` then
   * hold the nearest solution.
   */
  setFoot(side: Side, pose: FootPose, targets: Float64Array): boolean;
  /**
   * Changes the leg joints in `targets` so that the centre of mass stands over the point
   * (x, y) relative to the `side` sole, both soles keeping their orientation and placement
   * relative to each other. Returns false when that cannot be reached.
   */
  stabilize(side: Side, x: number, y: number, targets: Float64Array): boolean;
}

const CORE_SIDE: Readonly<Record<Side, 0 | 1>> = { left: 0, right: 1 };
const LEGS: readonly Side[] = ["left", "right"];

/** stabilize stops when the centre of mass is this close to its goal (metres)… */
const STABILIZE_TOLERANCE = 1e-4;
/** …or after this many IK rounds. */
const STABILIZE_ROUNDS = 20;

/** Row-major R = Rz(yaw)·Ry(pitch)·Rx(roll) into out[0..8]. */
export function rpyToMatrix(roll: number, pitch: number, yaw: number, out: Float64Array): void {
  const cr = Math.cos(roll), sr = Math.sin(roll);
  const cp = Math.cos(pitch), sp = Math.sin(pitch);
  const cy = Math.cos(yaw), sy = Math.sin(yaw);
  out[0] = cy * cp;
  out[1] = cy * sp * sr - sy * cr;
  out[2] = cy * sp * cr + sy * sr;
  out[3] = sy * cp;
  out[4] = sy * sp * sr + cy * cr;
  out[5] = sy * sp * cr - cy * sr;
  out[6] = -sp;
  out[7] = cp * sr;
  out[8] = cp * cr;
}

export class CoreFootSolver implements FootPoseSolver {
  /** Left and right sole poses of forwardKinematics: views on core.soles, made once. */
  private readonly soles: readonly [Float64Array, Float64Array];

  constructor(private readonly core: NumericCore) {
    this.soles = [core.soles.subarray(0, 12), core.soles.subarray(12, 24)];
  }

  setFoot(side: Side, pose: FootPose, targets: Float64Array): boolean {
    const t = this.core.ikTarget;
    rpyToMatrix(pose.roll, pose.pitch, pose.yaw, t);
    t[9] = pose.x;
    t[10] = pose.y;
    t[11] = pose.z;
    return this.solve(side, targets) === 0;
  }

  stabilize(side: Side, x: number, y: number, targets: Float64Array): boolean {
    const { core } = this;
    const support = CORE_SIDE[side] * 12;
    for (let round = 0;; round++) {
      core.q.set(targets);
      core.forwardKinematics();
      core.centerOfMass();
      const ex = core.com[0] - (core.soles[support + 9] + x);
      const ey = core.com[1] - (core.soles[support + 10] + y);
      if (Math.hypot(ex, ey) < STABILIZE_TOLERANCE) return true;
      if (round === STABILIZE_ROUNDS) return false;
      // Moving both soles by +e under the torso moves the body by −e over the feet.
      for (const leg of LEGS) {
        core.ikTarget.set(this.soles[CORE_SIDE[leg]]);
        core.ikTarget[9] += ex;
        core.ikTarget[10] += ey;
        this.solve(leg, targets);
      }
    }
  }

  /** Leg IK for core.ikTarget, the angles written into targets; returns the IK status. */
  private solve(side: Side, targets: Float64Array): number {
    const status = this.core.legIK(CORE_SIDE[side], NaN);
    targets.set(this.core.ikAngles, LEG_FIRST_JOINT[CORE_SIDE[side]]);
    return status;
  }
}
