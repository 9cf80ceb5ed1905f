// The pure-TypeScript numeric core: the shared layout in one ArrayBuffer, the kernels of
// ts_kernels.ts and ts_filters.ts, and the body model of the chosen robot type loaded into it.

import type { RobotType } from "../body/joints.ts";
import { bodyModel } from "../body/body_model.ts";
import { buildDistanceMap, GRID } from "../estimation/field.ts";
import { GRID_BYTE_OFFSET, OFFSET, SIZE, type Slot } from "./layout.ts";
import type { NumericCore } from "./numeric_core.ts";
import { TsFilters } from "./ts_filters.ts";
import { TsKernels } from "./ts_kernels.ts";

/** Bytes the layout needs: the float64 slots and the distance-map grid. */
export const CORE_BYTES = GRID_BYTE_OFFSET + GRID.width * GRID.height;

/** Views of every slot of the layout over one buffer. */
export function slotViews(buffer: ArrayBufferLike, byteBase: number): Record<Slot, Float64Array> {
  const out = {} as Record<Slot, Float64Array>;
  for (const k of Object.keys(OFFSET) as Slot[]) {
    out[k] = new Float64Array(buffer, byteBase + OFFSET[k] * 8, SIZE[k]);
  }
  return out;
}

/** Writes the body model of `type` into its slots. */
export function loadModel(views: Record<Slot, Float64Array>, type: RobotType): void {
  const model = bodyModel(type);
  views.bodies.set(model.bodies);
  views.legs.set(model.legs);
  views.min.set(model.min);
  views.max.set(model.max);
}

/** The Uint8 view of the distance-map grid. */
export function gridView(buffer: ArrayBufferLike, byteBase: number): Uint8Array {
  return new Uint8Array(buffer, byteBase + GRID_BYTE_OFFSET, GRID.width * GRID.height);
}

export class TsCore implements NumericCore {
  readonly kind = "ts" as const;
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
  readonly grid: Uint8Array;
  private readonly kernels: TsKernels;
  private readonly filters: TsFilters;

  constructor(readonly type: RobotType) {
    const buffer = new ArrayBuffer(CORE_BYTES);
    const memory = new Float64Array(buffer, 0, GRID_BYTE_OFFSET / 8);
    const v = slotViews(buffer, 0);
    loadModel(v, type);
    this.kernels = new TsKernels(memory);
    this.filters = new TsFilters(memory);
    this.grid = gridView(buffer, 0);
    this.filters.setGrid(this.grid, GRID);
    this.particles = v.particles;
    this.landmarks = v.landmarks;
    this.linePoints = v.linePoints;
    this.pfOut = v.pfOut;
    this.tracks = v.tracks;
    this.q = v.q;
    this.frames = v.frames;
    this.camera = v.camera;
    this.soles = v.soles;
    this.com = v.com;
    this.ikTarget = v.ikTarget;
    this.ikAngles = v.ikAngles;
    this.batchTargets = v.batchTargets;
    this.batchAngles = v.batchAngles;
  }

  forwardKinematics(): void {
    this.kernels.forwardKinematics();
  }

  centerOfMass(): void {
    this.kernels.centerOfMass();
  }

  legIK(side: 0 | 1, fixedYawPitch: number): number {
    return this.kernels.legIK(side, fixedYawPitch, OFFSET.ikTarget, OFFSET.ikAngles);
  }

  legIKBatch(side: 0 | 1, count: number): number {
    return this.kernels.legIKBatch(side, count);
  }

  loadFieldMap(): void {
    buildDistanceMap(this.grid);
  }

  seed(s: number): void {
    this.filters.seed(s);
  }

  uniform(): number {
    return this.filters.uniform();
  }

  pfPredict(n: number, dx: number, dy: number, dth: number, sxy: number, sth: number): void {
    this.filters.pfPredict(n, dx, dy, dth, sxy, sth);
  }

  pfWeight(n: number, nLandmarks: number, nPoints: number): number {
    return this.filters.pfWeight(n, nLandmarks, nPoints);
  }

  pfResample(n: number): void {
    this.filters.pfResample(n);
  }

  pfMean(n: number): void {
    this.filters.pfMean(n);
  }

  kfPredict(t: number, dt: number, decay: number, qPos: number, qVel: number): void {
    this.filters.kfPredict(t, dt, decay, qPos, qVel);
  }

  kfUpdate(t: number, zx: number, zy: number, r: number, gate: number): number {
    return this.filters.kfUpdate(t, zx, zy, r, gate);
  }
}
