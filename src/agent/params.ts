// Every module's param declarations, gathered in one list, and the loader that checks a robot's
// param files against them: what `run-agent`, `eval`, `optimize` and the tools load. A new param
// is declared next to the code that reads it and listed here once.

import type { RobotType } from "../body/joints.ts";
import type { ParamRange } from "../config/param_ranges.ts";
import { loadAgentParams } from "../config/paramfiles.ts";
import type { ParamSet } from "../config/params.ts";
import { JOINT_PARAMS } from "../control/joint_controller.ts";
import { ESTIMATION_PARAMS } from "../estimation/estimator.ts";
import { WALK_PARAMS } from "../motion/walk_engine.ts";
import { SKILL_PARAMS } from "../skills/kicks.ts";
import { SOCCER_PARAMS } from "../behavior/soccer.ts";
import { GETUP_PARAMS, STAND_PARAMS } from "./play_options.ts";

/** In order: the first declaration that matches a key is its own. */
export const PARAM_DECLARATIONS: readonly ParamRange[] = [
  ...JOINT_PARAMS,
  ...STAND_PARAMS,
  ...GETUP_PARAMS,
  ...ESTIMATION_PARAMS,
  ...SOCCER_PARAMS,
  ...WALK_PARAMS,
  ...SKILL_PARAMS,
];

/** The bundled param files for `type` under the user's, checked against every declaration. */
export function loadParams(type: RobotType, userFiles: readonly string[]): Promise<ParamSet> {
  return loadAgentParams(type, userFiles, PARAM_DECLARATIONS);
}
