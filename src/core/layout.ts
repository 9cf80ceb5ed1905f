// The memory layout both numeric cores share: one Float64 region with fixed slots for the body
// model, inputs and outputs. The WASM core keeps it in linear memory (views, no copies); the TS
// core keeps it in one Float64Array. Offsets are in float64 elements.

import { B, L, NUM_BODIES } from "../body/body_model.ts";
import { NUM_JOINTS } from "../body/joints.ts";

/** Largest leg-IK batch. */
export const MAX_BATCH = 1000;

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

/** IK status bits. */
export const IK_UNREACHABLE = 1;
export const IK_LIMITED = 2;
