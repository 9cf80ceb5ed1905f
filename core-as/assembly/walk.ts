// AssemblyScript walk kernel: where both soles are, in the torso frame, at a phase of one walk
// step — stance foot sliding back, swing foot to where it lands on a blended profile with a sine
// lift, torso riding higher over mid-stance, all shifted by the linear inverted pendulum's periodic
// sway. Same steps as src/core/ts_walk.ts.

import { ld, st } from "./memory";
import {
  OFFSET_WALK_IN,
  OFFSET_WALK_OUT,
  W_BOB,
  W_DTH,
  W_DX,
  W_DY,
  W_FOOT_X,
  W_HALF_WIDTH,
  W_LEAN,
  W_PHASE,
  W_STANCE_X,
  W_STANCE_Y,
  W_STANCE_YAW,
  W_STEP_HEIGHT,
  W_STEP_TIME,
  W_SUPPORT,
  W_SWAY,
  W_SWING_BLEND,
  W_SWING_END_X,
  W_SWING_END_Y,
  W_SWING_END_YAW,
  W_SWING_X,
  W_SWING_Y,
  W_SWING_YAW,
  W_TC,
  W_TORSO_HEIGHT,
} from "./layout";

let WALK_IN: usize = 0;
let WALK_OUT: usize = 0;

/** Places the walk slots of the layout table from `base`, a byte address. */
export function setWalkBase(base: usize): void {
  WALK_IN = base + (<usize> OFFSET_WALK_IN << 3);
  WALK_OUT = base + (<usize> OFFSET_WALK_OUT << 3);
}

function pose(o: usize, x: f64, y: f64, z: f64, yaw: f64, lean: f64): void {
  const cy = Math.cos(yaw), sy = Math.sin(yaw), cl = Math.cos(lean), sl = Math.sin(lean);
  st(o, 0, cl * cy);
  st(o, 1, -cl * sy);
  st(o, 2, -sl);
  st(o, 3, sy);
  st(o, 4, cy);
  st(o, 5, 0);
  st(o, 6, sl * cy);
  st(o, 7, -sl * sy);
  st(o, 8, cl);
  st(o, 9, cl * x - sl * z);
  st(o, 10, y);
  st(o, 11, sl * x + cl * z);
}

/** How far along its way the swing foot is at `phase`: see swingShare in src/core/ts_walk.ts. */
function swingShare(phase: f64, blend: f64): f64 {
  if (phase > 0.5) return 1 - swingShare(1 - phase, blend);
  const a: f64 = blend < 1e-6 ? 0 : blend > 1 ? 1 : blend;
  const peak = 1 / (1 - a * (1 - 2 / Math.PI));
  if (phase < a / 2) return peak * (a / Math.PI) * (1 - Math.cos((Math.PI * phase) / a));
  return peak * (a / Math.PI + phase - a / 2);
}

export function walkFeet(): void {
  const i = WALK_IN;
  const phase = ld(i, W_PHASE), T = ld(i, W_STEP_TIME), tc = ld(i, W_TC);
  const half = ld(i, W_HALF_WIDTH), lean = ld(i, W_LEAN);
  const leftStance = ld(i, W_SUPPORT) < 0.5;
  const dx = ld(i, W_DX), dy = ld(i, W_DY), dth = ld(i, W_DTH);
  const side: f64 = leftStance ? 1 : -1;
  const sway = side * half * ld(i, W_SWAY) *
    (1 - Math.cosh(((phase - 0.5) * T) / tc) / Math.cosh(T / (2 * tc)));
  const sx = ld(i, W_STANCE_X) - dx * phase;
  const sy = ld(i, W_STANCE_Y) - dy * phase;
  const syaw = ld(i, W_STANCE_YAW) - dth * phase;
  const s = swingShare(phase, ld(i, W_SWING_BLEND));
  const wx = ld(i, W_SWING_X) + (ld(i, W_SWING_END_X) - ld(i, W_SWING_X)) * s;
  const wy = ld(i, W_SWING_Y) + (ld(i, W_SWING_END_Y) - ld(i, W_SWING_Y)) * s;
  const wyaw = ld(i, W_SWING_YAW) + (ld(i, W_SWING_END_YAW) - ld(i, W_SWING_YAW)) * s;
  const lift = ld(i, W_STEP_HEIGHT) * Math.sin(Math.PI * phase);
  const u = 2 * phase - 1;
  const fx = ld(i, W_FOOT_X), z = -ld(i, W_TORSO_HEIGHT) - ld(i, W_BOB) * (1 - u * u);
  const stanceAt: usize = leftStance ? 0 : 96;
  const swingAt: usize = leftStance ? 96 : 0;
  pose(WALK_OUT + stanceAt, fx + sx, side * half + sy - sway, z, syaw, lean);
  pose(WALK_OUT + swingAt, fx + wx, -side * half + wy - sway, z + lift, wyaw, lean);
}
