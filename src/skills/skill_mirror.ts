// Left/right mirroring (y → −y) of joints, poses, foot poses and whole skills (REFLECTSKILL):
// left and right joints swap, and rolls and yaws change sign while pitches and the hip
// yaw-pitch keep it. tests/skill_player_test.ts checks the table against the body's kinematics.

import { JOINTS, NUM_JOINTS } from "../body/joints.ts";
import type { Side } from "./skill_names.ts";
import type { FootPose, Keyframe, Skill, Step } from "./skill.ts";

/**
 * Perceptor names of the joints whose angle changes sign: those whose axis (x or z) is its own
 * mirror image. Pitch axes (along y) come out reversed, and the hip yaw-pitch axes of the two
 * legs are mirror images of opposite sense, so those keep their sign. UT Austin Villa's table
 * agrees on the arms (aj2, aj3, aj4) and legs (lj2, lj6); it keeps the head yaw hj1, which is
 * flipped here because its z axis makes it a yaw like aj2.
 */
const FLIPPED = new Set(
  ["hj1", "laj2", "laj3", "laj4", "llj2", "llj6"].flatMap((n) =>
    n.startsWith("l") ? [n, "r" + n.slice(1)] : [n]
  ),
);

function mirrorName(perceptor: string): string {
  if (perceptor.startsWith("l")) return "r" + perceptor.slice(1);
  if (perceptor.startsWith("r")) return "l" + perceptor.slice(1);
  return perceptor;
}

export interface MirrorEntry {
  /** Joint index of the mirrored joint. */
  readonly joint: number;
  /** Multiply the angle by this (−1 or 1). */
  readonly sign: -1 | 1;
}

/** By joint index. */
export const MIRROR: readonly MirrorEntry[] = Object.freeze(JOINTS.map((j) => {
  const other = JOINTS.find((k) => k.perceptor === mirrorName(j.perceptor));
  if (!other) throw new Error(`no mirror joint for ${j.perceptor}`);
  return Object.freeze({ joint: other.index, sign: FLIPPED.has(j.perceptor) ? -1 : 1 } as const);
}));

/** A whole pose (radians by joint index) mirrored into `out`. */
export function mirrorPose(q: ArrayLike<number>, out: Float64Array): Float64Array {
  for (let i = 0; i < NUM_JOINTS; i++) out[MIRROR[i].joint] = MIRROR[i].sign * q[i];
  return out;
}

export function otherSide(side: Side): Side {
  return side === "left" ? "right" : "left";
}

/** The mirror image of a sole pose: y, roll and yaw change sign. */
export function mirrorFootPose(p: FootPose): FootPose {
  return { x: p.x, y: -p.y, z: p.z, roll: -p.roll, pitch: p.pitch, yaw: -p.yaw };
}

function mirrorStep(s: Step): Step {
  switch (s.kind) {
    case "set":
    case "inc":
    case "move":
      return {
        kind: s.kind,
        pairs: s.pairs.map((p) => ({
          joint: MIRROR[p.joint].joint,
          value: MIRROR[p.joint].sign * p.value,
        })),
      };
    case "scale":
      return {
        kind: s.kind,
        pairs: s.pairs.map((p) => ({ joint: MIRROR[p.joint].joint, value: p.value })),
      };
    case "reset":
      return { kind: s.kind, joints: s.joints.map((j) => MIRROR[j].joint) };
    case "setfoot":
      return { kind: s.kind, side: otherSide(s.side), pose: mirrorFootPose(s.pose) };
    case "stabilize":
      return { kind: s.kind, side: otherSide(s.side), x: s.x, y: -s.y };
    case "curve":
      return { kind: s.kind, side: otherSide(s.side), points: s.points.map(mirrorFootPose) };
  }
}

/** The mirror image of `skill`, named `name`, made at `origin`. */
export function mirrorSkill(skill: Skill, name: string, origin: string): Skill {
  const keyframes: Keyframe[] = skill.keyframes.map((k) => ({
    steps: k.steps.map(mirrorStep),
    wait: k.wait,
    origin: k.origin,
  }));
  return { name, keyframes, origin };
}
