// Test helper: builds agents with the bundled params and a logger that captures lines.

import { Agent } from "../src/agent/agent.ts";
import type { RobotType } from "../src/body/joints.ts";
import { loadAgentParams } from "../src/config/paramfiles.ts";
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
): Promise<TestAgent> {
  const lines: string[] = [];
  const params = await loadAgentParams([]);
  const log = new Logger(level, `[${unum}]`, (l) => lines.push(l));
  return { agent: new Agent({ team, unum, type, params, log }), lines };
}

/** A minimal server message with a game state, as the server sends every cycle. */
export function cycleMessage(now: number, pm: string, extra = ""): string {
  return `(time (now ${now.toFixed(2)}))(GS ${extra}(sl 0) (sr 0) (t 0.00) (pm ${pm}))` +
    "(GYR (n torso) (rt 0.00 0.00 0.00))(ACC (n torso) (a 0.00 0.00 9.81))" +
    "(HJ (n hj1) (ax 0.00))(HJ (n llj3) (ax 10.00))";
}
