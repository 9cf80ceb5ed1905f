// The Nao's body for robot types 0–4, from rcssserver3d 0.7.3's own definitions
// (naorobottypes.rb and rsg/agent/nao/*.rsg): the kinematic tree of 25 bodies with joint axes,
// pivots, centres of mass and masses, the joint limits and speed caps, and the leg constants of
// the analytic IK. Agent frame: x forward, y left, z up, origin at the torso centre; metres, kg.
// The numbers are packed into flat Float64Arrays that both numeric cores read.

import { JOINTS, NUM_JOINTS, type RobotType } from "./joints.ts";

/** Bodies: 0 torso, then body b ≥ 1 moves with joint b − 1 (joint order of body/joints.ts). */
export const NUM_BODIES = NUM_JOINTS + 1;

/** Layout of one body in `BodyModel.bodies`. */
export const B = {
  PARENT: 0,
  /** Unit joint axis in the parent frame (all frames are parallel in the zero pose). */
  AXIS: 1,
  /** Pivot of the body's joint relative to the parent's pivot, in the parent frame. */
  OFFSET: 4,
  /** Centre of mass relative to the body's own pivot, in the body frame. */
  COM: 7,
  MASS: 10,
  STRIDE: 12,
} as const;

/** Layout of one leg in `BodyModel.legs` (left leg first, then right). */
export const L = {
  /** Hip pivot (where the yaw-pitch, roll and pitch axes meet), torso frame. */
  HIP: 0,
  /** Hip yaw-pitch axis, torso frame. */
  YAW_AXIS: 3,
  /** Hip pivot → knee pivot, (forward, up) in the thigh's sagittal plane. */
  THIGH_X: 6,
  THIGH_Z: 7,
  /** Knee pivot → ankle-pitch pivot, (forward, up) in the shank's sagittal plane. */
  SHANK_X: 8,
  SHANK_Z: 9,
  /** Ankle-roll axis below the ankle-pitch pivot. */
  ROLL_DROP: 10,
  /** Sole plane below the ankle-roll axis. */
  SOLE_DROP: 11,
  /** Index of the leg's first joint (hip yaw-pitch). */
  FIRST_JOINT: 12,
  STRIDE: 16,
} as const;

/** Per-type parameters of naorobottypes.rb (rsg names). */
interface TypeParams {
  hip1RelTorsoX: number;
  thighRelHip2Z: number;
  ankleRelShankZ: number;
  elbowRelUpperArmY: number;
  ankleMaxSpeed: [number, number];
  toeLength: number;
}

const SPEED = (Math.PI * 351.77) / 180;

const TYPES: readonly TypeParams[] = [
  {
    hip1RelTorsoX: 0.055,
    thighRelHip2Z: -0.04,
    ankleRelShankZ: -0.055,
    elbowRelUpperArmY: 0.07,
    ankleMaxSpeed: [SPEED, SPEED],
    toeLength: 0,
  },
  {
    hip1RelTorsoX: 0.055,
    thighRelHip2Z: -0.05832,
    ankleRelShankZ: -0.07332,
    elbowRelUpperArmY: 0.10664,
    ankleMaxSpeed: [SPEED, SPEED],
    toeLength: 0,
  },
  {
    hip1RelTorsoX: 0.055,
    thighRelHip2Z: -0.04,
    ankleRelShankZ: -0.055,
    elbowRelUpperArmY: 0.07,
    ankleMaxSpeed: [8.80667, 3.47234],
    toeLength: 0,
  },
  {
    hip1RelTorsoX: 0.072954143,
    thighRelHip2Z: -0.067868424,
    ankleRelShankZ: -0.082868424,
    elbowRelUpperArmY: 0.125736848,
    ankleMaxSpeed: [SPEED, SPEED],
    toeLength: 0,
  },
  {
    hip1RelTorsoX: 0.055,
    thighRelHip2Z: -0.04,
    ankleRelShankZ: -0.055,
    elbowRelUpperArmY: 0.07,
    ankleMaxSpeed: [SPEED, SPEED],
    toeLength: 0.035517656,
  },
];

type V3 = [number, number, number];

/** rsg frame (x right, y forward, z up) → agent frame (x forward, y left, z up). */
function agent(rsg: V3): V3 {
  return [rsg[1], -rsg[0], rsg[2]];
}
function add(a: V3, b: V3): V3 {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}
function sub(a: V3, b: V3): V3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

const H = Math.SQRT1_2;
const X: V3 = [1, 0, 0];
const MINUS_Y: V3 = [0, -1, 0];
const Z: V3 = [0, 0, 1];

/** Heel to tip of the foot including any toe, metres (the rsg's foot). */
const FOOT_LENGTH = 0.16;

export interface BodyModel {
  readonly type: RobotType;
  /** NUM_BODIES × B.STRIDE. */
  readonly bodies: Float64Array;
  /** 2 × L.STRIDE: left leg, right leg. */
  readonly legs: Float64Array;
  /** Joint limits (radians) and speed caps (rad/s) by joint index. */
  readonly min: Float64Array;
  readonly max: Float64Array;
  readonly maxSpeed: Float64Array;
  readonly totalMass: number;
  /** Torso centre above the sole with all joints at zero (straight legs). */
  readonly standingHeight: number;
  /** The foot's sole from heel to tip, or to the toe joint for a robot with toes, metres. */
  readonly soleLength: number;
}

interface BodyDef {
  joint: number; // joint index (body = joint + 1), or -1 for the torso
  parent: number; // parent body
  axis: V3;
  pivot: V3; // zero-pose pivot, torso frame
  com: V3; // zero-pose centre of mass, torso frame
  mass: number;
}

function buildType(type: RobotType): BodyModel {
  const p = TYPES[type];
  const defs: BodyDef[] = [{
    joint: -1,
    parent: -1,
    axis: Z,
    pivot: [0, 0, 0],
    com: [0, 0, 0],
    mass: 1.2171,
  }];
  const put = (name: string, parent: number, axis: V3, pivot: V3, com: V3, mass: number) => {
    const joint = JOINTS.findIndex((j) => j.perceptor === name);
    defs[joint + 1] = { joint, parent, axis, pivot, com, mass };
  };
  // Neck and head (rsg: neck centre torso+0.09, head centre neck+0.065, head pivot 0.005 below).
  put("hj1", 0, Z, [0, 0, 0.09], [0, 0, 0.09], 0.05);
  put("hj2", 1, MINUS_Y, [0, 0, 0.15], [0, 0, 0.155], 0.35);
  // Arms: left is LR = −1 in the rsg.
  for (const [side, lr] of [["l", -1], ["r", 1]] as const) {
    const b = (k: number) => JOINTS.findIndex((j) => j.perceptor === `${side}aj${k}`) + 1;
    const shoulder: V3 = [lr * 0.098, 0, 0.075];
    const upperarm = add(shoulder, [lr * 0.01, 0.02, 0]);
    const elbow = add(upperarm, [-lr * 0.01, p.elbowRelUpperArmY, 0.009]);
    const lowerarm = add(elbow, [0, 0.05, 0]);
    put(`${side}aj1`, 0, MINUS_Y, agent(shoulder), agent(shoulder), 0.07);
    put(`${side}aj2`, b(1), Z, agent(shoulder), agent(upperarm), 0.15);
    put(`${side}aj3`, b(2), X, agent(elbow), agent(elbow), 0.035);
    put(`${side}aj4`, b(3), Z, agent(elbow), agent(lowerarm), 0.2);
  }
  // Legs.
  const toe = p.toeLength;
  const footMassShare = toe > 0 ? (toe / FOOT_LENGTH) * 0.5 : 0;
  for (const [side, lr] of [["l", -1], ["r", 1]] as const) {
    const b = (k: number) => JOINTS.findIndex((j) => j.perceptor === `${side}lj${k}`) + 1;
    const hip: V3 = [lr * p.hip1RelTorsoX, -0.01, -0.115];
    const thigh = add(hip, [0, 0.01, p.thighRelHip2Z]);
    const knee = add(thigh, [0, -0.005, -0.08]);
    const shank = add(thigh, [0, 0.005, -0.125]);
    const ankle = add(shank, [0, -0.01, p.ankleRelShankZ]);
    const footY = toe > 0 ? (FOOT_LENGTH - toe) * 0.5 - 0.05 : 0.03;
    const foot = add(ankle, [0, footY, -0.04]);
    const roll = add(ankle, [0, 0, -0.005]);
    const yawAxis: V3 = [0, H, lr * H]; // agent frame of rsg (−0.7071, 0, LR·0.7071)
    put(`${side}lj1`, 0, yawAxis, agent(hip), agent(hip), 0.09);
    put(`${side}lj2`, b(1), X, agent(hip), agent(hip), 0.125);
    put(`${side}lj3`, b(2), MINUS_Y, agent(hip), agent(thigh), 0.275);
    put(`${side}lj4`, b(3), MINUS_Y, agent(knee), agent(shank), 0.225);
    put(`${side}lj5`, b(4), MINUS_Y, agent(ankle), agent(ankle), 0.125);
    put(`${side}lj6`, b(5), X, agent(roll), agent(foot), 0.2 * (1 - footMassShare));
    const toeCentre = add(foot, [0, 0.08, -0.005]);
    const toePivot = add(toeCentre, [0, -0.5 * toe, -0.005]);
    put(`${side}lj7`, b(6), MINUS_Y, agent(toePivot), agent(toeCentre), 0.2 * footMassShare);
  }

  const bodies = new Float64Array(NUM_BODIES * B.STRIDE);
  for (let i = 0; i < NUM_BODIES; i++) {
    const d = defs[i];
    const o = i * B.STRIDE;
    const parentPivot = d.parent >= 0 ? defs[d.parent].pivot : [0, 0, 0] as V3;
    bodies[o + B.PARENT] = d.parent;
    bodies.set(d.axis, o + B.AXIS);
    bodies.set(d.parent >= 0 ? sub(d.pivot, parentPivot) : [0, 0, 0], o + B.OFFSET);
    bodies.set(sub(d.com, d.pivot), o + B.COM);
    bodies[o + B.MASS] = d.mass;
  }

  const legs = new Float64Array(2 * L.STRIDE);
  for (const [k, side] of [[0, "l"], [1, "r"]] as const) {
    const first = JOINTS.findIndex((j) => j.perceptor === `${side}lj1`);
    const hip = defs[first + 1].pivot;
    const knee = defs[first + 4].pivot;
    const ankle = defs[first + 5].pivot;
    const o = k * L.STRIDE;
    legs.set(hip, o + L.HIP);
    legs.set(defs[first + 1].axis, o + L.YAW_AXIS);
    legs[o + L.THIGH_X] = knee[0] - hip[0];
    legs[o + L.THIGH_Z] = knee[2] - hip[2];
    legs[o + L.SHANK_X] = ankle[0] - knee[0];
    legs[o + L.SHANK_Z] = ankle[2] - knee[2];
    legs[o + L.ROLL_DROP] = 0.005;
    legs[o + L.SOLE_DROP] = 0.045;
    legs[o + L.FIRST_JOINT] = first;
  }

  const min = Float64Array.from(JOINTS, (j) => j.min);
  const max = Float64Array.from(JOINTS, (j) => j.max);
  const maxSpeed = new Float64Array(NUM_JOINTS).fill(SPEED);
  for (const side of ["l", "r"]) {
    maxSpeed[JOINTS.findIndex((j) => j.perceptor === `${side}lj5`)] = p.ankleMaxSpeed[0];
    maxSpeed[JOINTS.findIndex((j) => j.perceptor === `${side}lj6`)] = p.ankleMaxSpeed[1];
  }
  const totalMass = defs.reduce((a, d) => a + d.mass, 0);
  const standingHeight = -(-0.115 + p.thighRelHip2Z - 0.125 + p.ankleRelShankZ - 0.05);
  return Object.freeze({
    type,
    bodies,
    legs,
    min,
    max,
    maxSpeed,
    totalMass,
    standingHeight,
    soleLength: FOOT_LENGTH - p.toeLength,
  });
}

/** The body model of a robot type. Builds a fresh copy: callers own what they get. */
export function bodyModel(type: RobotType): BodyModel {
  return buildType(type);
}
