// `dribble`: how fast the player dribbles toward the goal on an empty field, playing it as the
// soccer behaviour does from its own estimates, from behind the ball or from the shoot task's
// starts; with the time it spent on each on-ball action. The optimizer tunes dribble.* on it.

import type { BallPlayer } from "../behavior/ball_play.ts";
import { trainer } from "../net/monitor.ts";
import { CYCLE_SECONDS } from "../protocol/cycle.ts";
import { ballPlayer, playBallAlone, SHOOT_STARTS, traceBallPlay } from "./ball_alone.ts";
import { millimetres, type RunStats, stats, watchFalls } from "./measure.ts";
import type { EvalSession } from "./session.ts";
import { type DribbleStart, task } from "./task.ts";

export interface DribbleResult {
  task: "dribble";
  runs: number;
  /** The ball's progress toward the opponents' goal per second, m/s. */
  speed: RunStats;
  falls: number;
  /** Metres the ball went toward the goal, per run. */
  distances: number[];
  /** How far the ball ended off the start line (y = 0), per run, metres. */
  offLine: number[];
  /** Seconds the player spent on each on-ball action, over all runs. */
  actions: Record<BallPlayer["action"], number>;
}

/**
 * Dribbles for `seconds` toward the opponents' goal on an empty field, playing it as the soccer
 * behaviour does (from the agent's own estimates): from standing 0.3 m behind the ball, or from
 * the shoot task's starts in turn (behind, beside, diagonal, in front facing back), which also
 * times the approach and the lining up.
 */
export async function dribble(
  s: EvalSession,
  runs: number,
  start: DribbleStart = "behind",
  seconds = 20,
): Promise<DribbleResult> {
  const distances: number[] = [];
  const offLine: number[] = [];
  const actions = { approach: 0, fine: 0, dribble: 0, kick: 0 };
  let falls = 0;
  const a = s.agent;
  await s.playOn();
  for (let r = 0; r < runs; r++) {
    const player = ballPlayer(s);
    const ball = { x: -11.7, y: 0, z: 0.042 };
    const from = start === "behind"
      ? { x: -0.3, y: 0, theta: 0 }
      : SHOOT_STARTS[r % SHOOT_STARTS.length];
    a.motion.set({ kind: "stand" });
    await s.place(ball.x + from.x, ball.y + from.y, from.theta);
    await s.monitor.send(trainer.ball(ball, { x: 0, y: 0, z: 0 }));
    await s.cycles(10);
    const x0 = a.truth?.ballPos?.x ?? ball.x;
    const t0 = s.now;
    falls += await watchFalls(s, async () => {
      while (s.now - t0 < seconds) {
        await a.nextCycle();
        const request = playBallAlone(s, player, false);
        if (!request) continue;
        a.motion.set(request);
        actions[player.action] += CYCLE_SECONDS;
        traceBallPlay(s, player, "dribble");
      }
    });
    a.motion.set({ kind: "stand" });
    distances.push((a.truth?.ballPos?.x ?? x0) - x0);
    offLine.push(Math.abs(a.truth?.ballPos?.y ?? 0));
  }
  return {
    task: "dribble",
    runs,
    speed: stats(distances.map((d) => d / seconds)),
    falls,
    distances: millimetres(distances),
    offLine: millimetres(offLine),
    actions: {
      approach: Math.round(actions.approach * 10) / 10,
      fine: Math.round(actions.fine * 10) / 10,
      dribble: Math.round(actions.dribble * 10) / 10,
      kick: Math.round(actions.kick * 10) / 10,
    },
  };
}

/**
 * Each fall per run costs this much of the dribble's score (m/s), besides the time it takes: in
 * a game the ball it leaves is the opponents'.
 */
export const DRIBBLE_FALL_COST = 0.05;

/** The optimizer's dribble score: mean speed toward the goal, less DRIBBLE_FALL_COST per fall. */
export function dribbleScore(r: DribbleResult): number {
  return r.speed.mean - DRIBBLE_FALL_COST * r.falls / r.runs;
}

export const DRIBBLE_TASK = task({
  name: "dribble",
  headControl: true,
  flags: ["start"],
  run: (s, runs, o) => dribble(s, runs, o.start),
  score: dribbleScore,
});
