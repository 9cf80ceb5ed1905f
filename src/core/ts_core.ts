// The pure-TypeScript numeric core: the layout in one ArrayBuffer and the TS twin of the
// AssemblyScript kernels (kinematics in ts_kernels.ts, filters in ts_filters.ts, walk in
// ts_walk.ts, role assignment in ts_roles.ts).

import type { RobotType } from "../body/joints.ts";
import { GRID } from "../field/field.ts";
import { GRID_BYTE_OFFSET } from "./layout.ts";
import { CORE_BYTES, gridView, type Kernels, LayoutCore } from "./layout_core.ts";
import type { NumericCore } from "./numeric_core.ts";
import { TsFilters } from "./ts_filters.ts";
import { TsKernels } from "./ts_kernels.ts";
import { TsRoles } from "./ts_roles.ts";
import { TsWalk } from "./ts_walk.ts";

/** The TS kernels in the shape of the WASM exports. */
function tsKernels(buffer: ArrayBuffer): Kernels {
  const memory = new Float64Array(buffer, 0, GRID_BYTE_OFFSET / 8);
  const kin = new TsKernels(memory);
  const fil = new TsFilters(memory);
  const walk = new TsWalk(memory);
  const roles = new TsRoles(memory);
  fil.setGrid(gridView(buffer, 0), GRID);
  return {
    forwardKinematics: () => kin.forwardKinematics(),
    centerOfMass: () => kin.centerOfMass(),
    legIK: (side, fixed) => kin.legIK(side, fixed),
    legIKBatch: (side, count) => kin.legIKBatch(side, count),
    seed: (s) => fil.seed(s),
    uniform: () => fil.uniform(),
    gaussian: () => fil.gaussian(),
    pfPredict: (n, dx, dy, dth, sxy, sth) => fil.pfPredict(n, dx, dy, dth, sxy, sth),
    pfWeight: (n, nl, np) => fil.pfWeight(n, nl, np),
    pfResample: (n) => fil.pfResample(n),
    pfMean: (n) => fil.pfMean(n),
    kfPredict: (t, dt, decay, qp, qv) => fil.kfPredict(t, dt, decay, qp, qv),
    kfUpdate: (t, zx, zy, r, gate) => fil.kfUpdate(t, zx, zy, r, gate),
    walkFeet: () => walk.walkFeet(),
    assignRoles: (players, n) => roles.assignRoles(players, n),
  };
}

export function createTsCore(type: RobotType): NumericCore {
  const buffer = new ArrayBuffer(CORE_BYTES);
  return new LayoutCore("ts", type, buffer, 0, tsKernels(buffer));
}
