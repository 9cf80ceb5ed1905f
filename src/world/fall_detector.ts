// Whether the robot is down, from the tilt filter's up axis (torso frame, x forward): fallen once
// the torso is more than 55° off upright for a few cycles, or more than 40° for a second (propped
// up on an arm or against the ball); lying on the front, the back or the side while down; up
// again once the torso has been within 40° of upright for a moment; how fast the body still turns
// (gyro). It also counts the get-ups and times the last one. Motion-clock seconds.

import type { FallState } from "../motion/motion.ts";

/** cos 55°: below this, up is too far from the torso's z axis. */
const FALLEN_UP_Z = 0.57;
const FALL_CYCLES = 5;
/**
 * cos 40°: tilted beyond this for STUCK_CYCLES, the robot is down too (a match had one lying at
 * 52° for 50 s, stepping on); within it for UP_CYCLES, a fallen robot is up again, and within it
 * at all it is no longer lying (a get-up ending there succeeded).
 */
const STUCK_UP_Z = 0.77;
const STUCK_CYCLES = 50;
const UP_CYCLES = 10;
/** The turn rate is the peak over this many cycles (FC Portugal's still test: 4 below 10°/s). */
const RATE_CYCLES = 4;

export class FallDetector {
  state: FallState = "upright";
  /** When the current (or last) fall was detected; null before the first. */
  since: number | null = null;
  /** Completed get-ups, and how long the last one took from the fall (s; null: none yet). */
  getups = 0;
  lastGetupSeconds: number | null = null;
  private lowCycles = 0;
  private tiltedCycles = 0;
  private upCycles = 0;
  private upZ = 1;
  /** The fastest gyro axis (rad/s) of the last RATE_CYCLES cycles, a ring. */
  private readonly rates = new Float64Array(RATE_CYCLES).fill(Infinity);
  private rateAt = 0;

  /**
   * Fallen and lying now: not while the torso is already within 40° of upright, up again but
   * not yet for long enough to be sure (a get-up that ends there succeeded).
   */
  get down(): boolean {
    return this.state !== "upright" && this.upZ < STUCK_UP_Z;
  }

  /** How the robot lies while down, "upright" otherwise: what the motion layer recovers from. */
  get lying(): FallState {
    return this.down ? this.state : "upright";
  }

  /**
   * How fast the body turns: the fastest gyro axis over the last 4 cycles (rad/s; Infinity before
   * 4 cycles). What the motion layer waits on before a get-up.
   */
  get turnRate(): number {
    let peak = 0;
    for (let i = 0; i < RATE_CYCLES; i++) peak = Math.max(peak, this.rates[i]);
    return peak;
  }

  /**
   * One cycle at time `now`, with the gyro (rad/s; absent: counted as not turning). With
   * `enabled` false (a beam is about to put the robot on its feet) no fall is detected, and a fall
   * in progress ends.
   */
  update(
    now: number,
    up: ArrayLike<number>,
    enabled = true,
    gyro: { x: number; y: number; z: number } | null = null,
  ): void {
    this.upZ = up[2];
    this.rates[this.rateAt] = gyro === null
      ? 0
      : Math.max(Math.abs(gyro.x), Math.abs(gyro.y), Math.abs(gyro.z));
    this.rateAt = (this.rateAt + 1) % RATE_CYCLES;
    if (!enabled) {
      this.reset();
      return;
    }
    if (this.state === "upright") {
      this.lowCycles = up[2] < FALLEN_UP_Z ? this.lowCycles + 1 : 0;
      this.tiltedCycles = up[2] < STUCK_UP_Z ? this.tiltedCycles + 1 : 0;
      if (this.lowCycles < FALL_CYCLES && this.tiltedCycles < STUCK_CYCLES) return;
      this.since = now;
      this.upCycles = 0;
      this.state = lyingOn(up);
      return;
    }
    this.upCycles = up[2] >= STUCK_UP_Z ? this.upCycles + 1 : 0;
    if (this.upCycles >= UP_CYCLES) {
      this.getups++;
      this.lastGetupSeconds = now - (this.since ?? now);
      this.reset();
      return;
    }
    // Still down: which way it lies now (rolling over turns a side fall into front or back).
    if (up[2] < STUCK_UP_Z) this.state = lyingOn(up);
  }

  /** Upright, with nothing counted toward a fall. */
  reset(): void {
    this.state = "upright";
    this.lowCycles = 0;
    this.tiltedCycles = 0;
    this.upCycles = 0;
  }
}

/** Lying on the side, the front or the back, by where up points in the torso frame. */
function lyingOn(up: ArrayLike<number>): Exclude<FallState, "upright"> {
  if (Math.abs(up[1]) > Math.abs(up[0])) return "side";
  return up[0] < 0 ? "front" : "back";
}
