// The one table of the Nao's hinge joints: index order, perceptor and effector names, and
// limits (radians). Every other module refers to joints by the indices defined here.

export enum J {
  HeadYaw = 0,
  HeadPitch,
  LShoulderPitch,
  LShoulderYaw,
  LArmRoll,
  LArmYaw,
  RShoulderPitch,
  RShoulderYaw,
  RArmRoll,
  RArmYaw,
  LHipYawPitch,
  LHipRoll,
  LHipPitch,
  LKnee,
  LAnklePitch,
  LAnkleRoll,
  LToe,
  RHipYawPitch,
  RHipRoll,
  RHipPitch,
  RKnee,
  RAnklePitch,
  RAnkleRoll,
  RToe,
}

export const NUM_JOINTS = 24;

/** Each leg's first joint (hip yaw-pitch), left then right; the six leg joints follow in IK order. */
export const LEG_FIRST_JOINT: readonly [number, number] = [J.LHipYawPitch, J.RHipYawPitch];

export interface JointInfo {
  readonly index: number;
  readonly name: string;
  readonly perceptor: string;
  readonly effector: string;
  /** Lower and upper limit in radians. */
  readonly min: number;
  readonly max: number;
  /** Only robot type 4 has this joint (the toes). */
  readonly toeOnly: boolean;
}

const D = Math.PI / 180;

function joint(
  index: number,
  name: string,
  perceptor: string,
  effector: string,
  minDeg: number,
  maxDeg: number,
  toeOnly = false,
): JointInfo {
  return Object.freeze({
    index,
    name,
    perceptor,
    effector,
    min: minDeg * D,
    max: maxDeg * D,
    toeOnly,
  });
}

/** Limits in degrees as in rcssserver3d's rsg/agent/nao files. */
export const JOINTS: readonly JointInfo[] = Object.freeze([
  joint(J.HeadYaw, "HeadYaw", "hj1", "he1", -120, 120),
  joint(J.HeadPitch, "HeadPitch", "hj2", "he2", -45, 45),
  joint(J.LShoulderPitch, "LShoulderPitch", "laj1", "lae1", -120, 120),
  joint(J.LShoulderYaw, "LShoulderYaw", "laj2", "lae2", -1, 95),
  joint(J.LArmRoll, "LArmRoll", "laj3", "lae3", -120, 120),
  joint(J.LArmYaw, "LArmYaw", "laj4", "lae4", -90, 1),
  joint(J.RShoulderPitch, "RShoulderPitch", "raj1", "rae1", -120, 120),
  joint(J.RShoulderYaw, "RShoulderYaw", "raj2", "rae2", -95, 1),
  joint(J.RArmRoll, "RArmRoll", "raj3", "rae3", -120, 120),
  joint(J.RArmYaw, "RArmYaw", "raj4", "rae4", -1, 90),
  joint(J.LHipYawPitch, "LHipYawPitch", "llj1", "lle1", -90, 1),
  joint(J.LHipRoll, "LHipRoll", "llj2", "lle2", -25, 45),
  joint(J.LHipPitch, "LHipPitch", "llj3", "lle3", -25, 100),
  joint(J.LKnee, "LKnee", "llj4", "lle4", -130, 1),
  joint(J.LAnklePitch, "LAnklePitch", "llj5", "lle5", -45, 75),
  joint(J.LAnkleRoll, "LAnkleRoll", "llj6", "lle6", -45, 25),
  joint(J.LToe, "LToe", "llj7", "lle7", -1, 70, true),
  joint(J.RHipYawPitch, "RHipYawPitch", "rlj1", "rle1", -90, 1),
  joint(J.RHipRoll, "RHipRoll", "rlj2", "rle2", -45, 25),
  joint(J.RHipPitch, "RHipPitch", "rlj3", "rle3", -25, 100),
  joint(J.RKnee, "RKnee", "rlj4", "rle4", -130, 1),
  joint(J.RAnklePitch, "RAnklePitch", "rlj5", "rle5", -45, 75),
  joint(J.RAnkleRoll, "RAnkleRoll", "rlj6", "rle6", -25, 45),
  joint(J.RToe, "RToe", "rlj7", "rle7", -1, 70, true),
]);

/** Perceptor name (hj1 … rlj7) → joint index. */
export const JOINT_BY_PERCEPTOR: ReadonlyMap<string, number> = new Map(
  JOINTS.map((j) => [j.perceptor, j.index]),
);

/** Joint name, perceptor name or effector name → joint index. */
export function jointIndex(name: string): number | undefined {
  return JOINT_BY_PERCEPTOR.get(name) ??
    JOINTS.find((j) => j.name === name || j.effector === name)?.index;
}

export type RobotType = 0 | 1 | 2 | 3 | 4;

export function isRobotType(n: number): n is RobotType {
  return Number.isInteger(n) && n >= 0 && n <= 4;
}

/** Indices of the joints a robot of this type has, in effector order. */
export function jointsOfType(type: RobotType): readonly number[] {
  return JOINTS.filter((j) => type === 4 || !j.toeOnly).map((j) => j.index);
}
