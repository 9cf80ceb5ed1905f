// The WebAssembly numeric core: loads core-as/build/core.wasm (built by build.ts), gives each
// agent its own instance, assigns the layout's slots in the instance's linear memory, and serves
// them as views (layout_core.ts), so kernel calls pass no data and allocate nothing.

import type { RobotType } from "../body/joints.ts";
import { GRID } from "../field/field.ts";
import { GRID_BYTE_OFFSET } from "./layout.ts";
import { CORE_BYTES, type Kernels, LayoutCore } from "./layout_core.ts";
import type { NumericCore } from "./numeric_core.ts";

export const WASM_URL = new URL("../../core-as/build/core.wasm", import.meta.url);

interface CoreExports extends Kernels {
  memory: WebAssembly.Memory;
  heapBase(): number;
  /** Places every slot of the layout table from `base` (the table is compiled in). */
  setBase(base: number): void;
  setGrid(ptr: number, width: number, height: number, x0: number, y0: number, res: number): void;
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

/** A new instance with its own memory, for one agent. */
export async function createWasmCore(
  type: RobotType,
  module?: WebAssembly.Module,
): Promise<NumericCore> {
  const instance = await WebAssembly.instantiate(module ?? await compileCore(), {});
  const x = instance.exports as unknown as CoreExports;
  const base = (x.heapBase() + 15) & ~15;
  const need = base + CORE_BYTES;
  const have = x.memory.buffer.byteLength;
  if (need > have) x.memory.grow(Math.ceil((need - have) / 65536));
  x.setBase(base);
  x.setGrid(base + GRID_BYTE_OFFSET, GRID.width, GRID.height, GRID.x0, GRID.y0, GRID.resolution);
  // The memory never grows after this point, so the views stay valid.
  return new LayoutCore("wasm", type, x.memory.buffer, base, x);
}
