// AssemblyScript walk kernel: where both soles are, in the torso frame, at a phase of one walk
// step — stance foot sliding back, swing foot on a raised cosine to where it lands with a sine
// lift, both shifted by the linear inverted pendulum's periodic sway. Same steps as
// src/core/ts_walk.ts.

import { ld, st } from "./memory";

// Fields of walkIn (src/core/layout.ts W).
const PHASE: i32 = 0;
const STEP_TIME: i32 = 1;
const TC: i32 = 2;
const HALF_WIDTH: i32 = 3;
const SWAY: i32 = 4;
const STEP_HEIGHT: i32 = 5;
const TORSO_HEIGHT: i32 = 6;
const LEAN: i32 = 7;
const SUPPORT: i32 = 8;
const DX: i32 = 9;
const DY: i32 = 10;
const DTH: i32 = 11;
const SWING_X: i32 = 12;
const SWING_Y: i32 = 13;
const SWING_YAW: i32 = 14;
const STANCE_X: i32 = 15;
const STANCE_Y: i32 = 16;
const STANCE_YAW: i32 = 17;
const FOOT_X: i32 = 18;
const SWING_END_X: i32 = 19;
const SWING_END_Y: i32 = 20;
const SWING_END_YAW: i32 = 21;

let WALK_IN: usize = 0;
let WALK_OUT: usize = 0;

/** Assigns the walk slots: `base` in bytes, the others in float64 elements from base. */
export function setWalkLayout(base: usize, walkIn: i32, walkOut: i32): void {
  WALK_IN = base + (<usize> walkIn << 3);
  WALK_OUT = base + (<usize> walkOut << 3);
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

export function walkFeet(): void {
  const i = WALK_IN;
  const phase = ld(i, PHASE), T = ld(i, STEP_TIME), tc = ld(i, TC);
  const half = ld(i, HALF_WIDTH), lean = ld(i, LEAN);
  const leftStance = ld(i, SUPPORT) < 0.5;
  const dx = ld(i, DX), dy = ld(i, DY), dth = ld(i, DTH);
  const side: f64 = leftStance ? 1 : -1;
  const sway = side * half * ld(i, SWAY) *
    (1 - Math.cosh(((phase - 0.5) * T) / tc) / Math.cosh(T / (2 * tc)));
  const sx = ld(i, STANCE_X) - dx * phase;
  const sy = ld(i, STANCE_Y) - dy * phase;
  const syaw = ld(i, STANCE_YAW) - dth * phase;
  const s = (1 - Math.cos(Math.PI * phase)) / 2;
  const wx = ld(i, SWING_X) + (ld(i, SWING_END_X) - ld(i, SWING_X)) * s;
  const wy = ld(i, SWING_Y) + (ld(i, SWING_END_Y) - ld(i, SWING_Y)) * s;
  const wyaw = ld(i, SWING_YAW) + (ld(i, SWING_END_YAW) - ld(i, SWING_YAW)) * s;
  const lift = ld(i, STEP_HEIGHT) * Math.sin(Math.PI * phase);
  const fx = ld(i, FOOT_X), z = -ld(i, TORSO_HEIGHT);
  const stanceAt: usize = leftStance ? 0 : 96;
  const swingAt: usize = leftStance ? 96 : 0;
  pose(WALK_OUT + stanceAt, fx + sx, side * half + sy - sway, z, syaw, lean);
  pose(WALK_OUT + swingAt, fx + wx, -side * half + wy - sway, z + lift, wyaw, lean);
}
