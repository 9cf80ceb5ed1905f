// Playing the ball past one standing opponent, as a game does: the runs of the finish task (their
// keeper) and the unblock task (a field player with the ball at its feet). Each run puts the
// opponent on its spot, our robot and the ball at one start in turn, and plays until the task's
// goal is reached, play stops, or the time limit passes (playBallRun, which the duel task's runs
// against a moving opponent use too).

import { trainer } from "../net/monitor.ts";
import type { Point2, Pose2 } from "../util/pose.ts";
import type { BallPlayer } from "../behavior/ball_play.ts";
import { ballPlayer, playBallAlone, traceBallPlay } from "./ball_alone.ts";
import { type RunStats, stats, watchFalls } from "./measure.ts";
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

/** How a run played by playBallRun ended: its name, after how long (s), and our falls. */
export interface BallRun {
  end: string;
  seconds: number;
  falls: number;
}

/**
 * Puts the ball at `ball` (field frame), plays on, and plays it as a game does until `ends`
 * names the run's end, play stops (the play mode's name) or `timeout` s pass ("time"); then
 * stands.
 */
export async function playBallRun(
  s: EvalSession,
  player: BallPlayer,
  ball: Point2,
  label: string,
  timeout: number,
  ends: (s: EvalSession) => string | null,
): Promise<BallRun> {
  const a = s.agent;
  await s.monitor.send(trainer.ball({ ...ball, z: 0.042 }, { x: 0, y: 0, z: 0 }));
  await s.cycles(10);
  await s.resumePlay();
  a.estimator.ball.placed(ball.x, ball.y, a.world.time);
  const t0 = s.now;
  let end = "time";
  const falls = await watchFalls(s, async () => {
    while (s.now - t0 < timeout) {
      await a.nextCycle();
      const named = ends(s);
      if (named !== null) {
        end = named;
        return;
      }
      if (a.world.playModeName !== "PlayOn") {
        end = a.world.playModeName;
        return;
      }
      const request = playBallAlone(s, player, false);
      if (request) a.motion.set(request);
      traceBallPlay(s, player, label);
    }
  });
  a.motion.set({ kind: "stand" });
  return { end, seconds: Math.round((s.now - t0) * 100) / 100, falls };
}
