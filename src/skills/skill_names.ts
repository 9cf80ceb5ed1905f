// The names a skill file may use: joints (UT Austin Villa effector names EFF_H1 … EFF_RL7 and
// our perceptor names hj1 … rlj7), the body parts `reset` takes (HEAD, ARM_LEFT, …) and the
// legs of setfoot / stabilize / STARTCURVE (LEG_LEFT, LEG_RIGHT).

import { JOINT_BY_PERCEPTOR, JOINTS } from "../body/joints.ts";

export type Side = "left" | "right";

/** UT effector name prefix → our perceptor prefix; the digit is the same in both. */
const UT_PREFIX: readonly [string, string][] = [
  ["EFF_H", "hj"],
  ["EFF_LA", "laj"],
  ["EFF_RA", "raj"],
  ["EFF_LL", "llj"],
  ["EFF_RL", "rlj"],
];

function utJointNames(): Map<string, number> {
  const out = new Map<string, number>();
  for (const [ut, ours] of UT_PREFIX) {
    for (const j of JOINTS) {
      const digit = j.perceptor.slice(ours.length);
      if (j.perceptor.startsWith(ours) && /^[0-9]$/.test(digit)) out.set(ut + digit, j.index);
    }
  }
  return out;
}

const UT_JOINTS: ReadonlyMap<string, number> = utJointNames();

/** Joint index for a UT effector name (EFF_LL3) or a perceptor name (llj3). */
export function skillJoint(name: string): number | undefined {
  return UT_JOINTS.get(name) ?? JOINT_BY_PERCEPTOR.get(name);
}

function jointsWithPrefix(prefix: string): readonly number[] {
  return JOINTS.filter((j) => j.perceptor.startsWith(prefix)).map((j) => j.index);
}

/** Body parts of `reset`, each with its joints. */
export const BODY_PARTS: ReadonlyMap<string, readonly number[]> = new Map([
  ["HEAD", jointsWithPrefix("hj")],
  ["ARM_LEFT", jointsWithPrefix("laj")],
  ["ARM_RIGHT", jointsWithPrefix("raj")],
  ["LEG_LEFT", jointsWithPrefix("llj")],
  ["LEG_RIGHT", jointsWithPrefix("rlj")],
]);

export const LEGS: ReadonlyMap<string, Side> = new Map([
  ["LEG_LEFT", "left"],
  ["LEG_RIGHT", "right"],
]);
