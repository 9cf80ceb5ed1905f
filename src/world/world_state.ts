// What one agent knows about the game and its own body, updated from each Perception. It keeps
// the latest readings and the game bookkeeping; estimation (self pose, ball) fills `self` and
// `ball` in later work and stays null until then. Ground truth is never copied in here.

import { NUM_JOINTS } from "../body/joints.ts";
import type { Pose2 } from "../util/pose.ts";
import { PlayMode } from "../protocol/playmode.ts";
import type {
  FootName,
  ForceReading,
  Heard,
  Perception,
  Side,
  Vec3,
  Vision,
} from "../protocol/perception.ts";
import { CYCLE_SECONDS } from "../protocol/cycle.ts";

export type PoseEstimate = Pose2;

export interface BallEstimate {
  x: number;
  y: number;
  vx: number;
  vy: number;
  /** False while the velocity of a ball just kicked rests on too few sightings (ball_tracker.ts). */
  settled?: boolean;
}

/**
 * Whole cycles between two server time stamps `gap` seconds apart. The server adds its 0.02 s
 * steps up in single precision and prints two decimals, so now and then a step reads 0.01 or
 * 0.03 s; a gap reads a whole number of cycles only once it is at least 1.75 cycles long (a cycle
 * dropped in real-time mode: 0.04 s, or 0.03 / 0.05 s with that rounding).
 */
export function cyclesBetween(gap: number): number {
  return Math.max(1, Math.round(gap / CYCLE_SECONDS - 0.25));
}

/** A kick-off this early in the game (s) is its first; later ones follow goals or half-time. */
const FIRST_KICK_OFF_TIME = 1;

export class WorldState {
  /** Server time (now) of the last message, seconds. */
  time = NaN;
  /**
   * The motion clock, seconds: the first server time, then whole cycles (cyclesBetween). Skills
   * and the walk run on it: on the server's own time a keyframe would last a cycle more or less
   * whenever the printed time skips, and a kick would land differently from one run to the next.
   */
  clock = NaN;
  /** Seconds of the last step of `clock` (0.02 in a normal game). */
  dt = CYCLE_SECONDS;
  cycle = 0;
  gameTime = 0;
  playMode: PlayMode = PlayMode.BeforeKickOff;
  playModeName = "BeforeKickOff";
  /** Cycles since the play mode last changed. */
  playModeAge = 0;
  /** The server time the play mode began, as first perceived. */
  playModeSince = 0;
  unum: number | null = null;
  side: Side | null = null;
  scoreLeft = 0;
  scoreRight = 0;
  /**
   * The side that took the game's first kick-off (seen within FIRST_KICK_OFF_TIME of the start);
   * null until then, or when this agent joined later.
   */
  firstKickOff: Side | null = null;
  readonly joints = new Float64Array(NUM_JOINTS).fill(NaN);
  /** Whether a message has carried the body's joint angles (the server has built the robot). */
  embodied = false;
  readonly gyro: Vec3 = { x: 0, y: 0, z: 0 };
  readonly acc: Vec3 = { x: 0, y: 0, z: 0 };
  feet: Partial<Record<FootName, ForceReading>> = {};
  /** The latest vision and the server time it arrived. */
  vision: Vision | null = null;
  visionTime = NaN;
  heard: Heard[] = [];
  self: PoseEstimate | null = null;
  ball: BallEstimate | null = null;

  update(p: Perception): void {
    if (p.time !== null) {
      if (Number.isNaN(this.time)) this.clock = p.time;
      else {
        this.dt = cyclesBetween(p.time - this.time) * CYCLE_SECONDS;
        this.clock += this.dt;
      }
      this.time = p.time;
    }
    this.cycle++;
    this.playModeAge++;
    const gs = p.gameState;
    if (gs) {
      if (gs.unum !== null) this.unum = gs.unum;
      if (gs.side !== null) this.side = gs.side;
      if (gs.scoreLeft !== null) this.scoreLeft = gs.scoreLeft;
      if (gs.scoreRight !== null) this.scoreRight = gs.scoreRight;
      if (gs.gameTime !== null) this.gameTime = gs.gameTime;
      if (
        gs.playMode !== null && gs.playModeName !== null && gs.playModeName !== this.playModeName
      ) {
        this.playMode = gs.playMode;
        this.playModeName = gs.playModeName;
        this.playModeAge = 0;
        this.playModeSince = this.time;
        const kickOff = gs.playMode === PlayMode.KickOffLeft
          ? "left"
          : gs.playMode === PlayMode.KickOffRight
          ? "right"
          : null;
        if (kickOff && this.firstKickOff === null && this.gameTime < FIRST_KICK_OFF_TIME) {
          this.firstKickOff = kickOff;
        }
      }
    }
    if (p.gyro) Object.assign(this.gyro, p.gyro);
    if (p.acc) Object.assign(this.acc, p.acc);
    for (let i = 0; i < NUM_JOINTS; i++) {
      if (Number.isNaN(p.joints[i])) continue;
      this.joints[i] = p.joints[i];
      this.embodied = true;
    }
    this.feet = p.feet;
    if (p.vision) {
      this.vision = p.vision;
      this.visionTime = this.time;
    }
    this.heard = p.heard;
  }

  /** Our goals minus theirs, once our side is known. */
  get goalDifference(): number {
    if (this.side === null) return 0;
    return this.side === "left"
      ? this.scoreLeft - this.scoreRight
      : this.scoreRight - this.scoreLeft;
  }
}
