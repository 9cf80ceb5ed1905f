// `shoot`: how fast and how straight the player walks up to a ball and kicks it at the goal, as
// a game plays the kick (after walking), from its own estimates and four starts in turn.

import { aimPoint } from "../ballplay/goal_aim.ts";
import { trainer } from "../net/monitor.ts";
import { wrapAngle } from "../util/angles.ts";
import { ballPlayer, kickDone, playUntilKick, SHOOT_STARTS } from "./ball_alone.ts";
import { ballAtRest, millimetres, type RunStats, stats, watchFalls } from "./measure.ts";
import type { EvalSession } from "./session.ts";
import { task } from "./task.ts";
import type { BallPlayer } from "../behavior/ball_play.ts";
import type { Point2, Pose2 } from "../util/pose.ts";

export interface ShootResult {
  task: "shoot";
  runs: number;
  /** Ball travel per kicked run, metres. */
  distance: RunStats;
  /** Angle between the ball's path and the line from the ball to the aim point, degrees. */
  directionError: RunStats;
  /** Seconds from the start of a run to the start of its kick's swing (after standing up). */
  seconds: RunStats;
  /** Runs in which no kick started within the time limit. */
  missed: number;
  /**
   * Runs in which the line-up moved the ball (TOUCH_MOVE) before the kick started: a set play's
   * first touch must be the kick, so each is a free kick given away in a game.
   */
  touched: number;
  /** The runs (from 0; the starts taken in turn) whose line-up moved the ball. */
  touchedRuns: number[];
  falls: number;
  distances: number[];
  /** Seconds to the kick per run (null: missed), the starts taken in turn. */
  times: (number | null)[];
}

/** Where run `r` starts: the ball, and the robot's pose (field frame of our side). */
export type ShootStart = (r: number, player: BallPlayer) => { ball: Point2; robot: Pose2 };

/** The ball resting on the field: its centre's height (m). */
const BALL_Z = 0.042;

/** The shoot task's starts: the ball at (-5, 0), the robot at each of SHOOT_STARTS in turn. */
const aroundTheBall: ShootStart = (r) => {
  const at = SHOOT_STARTS[r % SHOOT_STARTS.length];
  return { ball: { x: -5, y: 0 }, robot: { x: -5 + at.x, y: at.y, theta: at.theta } };
};

/** The ball moved this far (m) before the kick: the line-up touched it. */
const TOUCH_MOVE = 0.01;

/**
 * Walks up to a ball and kicks it at the opponents' goal through `BallPlayer` with the kick
 * forced (as at a kick-off or set play), from the agent's own estimates: the kick as a game
 * plays it, after walking rather than from the stand pose.
 */
export async function shoot(
  s: EvalSession,
  runs: number,
  timeout = 20,
  start: ShootStart = aroundTheBall,
): Promise<ShootResult> {
  const a = s.agent;
  const distances: number[] = [];
  const errors: number[] = [];
  const times: number[] = [];
  const perRun: (number | null)[] = [];
  let missed = 0;
  let falls = 0;
  const touchedRuns: number[] = [];
  await s.playOn();
  for (let r = 0; r < runs; r++) {
    const player = ballPlayer(s);
    const { ball, robot } = start(r, player);
    a.motion.set({ kind: "stand" });
    await s.place(robot.x, robot.y, robot.theta);
    await s.monitor.send(trainer.ball({ ...ball, z: BALL_Z }, { x: 0, y: 0, z: 0 }));
    // The agent knows where the ball was put: believed where the last run's kick sent it, with
    // the head looking there, the player walked through this one to that ball.
    a.estimator.ball.placed(ball.x, ball.y, a.world.time);
    await s.cycles(10);
    const b0 = a.truth?.ballPos ?? ball;
    const t0 = s.now;
    let kickedAt = NaN;
    let moved = 0;
    falls += await watchFalls(s, async () => {
      kickedAt = await playUntilKick(s, player, true, timeout, () => {
        const p = a.truth?.ballPos;
        if (p) moved = Math.max(moved, Math.hypot(p.x - b0.x, p.y - b0.y));
        return false;
      });
      if (Number.isNaN(kickedAt)) return;
      await kickDone(s);
      await ballAtRest(s);
    });
    a.motion.set({ kind: "stand" });
    if (moved > TOUCH_MOVE) touchedRuns.push(r);
    perRun.push(Number.isNaN(kickedAt) ? null : Math.round((kickedAt - t0) * 100) / 100);
    if (Number.isNaN(kickedAt)) {
      missed++;
      continue;
    }
    const b1 = a.truth?.ballPos ?? b0;
    const aim = aimPoint(b0, []);
    const path = Math.atan2(b1.y - b0.y, b1.x - b0.x);
    distances.push(Math.hypot(b1.x - b0.x, b1.y - b0.y));
    errors.push(Math.abs(wrapAngle(path - Math.atan2(aim.y - b0.y, aim.x - b0.x))) * 180 / Math.PI);
    times.push(kickedAt - t0);
  }
  return {
    task: "shoot",
    runs,
    distance: stats(distances),
    directionError: stats(errors),
    seconds: stats(times),
    missed,
    touched: touchedRuns.length,
    touchedRuns,
    falls,
    distances: millimetres(distances),
    times: perRun,
  };
}

export const SHOOT_TASK = task({
  name: "shoot",
  headControl: true,
  run: (s, runs) => shoot(s, runs),
});
