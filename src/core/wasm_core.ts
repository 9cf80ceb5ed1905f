// The WebAssembly numeric core: loads core-as/build/core.wasm (built by build.ts), gives each
// agent its own instance, and exposes the shared layout as Float64Array views on the instance's
// linear memory, so kernel calls pass no data and allocate nothing.

import type { RobotType } from "../body/joints.ts";
import { buildDistanceMap, GRID } from "../estimation/field.ts";
import { GRID_BYTE_OFFSET, OFFSET } from "./layout.ts";
import type { NumericCore } from "./numeric_core.ts";
import { CORE_BYTES, gridView, loadModel, slotViews } from "./ts_core.ts";

export const WASM_URL = new URL("../../core-as/build/core.wasm", import.meta.url);

interface CoreExports {
  memory: WebAssembly.Memory;
  heapBase(): number;
  setLayout(base: number, ...offsets: number[]): void;
  forwardKinematics(): void;
  centerOfMass(): void;
  legIK(side: number, fixedYawPitch: number): number;
  legIKBatch(side: number, count: number): number;
  setFilterLayout(base: number, ...offsets: number[]): void;
  setGrid(ptr: number, width: number, height: number, x0: number, y0: number, res: number): void;
  seed(s: number): void;
  uniform(): number;
  pfPredict(n: number, dx: number, dy: number, dth: number, sxy: number, sth: number): void;
  pfWeight(n: number, nLandmarks: number, nPoints: number): number;
  pfResample(n: number): void;
  pfMean(n: number): void;
  kfPredict(t: number, dt: number, decay: number, qPos: number, qVel: number): void;
  kfUpdate(t: number, zx: number, zy: number, r: number, gate: number): number;
}

/** Compiles the core module; share the result between agents, instantiate one per agent. */
export async function compileCore(): Promise<WebAssembly.Module> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await Deno.readFile(WASM_URL);
  } catch {
    throw new Error(
      `numeric core ${decodeURIComponent(WASM_URL.pathname)} is missing: run 'deno task build'`,
    );
  }
  return await WebAssembly.compile(bytes);
}

export class WasmCore implements NumericCore {
  readonly kind = "wasm" as const;
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
  private readonly x: CoreExports;

  private constructor(instance: WebAssembly.Instance, readonly type: RobotType) {
    this.x = instance.exports as unknown as CoreExports;
    const base = (this.x.heapBase() + 15) & ~15;
    const need = base + CORE_BYTES;
    const have = this.x.memory.buffer.byteLength;
    if (need > have) this.x.memory.grow(Math.ceil((need - have) / 65536));
    this.x.setLayout(
      base,
      OFFSET.bodies,
      OFFSET.legs,
      OFFSET.min,
      OFFSET.max,
      OFFSET.q,
      OFFSET.frames,
      OFFSET.com,
      OFFSET.camera,
      OFFSET.soles,
      OFFSET.ikTarget,
      OFFSET.ikAngles,
      OFFSET.batchTargets,
      OFFSET.batchAngles,
    );
    this.x.setFilterLayout(
      base,
      OFFSET.particles,
      OFFSET.particlesTmp,
      OFFSET.landmarks,
      OFFSET.linePoints,
      OFFSET.pfOut,
      OFFSET.tracks,
    );
    this.x.setGrid(
      base + GRID_BYTE_OFFSET,
      GRID.width,
      GRID.height,
      GRID.x0,
      GRID.y0,
      GRID.resolution,
    );
    // The memory never grows after this point, so the views stay valid.
    const v = slotViews(this.x.memory.buffer, base);
    this.grid = gridView(this.x.memory.buffer, base);
    this.particles = v.particles;
    this.landmarks = v.landmarks;
    this.linePoints = v.linePoints;
    this.pfOut = v.pfOut;
    this.tracks = v.tracks;
    loadModel(v, type);
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

  /** A new instance with its own memory, for one agent. */
  static async create(type: RobotType, module?: WebAssembly.Module): Promise<WasmCore> {
    const instance = await WebAssembly.instantiate(module ?? await compileCore(), {});
    return new WasmCore(instance, type);
  }

  forwardKinematics(): void {
    this.x.forwardKinematics();
  }

  centerOfMass(): void {
    this.x.centerOfMass();
  }

  legIK(side: 0 | 1, fixedYawPitch: number): number {
    return this.x.legIK(side, fixedYawPitch);
  }

  legIKBatch(side: 0 | 1, count: number): number {
    return this.x.legIKBatch(side, count);
  }

  loadFieldMap(): void {
    buildDistanceMap(this.grid);
  }

  seed(s: number): void {
    this.x.seed(s >>> 0);
  }

  uniform(): number {
    return this.x.uniform();
  }

  pfPredict(n: number, dx: number, dy: number, dth: number, sxy: number, sth: number): void {
    this.x.pfPredict(n, dx, dy, dth, sxy, sth);
  }

  pfWeight(n: number, nLandmarks: number, nPoints: number): number {
    return this.x.pfWeight(n, nLandmarks, nPoints);
  }

  pfResample(n: number): void {
    this.x.pfResample(n);
  }

  pfMean(n: number): void {
    this.x.pfMean(n);
  }

  kfPredict(t: number, dt: number, decay: number, qPos: number, qVel: number): void {
    this.x.kfPredict(t, dt, decay, qPos, qVel);
  }

  kfUpdate(t: number, zx: number, zy: number, r: number, gate: number): number {
    return this.x.kfUpdate(t, zx, zy, r, gate);
  }
}
