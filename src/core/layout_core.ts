// The one implementation of NumericCore that both cores share: the layout's Float64Array views
// (and the distance-map grid) over one buffer, loaded with a robot type's body model, and the
// kernel calls forwarded to a Kernels object — a WASM instance's exports or the TS twin.

import type { RobotType } from "../body/joints.ts";
import { bodyModel } from "../body/body_model.ts";
import { buildDistanceMap, GRID } from "../field/field.ts";
import { GRID_BYTE_OFFSET, OFFSET, ROLE_MAX, SIZE, type Slot } from "./layout.ts";
import type { CoreKind, NumericCore } from "./numeric_core.ts";

/** Bytes the layout needs: the float64 slots and the distance-map grid. */
export const CORE_BYTES = GRID_BYTE_OFFSET + GRID.width * GRID.height;

/** The kernels behind a core; the WASM exports and the TS twin both have this shape. */
export interface Kernels {
  forwardKinematics(): void;
  centerOfMass(): void;
  legIK(side: number, fixedYawPitch: number): number;
  legIKBatch(side: number, count: number): number;
  seed(s: number): void;
  uniform(): number;
  gaussian(): number;
  pfPredict(n: number, dx: number, dy: number, dth: number, sxy: number, sth: number): void;
  pfWeight(n: number, nLandmarks: number, nPoints: number): number;
  pfResample(n: number): void;
  pfMean(n: number): void;
  kfPredict(t: number, dt: number, decay: number, qPos: number, qVel: number): void;
  kfUpdate(t: number, zx: number, zy: number, r: number, gate: number): number;
  walkFeet(): void;
  assignRoles(players: number, roles: number): number;
}

/** The float64 slots of the layout at byteBase of buffer. */
export function slotViews(buffer: ArrayBufferLike, byteBase: number): Record<Slot, Float64Array> {
  const out = {} as Record<Slot, Float64Array>;
  for (const k of Object.keys(OFFSET) as Slot[]) {
    out[k] = new Float64Array(buffer, byteBase + OFFSET[k] * 8, SIZE[k]);
  }
  return out;
}

/** The Uint8 distance-map grid that follows the float64 slots. */
export function gridView(buffer: ArrayBufferLike, byteBase: number): Uint8Array {
  return new Uint8Array(buffer, byteBase + GRID_BYTE_OFFSET, GRID.width * GRID.height);
}

export class LayoutCore implements NumericCore {
  readonly q: Float64Array;
  readonly frames: Float64Array;
  readonly camera: Float64Array;
  readonly soles: Float64Array;
  readonly com: Float64Array;
  readonly ikTarget: Float64Array;
  readonly ikAngles: Float64Array;
  readonly batchTargets: Float64Array;
  readonly batchAngles: Float64Array;
  readonly particles: Float64Array;
  readonly landmarks: Float64Array;
  readonly linePoints: Float64Array;
  readonly pfOut: Float64Array;
  readonly tracks: Float64Array;
  readonly walkIn: Float64Array;
  readonly walkOut: Float64Array;
  readonly roleDist: Float64Array;
  readonly roleOut: Float64Array;
  readonly grid: Uint8Array;

  /** The buffer must not be resized or detached while the core lives. */
  constructor(
    readonly kind: CoreKind,
    readonly type: RobotType,
    buffer: ArrayBufferLike,
    byteBase: number,
    private readonly k: Kernels,
  ) {
    const v = slotViews(buffer, byteBase);
    const model = bodyModel(type);
    v.bodies.set(model.bodies);
    v.legs.set(model.legs);
    v.min.set(model.min);
    v.max.set(model.max);
    this.q = v.q;
    this.frames = v.frames;
    this.camera = v.camera;
    this.soles = v.soles;
    this.com = v.com;
    this.ikTarget = v.ikTarget;
    this.ikAngles = v.ikAngles;
    this.batchTargets = v.batchTargets;
    this.batchAngles = v.batchAngles;
    this.particles = v.particles;
    this.landmarks = v.landmarks;
    this.linePoints = v.linePoints;
    this.pfOut = v.pfOut;
    this.tracks = v.tracks;
    this.walkIn = v.walkIn;
    this.walkOut = v.walkOut;
    this.roleDist = v.roleDist;
    this.roleOut = v.roleOut;
    this.grid = gridView(buffer, byteBase);
  }

  forwardKinematics(): void {
    this.k.forwardKinematics();
  }
  centerOfMass(): void {
    this.k.centerOfMass();
  }
  legIK(side: 0 | 1, fixedYawPitch: number): number {
    return this.k.legIK(side, fixedYawPitch);
  }
  legIKBatch(side: 0 | 1, count: number): number {
    return this.k.legIKBatch(side, count);
  }
  loadFieldMap(): void {
    buildDistanceMap(this.grid);
  }
  seed(s: number): void {
    this.k.seed(s >>> 0);
  }
  uniform(): number {
    return this.k.uniform();
  }
  gaussian(): number {
    return this.k.gaussian();
  }
  pfPredict(n: number, dx: number, dy: number, dth: number, sxy: number, sth: number): void {
    this.k.pfPredict(n, dx, dy, dth, sxy, sth);
  }
  pfWeight(n: number, nLandmarks: number, nPoints: number): number {
    return this.k.pfWeight(n, nLandmarks, nPoints);
  }
  pfResample(n: number): void {
    this.k.pfResample(n);
  }
  pfMean(n: number): void {
    this.k.pfMean(n);
  }
  kfPredict(t: number, dt: number, decay: number, qPos: number, qVel: number): void {
    this.k.kfPredict(t, dt, decay, qPos, qVel);
  }
  kfUpdate(t: number, zx: number, zy: number, r: number, gate: number): number {
    return this.k.kfUpdate(t, zx, zy, r, gate);
  }
  walkFeet(): void {
    this.k.walkFeet();
  }
  assignRoles(players: number, roles: number): number {
    if (players > ROLE_MAX || roles > ROLE_MAX || players < 0 || roles < 0) {
      throw new RangeError(`assignRoles: ${players} players, ${roles} roles (at most ${ROLE_MAX})`);
    }
    return this.k.assignRoles(players, roles);
  }
}
