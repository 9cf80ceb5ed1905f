// `unblock`: the player at a ball lying at a standing opponent's feet in midfield plays it as a
// game does (an opponent field player with the stand behaviour, facing our goal at (7, 0), where
// the standing-robot benchmark has one): how long until the ball lies UNBLOCKED_X or farther up
// the field, from ball spots in front of its feet and beside them that games left it at, and from
// two spots 2-2.5 m short of it, where a dribble has to go around it. A run that does not get
// there counts its whole time limit.

import type { EvalSession } from "./session.ts";
import { playPastStanding, type StandingRuns, type StandingStart } from "./standing_opponent.ts";
import { task } from "./task.ts";

/** The opponent's spot, facing our goal. */
export const BLOCKER = { x: 7, y: 0, theta: Math.PI };
/** The ball is past it once this far up the field (m): 1.5 m beyond it. */
export const UNBLOCKED_X = 8.5;

export const UNBLOCK_STARTS: readonly StandingStart[] = [
  { name: "front", ball: { x: 6.83, y: 0 }, robot: { x: 5.6, y: 0.2 } },
  { name: "left", ball: { x: 6.85, y: 0.17 }, robot: { x: 5.6, y: 0.5 } },
  { name: "right", ball: { x: 6.86, y: -0.15 }, robot: { x: 5.6, y: -0.6 } },
  { name: "short", ball: { x: 6.5, y: 0.05 }, robot: { x: 5.3, y: -0.1 } },
  { name: "side", ball: { x: 7, y: -0.25 }, robot: { x: 5.8, y: -0.8 } },
  { name: "across", ball: { x: 6.8, y: 0.1 }, robot: { x: 6, y: 1 } },
  { name: "ahead", ball: { x: 4.5, y: 0.1 }, robot: { x: 3.4, y: 0 } },
  { name: "ahead-side", ball: { x: 4.8, y: -0.5 }, robot: { x: 3.7, y: -0.7 } },
];

/** A run ends short of the goal after this long (s). */
export const UNBLOCK_TIMEOUT = 30;

export interface UnblockResult extends Omit<StandingRuns, "reached"> {
  task: "unblock";
  runs: number;
  /** Runs that got the ball to UNBLOCKED_X. */
  past: number;
}

export async function unblock(
  s: EvalSession,
  runs: number,
  timeout = UNBLOCK_TIMEOUT,
): Promise<UnblockResult> {
  const { reached, ...rest } = await playPastStanding(s, runs, {
    opponent: { unum: 6, ...BLOCKER },
    starts: UNBLOCK_STARTS,
    timeout,
    reached: (s) => (s.agent.truth?.ballPos?.x ?? -Infinity) >= UNBLOCKED_X,
    reachedName: "past",
  });
  return { task: "unblock", runs, past: reached, ...rest };
}

export const UNBLOCK_TASK = task({
  name: "unblock",
  headControl: true,
  run: (s, runs) => unblock(s, runs),
  score: (r) => -r.meanTime,
});
