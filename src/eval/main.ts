// `deno task eval <task> [--type T] [--runs N] [--server auto|HOST:PORT[:MPORT]] [--core K]
// [--paramsfile F]…`: runs an evaluation task on a real server and prints one JSON line.

import { parseFlags } from "../config/flags.ts";
import { isRobotType } from "../body/joints.ts";
import { choiceFlag, CliError, intFlag, numberFlag } from "../config/cli.ts";
import { bundledSkillFiles } from "../config/paramfiles.ts";
import { loadParams } from "../agent/params.ts";
import { CORE_KINDS } from "../core/numeric_core.ts";
import { createCore } from "../core/create_core.ts";
import { KICK_KINDS, type KickKind } from "../skills/kicks.ts";
import { loadSkillFiles } from "../skills/skill_compiler.ts";
import { parseServerSpec } from "../tools/server_launcher.ts";
import { LOG_LEVELS, Logger } from "log";
import { EvalSession } from "./session.ts";
import {
  DRIBBLE_STARTS,
  type DribbleStart,
  type FallKind,
  FALLS,
  fallsFlag,
  opponentFlag,
} from "./tasks.ts";
import {
  DEFAULT_TASK_OPTIONS,
  type EvalTask,
  evalTask,
  TASK_NAMES,
  type TaskOptions,
} from "./registry.ts";

export const EVAL_USAGE = `Usage: deno task eval <${TASK_NAMES.join("|")}> [flags]

  --type T          robot type 0-4 (default 0)
  --runs N          repetitions (default 10)
  --server S        auto (start rcssserver3d from PATH) or HOST:PORT[:MPORT] (default auto)
  --core KIND       wasm or ts (default wasm)
  --paramsfile F    extra param file; repeatable
  --log-level L     agent log level (default warn)
  --kick K          kick task: keyframe, ik or long (default keyframe)
  --jitter M        kick task: the ball lies M metres off the kick spot in turn (default 0)
  --foot F          kick task: left or right (default left)
  --falls LIST      getup and pile tasks: falls in turn, from ${FALLS.join(",")} (default
                    front,back)
  --lead S          dive task: the dive starts S seconds before the ball reaches the goalie's
                    line (default: the goalie.dive_lead param)
  --arrival A-B     save task: the shots reach the goal line at A to B m/s (default 0.3-2.5)
  --start S         dribble task: behind (0.3 m behind the ball) or mixed (the shoot task's
                    starts in turn: behind, beside, diagonal, in front; default behind)
  --opponent CMD    duel task: the opponent's command, run with host, port and unum appended
                    (default: an agent of our own code)`;

/** Each task-specific flag, with the task option it sets. */
const TASK_FLAGS: readonly [string, keyof TaskOptions][] = [
  ["kick", "kick"],
  ["jitter", "jitter"],
  ["foot", "leftFoot"],
  ["falls", "falls"],
  ["start", "start"],
  ["lead", "lead"],
  ["arrival", "arrival"],
  ["opponent", "opponent"],
];

/** A task-specific flag given in `args` that `task` does not read (its `flags`), if any. */
export function unreadFlag(task: EvalTask, args: readonly string[]): string | null {
  for (const [flag, option] of TASK_FLAGS) {
    const given = args.some((a) => a === `--${flag}` || a.startsWith(`--${flag}=`));
    if (given && !task.flags.includes(option)) return flag;
  }
  return null;
}

/** `--arrival A-B`: a speed range in m/s, 0 < A <= B <= 10. */
export function speedRange(text: string): [number, number] {
  const m = /^([\d.]+)-([\d.]+)$/.exec(text);
  const [a, b] = m ? [Number(m[1]), Number(m[2])] : [NaN, NaN];
  if (!(a > 0 && a <= b && b <= 10)) {
    throw new CliError(`--arrival: '${text}' is not a speed range A-B with 0 < A <= B <= 10 (m/s)`);
  }
  return [a, b];
}

async function main(args: string[]): Promise<number> {
  let v, task, spec, type, runs, coreKind, logLevel, jitter, leftFoot, falls: FallKind[];
  let start: DribbleStart, kickKind: KickKind, lead: number | null;
  let arrival: [number, number], opponent: string | null;
  try {
    const parsed = parseFlags({
      args,
      allowPositionals: true,
      options: {
        type: { type: "string", default: "0" },
        runs: { type: "string", default: "10" },
        server: { type: "string", default: "auto" },
        core: { type: "string", default: "wasm" },
        paramsfile: { type: "string", multiple: true, default: [] },
        "log-level": { type: "string", default: "warn" },
        kick: { type: "string", default: "keyframe" },
        jitter: { type: "string", default: "0" },
        foot: { type: "string", default: "left" },
        falls: { type: "string", default: "front,back" },
        start: { type: "string", default: "behind" },
        lead: { type: "string" },
        arrival: { type: "string", default: DEFAULT_TASK_OPTIONS.arrival.join("-") },
        opponent: { type: "string" },
        help: { type: "boolean", default: false },
      },
    });
    v = parsed.values;
    if (v.help) {
      console.log(EVAL_USAGE);
      return 0;
    }
    task = parsed.positionals[0];
    if (!TASK_NAMES.includes(task)) {
      throw new CliError(`task: '${task ?? ""}' is not one of ${TASK_NAMES.join(", ")}`);
    }
    type = intFlag("type", v.type as string, 0, 4);
    if (!isRobotType(type)) throw new CliError(`--type: '${v.type}' is not a robot type 0-4`);
    runs = Number(v.runs);
    if (!Number.isInteger(runs) || runs < 1) {
      throw new CliError(`--runs: '${v.runs}' is not a positive integer`);
    }
    coreKind = choiceFlag("core", v.core as string, CORE_KINDS);
    logLevel = choiceFlag("log-level", v["log-level"] as string, LOG_LEVELS);
    kickKind = choiceFlag("kick", v.kick as string, KICK_KINDS);
    jitter = numberFlag("jitter", v.jitter as string, 0, 0.1);
    leftFoot = choiceFlag("foot", v.foot as string, ["left", "right"]) === "left";
    falls = fallsFlag(v.falls as string);
    start = choiceFlag("start", v.start as string, DRIBBLE_STARTS);
    lead = v.lead === undefined ? null : numberFlag("lead", v.lead as string, 0, 2);
    arrival = speedRange(v.arrival as string);
    opponent = opponentFlag(v.opponent as string | undefined);
    spec = parseServerSpec(v.server as string);
    const unread = unreadFlag(evalTask(task), args);
    if (unread) throw new CliError(`--${unread}: the ${task} task does not read it`);
  } catch (e) {
    console.error(`error: ${(e as Error).message.split("\n")[0]} (see --help)`);
    return 2;
  }
  const log = new Logger(logLevel, "[eval]");
  let session: EvalSession;
  try {
    const params = await loadParams(type, v.paramsfile as string[]);
    const core = await createCore(coreKind, type);
    const skills = await loadSkillFiles(bundledSkillFiles(), params);
    session = await EvalSession.open(
      {
        team: "Eval",
        unum: 1,
        type,
        params,
        log,
        core,
        skills,
        headControl: evalTask(task).headControl,
      },
      "auto" in spec ? "auto" : spec,
    );
  } catch (e) {
    console.error(`error: ${(e as Error).message}`);
    return 2;
  }
  try {
    const t = evalTask(task);
    const options: TaskOptions = {
      ...DEFAULT_TASK_OPTIONS,
      kick: kickKind,
      jitter,
      leftFoot,
      falls,
      start,
      lead,
      arrival,
      opponent,
    };
    const result = await t.run(session, runs, options);
    // The tasks the optimizer tunes also print the score it would give.
    const score = t.score?.(result, options);
    console.log(JSON.stringify({ ...result, score, type, core: coreKind }));
    return 0;
  } catch (e) {
    console.error(`error: ${(e as Error).message}`);
    return 1;
  } finally {
    await session.close();
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
