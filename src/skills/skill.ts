// A compiled skill, ready to play: keyframes of steps with every value resolved and in SI units
// (radians, metres, seconds), joints as indices of body/joints.ts. The compiler produces it from
// the syntax tree; the player executes it.

import type { Side } from "./skill_names.ts";

/** A sole pose: position (metres), roll, pitch, yaw (radians; R = Rz(yaw)·Ry(pitch)·Rx(roll)). */
export interface FootPose {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly roll: number;
  readonly pitch: number;
  readonly yaw: number;
}

export interface JointAmount {
  readonly joint: number;
  /** Radians for set, inc and move, a factor for scale. */
  readonly value: number;
}

export type Step =
  | { readonly kind: "set" | "inc" | "move" | "scale"; readonly pairs: readonly JointAmount[] }
  | { readonly kind: "reset"; readonly joints: readonly number[] }
  | { readonly kind: "setfoot"; readonly side: Side; readonly pose: FootPose }
  | {
    readonly kind: "stabilize";
    readonly side: Side;
    /** Where the centre of mass goes, relative to the support sole, metres. */
    readonly x: number;
    readonly y: number;
  }
  | { readonly kind: "curve"; readonly side: Side; readonly points: readonly FootPose[] };

export interface Keyframe {
  /** Applied in order when the keyframe starts. */
  readonly steps: readonly Step[];
  /** Seconds over which the keyframe's targets are reached (0: at once). */
  readonly wait: number;
  /** "file:line" of its STARTSTATE. */
  readonly origin: string;
}

export interface Skill {
  readonly name: string;
  readonly keyframes: readonly Keyframe[];
  /** "file:line" of its name, or of the REFLECTSKILL that made it. */
  readonly origin: string;
}

/** Skills by name. */
export type SkillLibrary = ReadonlyMap<string, Skill>;

/** A robot type's own version of a skill (`NAME_T<type>`) when the library has one, else `name`. */
export function skillForType(library: SkillLibrary, name: string, type: number): string {
  const own = `${name}_T${type}`;
  return library.has(own) ? own : name;
}
