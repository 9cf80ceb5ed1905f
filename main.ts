// Entry point of one agent process: parse flags, load params, connect and play until the server
// goes away. Exit codes: 0 stopped by signal, 1 link or server failure, 2 bad flags or config.

import { Agent } from "./src/agent/agent.ts";
import { runAgent } from "./src/agent/runner.ts";
import { TrafficRecorder } from "./src/net/recorder.ts";
import { CliError } from "./src/config/cli.ts";
import { AGENT_USAGE, parseAgentArgs } from "./src/agent/agent_cli.ts";
import { bundledSkillFiles } from "./src/config/paramfiles.ts";
import { loadParams } from "./src/agent/params.ts";
import { loadSkillFiles } from "./src/skills/skill_compiler.ts";
import { ConfigError } from "./src/config/params.ts";
import { createCore } from "./src/core/create_core.ts";
import { Logger } from "log";

async function main(args: string[]): Promise<number> {
  let cli;
  try {
    cli = parseAgentArgs(args);
  } catch (e) {
    if (e instanceof CliError) {
      console.error(`error: ${e.message} (see --help)`);
      return 2;
    }
    throw e;
  }
  if (cli.help) {
    console.log(AGENT_USAGE);
    return 0;
  }
  const log = new Logger(cli.logLevel, `[${cli.unum}]`);
  let params;
  try {
    params = await loadParams(cli.type, cli.paramsFiles);
  } catch (e) {
    if (e instanceof ConfigError) {
      log.error(e.message);
      return 2;
    }
    throw e;
  }
  let agent;
  let recorder: TrafficRecorder | null = null;
  try {
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
    log.error((e as Error).message);
    return 2;
  }
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  Deno.addSignalListener("SIGINT", onSignal);
  Deno.addSignalListener("SIGTERM", onSignal);
  log.info(
    `team ${cli.team} type ${cli.type} (${cli.core} core) connecting to ${cli.host}:${cli.port}`,
  );
  return await runAgent(agent, {
    host: cli.host,
    port: cli.port,
    recorder,
    signal: stop.signal,
    link: cli.link,
  });
}

if (import.meta.main) Deno.exit(await main(Deno.args));
