// The one interface of the numeric core. Two implementations sit behind it: WebAssembly compiled
// from core-as/ (wasm_core.ts) and its pure-TypeScript twin (ts_core.ts). Inputs and outputs are
// Float64Array views on the core's own memory, so calls copy nothing and allocate nothing.

import type { RobotType } from "../body/joints.ts";

export type CoreKind = "wasm" | "ts";

export const CORE_KINDS: readonly CoreKind[] = ["wasm", "ts"];

export interface NumericCore {
  readonly kind: CoreKind;
  readonly type: RobotType;
  /** In: joint angles by joint index, radians (NaN = absent, read as 0). */
  readonly q: Float64Array;
  /** Out of forwardKinematics(): per body a row-major rotation then the pivot, torso frame. */
  readonly frames: Float64Array;
  /** Out of forwardKinematics(): camera pose (rotation + position), torso frame. */
  readonly camera: Float64Array;
  /** Out of forwardKinematics(): left then right sole pose (rotation + position). */
  readonly soles: Float64Array;
  /** Out of centerOfMass(): whole-body centre of mass, torso frame. */
  readonly com: Float64Array;
  /** In: desired sole pose for legIK (rotation + position, torso frame). */
  readonly ikTarget: Float64Array;
  /** Out of legIK: hip yaw-pitch, hip roll, hip pitch, knee, ankle pitch, ankle roll. */
  readonly ikAngles: Float64Array;
  /** In/out of legIKBatch: MAX_BATCH targets (12 each) and angles (6 each). */
  readonly batchTargets: Float64Array;
  readonly batchAngles: Float64Array;

  /** Particles: x, y, θ, weight each (layout PARTICLE). */
  readonly particles: Float64Array;
  /** In: landmark observations (layout LANDMARK) and line points (LINE_POINT) for pfWeight. */
  readonly landmarks: Float64Array;
  readonly linePoints: Float64Array;
  /** Out of pfMean / pfWeight (layout pfOut). */
  readonly pfOut: Float64Array;
  /** Kalman tracks: x, y, vx, vy and the 4×4 covariance each (layout TRACK). */
  readonly tracks: Float64Array;
  /** In and out of walkFeet (layout W; left then right sole pose). */
  readonly walkIn: Float64Array;
  readonly walkOut: Float64Array;
  /** In of assignRoles: distance of player p to role r at p * ROLE_MAX + r (layout.ts). */
  readonly roleDist: Float64Array;
  /** Out of assignRoles: the player index of each role. */
  readonly roleOut: Float64Array;
  /** The field-line distance map (cm per cell) that pfWeight reads; filled by loadFieldMap. */
  readonly grid: Uint8Array;

  forwardKinematics(): void;
  centerOfMass(): void;
  /**
   * Leg IK for ikTarget; side 0 = left, 1 = right. fixedYawPitch NaN solves all six joints,
   * a number holds the coupled hip yaw-pitch there. Returns IK status bits (0 = exact).
   */
  legIK(side: 0 | 1, fixedYawPitch: number): number;
  /** Solves `count` batch targets for one leg; returns how many were not exact. */
  legIKBatch(side: 0 | 1, count: number): number;

  /** Builds the field-line distance map into `grid` (once per core, ~50 ms). */
  loadFieldMap(): void;
  /** Seeds the core's xorshift32 random stream (prediction noise, resampling offset). */
  seed(s: number): void;
  /** Uniform random number in (0, 1) from the core's stream. */
  uniform(): number;
  /** Standard normal random number (Box–Muller) from the same stream. */
  gaussian(): number;
  /** Moves n particles by odometry (dx, dy in each particle's frame, dθ) plus noise. */
  pfPredict(n: number, dx: number, dy: number, dth: number, sxy: number, sth: number): void;
  /** Weights n particles by landmark and line-point likelihoods; returns the best log-likelihood. */
  pfWeight(n: number, nLandmarks: number, nPoints: number): number;
  /** Low-variance resampling of n particles. */
  pfResample(n: number): void;
  /** Weighted mean and spread of n particles into pfOut. */
  pfMean(n: number): void;
  /** Constant-velocity prediction of track t with velocity decay per second. */
  kfPredict(t: number, dt: number, decay: number, qPos: number, qVel: number): void;
  /** Position update of track t; applied only within `gate`; returns the Mahalanobis distance². */
  kfUpdate(t: number, zx: number, zy: number, r: number, gate: number): number;
  /** Both sole poses at a phase of one walk step, from walkIn into walkOut. */
  walkFeet(): void;
  /**
   * The optimal mapping of `players` players to the first min(players, roles) roles (seed 001:
   * distances sorted descending, compared lexicographically), from roleDist into roleOut;
   * returns the number of partial mappings evaluated.
   */
  assignRoles(players: number, roles: number): number;
}
