// The pure-TypeScript twin of core-as/assembly/walk.ts: where both soles are, in the torso
// frame, at a phase of one walk step. The stance foot slides back under the moving torso, the
// swing foot travels to where it lands (speeding up and slowing down on a sine over a share of
// the step, at constant speed between) with a sine lift, the torso rides higher over mid-stance,
// and both feet shift sideways by the linear inverted pendulum's periodic sway (phases match at
// support exchange).

import { OFFSET, W } from "./layout.ts";

/**
 * How far along its way the swing foot is at `phase` (0 … 1): speeding up on a sine over the first
 * blend/2 of the step, at constant speed, and slowing down over the last blend/2.
 */
function swingShare(phase: number, blend: number): number {
  if (phase > 0.5) return 1 - swingShare(1 - phase, blend);
  const a = blend < 1e-6 ? 0 : blend > 1 ? 1 : blend;
  const peak = 1 / (1 - a * (1 - 2 / Math.PI));
  if (phase < a / 2) return peak * (a / Math.PI) * (1 - Math.cos((Math.PI * phase) / a));
  return peak * (a / Math.PI + phase - a / 2);
}

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
    // Swing: to where it lands on the blended profile, lifted on a sine.
    const s = swingShare(phase, m[i + W.SWING_BLEND]);
    const wx = m[i + W.SWING_X] + (m[i + W.SWING_END_X] - m[i + W.SWING_X]) * s;
    const wy = m[i + W.SWING_Y] + (m[i + W.SWING_END_Y] - m[i + W.SWING_Y]) * s;
    const wyaw = m[i + W.SWING_YAW] + (m[i + W.SWING_END_YAW] - m[i + W.SWING_YAW]) * s;
    const lift = m[i + W.STEP_HEIGHT] * Math.sin(Math.PI * phase);
    // The torso rides highest over mid-stance, where the stance leg stands straightest.
    const u = 2 * phase - 1;
    const fx = m[i + W.FOOT_X], z = -m[i + W.TORSO_HEIGHT] - m[i + W.BOB] * (1 - u * u);
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
