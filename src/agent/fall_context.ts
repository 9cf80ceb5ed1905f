// The last second before a fall, for the debug log: each cycle's activity, the velocity the walk
// was asked for and the one it walked, and the torso's tilt (world up in the torso frame). Kept in
// a ring filled in place, so recording allocates nothing per cycle.

import type { Velocity2 } from "../motion/walk_engine.ts";

/** Numbers kept per cycle: game time, asked vx vy vth, walked vx vy vth, up x, up y. */
const FIELDS = 9;

export class FallContext {
  private readonly data: Float64Array;
  private readonly activities: string[];
  /** The slot the next record goes to, and how many slots hold one. */
  private next = 0;
  private filled = 0;

  /** Keeps the last `cycles` cycles (50: one second). */
  constructor(readonly cycles = 50) {
    this.data = new Float64Array(cycles * FIELDS);
    this.activities = new Array<string>(cycles).fill("");
  }

  record(
    gameTime: number,
    activity: string,
    asked: Readonly<Velocity2>,
    walked: Readonly<Velocity2>,
    up: ArrayLike<number>,
  ): void {
    const o = this.next * FIELDS, d = this.data;
    d[o] = gameTime;
    d[o + 1] = asked.vx;
    d[o + 2] = asked.vy;
    d[o + 3] = asked.vth;
    d[o + 4] = walked.vx;
    d[o + 5] = walked.vy;
    d[o + 6] = walked.vth;
    d[o + 7] = up[0];
    d[o + 8] = up[1];
    this.activities[this.next] = activity;
    this.next = (this.next + 1) % this.cycles;
    this.filled = Math.min(this.filled + 1, this.cycles);
  }

  /**
   * One line per `every`-th cycle kept, oldest first, ending with the latest: game time,
   * activity, asked and walked velocity (m/s, m/s, rad/s) and tilt (up x > 0: leaning back).
   */
  lines(every = 1): string[] {
    const out: string[] = [];
    if (this.filled === 0) return out;
    const f = (x: number) => x.toFixed(2);
    for (let k = (this.filled - 1) % every; k < this.filled; k += every) {
      const slot = (this.next - this.filled + k + this.cycles) % this.cycles;
      const d = this.data, o = slot * FIELDS;
      out.push(
        `t=${f(d[o])} ${this.activities[slot]} asked (${f(d[o + 1])}, ${f(d[o + 2])}, ` +
          `${f(d[o + 3])}) walked (${f(d[o + 4])}, ${f(d[o + 5])}, ${f(d[o + 6])}) ` +
          `up (${f(d[o + 7])}, ${f(d[o + 8])})`,
      );
    }
    return out;
  }
}
