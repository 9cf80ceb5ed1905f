// Entry point of one agent process: parse flags, load params, connect and play until the server
// goes away. Exit codes: 0 stopped by signal, 1 link or server failure, 2 bad flags or config.

import { CliError } from "./src/config/cli.ts";
import { AGENT_USAGE, parseAgentArgs } from "./src/agent/agent_cli.ts";
import { launchAgent } from "./src/agent/launch.ts";
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
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  Deno.addSignalListener("SIGINT", onSignal);
  Deno.addSignalListener("SIGTERM", onSignal);
  const launch = await launchAgent(cli, new Logger(cli.logLevel, `[${cli.unum}]`), stop.signal);
  return typeof launch === "number" ? launch : await launch.done;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
