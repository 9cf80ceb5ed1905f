// The pure-TypeScript numeric core: the shared layout in one Float64Array, the kernels of
// ts_kernels.ts, and the body model of the chosen robot type loaded into it.

import type { RobotType } from "../body/joints.ts";
import { bodyModel } from "../body/body_model.ts";
import { OFFSET, SIZE, type Slot, TOTAL_F64 } from "./layout.ts";
import type { NumericCore } from "./numeric_core.ts";
import { TsKernels } from "./ts_kernels.ts";

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
  private readonly kernels: TsKernels;

  constructor(readonly type: RobotType) {
    const memory = new Float64Array(TOTAL_F64);
    const v = slotViews(memory.buffer, 0);
    loadModel(v, type);
    this.kernels = new TsKernels(memory);
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
}
