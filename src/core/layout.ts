// The memory layout both numeric cores share: one Float64 region with fixed slots for the body
// model, kinematics, particle filter and Kalman tracks, followed by the byte grid of the field
// line distance map. The WASM core keeps it in linear memory (views, no copies); the TS core
// keeps it in one ArrayBuffer. Offsets are in float64 elements unless named bytes.

import { B, L, NUM_BODIES } from "../body/body_model.ts";
import { NUM_JOINTS } from "../body/joints.ts";

/** Largest leg-IK batch. */
export const MAX_BATCH = 1000;
/** Particle filter capacity and observation limits per update. */
export const MAX_PARTICLES = 1000;
export const MAX_LANDMARKS = 16;
export const MAX_LINE_POINTS = 128;
/** Kalman tracks: the ball (0) and 22 players (1…22); one spare. */
export const MAX_TRACKS = 24;
/** Role assignment: players and roles at most (the DP keeps a cost row per subset of players). */
export const ROLE_MAX = 11;
/** Floats per particle: x, y, θ, weight. */
export const PARTICLE = 4;
/** Floats per landmark observation: field x, y; observed x, y (level frame); σ. */
export const LANDMARK = 5;
/** Floats per line point: observed x, y (level frame); σ. */
export const LINE_POINT = 3;
/** Floats per track: x, y, vx, vy, then the 4×4 covariance (row-major). */
export const TRACK = 20;

/** Fields of the walkIn slot (one walk step, evaluated at a phase). */
/** The slots of pfOut: pfMean writes the mean and spread, pfWeight the best log-likelihood and
 * the effective sample size. */
export const PF = {
  X: 0,
  Y: 1,
  THETA: 2,
  SX: 3,
  SY: 4,
  STHETA: 5,
  BEST: 6,
  ESS: 7,
} as const;

export const W = {
  /** Phase of the step, 0 … 1. */
  PHASE: 0,
  /** Step duration, s. */
  STEP_TIME: 1,
  /** Pendulum time constant √(h/g), s. */
  TC: 2,
  /** Lateral distance of each foot from the torso's midline, m. */
  HALF_WIDTH: 3,
  /** Scale of the pendulum's lateral sway. */
  SWAY: 4,
  STEP_HEIGHT: 5,
  /** Soles this far below the torso centre, m. */
  TORSO_HEIGHT: 6,
  /** Forward lean of the torso, rad. */
  LEAN: 7,
  /** 0: left foot stands, right swings; 1: the other way round. */
  SUPPORT: 8,
  /** Torso motion over this step: forward, left, turn (the stance foot moves by the opposite). */
  DX: 9,
  DY: 10,
  DTH: 11,
  /** Swing foot at the step's start, relative to its nominal spot: x, y, yaw. */
  SWING_X: 12,
  SWING_Y: 13,
  SWING_YAW: 14,
  /** Stance foot at the step's start, relative to its nominal spot. */
  STANCE_X: 15,
  STANCE_Y: 16,
  STANCE_YAW: 17,
  /** Nominal foot spot ahead of the torso centre, m. */
  FOOT_X: 18,
  /** Where the swing foot lands, relative to its nominal spot: x, y, yaw. */
  SWING_END_X: 19,
  SWING_END_Y: 20,
  SWING_END_YAW: 21,
  /**
   * Share of the swing spent speeding up and slowing down (0 … 1), on a sine each way; the rest
   * runs at constant speed. At 1 the swing is a raised cosine, 1.57 times its mean speed at peak.
   */
  SWING_BLEND: 22,
  /** The torso rises this much (m) over mid-stance, on a parabola: the legs bend less there. */
  BOB: 23,
} as const;

const sizes = {
  bodies: NUM_BODIES * B.STRIDE,
  legs: 2 * L.STRIDE,
  min: NUM_JOINTS,
  max: NUM_JOINTS,
  /** Joint angles in, radians (NaN = absent joint, read as 0). */
  q: NUM_JOINTS,
  /** Per body: rotation (row-major 3×3) then pivot position, torso frame. */
  frames: NUM_BODIES * 12,
  com: 3,
  camera: 12,
  /** Left sole pose then right sole pose (rotation + position). */
  soles: 24,
  /** Desired sole pose for one leg IK (rotation + position). */
  ikTarget: 12,
  /** Leg joint angles out: yaw-pitch, roll, hip pitch, knee, ankle pitch, ankle roll. */
  ikAngles: 6,
  batchTargets: MAX_BATCH * 12,
  batchAngles: MAX_BATCH * 6,
  particles: MAX_PARTICLES * PARTICLE,
  /** Scratch for resampling and log-likelihoods. */
  particlesTmp: MAX_PARTICLES * PARTICLE,
  landmarks: MAX_LANDMARKS * LANDMARK,
  linePoints: MAX_LINE_POINTS * LINE_POINT,
  /** Out of pfMean: x, y, θ, σx, σy, σθ; out of pfWeight: [6] best log-likelihood, [7] ESS. */
  pfOut: 8,
  tracks: MAX_TRACKS * TRACK,
  /** In of walkFeet: see W for the fields. */
  walkIn: 24,
  /** Out of walkFeet: left then right sole pose (rotation + position), torso frame. */
  walkOut: 24,
  /** In of assignRoles: distance of player p to role r at p * ROLE_MAX + r, m. */
  roleDist: ROLE_MAX * ROLE_MAX,
  /** The DP's best cost tuple per subset of players (ROLE_MAX each) and its last player. */
  roleCost: (1 << ROLE_MAX) * ROLE_MAX,
  roleChoice: 1 << ROLE_MAX,
  /** Out of assignRoles: the player index of each role. */
  roleOut: ROLE_MAX,
} as const;

export type Slot = keyof typeof sizes;

function offsets(): Record<Slot, number> {
  const out = {} as Record<Slot, number>;
  let at = 0;
  for (const k of Object.keys(sizes) as Slot[]) {
    out[k] = at;
    at += sizes[k];
  }
  return out;
}

export const OFFSET: Readonly<Record<Slot, number>> = Object.freeze(offsets());
export const SIZE: Readonly<Record<Slot, number>> = Object.freeze(sizes);
export const TOTAL_F64 = Object.values(sizes).reduce((a, b) => a + b, 0);

/** The line distance map (Uint8, one byte a cell) follows the float64 slots, in bytes. */
export const GRID_BYTE_OFFSET = TOTAL_F64 * 8;

/** IK status bits. */
export const IK_UNREACHABLE = 1;
export const IK_LIMITED = 2;

/** A camelCase name as an AssemblyScript constant: `batchTargets` → `BATCH_TARGETS`. */
function constName(s: string): string {
  return s.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase();
}

/**
 * The AssemblyScript side of this table (core-as/assembly/layout.ts, written by build.ts): every
 * slot's offset as OFFSET_<SLOT>, the strides, and the fields of the body, leg, walk-step and
 * pfOut records, so that the kernels read them by name and no number is written twice.
 */
export function assemblyScriptLayout(): string {
  const lines = [
    "// Generated by build.ts from src/core/layout.ts and src/body/body_model.ts: do not edit.",
    "// Slot offsets in float64 elements from the region's base, strides, and record fields.",
    "",
  ];
  const put = (name: string, v: number) => lines.push(`export const ${name}: i32 = ${v};`);
  for (const [slot, at] of Object.entries(OFFSET)) put(`OFFSET_${constName(slot)}`, at);
  const scalars = { NUM_BODIES, PARTICLE, LANDMARK, LINE_POINT, TRACK, ROLE_MAX };
  for (const [name, v] of Object.entries(scalars)) put(name, v);
  put("IK_UNREACHABLE", IK_UNREACHABLE);
  put("IK_LIMITED", IK_LIMITED);
  const records = { B, L, W, PF };
  for (const [prefix, fields] of Object.entries(records)) {
    for (const [field, v] of Object.entries(fields)) put(`${prefix}_${field}`, v);
  }
  return lines.join("\n") + "\n";
}
