// Command-line flags of one agent, parsed with parseFlags (node:util parseArgs through the "cli-args"
// import-map entry) and checked into typed options. A bad value yields one line naming the flag.

import { parseFlags } from "../config/flags.ts";
import { choiceFlag, CliError, DEFAULT_TEAM, intFlag } from "../config/cli.ts";
import { TOP_LEVEL_BEHAVIOURS } from "../behavior/registry.ts";
import { type Mode, MODES } from "../strategy/formation.ts";
import { isRobotType, type RobotType } from "../body/joints.ts";
import { CORE_KINDS, type CoreKind } from "../core/numeric_core.ts";
import { teamNameError } from "../protocol/effectors.ts";
import { LOG_LEVELS, type LogLevel } from "log";
import { LINK_KINDS, type LinkKind } from "./runner.ts";

export interface AgentCli {
  host: string;
  port: number;
  mport: number;
  team: string;
  unum: number;
  type: RobotType;
  core: CoreKind;
  link: LinkKind;
  paramsFiles: string[];
  logLevel: LogLevel;
  record: string | null;
  /** RoboViz host for --draw (the server host by default). */
  mhost: string;
  draw: boolean;
  behaviour: string;
  mode: Mode;
  help: boolean;
}

export const AGENT_USAGE = `Usage: deno task run-agent [flags]

  --host HOST          server host (default 127.0.0.1)
  --port N             server agent port (default 3100)
  --mport N            server monitor port (default 3200)
  --team NAME          team name, A-Z a-z 0-9 _ - (default ${DEFAULT_TEAM})
  --unum N             uniform number 1-11, or 0 to let the server choose (default 0)
  --type T             robot type 0-4 (default 0)
  --core KIND          numeric core: wasm or ts (default wasm)
  --link KIND          server link: libc (waits in poll(2); Linux with --allow-ffi, else event)
                       or event (Deno's event loop; default libc)
  --paramsfile FILE    extra param file; repeatable, later files override earlier ones
  --log-level LEVEL    ${LOG_LEVELS.join(" | ")} (default info)
  --record FILE        write the whole traffic as JSONL {t, dir, msg} for replay
  --draw               send RoboViz drawings (pose, ball, activity) over UDP
  --behaviour NAME     top-level behaviour in a game: soccer, stand or walk-test (default soccer)
  --mode MODE          game, penalty-kicker or penalty-goalie (the shoot-out's beam spot and
                       play; default game)
  --mhost HOST         RoboViz host for --draw, port 32769 (default: --host)
  --help               print this help`;

export function parseAgentArgs(args: readonly string[]): AgentCli {
  let parsed;
  try {
    parsed = parseFlags({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: {
        host: { type: "string", default: "127.0.0.1" },
        port: { type: "string", default: "3100" },
        mport: { type: "string", default: "3200" },
        team: { type: "string", default: DEFAULT_TEAM },
        unum: { type: "string", default: "0" },
        type: { type: "string", default: "0" },
        core: { type: "string", default: "wasm" },
        link: { type: "string", default: "libc" },
        paramsfile: { type: "string", multiple: true, default: [] },
        "log-level": { type: "string", default: "info" },
        record: { type: "string" },
        draw: { type: "boolean", default: false },
        behaviour: { type: "string", default: "soccer" },
        mode: { type: "string", default: "game" },
        mhost: { type: "string" },
        help: { type: "boolean", default: false },
      },
    });
  } catch (e) {
    throw new CliError((e as Error).message.split("\n")[0]);
  }
  const v = parsed.values;
  const host = v.host as string;
  if (host.trim() === "") throw new CliError("--host: must not be empty");
  const team = v.team as string;
  const teamErr = teamNameError(team);
  if (teamErr) throw new CliError(`--team: ${teamErr}`);
  const type = intFlag("type", v.type as string, 0, 4);
  if (!isRobotType(type)) throw new CliError(`--type: '${v.type}' is not a robot type 0-4`);
  const behaviour = choiceFlag("behaviour", v.behaviour as string, TOP_LEVEL_BEHAVIOURS);
  const core = choiceFlag("core", v.core as string, CORE_KINDS);
  const level = choiceFlag("log-level", v["log-level"] as string, LOG_LEVELS);
  return {
    host,
    port: intFlag("port", v.port as string, 1, 65535),
    mport: intFlag("mport", v.mport as string, 1, 65535),
    team,
    unum: intFlag("unum", v.unum as string, 0, 11),
    type,
    core,
    link: choiceFlag("link", v.link as string, LINK_KINDS),
    paramsFiles: v.paramsfile as string[],
    logLevel: level,
    record: (v.record as string | undefined) ?? null,
    mhost: (v.mhost as string | undefined) ?? host,
    draw: v.draw as boolean,
    behaviour,
    mode: choiceFlag("mode", v.mode as string, MODES),
    help: v.help as boolean,
  };
}
