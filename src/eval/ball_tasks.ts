// Ball-play evaluations on an empty field, playing the ball as the soccer behaviour does from the
// agent's own estimates: how fast it dribbles toward the goal (from behind the ball, or from
// beside and in front of it), and how fast and straight it walks up to the ball and shoots.

import { soccerOptions } from "../agent/play_options.ts";
import { aimPoint, BallPlayer, LOOK_AROUND } from "../behavior/ball_play.ts";
import { FRESH } from "../world/team_world.ts";
import type { MotionRequest } from "../motion/motion.ts";
import { wrapAngle } from "../util/angles.ts";
import { trainer } from "../net/monitor.ts";
import { CYCLE_SECONDS } from "../world/world_state.ts";
import { ballAtRest, millimetres, type RunStats, stats, watchFalls } from "./measure.ts";
import type { EvalSession } from "./session.ts";

/** A ball player with the agent's own soccer options, as the soccer behaviour builds it. */
function ballPlayer(s: EvalSession): BallPlayer {
  const a = s.agent;
  return new BallPlayer(soccerOptions(a.options.params, a.motion.walk.params, a.options.core));
}

/**
 * This cycle's request for playing the ball on an empty field, from the agent's own estimates
 * (looking around, as the soccer behaviour does, while the ball is unseen for FRESH.ball s); null
 * while it has no pose or ball, or is down.
 */
function playBallAlone(
  s: EvalSession,
  player: BallPlayer,
  mustKick: boolean,
): MotionRequest | null {
  const a = s.agent;
  const v = a.view();
  if (!v.self || !v.ball || a.falls.state !== "upright") return null;
  if (v.ballAge > FRESH.ball) return LOOK_AROUND;
  return player.act({
    self: v.self,
    ball: v.ball,
    opponents: [],
    obstacles: [],
    mustKick,
    now: s.now,
  });
}

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

/** Where the robot starts relative to the ball, per run in turn: behind, beside, diagonal,
 * in front facing back. */
const SHOOT_STARTS = [
  { x: -1.0, y: 0.0, theta: 0 },
  { x: -0.7, y: 0.7, theta: -Math.PI / 2 },
  { x: -0.8, y: -0.5, theta: Math.PI / 4 },
  { x: 0.3, y: 0.6, theta: Math.PI },
];

/** Where a dribble starts: 0.3 m behind the ball facing the goal, or the shoot task's starts. */
export type DribbleStart = "behind" | "mixed";

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
        if (a.world.cycle % 25 === 0) traceDribble(s, player);
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

/** One debug line every half second: the action, the truth of the robot and the ball. */
function traceDribble(s: EvalSession, player: BallPlayer): void {
  const log = s.agent.options.log;
  if (!log.enabled("debug")) return;
  const t = s.agent.truth, f = (x: number | undefined) => (x ?? NaN).toFixed(2);
  const v = s.agent.view();
  log.debug(
    `dribble t=${s.now.toFixed(1)} ${player.action} ${s.agent.motion.activity} self (${
      f(t?.myPos?.x)
    }, ${f(t?.myPos?.y)}, ${((t?.myOrientation ?? NaN) * 180 / Math.PI).toFixed(0)}°) ball (${
      f(t?.ballPos?.x)
    }, ${f(t?.ballPos?.y)})` +
      (player.target ? ` to (${f(player.target.x)}, ${f(player.target.y)})` : "") +
      (v.self
        ? ` est (${f(v.self.x)}, ${f(v.self.y)}, ${(v.self.theta * 180 / Math.PI).toFixed(0)}°)`
        : ""),
  );
}

export interface ShootResult {
  task: "shoot";
  runs: number;
  /** Ball travel per kicked run, metres. */
  distance: RunStats;
  /** Angle between the ball's path and the line from the ball to the aim point, degrees. */
  directionError: RunStats;
  /** Seconds from the start of a run to the start of its kick. */
  seconds: RunStats;
  /** Runs in which no kick started within the time limit. */
  missed: number;
  falls: number;
  distances: number[];
  /** Seconds to the kick per run (null: missed), the starts taken in turn. */
  times: (number | null)[];
}

/**
 * Walks up to a ball and kicks it at the opponents' goal through `BallPlayer` with the kick
 * forced (as at a kick-off or set play), from the agent's own estimates: the kick as a game
 * plays it, after walking rather than from the stand pose.
 */
export async function shoot(s: EvalSession, runs: number, timeout = 20): Promise<ShootResult> {
  const a = s.agent;
  const distances: number[] = [];
  const errors: number[] = [];
  const times: number[] = [];
  const perRun: (number | null)[] = [];
  let missed = 0;
  let falls = 0;
  await s.playOn();
  for (let r = 0; r < runs; r++) {
    const player = ballPlayer(s);
    const start = SHOOT_STARTS[r % SHOOT_STARTS.length];
    const ball = { x: -5, y: 0, z: 0.042 };
    a.motion.set({ kind: "stand" });
    await s.place(ball.x + start.x, ball.y + start.y, start.theta);
    await s.monitor.send(trainer.ball(ball, { x: 0, y: 0, z: 0 }));
    await s.cycles(10);
    const b0 = a.truth?.ballPos ?? ball;
    const t0 = s.now;
    let kickedAt = NaN;
    falls += await watchFalls(s, async () => {
      while (s.now - t0 < timeout && Number.isNaN(kickedAt)) {
        await a.nextCycle();
        const request = playBallAlone(s, player, true);
        if (!request) continue;
        a.motion.set(request);
        if (request.kind === "skill") kickedAt = s.now;
      }
      if (Number.isNaN(kickedAt)) return;
      await s.until(() => a.motion.current.kind !== "skill", 10, "the kick");
      await ballAtRest(s);
    });
    a.motion.set({ kind: "stand" });
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
    falls,
    distances: millimetres(distances),
    times: perRun,
  };
}
