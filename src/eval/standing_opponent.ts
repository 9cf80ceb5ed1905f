// Playing the ball past one standing opponent, as a game does: the runs of the finish task (their
// keeper) and the unblock task (a field player with the ball at its feet). Each run puts the
// opponent on its spot, our robot and the ball at one start in turn, and plays until the task's
// goal is reached, play stops, or the time limit passes (playBallRun).

import type { Point2, Pose2 } from "../util/pose.ts";
import { ballPlayer, playBallRun } from "./ball_alone.ts";
import { type RunStats, stats } from "./measure.ts";
import type { EvalSession } from "./session.ts";

/** A run's start: the ball, and our robot facing their goal (field frame, we attack +x). */
export interface StandingStart {
  name: string;
  ball: Point2;
  robot: Point2;
}

/** What the runs play against and toward. */
export interface StandingSetup {
  /** The opponent's unum (1: their keeper, as our ball play treats it) and spot, facing theta. */
  opponent: { unum: number } & Pose2;
  starts: readonly StandingStart[];
  /** A run ends without reaching its goal after this long (s). */
  timeout: number;
  /** The run's goal, checked each cycle, and the name its end gets in the results. */
  reached: (s: EvalSession) => boolean;
  reachedName: string;
}

export interface StandingRuns {
  /** Runs that reached the goal. */
  reached: number;
  /** Seconds to the goal of the runs that reached it. */
  seconds: RunStats;
  /** Mean seconds per run, a run that did not reach it counting the whole time limit. */
  meanTime: number;
  falls: number;
  /** Runs play stopped in short of the goal (the ball out, a foul). */
  stopped: number;
  /** Per run: the start's name, seconds to the goal (null: not reached) and what ended it. */
  results: [string, number | null, string][];
}

export async function playPastStanding(
  s: EvalSession,
  runs: number,
  setup: StandingSetup,
): Promise<StandingRuns> {
  const a = s.agent;
  const opponent = await s.addOwnOpponent("Standing", setup.opponent.unum, 0, "stand");
  const results: [string, number | null, string][] = [];
  const times: number[] = [];
  let reached = 0, falls = 0, stopped = 0, total = 0;
  for (let r = 0; r < runs; r++) {
    await s.goalPauseOver();
    const start = setup.starts[r % setup.starts.length];
    const player = ballPlayer(s);
    a.motion.set({ kind: "stand" });
    const spot = setup.opponent;
    await s.placeOpponent(opponent, spot.x, spot.y, spot.theta);
    await s.place(start.robot.x, start.robot.y, 0);
    const run = await playBallRun(
      s,
      player,
      start.ball,
      start.name,
      setup.timeout,
      (s) => setup.reached(s) ? setup.reachedName : null,
    );
    falls += run.falls;
    const { end, seconds } = run;
    if (end === setup.reachedName) {
      reached++;
      times.push(seconds);
      total += seconds;
    } else {
      total += setup.timeout;
      if (end !== "time") stopped++;
    }
    results.push([start.name, end === setup.reachedName ? seconds : null, end]);
  }
  return {
    reached,
    seconds: stats(times),
    meanTime: Math.round(total / runs * 100) / 100,
    falls,
    stopped,
    results,
  };
}
