// The pure-TypeScript twin of core-as/assembly/walk.ts: where both soles are, in the torso
// frame, at a phase of one walk step. The stance foot slides back under the moving torso, the
// swing foot travels to where it lands on a raised cosine with a sine lift, and both shift
// sideways by the linear inverted pendulum's periodic sway (phases match at support exchange).

import { OFFSET, W } from "./layout.ts";

export class TsWalk {
  constructor(readonly m: Float64Array) {}

  walkFeet(): void {
    const m = this.m, i = OFFSET.walkIn, o = OFFSET.walkOut;
    const phase = m[i + W.PHASE], T = m[i + W.STEP_TIME], tc = m[i + W.TC];
    const half = m[i + W.HALF_WIDTH], lean = m[i + W.LEAN];
    const leftStance = m[i + W.SUPPORT] < 0.5;
    const dx = m[i + W.DX], dy = m[i + W.DY], dth = m[i + W.DTH];
    // Pendulum: the torso swings toward the stance foot and is back on the midline at exchange.
    const side = leftStance ? 1 : -1;
    const sway = side * half * m[i + W.SWAY] *
      (1 - Math.cosh(((phase - 0.5) * T) / tc) / Math.cosh(T / (2 * tc)));
    // Stance: the foot stays put, so under the torso it moves by the opposite of its motion.
    const sx = m[i + W.STANCE_X] - dx * phase;
    const sy = m[i + W.STANCE_Y] - dy * phase;
    const syaw = m[i + W.STANCE_YAW] - dth * phase;
    // Swing: raised cosine to where it lands, lifted on a sine.
    const s = (1 - Math.cos(Math.PI * phase)) / 2;
    const wx = m[i + W.SWING_X] + (m[i + W.SWING_END_X] - m[i + W.SWING_X]) * s;
    const wy = m[i + W.SWING_Y] + (m[i + W.SWING_END_Y] - m[i + W.SWING_Y]) * s;
    const wyaw = m[i + W.SWING_YAW] + (m[i + W.SWING_END_YAW] - m[i + W.SWING_YAW]) * s;
    const lift = m[i + W.STEP_HEIGHT] * Math.sin(Math.PI * phase);
    const fx = m[i + W.FOOT_X], z = -m[i + W.TORSO_HEIGHT];
    const stanceAt = leftStance ? 0 : 12, swingAt = leftStance ? 12 : 0;
    this.pose(o + stanceAt, fx + sx, side * half + sy - sway, z, syaw, lean);
    this.pose(o + swingAt, fx + wx, -side * half + wy - sway, z + lift, wyaw, lean);
  }

  /** Sole pose: yaw on flat ground, seen from a torso leaning forward by `lean`. */
  private pose(o: number, x: number, y: number, z: number, yaw: number, lean: number): void {
    const m = this.m;
    const cy = Math.cos(yaw), sy = Math.sin(yaw), cl = Math.cos(lean), sl = Math.sin(lean);
    // R = Ry(−lean) · Rz(yaw); p = Ry(−lean) · (x, y, z).
    m[o] = cl * cy;
    m[o + 1] = -cl * sy;
    m[o + 2] = -sl;
    m[o + 3] = sy;
    m[o + 4] = cy;
    m[o + 5] = 0;
    m[o + 6] = sl * cy;
    m[o + 7] = -sl * sy;
    m[o + 8] = cl;
    m[o + 9] = cl * x - sl * z;
    m[o + 10] = y;
    m[o + 11] = sl * x + cl * z;
  }
}
