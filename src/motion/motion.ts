// What the body does each cycle: stand, walk, or play a skill (get-up, kick), with fall
// detection on top. A fall (torso more than 55° off upright for a few cycles, or more than 40°
// for a second) stops any walking, picks the get-up for lying on the front or the back (or first
// rolls over from the side), and returns to standing afterwards. Walking (unless slow already)
// ends by stepping on the spot until the feet are together, then standing or the requested skill
// (after the legs reach the stand pose); standing, the legs move from the walk's crouch to the
// stand pose over STAND_BLEND_SECONDS.
// Writes joint targets (radians by joint index) for the joint controller.

import { NUM_JOINTS, type RobotType } from "../body/joints.ts";
import { ConfigError } from "../config/params.ts";
import type { NumericCore } from "../core/numeric_core.ts";
import { type Skill, skillForType } from "../skills/skill.ts";
import { CoreFootSolver } from "../skills/foot_solver.ts";
import { SkillPlayer } from "../skills/skill_player.ts";
import { WalkEngine, type WalkParams } from "./walk_engine.ts";

export type MotionRequest =
  | { kind: "stand" }
  | { kind: "walk"; vx: number; vy: number; vth: number }
  | { kind: "skill"; name: string };

export type FallState = "upright" | "front" | "back" | "side";

/** What recovers from each fall: the get-ups, or rolling from the side onto the front or back. */
const RECOVERY: Readonly<Record<Exclude<FallState, "upright">, string>> = {
  front: "SKILL_GETUP_FRONT",
  back: "SKILL_GETUP_BACK",
  side: "SKILL_ROLL_OVER",
};

/** cos 55°: below this, up is too far from the torso's z axis. */
const FALLEN_UP_Z = 0.57;
const FALL_CYCLES = 5;
/**
 * cos 40°: tilted beyond this for STUCK_CYCLES, the robot is down too, propped up on an arm or
 * against the ball (a match had one lying at 52° for 50 s, stepping on).
 */
const STUCK_UP_Z = 0.77;
const STUCK_CYCLES = 50;
/** After a skill, stand still this long, on the skill gain, before walking again. */
const SETTLE_SECONDS = 1;
/** Walking stops by stepping on the spot until the feet are together, at most this long… */
const STOP_SECONDS = 1.5;
/** …unless it is this slow already (m/s forward or sideways, rad/s turning): then at once. */
const STOP_AT_ONCE_SPEED = 0.12;
const STOP_AT_ONCE_TURN = 0.3;
/**
 * From walking to standing, the targets move from the walk's last ones to the stand pose over
 * this long: at once, the torso pitched back ~10° and rocked the robot backward.
 */
const STAND_BLEND_SECONDS = 0.5;
/**
 * Walking starts from the last targets (the stand pose) blended into the walk's over this long:
 * the walk crouches lower than the stand pose (type 4: knees −40° → −72°). Taken at once, that
 * pitched the torso 19° forward in 0.1 s; the self estimate jumped 10 cm ahead, and type 4 walking
 * to a target 1 m to its left fell in 5 of 100 tries (0 of 60 blended).
 */
const WALK_BLEND_SECONDS = 0.3;
/**
 * A skill requested while walking starts this long after the walk came to rest (unless
 * MotionOptions.preSkillSeconds says otherwise), once the legs have blended into the stand pose:
 * the kicks are tuned from it. Kicked straight from the walk's crouch, a well-placed ball went a
 * median 1.8 m instead of 4.8 m (`deno task eval shoot`).
 */
const PRE_SKILL_SECONDS = 0.5;

export interface MotionOptions {
  type: RobotType;
  core: NumericCore;
  walk: WalkParams;
  standPose: Float64Array;
  skills: ReadonlyMap<string, Skill>;
  /** Factor on the joint controller's gain while a skill plays and settles (1: the walk's). */
  skillGain: number;
  /** Seconds from the walk's rest to the start of these skills, if not PRE_SKILL_SECONDS. */
  preSkillSeconds?: ReadonlyMap<string, number>;
}

export class Motion {
  readonly walk: WalkEngine;
  /** Joint targets, valid after update(). */
  readonly targets = new Float64Array(NUM_JOINTS);
  /**
   * Controller gain factors by joint index, valid after update(): while a skill plays, its
   * setscale times the skill gain; standing right after a skill, the skill gain; else 1.
   */
  readonly gains = new Float64Array(NUM_JOINTS).fill(1);
  /** Joints the controller tracks (a skill's movetar), valid after update(). */
  readonly tracking = new Uint8Array(NUM_JOINTS);
  fall: FallState = "upright";
  /** What the body is doing now: the request, or a get-up that overrides it. */
  activity = "stand";
  /** Completed get-ups and the time the last one took (s, from lying to standing). */
  getups = 0;
  lastGetupSeconds = NaN;
  private request: MotionRequest = { kind: "stand" };
  private player: SkillPlayer | null = null;
  private playing = "";
  private fallenCycles = 0;
  private stuckCycles = 0;
  /** Motion-clock time (WorldState.clock) the current (or last) fall was detected. */
  fallenSince = NaN;
  private settleUntil = -Infinity;
  /** While the walk comes to rest after its request ended: until when at most (else NaN). */
  private stopBy = NaN;
  /** A skill requested while walking: played once the walk is at rest, whatever comes after. */
  private pending: string | null = null;
  /** A pending skill starts at this motion-clock time: after the stand blend, from walking. */
  private skillAt = -Infinity;
  /** Solves the skills' foot poses (setfoot, curves, stabilize) with the core's leg IK. */
  private readonly foot: CoreFootSolver;
  /**
   * Where a blend starts: the walk's last targets, blended into the stand pose from blendStart; or
   * the last targets before walking, blended into the walk's from walkStart (motion clock).
   */
  private readonly blendFrom = new Float64Array(NUM_JOINTS);
  /** When the current walk began (motion clock), for WALK_BLEND_SECONDS. */
  private walkStart = NaN;
  private blendStart = -Infinity;

  constructor(private readonly o: MotionOptions) {
    this.requireSkills(Object.values(RECOVERY));
    this.walk = new WalkEngine(o.core, o.walk);
    this.foot = new CoreFootSolver(o.core);
  }

  /** Fails at start-up, not mid-game, when a skill this robot will play is not loaded. */
  requireSkills(names: readonly string[]): void {
    for (const name of names) {
      if (!this.o.skills.has(skillForType(this.o.skills, name, this.o.type))) {
        throw new ConfigError(`no skill named '${name}' in the loaded skill files`);
      }
    }
  }

  /**
   * Back to standing with no fall or skill in progress, e.g. after a beam has put the robot on
   * its feet; what was requested stays requested.
   */
  reset(): void {
    // Into the stand pose from the walk's crouch (or a blend under way), starting at the next
    // update; from a skill's pose (a get-up cut short) at once.
    const fromWalk = this.activity === "walk" || this.activity === "stand";
    this.blendFrom.set(this.targets);
    this.blendStart = fromWalk ? NaN : -Infinity;
    this.player = null;
    this.playing = "";
    this.fall = "upright";
    this.fallenCycles = 0;
    this.stuckCycles = 0;
    this.activity = "stand";
    this.stopBy = NaN;
    this.pending = null;
    this.skillAt = -Infinity;
    this.walk.reset();
  }

  /**
   * Sets what to do from now on (a fall still takes precedence). A skill requested while
   * walking is committed to: it plays as soon as the walk is at rest, even if the requests that
   * follow meanwhile say otherwise.
   */
  set(request: MotionRequest): void {
    if (request.kind === "skill" && this.activity === "walk") this.pending = request.name;
    if (request.kind === "walk" && this.pending === null) {
      // Still walking (coming to rest) is walking on, not starting anew.
      if (this.activity !== "walk") this.walk.reset();
      this.walk.setVelocity(request.vx, request.vy, request.vth);
      this.stopBy = NaN;
    }
    this.request = request;
  }

  get current(): MotionRequest {
    return this.request;
  }

  /**
   * One cycle at motion-clock time `now` (WorldState.clock): `up` from the tilt filter, measured
   * joint angles. With `detectFalls` false (e.g. while a beam is about to put the robot upright)
   * no get-up starts.
   */
  update(
    now: number,
    dt: number,
    up: ArrayLike<number>,
    joints: Float64Array,
    detectFalls = true,
  ): Float64Array {
    if (detectFalls) this.detectFall(now, up);
    const t = this.targets;
    if (this.player && !this.player.done) return this.fromPlayer(now);
    if (this.player) {
      // A skill just ended.
      if (this.fall === "side") {
        // Rolled over: on with the get-up if still lying (the fall keeps its time).
        this.fall = up[2] >= FALLEN_UP_Z ? "upright" : lyingOn(up);
      } else if (this.fall !== "upright") {
        this.getups++;
        this.lastGetupSeconds = now - this.fallenSince;
        this.fall = "upright";
      }
      this.settleUntil = now + SETTLE_SECONDS;
      if (this.request.kind === "skill" && this.request.name === this.playing) {
        this.request = { kind: "stand" };
      }
      this.player = null;
      this.playing = "";
    }
    if (this.fall !== "upright") {
      this.play(RECOVERY[this.fall], now, joints);
      return this.fromPlayer(now);
    }
    const r = this.request;
    const skill = this.pending ?? (r.kind === "skill" ? r.name : null);
    if (this.activity === "walk" && (r.kind !== "walk" || this.pending !== null)) {
      // Come to rest before standing or playing a skill: switching from mid-stride tips over.
      if (Number.isNaN(this.stopBy)) {
        const w = this.walk;
        const slow = Math.hypot(w.vx, w.vy) < STOP_AT_ONCE_SPEED &&
          Math.abs(w.vth) < STOP_AT_ONCE_TURN;
        this.stopBy = slow ? now : now + STOP_SECONDS;
        w.setVelocity(0, 0, 0);
      }
      if (!this.walk.stopped && now < this.stopBy) return this.walkOn(now, dt, up);
      this.stopBy = NaN;
      this.blendFrom.set(t);
      this.blendStart = now;
      this.skillAt = now + (this.o.preSkillSeconds?.get(skill ?? "") ?? PRE_SKILL_SECONDS);
    }
    if (skill !== null && now >= this.skillAt) {
      this.pending = null;
      this.play(skill, now, joints);
      return this.fromPlayer(now);
    }
    const settling = now < this.settleUntil;
    if (r.kind === "walk" && !settling && this.pending === null) return this.walkOn(now, dt, up);
    this.standPose(now);
    this.tracking.fill(0);
    this.gains.fill(settling ? this.o.skillGain : 1);
    this.activity = "stand";
    return t;
  }

  /** The stand pose into the targets, blended from the walk's last ones right after walking. */
  private standPose(now: number): void {
    const t = this.targets, stand = this.o.standPose;
    if (Number.isNaN(this.blendStart)) this.blendStart = now;
    const k = (now - this.blendStart) / STAND_BLEND_SECONDS;
    if (k >= 1) t.set(stand);
    else this.blendInto(stand, k);
  }

  /** The targets a fraction `k` of the way from blendFrom to `to` (which may be the targets). */
  private blendInto(to: ArrayLike<number>, k: number): void {
    const t = this.targets, from = this.blendFrom;
    for (let j = 0; j < NUM_JOINTS; j++) t[j] = from[j] + (to[j] - from[j]) * k;
  }

  /** One cycle of walking, from the stand pose's arms and head; blended in at the start. */
  private walkOn(now: number, dt: number, up: ArrayLike<number>): Float64Array {
    const t = this.targets;
    if (this.activity !== "walk") {
      this.blendFrom.set(t);
      this.walkStart = now;
    }
    t.set(this.o.standPose);
    this.tracking.fill(0);
    this.gains.fill(1);
    this.activity = "walk";
    this.walk.update(dt, up, t);
    const k = (now - this.walkStart) / WALK_BLEND_SECONDS;
    if (k < 1) this.blendInto(t, k);
    return t;
  }

  /** Targets and gains of the skill being played, at `now`. */
  private fromPlayer(now: number): Float64Array {
    const player = this.player!;
    this.targets.set(player.update(now));
    for (let j = 0; j < NUM_JOINTS; j++) this.gains[j] = player.gains[j] * this.o.skillGain;
    this.tracking.set(player.tracking);
    return this.targets;
  }

  /** Plays skill `name`, or the robot type's own version of it (`name_T<type>`) if loaded. */
  private play(name: string, now: number, joints: Float64Array): void {
    const own = skillForType(this.o.skills, name, this.o.type);
    const skill = this.o.skills.get(own);
    if (!skill) throw new Error(`motion: no skill named '${name}' is loaded`);
    this.player = new SkillPlayer(skill, {
      type: this.o.type,
      resetPose: this.o.standPose,
      foot: this.foot,
    });
    this.player.start(now, joints);
    this.playing = name;
    this.activity = own;
  }

  private detectFall(now: number, up: ArrayLike<number>): void {
    if (this.fall !== "upright") return;
    this.fallenCycles = up[2] < FALLEN_UP_Z ? this.fallenCycles + 1 : 0;
    this.stuckCycles = up[2] < STUCK_UP_Z ? this.stuckCycles + 1 : 0;
    if (this.fallenCycles < FALL_CYCLES && this.stuckCycles < STUCK_CYCLES) return;
    this.fallenCycles = 0;
    this.stuckCycles = 0;
    this.fall = Math.abs(up[1]) > Math.abs(up[0]) ? "side" : lyingOn(up);
    this.fallenSince = now;
    this.player = null;
    this.playing = "";
    this.walk.reset();
    // A skill interrupted by a fall is abandoned, not resumed after the get-up.
    if (this.request.kind === "skill") this.request = { kind: "stand" };
    this.pending = null;
  }
}

/** Lying on the front or the back, by where up points in the torso frame (x forward). */
function lyingOn(up: ArrayLike<number>): "front" | "back" {
  return up[0] < 0 ? "front" : "back";
}
