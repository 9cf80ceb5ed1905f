// Creates an agent's numeric core: its own WebAssembly instance, or the pure-TypeScript twin. Kept
// apart from the interface (numeric_core.ts), which the implementations import.

import type { RobotType } from "../body/joints.ts";
import type { CoreKind, NumericCore } from "./numeric_core.ts";
import { createTsCore } from "./ts_core.ts";
import { createWasmCore } from "./wasm_core.ts";

/** Creates the chosen core for one agent (its own WASM instance, or a TS core). */
export async function createCore(
  kind: CoreKind,
  type: RobotType,
  module?: WebAssembly.Module,
): Promise<NumericCore> {
  if (kind === "ts") return createTsCore(type);
  return await createWasmCore(type, module);
}
