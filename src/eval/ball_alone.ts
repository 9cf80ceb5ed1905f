// Playing the ball without teammates, as the soccer behaviour does, for the ball tasks (shoot,
// dribble, score, finish, unblock, duel): the agent's own ball player and estimates, with the
// opponents it believes in (none on an empty field), where the runs start, and a run played until
// its task names its end (playBallRun).

import { soccerOptions } from "../agent/play_options.ts";
import { BallPlayer, LOOK_AROUND } from "../behavior/ball_play.ts";
import { believedOpponents } from "../behavior/soccer.ts";
import { spareKeeper } from "../ballplay/keeper_contact.ts";
import { holdContact } from "../behavior/walk_around.ts";
import type { MotionRequest } from "../motion/motion.ts";
import { FRESH } from "../world/team_world.ts";
import { trainer } from "../net/monitor.ts";
import type { Point2 } from "../util/pose.ts";
import { watchFalls } from "./measure.ts";
import type { EvalSession } from "./session.ts";

/** A ball player with the agent's own soccer options, as the soccer behaviour builds it. */
export function ballPlayer(s: EvalSession): BallPlayer {
  const a = s.agent;
  return new BallPlayer(soccerOptions(a.options.params, a.motion.walk.params, a.options.core));
}

/**
 * This cycle's request for playing the ball, from the agent's own estimates (looking around, as
 * the soccer behaviour does, while the ball is unseen for FRESH.ball s), walking around the
 * opponents it believes in, sparing their keeper and holding short of contact as the soccer
 * behaviour does; null while it has no pose or ball, or is down.
 */
export function playBallAlone(
  s: EvalSession,
  player: BallPlayer,
  mustKick: boolean,
): MotionRequest | null {
  const a = s.agent;
  const v = a.view();
  if (!v.self || !v.ball || a.falls.state !== "upright") return null;
  if (v.ballAge > FRESH.ball) return LOOK_AROUND;
  const opponents = believedOpponents(a.teamWorld, v.time);
  const request = player.act({
    self: v.self,
    ball: v.ball,
    opponents,
    obstacles: opponents,
    mustKick,
    now: s.now,
    kickDue: a.motion.skillDue,
    standing: a.motion.standingIdle,
    walkSpeed: a.motion.walkSpeed,
  });
  const spared = spareKeeper(request, v.self, a.teamWorld.opponent(1, v.time));
  // As the soccer behaviour holds its field players short of a robot ahead (soccer.contact_hold).
  const hold = a.options.params.get("soccer.contact_hold");
  return hold > 0 ? holdContact(spared, v.self, opponents, hold) : spared;
}

/** Where the robot starts relative to the ball, per run in turn: behind, beside, diagonal,
 * in front facing back. */
export const SHOOT_STARTS = [
  { x: -1.0, y: 0.0, theta: 0 },
  { x: -0.7, y: 0.7, theta: -Math.PI / 2 },
  { x: -0.8, y: -0.5, theta: Math.PI / 4 },
  { x: 0.3, y: 0.6, theta: Math.PI },
];

/**
 * Plays the ball alone until one of the player's kicks starts (returns the time) or `stop` says
 * so or `timeout` s pass (NaN). A kick asked for while walking may be called off before it starts.
 */
export async function playUntilKick(
  s: EvalSession,
  player: BallPlayer,
  mustKick: boolean,
  timeout: number,
  stop: () => boolean = () => false,
): Promise<number> {
  const a = s.agent;
  const t0 = s.now;
  while (s.now - t0 < timeout) {
    await a.nextCycle();
    if (player.isKick(a.motion.playing)) return s.now;
    if (stop()) return NaN;
    const request = playBallAlone(s, player, mustKick);
    if (request) a.motion.set(request);
    traceBallPlay(s, player, "ball");
  }
  return NaN;
}

/** Waits for the kick playing now to end. */
export async function kickDone(s: EvalSession): Promise<void> {
  const kick = s.agent.motion.playing;
  await s.until(() => s.agent.motion.playing !== kick, 10, "the kick");
}

/**
 * Every half second, one debug line: the action, the true pose of the robot and the ball, the
 * walk target and the estimated pose.
 */
export function traceBallPlay(s: EvalSession, player: BallPlayer, label: string): void {
  const a = s.agent, log = a.options.log;
  if (a.world.cycle % 25 !== 0 || !log.enabled("debug")) return;
  const t = a.truth, f = (x: number | undefined) => (x ?? NaN).toFixed(2);
  const deg = (r: number | null | undefined) => ((r ?? NaN) * 180 / Math.PI).toFixed(0);
  const v = a.view();
  log.debug(
    `${label} t=${s.now.toFixed(1)} ${player.tracedAction} ${a.motion.activity} self (${
      f(t?.myPos?.x)
    }, ${f(t?.myPos?.y)}, ${deg(a.truthYaw)}°) ball (${f(t?.ballPos?.x)}, ${f(t?.ballPos?.y)})` +
      (player.target ? ` to (${f(player.target.x)}, ${f(player.target.y)})` : "") +
      (v.self ? ` est (${f(v.self.x)}, ${f(v.self.y)}, ${deg(v.self.theta)}°)` : ""),
  );
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
