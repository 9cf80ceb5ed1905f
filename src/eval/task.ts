// What an evaluation task is: its name, whether the agent's head looks for the ball, the options
// it reads (its flags), how its runs are made, and, for the tasks the optimizer tunes, the score
// it maximizes. Each task lives in its own file and exports one of these; registry.ts lists them.

import { choiceFlag, CliError } from "../config/cli.ts";
import type { KickKind } from "../skills/kicks.ts";
import type { EvalSession } from "./session.ts";

/**
 * Which way the get-up evaluation knocks the robot down; back-tilted: onto the back while leaning
 * sideways, as robots land in games (types 2 and 3 stood up from it and fell again).
 */
export const FALLS = ["front", "back", "side", "back-tilted"] as const;
export type FallKind = typeof FALLS[number];

/** The --falls flag of eval and optimize: falls in turn, comma-separated. */
export function fallsFlag(value: string): FallKind[] {
  return value.split(",").map((f) => choiceFlag("falls", f, FALLS));
}

/** The --opponent flag of eval and optimize: a command (not blank), or null when not given. */
export function opponentFlag(value: string | undefined): string | null {
  if (value === undefined) return null;
  if (value.trim() === "") throw new CliError("--opponent: the command is empty");
  return value;
}

/** Where a dribble starts: 0.3 m behind the ball facing the goal, or the shoot task's starts. */
export const DRIBBLE_STARTS = ["behind", "mixed"] as const;
export type DribbleStart = typeof DRIBBLE_STARTS[number];

/** What the tasks may be told besides the number of runs; each reads its own. */
export interface TaskOptions {
  kick: KickKind;
  /** Kick: the ball lies this far (m) off the kick's spot, in turn. */
  jitter: number;
  leftFoot: boolean;
  falls: readonly FallKind[];
  start: DribbleStart;
  /** Walk-omni: seconds allowed per target. */
  omniTimeout: number;
  /** Kick score: metres lost per fall and run. */
  fallCost: number;
  /** Dive: seconds between the dive's start and the ball reaching the goalie; null: the param. */
  lead: number | null;
  /** Save: the shots reach the goal line at speeds in this range (m/s). */
  arrival: readonly [number, number];
  /**
   * Duel: the opponent's command (run with host, port and unum appended); null: an agent of our
   * own code.
   */
  opponent: string | null;
}

export interface EvalTask {
  name: string;
  /** The agent's head looks for the ball (the tasks that play it). */
  headControl: boolean;
  /** The TaskOptions it reads: its own flags (`deno task eval --help`). */
  flags: readonly (keyof TaskOptions)[];
  /** The task's JSON-able result. */
  run(s: EvalSession, runs: number, o: TaskOptions): Promise<object>;
  /** For tasks the optimizer tunes: the value it maximizes, from that result. */
  score?(result: object, o: TaskOptions): number;
  /** For tasks the optimizer tunes: whether a candidate is a walk (checked for reach first). */
  walk?: boolean;
}

/** Types one task: its score reads the result its run returns. */
export function task<R extends object>(t: {
  name: string;
  headControl?: boolean;
  flags?: readonly (keyof TaskOptions)[];
  walk?: boolean;
  run: (s: EvalSession, runs: number, o: TaskOptions) => Promise<R>;
  score?: (result: R, o: TaskOptions) => number;
}): EvalTask {
  const score = t.score;
  return {
    name: t.name,
    headControl: t.headControl ?? false,
    flags: t.flags ?? [],
    walk: t.walk,
    run: t.run,
    score: score ? (r, o) => score(r as R, o) : undefined,
  };
}
