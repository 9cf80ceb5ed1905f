// Builds one agent from its command-line options (params, numeric core, skills, recorder) and
// plays it until the server goes away: what an agent process runs, and what a team that keeps
// its eleven agents in one process runs once per agent. Exit codes as main.ts's: 0 stopped, 1
// link or server failure, 2 bad config.

import { Agent } from "./agent.ts";
import type { AgentCli } from "./agent_cli.ts";
import { loadParams } from "./params.ts";
import { type ProcessShare, runAgent } from "./runner.ts";
import { TrafficRecorder } from "../net/recorder.ts";
import { bundledSkillFiles } from "../config/paramfiles.ts";
import { loadSkillFiles } from "../skills/skill_compiler.ts";
import { createCore } from "../core/create_core.ts";
import type { Logger } from "log";

export interface Launch {
  agent: Agent;
  /** The run's exit code, once the agent stops. */
  done: Promise<number>;
}

/**
 * Builds the agent and starts it; the exit code instead when the config is bad (2). `share`: what
 * the agents playing in this process share (runner.ts), absent for an agent alone in it.
 */
export async function launchAgent(
  cli: AgentCli,
  log: Logger,
  signal: AbortSignal,
  share?: ProcessShare,
): Promise<Launch | number> {
  let agent: Agent;
  let recorder: TrafficRecorder | null = null;
  try {
    const params = await loadParams(cli.type, cli.paramsFiles);
    const core = await createCore(cli.core, cli.type);
    const skills = await loadSkillFiles(bundledSkillFiles(), params);
    agent = new Agent({
      team: cli.team,
      unum: cli.unum,
      type: cli.type,
      params,
      log,
      core,
      skills,
      drawHost: cli.draw ? cli.mhost : undefined,
      behaviour: cli.behaviour,
      mode: cli.mode,
    });
    if (cli.record) recorder = TrafficRecorder.open(cli.record, (line) => log.error(line));
  } catch (e) {
    // A bad param or skill file, a missing core: one line, and the agent does not start.
    if (!(e instanceof Error)) throw e;
    log.error(e.message);
    return 2;
  }
  log.info(
    `team ${cli.team} type ${cli.type} (${cli.core} core) connecting to ${cli.host}:${cli.port}`,
  );
  const done = runAgent(agent, {
    host: cli.host,
    port: cli.port,
    recorder,
    signal,
    link: cli.link,
    share,
  });
  return { agent, done };
}
