// `score`: the player at a ball in shooting range plays it as a game does (shot kick, no kick
// forced), on an empty field: how long until the kick, how often it scores. Five ball spots 4-9 m
// from the goal, the robot 1 m behind the ball facing up the field, in turn.

import { trainer } from "../net/monitor.ts";
import { ballPlayer, kickDone, playUntilKick } from "./ball_alone.ts";
import { ballAtRest, type RunStats, stats, watchFalls, weScored } from "./measure.ts";
import type { EvalSession } from "./session.ts";
import { task } from "./task.ts";

export interface ScoreResult {
  task: "score";
  runs: number;
  /** Goals, kicked or dribbled in. */
  goals: number;
  /** Goals dribbled in before any kick. */
  dribbledIn: number;
  /** Runs that ended with the ball dribbled over a line beside the goal, before any kick. */
  out: number;
  /** Runs in which neither a kick started nor the ball went in within the time limit. */
  missed: number;
  /** Seconds from the start of a run to the start of its kick's swing. */
  seconds: RunStats;
  falls: number;
  /** Per run, the starts in turn: seconds to the kick (null: none) and whether it scored. */
  shots: [number | null, boolean][];
}

/** Ball spots (field frame, we attack +x). */
export const SCORE_SPOTS = [
  { x: 8.5, y: -2.5 },
  { x: 9, y: 2 },
  { x: 10.5, y: 0 },
  { x: 11, y: -3.5 },
  { x: 12.5, y: 2.5 },
];

export async function score(s: EvalSession, runs: number, timeout = 30): Promise<ScoreResult> {
  const a = s.agent;
  const times: number[] = [];
  const shots: [number | null, boolean][] = [];
  let goals = 0, dribbledIn = 0, out = 0, missed = 0, falls = 0;
  for (let r = 0; r < runs; r++) {
    // A goal or a ball over the goal line stops play: it goes on from each run's placement, once
    // the server has ended its pause after a goal (the kick-off it starts moves robot and ball).
    await s.goalPauseOver();
    const player = ballPlayer(s);
    const ball = { ...SCORE_SPOTS[r % SCORE_SPOTS.length], z: 0.042 };
    a.motion.set({ kind: "stand" });
    await s.place(ball.x - 1, ball.y, 0);
    await s.monitor.send(trainer.ball(ball, { x: 0, y: 0, z: 0 }));
    await s.cycles(10);
    await s.resumePlay();
    // The robot is told where the trainer put the ball, as the referee's placements are: its
    // head looked for the ball where it had been, and it turned and walked there for 9 s.
    a.estimator.ball.placed(ball.x, ball.y, a.world.time);
    const t0 = s.now;
    let kickedAt = NaN;
    let scored = false, dribbled = false;
    falls += await watchFalls(s, async () => {
      // The run ends when play stops: a goal, or the ball over a line (the referee then moves
      // robots out of the way, and a robot moved again and again fell).
      kickedAt = await playUntilKick(s, player, false, timeout, () => {
        dribbled = weScored(s);
        return dribbled || a.world.playModeName !== "PlayOn";
      });
      if (Number.isNaN(kickedAt)) return;
      await kickDone(s);
      a.motion.set({ kind: "stand" });
      await ballAtRest(s, 20, () => {
        if (weScored(s)) scored = true;
      });
    });
    a.motion.set({ kind: "stand" });
    if (dribbled) {
      goals++;
      dribbledIn++;
      shots.push([null, true]);
      continue;
    }
    if (Number.isNaN(kickedAt)) {
      if (a.world.playModeName !== "PlayOn") out++;
      else missed++;
      shots.push([null, false]);
      continue;
    }
    const seconds = Math.round((kickedAt - t0) * 100) / 100;
    times.push(seconds);
    if (scored) goals++;
    shots.push([seconds, scored]);
  }
  return {
    task: "score",
    runs,
    goals,
    dribbledIn,
    out,
    missed,
    seconds: stats(times),
    falls,
    shots,
  };
}

export const SCORE_TASK = task({
  name: "score",
  headControl: true,
  run: (s, runs) => score(s, runs),
});
