// `finish`: the player at a ball near their goal plays it as a game does, against a keeper that
// stands on its goal line's middle (an opponent agent with the stand behaviour): how long until
// the ball is in, from ball spots around the keeper that games left it at (in front, at its
// feet, behind it, beside it near the line, wide) and from where attacks come at it (far, 3.6-4 m
// out). The time is the score the optimizer would minimize; a run without a goal counts its whole
// time limit.

import { FIELD_LENGTH } from "../field/field.ts";
import { weScored } from "./measure.ts";
import type { EvalSession } from "./session.ts";
import { playPastStanding, type StandingRuns, type StandingStart } from "./standing_opponent.ts";
import { task } from "./task.ts";

/** Their keeper's spot: the middle of their goal line, 1 m out, facing up the field. */
export const KEEPER = { x: FIELD_LENGTH / 2 - 1, y: 0, theta: Math.PI };

export const FINISH_STARTS: readonly StandingStart[] = [
  { name: "front", ball: { x: 12.6, y: -0.35 }, robot: { x: 11.6, y: -0.35 } },
  { name: "blocked", ball: { x: 13.6, y: 0.1 }, robot: { x: 12.6, y: 0.3 } },
  { name: "feet", ball: { x: 13.83, y: -0.05 }, robot: { x: 12.8, y: -0.3 } },
  { name: "behind", ball: { x: 14.45, y: 0.1 }, robot: { x: 13.3, y: -0.6 } },
  { name: "beside", ball: { x: 14.35, y: -0.65 }, robot: { x: 13.3, y: -0.9 } },
  { name: "wide", ball: { x: 13, y: 1.3 }, robot: { x: 12, y: 1 } },
  { name: "far", ball: { x: 11.2, y: 0.3 }, robot: { x: 10.3, y: 0.9 } },
  { name: "far-side", ball: { x: 11.4, y: -1.7 }, robot: { x: 10.4, y: -1.4 } },
];

/** A run ends without a goal after this long (s). */
export const FINISH_TIMEOUT = 40;

export interface FinishResult extends Omit<StandingRuns, "reached"> {
  task: "finish";
  runs: number;
  goals: number;
}

export async function finish(
  s: EvalSession,
  runs: number,
  timeout = FINISH_TIMEOUT,
): Promise<FinishResult> {
  const { reached, ...rest } = await playPastStanding(s, runs, {
    opponent: { unum: 1, ...KEEPER },
    starts: FINISH_STARTS,
    timeout,
    reached: weScored,
    reachedName: "goal",
  });
  return { task: "finish", runs, goals: reached, ...rest };
}

export const FINISH_TASK = task({
  name: "finish",
  headControl: true,
  run: (s, runs) => finish(s, runs),
  score: (r) => -r.meanTime,
});
