// What one agent knows about the game and its own body, updated from each Perception. It keeps
// the latest readings and the game bookkeeping; estimation (self pose, ball) fills `self` and
// `ball` in later work and stays null until then. Ground truth is never copied in here.

import { NUM_JOINTS } from "../body/joints.ts";
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

export interface PoseEstimate {
  x: number;
  y: number;
  theta: number;
}

export interface BallEstimate {
  x: number;
  y: number;
  vx: number;
  vy: number;
}

export class WorldState {
  /** Server time (now) of the last message, seconds. */
  time = NaN;
  /** Seconds between the last two messages (0.02 in a normal game). */
  dt = 0.02;
  cycle = 0;
  gameTime = 0;
  playMode: PlayMode = PlayMode.BeforeKickOff;
  playModeName = "BeforeKickOff";
  /** Cycles since the play mode last changed. */
  playModeAge = 0;
  unum: number | null = null;
  side: Side | null = null;
  scoreLeft = 0;
  scoreRight = 0;
  readonly joints = new Float64Array(NUM_JOINTS).fill(NaN);
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
      if (!Number.isNaN(this.time) && p.time > this.time) this.dt = p.time - this.time;
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
      }
    }
    if (p.gyro) Object.assign(this.gyro, p.gyro);
    if (p.acc) Object.assign(this.acc, p.acc);
    for (let i = 0; i < NUM_JOINTS; i++) {
      if (!Number.isNaN(p.joints[i])) this.joints[i] = p.joints[i];
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
