// Odometry from measured joint angles: while a foot stands on the ground it does not move, so
// the torso moves by the opposite of that sole's displacement in the level frame (kinematics
// through the numeric core), and turns by the gyro's yaw. Motion accumulates until cleared.

import type { TiltFilter } from "./tilt.ts";

export class Odometry {
  /** Motion since the last clear(): forward, left (in the frame at that clear), and turn. */
  dx = 0;
  dy = 0;
  dth = 0;
  private readonly prev = new Float64Array(6);
  private readonly cur = new Float64Array(6);
  private prevSupport = -1;

  /** One cycle, after the tilt filter has been updated with the same readings. */
  update(tilt: TiltFilter, soles: Float64Array, dt: number): void {
    const turn = tilt.yawRate * dt;
    const support = tilt.support;
    tilt.toLevel(soles[9], soles[10], soles[11], this.cur, 0);
    tilt.toLevel(soles[21], soles[22], soles[23], this.cur, 3);
    if (support >= 0 && support === this.prevSupport) {
      const o = support * 3;
      const c = Math.cos(turn), s = Math.sin(turn);
      const cx = this.cur[o], cy = this.cur[o + 1];
      // The sole is fixed: p_prev = R(turn) p_cur + d, so d = p_prev − R(turn) p_cur.
      const mx = this.prev[o] - (c * cx - s * cy);
      const my = this.prev[o + 1] - (s * cx + c * cy);
      const ca = Math.cos(this.dth), sa = Math.sin(this.dth);
      this.dx += ca * mx - sa * my;
      this.dy += sa * mx + ca * my;
    }
    this.dth += turn;
    this.prev.set(this.cur);
    this.prevSupport = support;
  }

  /** Resets the accumulated motion (after it has been applied). */
  clear(): void {
    this.dx = 0;
    this.dy = 0;
    this.dth = 0;
  }
}
