// Plays a compiled skill: for the current time it produces joint target angles (radians by
// joint index) and per-joint controller gain scales for the JointController, keyframe by
// keyframe, with foot-pose commands routed through an injected FootPoseSolver. Use:
// controller.target.set(player.update(time)); controller.update(angles, dt, player.gains).

import { JOINTS, jointsOfType, NUM_JOINTS, type RobotType } from "../body/joints.ts";
import { clamp } from "../util/angles.ts";
import { CYCLE_SECONDS } from "../protocol/cycle.ts";
import { type CurvePoint, curvePose } from "./foot_curve.ts";
import type { FootPoseSolver } from "./foot_solver.ts";
import { SkillError } from "./skill_error.ts";
import type { Keyframe, Skill } from "./skill.ts";

export interface SkillPlayerOptions {
  readonly type: RobotType;
  /** The pose `reset` returns joints to (radians by joint index); default: the start angles. */
  readonly resetPose?: ArrayLike<number>;
  /** Needed by skills with setfoot, STARTCURVE or stabilize. */
  readonly foot?: FootPoseSolver;
}

/** Slack on keyframe boundaries, seconds: sums of cycle times are not exact. */
const TIME_EPSILON = 1e-6;
/** How far ahead a movetar target leads: one server cycle, the time until the joint moves. */
const MOVE_LEAD = CYCLE_SECONDS;

/**
 * The semantics of UT's keyframe skills: each keyframe applies its steps in order to the previous
 * keyframe's targets when it starts (every write clamped into the joint limits, as UT's
 * effectors do), and those targets are commanded at once; the joint controller drives the joints
 * towards them at its own pace while the keyframe waits. `setscale` multiplies a joint's
 * controller gain (2: twice the speed for the same error, up to the joint's speed cap) until
 * changed. Curves are followed along their spline over the wait. `movetar` instead moves a
 * joint's target linearly over the wait, one cycle ahead, from where the joint's last movetar
 * left it (even beyond the joint's limit, so that the clamped target stays at the limit for a
 * while) or else from its present target; such joints are `tracking`: the controller follows
 * the moving target as fast as the joint allows instead of at its gain (FC Portugal's slot
 * semantics). Keyframe times chain nominally: keyframe k + 1 starts exactly `wait` after
 * keyframe k.
 */
export class SkillPlayer {
  /** The joint targets, radians by joint index; valid after start() and update(). */
  readonly targets = new Float64Array(NUM_JOINTS);
  /** Controller gain factors by joint index (setscale); valid after start(). */
  readonly gains = new Float64Array(NUM_JOINTS).fill(1);
  /**
   * 1 for joints whose target the last movetar set (no other write since): the controller
   * tracks, not regulates, and the next movetar starts from that movetar's unclamped end.
   */
  readonly tracking = new Uint8Array(NUM_JOINTS);
  /** How many setfoot / curve / stabilize steps did not reach their pose. */
  footMisses = 0;
  private readonly resetPose = new Float64Array(NUM_JOINTS);
  private readonly present = new Uint8Array(NUM_JOINTS);
  /** Per joint: moving this keyframe, from where, to where (unclamped radians). */
  private readonly moving = new Uint8Array(NUM_JOINTS);
  private readonly moveFrom = new Float64Array(NUM_JOINTS);
  private readonly moveTo = new Float64Array(NUM_JOINTS);
  /** The targets before a keyframe's steps, to see which joints they wrote. */
  private readonly before = new Float64Array(NUM_JOINTS);
  /** Where a curve's foot is this cycle. */
  private readonly curvePoint: CurvePoint = { x: 0, y: 0, z: 0, roll: 0, pitch: 0, yaw: 0 };
  private index = -1;
  private keyframeStart = 0;
  private finished = false;

  constructor(readonly skill: Skill, private readonly options: SkillPlayerOptions) {
    for (const j of jointsOfType(options.type)) this.present[j] = 1;
    const needsFoot = skill.keyframes.some((k) =>
      k.steps.some((s) => s.kind === "setfoot" || s.kind === "curve" || s.kind === "stabilize")
    );
    if (needsFoot && !options.foot) {
      throw new SkillError(skill.origin, null, `skill '${skill.name}' needs a foot pose solver`);
    }
  }

  /** Index of the keyframe being played (-1 before start()). */
  get keyframe(): number {
    return this.index;
  }

  /** True once the last keyframe's wait has passed; targets then hold its last targets. */
  get done(): boolean {
    return this.finished;
  }

  /**
   * Starts (or restarts) the skill at `time` (seconds) from the measured `angles` (radians by
   * joint index; NaN or missing: unknown, taken from the reset pose or 0).
   */
  start(time: number, angles: ArrayLike<number>): void {
    const given = this.options.resetPose;
    for (let j = 0; j < NUM_JOINTS; j++) {
      const fallback = given ? given[j] : 0;
      const a = Number.isFinite(angles[j]) ? angles[j] : fallback;
      this.targets[j] = this.present[j] ? this.clamp(j, a) : 0;
      this.resetPose[j] = given ? given[j] : this.targets[j];
    }
    this.gains.fill(1);
    this.tracking.fill(0);
    this.moving.fill(0);
    this.footMisses = 0;
    this.finished = false;
    this.enter(0, time);
  }

  /** The targets at `time` (not before the start time); advances through the keyframes. */
  update(time: number): Float64Array {
    if (this.index < 0) throw new Error(`skill '${this.skill.name}': update() before start()`);
    while (!this.finished) {
      const k = this.skill.keyframes[this.index];
      const elapsed = time - this.keyframeStart;
      if (elapsed < k.wait - TIME_EPSILON) {
        this.followCurves(k, Math.max(elapsed, 0));
        this.followMoves(k, Math.max(elapsed, 0) + MOVE_LEAD);
        break;
      }
      this.followCurves(k, k.wait);
      this.followMoves(k, k.wait);
      if (this.index + 1 === this.skill.keyframes.length) {
        this.finished = true;
      } else {
        this.enter(this.index + 1, this.keyframeStart + k.wait);
      }
    }
    return this.targets;
  }

  private enter(index: number, time: number): void {
    this.index = index;
    this.keyframeStart = time;
    const t = this.targets;
    this.before.set(t);
    this.moving.fill(0);
    for (const s of this.skill.keyframes[index].steps) {
      switch (s.kind) {
        case "set":
          for (const p of s.pairs) this.writeTarget(p.joint, p.value);
          break;
        case "move":
          for (const p of s.pairs) this.moveTarget(p.joint, p.value);
          break;
        case "inc":
          for (const p of s.pairs) this.writeTarget(p.joint, t[p.joint] + p.value);
          break;
        case "scale":
          for (const p of s.pairs) this.gains[p.joint] = p.value;
          break;
        case "reset":
          for (const j of s.joints) this.writeTarget(j, this.resetPose[j]);
          break;
        case "setfoot":
          this.footResult(this.foot().setFoot(s.side, s.pose, t));
          break;
        case "stabilize":
          this.footResult(this.foot().stabilize(s.side, s.x, s.y, t));
          break;
        case "curve":
          this.footResult(
            this.foot().setFoot(s.side, curvePose(s.points, 0, this.curvePoint), t),
          );
          break;
      }
    }
    for (let j = 0; j < NUM_JOINTS; j++) {
      if (this.moving[j]) continue;
      this.setTarget(j, t[j]);
      if (t[j] !== this.before[j]) this.tracking[j] = 0;
    }
  }

  /** settar, inctar, reset: a target held by the controller at its gain. */
  private writeTarget(j: number, value: number): void {
    this.setTarget(j, value);
    this.moving[j] = this.tracking[j] = 0;
  }

  /** Starts moving joint j's target to `value` over the keyframe. */
  private moveTarget(j: number, value: number): void {
    this.moveFrom[j] = this.tracking[j] ? this.moveTo[j] : this.targets[j];
    this.moveTo[j] = value;
    this.moving[j] = this.tracking[j] = 1;
  }

  /** Puts the moving targets where they are `elapsed` seconds into keyframe k. */
  private followMoves(k: Keyframe, elapsed: number): void {
    const u = k.wait > 0 ? Math.min(1, elapsed / k.wait) : 1;
    for (let j = 0; j < NUM_JOINTS; j++) {
      if (!this.moving[j]) continue;
      const from = this.moveFrom[j];
      this.targets[j] = this.clampPresent(j, from + (this.moveTo[j] - from) * u);
    }
  }

  /** Moves the feet of the keyframe's curves to where they are `elapsed` seconds in. */
  private followCurves(k: Keyframe, elapsed: number): void {
    const u = k.wait > 0 ? Math.min(1, elapsed / k.wait) : 1;
    for (const s of k.steps) {
      if (s.kind !== "curve") continue;
      this.footResult(
        this.foot().setFoot(s.side, curvePose(s.points, u, this.curvePoint), this.targets),
      );
      for (let j = 0; j < NUM_JOINTS; j++) this.targets[j] = this.clampPresent(j, this.targets[j]);
    }
  }

  private setTarget(j: number, value: number): void {
    this.targets[j] = this.clampPresent(j, value);
  }

  /** Inside the joint's limits; absent joints (toes of types 0–3) stay at 0. */
  private clampPresent(j: number, value: number): number {
    return this.present[j] ? this.clamp(j, value) : 0;
  }

  private clamp(j: number, value: number): number {
    return clamp(value, JOINTS[j].min, JOINTS[j].max);
  }

  /** The foot pose solver; the constructor made sure there is one when the skill needs it. */
  private foot(): FootPoseSolver {
    return this.options.foot!;
  }

  private footResult(ok: boolean): void {
    if (!ok) this.footMisses++;
  }
}
