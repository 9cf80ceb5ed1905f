// Test helper: builds agents with the bundled params and a logger that captures lines.

import { Agent, type AgentOptions } from "../src/agent/agent.ts";
import type { RobotType } from "../src/body/joints.ts";
import { bundledSkillFiles } from "../src/config/paramfiles.ts";
import { loadParams } from "../src/agent/params.ts";
import { loadSkillFiles } from "../src/skills/skill_compiler.ts";
import { type CoreKind } from "../src/core/numeric_core.ts";
import { createCore } from "../src/core/create_core.ts";
import { Logger, type LogLevel } from "log";

export interface TestAgent {
  agent: Agent;
  lines: string[];
}

export async function makeAgent(
  unum: number,
  type: RobotType = 0,
  team = "TestTeam",
  level: LogLevel = "debug",
  core: CoreKind = "wasm",
  extra: Partial<AgentOptions> = {},
): Promise<TestAgent> {
  const lines: string[] = [];
  const params = await loadParams(type, []);
  const log = new Logger(level, `[${unum}]`, (l) => lines.push(l));
  const c = await createCore(core, type);
  const skills = await loadSkillFiles(bundledSkillFiles(), params);
  return { agent: new Agent({ team, unum, type, params, log, core: c, skills, ...extra }), lines };
}

/** Leg joints at the default stand pose (paramfiles/default.params), as HJ perceptors. */
const STAND_LEGS = [
  ["lj1", "0.00"],
  ["lj2", "0.00"],
  ["lj3", "20.00"],
  ["lj4", "-40.00"],
  ["lj5", "20.00"],
  ["lj6", "0.00"],
]
  .flatMap(([j, a]) => [`(HJ (n l${j}) (ax ${a}))`, `(HJ (n r${j}) (ax ${a}))`]).join("");

/**
 * A server message with a game state, as the server sends every cycle. With `inPose` the legs
 * report the stand pose (so a pending beam goes out at once); otherwise they are straight.
 */
export function cycleMessage(now: number, pm: string, extra = "", inPose = true): string {
  return `(time (now ${now.toFixed(2)}))(GS ${extra}(sl 0) (sr 0) (t 0.00) (pm ${pm}))` +
    "(GYR (n torso) (rt 0.00 0.00 0.00))(ACC (n torso) (a 0.00 0.00 9.81))" +
    "(HJ (n hj1) (ax 0.00))(HJ (n hj2) (ax 0.00))" + (inPose ? STAND_LEGS : "");
}
