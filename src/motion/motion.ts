// What the body does each cycle, as one state machine: standing, walking, or playing a skill
// (a get-up, a kick). Transitions happen in update() only:
// - standing → walking when a walk is requested (not while settling after a skill);
// - standing → skill when one is requested (from walking: after the walk's rest and the stand
//   blend; a skill requested while walking is committed to);
// - walking → standing: the walk comes to rest first, stepping on the spot until the feet are
//   together, then the legs blend from its crouch into the stand pose;
// - skill → standing when it ends, settling on the skill gain for a moment (after a get-up, also
//   with the torso up to 60° from upright);
// - any → rest when the robot is down (FallState, from the world's fall detector): walking and
//   any other skill stop at once, and the joints move to the zero pose and hold it until the
//   body turns slower than the get-up it lies for allows (at most 2 s);
// - rest → recovery: the get-up for the front or the back when the body lies flat on it, else
//   rolling over (or the recovery requested), as FC Portugal's get-up decides.
// A recovery is never interrupted. Writes joint targets (radians by joint index) for the joint
// controller.

import { NUM_JOINTS, type RobotType } from "../body/joints.ts";
import { ConfigError } from "../config/params.ts";
import type { NumericCore } from "../core/numeric_core.ts";
import { type Skill, skillForType } from "../skills/skill.ts";
import { CoreFootSolver } from "../skills/foot_solver.ts";
import { SkillPlayer } from "../skills/skill_player.ts";
import { type SprintParams, WalkEngine, type WalkParams } from "./walk_engine.ts";

export type MotionRequest =
  | { kind: "stand" }
  /** `sprint`: full speed straight ahead may use the sprint gait (WalkEngine.setVelocity). */
  | { kind: "walk"; vx: number; vy: number; vth: number; sprint?: boolean }
  | { kind: "skill"; name: string };

export type FallState = "upright" | "front" | "back" | "side";

/** What recovers from each fall: the get-ups, or rolling from the side onto the front or back. */
export const RECOVERY: Readonly<Record<Exclude<FallState, "upright">, string>> = {
  front: "SKILL_GETUP_FRONT",
  back: "SKILL_GETUP_BACK",
  side: "SKILL_ROLL_OVER",
};
const RECOVERIES: ReadonlySet<string> = new Set(Object.values(RECOVERY));

/**
 * Flat enough for a get-up: up at most ~12° from the torso's front-back plane (|up y| < 0.2, FC
 * Portugal's bound) and ~37° from its left-right plane (|up z| < 0.6; lying in the zero pose,
 * head down on the back, |up z| reaches 0.5). Otherwise the robot rolls over first.
 */
const FLAT_SIDEWAYS = 0.2;
const FLAT_LENGTHWISE = 0.6;

/** The get-up for a body lying with `up` (torso frame), or null when it must roll over first. */
export function getUpFrom(up: ArrayLike<number>): "front" | "back" | null {
  if (Math.abs(up[1]) >= FLAT_SIDEWAYS || Math.abs(up[2]) >= FLAT_LENGTHWISE) return null;
  return up[0] < 0 ? "front" : "back";
}

/** Before any recovery: the zero pose (getup_rest.skl), held until the body is calm enough. */
export const GETUP_REST = "SKILL_GETUP_REST";
/** The rest ends after this long even if the body never comes still (FC Portugal: 2 s). */
const REST_MAX_SECONDS = 2;
/**
 * cos 60°: a get-up that ends with the torso within 60° of upright settles standing rather than
 * resting again (type 1's front get-up ends 43° forward and stands up from there).
 */
const RISING_UP_Z = 0.5;

/** After a skill, stand still this long, on the skill gain, before walking again. */
const SETTLE_SECONDS = 1;
/**
 * Walking stops by stepping on the spot until the feet are together, at most this long, however
 * slow it was: stopped mid-stride, the blend into the stand pose turned and shifted the torso
 * (16° and 18 cm while a kick was lined up), and in `deno task eval shoot --runs 16` types 0-4
 * fell 34 times against 1.
 */
const STOP_SECONDS = 1.5;
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
  /** The gait for full speed straight ahead (sprint.* params), if any. */
  sprint?: SprintParams | null;
  standPose: Float64Array;
  skills: ReadonlyMap<string, Skill>;
  /** Factor on the joint controller's gain while a skill plays and settles (1: the walk's). */
  skillGain: number;
  /**
   * The rest before a get-up lasts until the body turns slower than this (rad/s, the fall
   * detector's turnRate), by the side it lies on; rolling over waits as the back does.
   */
  calmRate: { front: number; back: number };
  /** Seconds from the walk's rest to the start of these skills, if not PRE_SKILL_SECONDS. */
  preSkillSeconds?: ReadonlyMap<string, number>;
  /**
   * Skills that start in the cycle they are asked for, from walking too (the goalie's dives:
   * the goalie walks nearly all game, and coming to rest first took the dive's whole lead).
   */
  immediateSkills?: ReadonlySet<string>;
}

/** What the body is doing: the one state of the machine, with what belongs to it. */
type MotionState =
  | {
    kind: "standing";
    /** When the blend into the stand pose began (null: it begins at the next update). */
    blendStart: number | null;
    /** Still on the skill gain until then, after a skill. */
    settleUntil: number;
    /** A skill committed to while walking plays from then on (after the stand blend). */
    skillAt: number;
  }
  | {
    kind: "walking";
    since: number;
    /** Coming to rest: stepping on the spot until then at most (null: walking on). */
    stopBy: number | null;
  }
  | {
    kind: "skill";
    name: string;
    own: string;
    player: SkillPlayer;
    recovery: boolean;
    since: number;
  };

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
  /** Velocities added to the controller's output by joint index (rad/s): the walk's plan rates. */
  readonly feedForward = new Float64Array(NUM_JOINTS);
  private state: MotionState = {
    kind: "standing",
    blendStart: null,
    settleUntil: -Infinity,
    skillAt: -Infinity,
  };
  private request: MotionRequest = { kind: "stand" };
  /**
   * A skill requested while walking: played once the walk is at rest and the stand pose reached,
   * whatever comes after, unless the request in the cycle before it starts (skillDue) differs.
   */
  private pending: string | null = null;
  /** The last update's time and step, seconds: when the next update comes. */
  private lastNow = -Infinity;
  private lastDt = 0;
  /** A get-up ended: until then a torso within 60° of upright is not down (RISING_UP_Z). */
  private risingUntil = -Infinity;
  /** Solves the skills' foot poses (setfoot, curves, stabilize) with the core's leg IK. */
  private readonly foot: CoreFootSolver;
  /** Where a blend starts: the walk's last targets (into the stand pose), or the targets before walking (into the walk's). */
  private readonly blendFrom = new Float64Array(NUM_JOINTS);

  constructor(private readonly o: MotionOptions) {
    this.requireSkills([...Object.values(RECOVERY), GETUP_REST]);
    this.walk = new WalkEngine(o.core, o.walk, o.sprint ?? null);
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

  /** What the body is doing now: "stand", "walk", or the name of the skill playing. */
  get activity(): string {
    const s = this.state;
    return s.kind === "standing" ? "stand" : s.kind === "walking" ? "walk" : s.own;
  }

  /** The skill asked for while walking that waits for the walk's rest and the stand, or null. */
  get pendingSkill(): string | null {
    return this.pending;
  }

  /** Standing with no skill pending: a skill asked for now starts at once, from the stand pose. */
  get standingIdle(): boolean {
    return this.state.kind === "standing" && this.pending === null;
  }

  /** How fast the walk goes now (m/s, forward and sideways): 0 unless walking. */
  get walkSpeed(): number {
    return this.state.kind === "walking" ? Math.hypot(this.walk.vx, this.walk.vy) : 0;
  }

  /** The skill playing now (its requested name), or null. */
  get playing(): string | null {
    return this.state.kind === "skill" ? this.state.name : null;
  }

  /** The recovery skill playing now (its requested name), or null. */
  get recovering(): string | null {
    return this.state.kind === "skill" && this.state.recovery ? this.state.name : null;
  }

  /**
   * Back to standing with no skill in progress, e.g. after a beam has put the robot on its feet;
   * what was requested stays requested.
   */
  reset(): void {
    // Into the stand pose from the walk's crouch (or a blend under way), starting at the next
    // update; from a skill's pose (a get-up cut short) at once.
    const fromSkill = this.state.kind === "skill";
    this.blendFrom.set(this.targets);
    this.state = {
      kind: "standing",
      blendStart: fromSkill ? -Infinity : null,
      settleUntil: -Infinity,
      skillAt: -Infinity,
    };
    this.pending = null;
    this.walk.reset();
  }

  /**
   * The skill committed to while walking that starts at the next update, or null. A request set
   * now that is not this skill calls it off: the robot stands up before a kick, and that moved
   * it 1-18 cm back from the ball (type 0, long kick), so the behaviour checks the ball again.
   */
  get skillDue(): string | null {
    const s = this.state;
    const next = this.lastNow + this.lastDt + 1e-6;
    return s.kind === "standing" && this.pending !== null && next >= s.skillAt
      ? this.pending
      : null;
  }

  /**
   * Sets what to do from now on (a fall still takes precedence). A skill requested while
   * walking is committed to: it plays as soon as the walk is at rest, even if the requests that
   * follow meanwhile say otherwise, up to the cycle before it starts (skillDue).
   */
  set(request: MotionRequest): void {
    const s = this.state;
    const due = this.skillDue;
    if (due !== null && !(request.kind === "skill" && request.name === due)) this.pending = null;
    if (this.immediate(request)) {
      this.pending = null;
    } else if (request.kind === "skill" && s.kind === "walking" && !RECOVERIES.has(request.name)) {
      this.pending = request.name;
    }
    if (request.kind === "walk" && this.pending === null) {
      // Still walking (coming to rest) is walking on, not starting anew.
      if (s.kind !== "walking") this.walk.reset();
      else s.stopBy = null;
      this.walk.setVelocity(request.vx, request.vy, request.vth, request.sprint);
    }
    this.request = request;
  }

  get current(): MotionRequest {
    return this.request;
  }

  /**
   * One cycle at motion-clock time `now` (WorldState.clock): `up` from the tilt filter (for the
   * walk's balance and which get-up fits), measured joint angles, how the robot lies while it is
   * down ("upright" otherwise: the world's FallDetector.lying) and how fast it turns (rad/s,
   * FallDetector.turnRate).
   */
  update(
    now: number,
    dt: number,
    up: ArrayLike<number>,
    joints: Float64Array,
    fall: FallState = "upright",
    turnRate = 0,
  ): Float64Array {
    const s = this.state;
    this.lastNow = now;
    this.lastDt = dt;
    // Just up from a get-up, a torso still tilting less than RISING_UP_Z settles standing.
    const rising = now < this.risingUntil && up[2] > RISING_UP_Z;
    const down = fall !== "upright" && !rising;
    if (down && !(s.kind === "skill" && s.recovery)) return this.rest(now, joints);
    switch (s.kind) {
      case "skill":
        if (!s.player.done) return this.fromPlayer(s.player, now);
        if (s.name === GETUP_REST && down) {
          const calm = getUpFrom(up) === "front" ? this.o.calmRate.front : this.o.calmRate.back;
          if (turnRate >= calm && now - s.since < REST_MAX_SECONDS) {
            return this.fromPlayer(s.player, now);
          }
          return this.play(this.recoveryFor(up), now, joints, true);
        }
        // The skill ended: stand, settling on the skill gain; a request for it is done.
        if (this.request.kind === "skill" && this.request.name === s.name) {
          this.request = { kind: "stand" };
        }
        this.state = {
          kind: "standing",
          blendStart: -Infinity,
          settleUntil: now + SETTLE_SECONDS,
          skillAt: -Infinity,
        };
        if (s.recovery && s.name !== GETUP_REST && s.name !== RECOVERY.side) {
          this.risingUntil = now + SETTLE_SECONDS;
          if (up[2] > RISING_UP_Z) return this.fromStanding(now, dt, up, joints);
        }
        if (down) return this.rest(now, joints);
        return this.fromStanding(now, dt, up, joints);
      case "walking":
        return this.fromWalking(s, now, dt, up, joints);
      case "standing":
        return this.fromStanding(now, dt, up, joints);
    }
  }

  /** Down: the walk and any other skill stop at once, and the rest before a recovery plays. */
  private rest(now: number, joints: Float64Array): Float64Array {
    this.walk.reset();
    this.pending = null;
    const r = this.request;
    // A skill interrupted by a fall is abandoned, not resumed after the get-up.
    if (r.kind === "skill" && !RECOVERIES.has(r.name)) this.request = { kind: "stand" };
    return this.play(GETUP_REST, now, joints, true);
  }

  /** After the rest: the recovery requested, else the get-up the body lies flat for, else the roll. */
  private recoveryFor(up: ArrayLike<number>): string {
    const r = this.request;
    if (r.kind === "skill" && RECOVERIES.has(r.name)) return r.name;
    const side = getUpFrom(up);
    return side === null ? RECOVERY.side : RECOVERY[side];
  }

  private fromWalking(
    s: Extract<MotionState, { kind: "walking" }>,
    now: number,
    dt: number,
    up: ArrayLike<number>,
    joints: Float64Array,
  ): Float64Array {
    const r = this.request;
    if (r.kind === "walk" && this.pending === null) return this.walkOn(now, dt, up);
    if (r.kind === "skill" && this.immediate(r)) {
      this.walk.reset();
      return this.play(r.name, now, joints, false);
    }
    // Come to rest before standing or playing a skill: switching from mid-stride tips over.
    if (s.stopBy === null) {
      s.stopBy = now + STOP_SECONDS;
      this.walk.setVelocity(0, 0, 0);
    }
    if (!this.walk.stopped && now < s.stopBy) return this.walkOn(now, dt, up);
    const skill = this.pending ?? (r.kind === "skill" ? r.name : null);
    this.blendFrom.set(this.targets);
    this.state = {
      kind: "standing",
      blendStart: now,
      settleUntil: -Infinity,
      skillAt: now + (this.o.preSkillSeconds?.get(skill ?? "") ?? PRE_SKILL_SECONDS),
    };
    return this.fromStanding(now, dt, up, joints);
  }

  private fromStanding(
    now: number,
    dt: number,
    up: ArrayLike<number>,
    joints: Float64Array,
  ): Float64Array {
    const s = this.state as Extract<MotionState, { kind: "standing" }>;
    const r = this.request;
    // A recovery plays only while down (recover()); asked for standing, it is nothing to do.
    const asked = r.kind === "skill" && !RECOVERIES.has(r.name) ? r.name : null;
    const skill = this.pending ?? asked;
    if (skill !== null && (now >= s.skillAt || this.immediate(r))) {
      this.pending = null;
      return this.play(skill, now, joints, false);
    }
    const settling = now < s.settleUntil;
    if (r.kind === "walk" && !settling && this.pending === null) {
      this.blendFrom.set(this.targets);
      this.state = { kind: "walking", since: now, stopBy: null };
      return this.walkOn(now, dt, up);
    }
    this.standPose(s, now);
    this.tracking.fill(0);
    this.feedForward.fill(0);
    this.gains.fill(settling ? this.o.skillGain : 1);
    return this.targets;
  }

  /** The stand pose into the targets, blended from the walk's last ones right after walking. */
  private standPose(s: Extract<MotionState, { kind: "standing" }>, now: number): void {
    const stand = this.o.standPose;
    s.blendStart ??= now;
    const k = (now - s.blendStart) / STAND_BLEND_SECONDS;
    if (k >= 1) this.targets.set(stand);
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
    const s = this.state as Extract<MotionState, { kind: "walking" }>;
    t.set(this.o.standPose);
    this.tracking.fill(0);
    this.walk.update(dt, up, t);
    const k = (now - s.since) / WALK_BLEND_SECONDS;
    if (k < 1) this.blendInto(t, k);
    // The walk's feed-forward and gains come in with its targets.
    const w = this.walk, share = Math.min(1, k);
    for (let j = 0; j < NUM_JOINTS; j++) {
      this.feedForward[j] = w.rates[j] * share;
      this.gains[j] = 1 + (w.gains[j] - 1) * share;
    }
    return t;
  }

  private immediate(r: MotionRequest): boolean {
    return r.kind === "skill" && (this.o.immediateSkills?.has(r.name) ?? false);
  }

  /** Targets and gains of the skill being played, at `now`. */
  private fromPlayer(player: SkillPlayer, now: number): Float64Array {
    this.targets.set(player.update(now));
    for (let j = 0; j < NUM_JOINTS; j++) this.gains[j] = player.gains[j] * this.o.skillGain;
    this.tracking.set(player.tracking);
    this.feedForward.fill(0);
    return this.targets;
  }

  /** Plays skill `name`, or the robot type's own version of it (`name_T<type>`) if loaded. */
  private play(name: string, now: number, joints: Float64Array, recovery: boolean): Float64Array {
    const own = skillForType(this.o.skills, name, this.o.type);
    const skill = this.o.skills.get(own);
    if (!skill) throw new Error(`motion: no skill named '${name}' is loaded`);
    const player = new SkillPlayer(skill, {
      type: this.o.type,
      resetPose: this.o.standPose,
      foot: this.foot,
    });
    player.start(now, joints);
    this.state = { kind: "skill", name, own, player, recovery, since: now };
    return this.fromPlayer(player, now);
  }
}
