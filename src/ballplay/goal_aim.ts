// Where the ball should go: the aim in the opponents' goal (past a keeper, through the wider gap),
// the kick-off's direction, the corridor a dribble follows toward the aim, and a clearance's way
// out from our goal. Pure geometry in the field frame of our side (we attack +x), metres and
// radians.

import { FIELD_LENGTH, GOAL_WIDTH } from "../field/field.ts";
import { type Point2, toRobot } from "../util/pose.ts";
import { clamp, wrapAngle } from "../util/angles.ts";
import { nearestDistance } from "./avoid.ts";
import { KICK_PATH } from "./ball_path.ts";
import { beforeTheirGoal } from "./keeper_contact.ts";

/** We aim behind the opponents' goal line; from the goal mouth at most this far from its centre. */
export const GOAL_X = FIELD_LENGTH / 2 + 0.2;
const AIM_Y = 0.6;
/** The ball's centre passes inside the posts (±1.05) with this much to spare (m). */
const POST_MARGIN = 0.15;
/** A keeper blocks this far to either side of its centre (m): a standing Nao's width. */
const KEEPER_HALF = 0.3;
/** The gap aimed at before holds while it is at least this share of the other's angle. */
const GAP_HOLD = 0.7;
/** Closer to the goal line than this (m), in front of the goal, the ball goes straight in. */
const GOAL_MOUTH = 2;

/** A clearance's target lies this far beyond the ball (m): only its direction matters. */
const CLEAR_LENGTH = 3;

/**
 * A keeper this close to the ball's line (m, across) blocks a straight shot from the goal mouth:
 * a ball pushed in 0.3 m beside a keeper at the centre met its legs and stopped.
 */
const KEEPER_BLOCKS = 0.4;
/**
 * A keeper whose centre lies this close to the ball (m) has the ball at its feet: seen from the
 * ball it covers both gaps, and the widest open angle lay outside the posts (an aim 4 m beside
 * the goal, at a standing keeper, with the ball there for 38 s). The aim is then the middle of
 * the gap on the ball's side of it (the other side's when that one is closed).
 */
const KEEPER_AT_BALL = 0.45;

/** Where to shoot: a point behind the goal line, and the side of the keeper it passes (0: none). */
export interface Aim extends Point2 {
  side: number;
}

/**
 * Where in the opponents' goal to aim: along the middle of the widest open angle, as seen from
 * the ball, between the posts and a keeper seen before the goal (keeperAhead), so a touch that
 * goes off either way has the most room (from 4 m out beside the goal, the old aim 0.6 m beside
 * the centre left 3° to the near post and 13° to the far one). `lastSide` (+1 left of the
 * keeper, -1 right) holds while its gap stays nearly as wide as the other. From the goal mouth,
 * straight in unless the keeper stands right ahead: lining up a diagonal there takes long.
 */
export function aimPoint(ball: Point2, opponents: readonly Point2[], lastSide = 0): Aim {
  const keeper = keeperAhead(ball, opponents);
  const blocked = keeper !== undefined && Math.abs(keeper.y - ball.y) < KEEPER_BLOCKS;
  const line = FIELD_LENGTH / 2, post = GOAL_WIDTH / 2 - POST_MARGIN;
  if (keeper && Math.hypot(keeper.x - ball.x, keeper.y - ball.y) < KEEPER_AT_BALL) {
    const leftGap = post - (keeper.y + KEEPER_HALF), rightGap = keeper.y - KEEPER_HALF + post;
    const side = (ball.y >= keeper.y ? leftGap > 0 : rightGap <= 0) ? 1 : -1;
    const y = side > 0 ? (post + keeper.y + KEEPER_HALF) / 2 : (keeper.y - KEEPER_HALF - post) / 2;
    return { x: GOAL_X, y, side };
  }
  if (GOAL_X - ball.x < GOAL_MOUTH && Math.abs(ball.y) < AIM_Y + 0.3 && !blocked) {
    return { x: GOAL_X, y: clamp(ball.y, -AIM_Y, AIM_Y), side: 0 };
  }
  const bearing = (x: number, y: number) => Math.atan2(y - ball.y, Math.max(x - ball.x, 0.01));
  const right = bearing(line, -post), left = bearing(line, post);
  let from = right, to = left, side = 0;
  if (keeper) {
    const kr = bearing(keeper.x, keeper.y - KEEPER_HALF);
    const kl = bearing(keeper.x, keeper.y + KEEPER_HALF);
    // Each gap within the posts; one the keeper closes entirely shrinks to the keeper's edge.
    const wr = Math.min(kr, left) - right, wl = left - Math.max(kl, right);
    const pickLeft = lastSide > 0
      ? wl >= GAP_HOLD * wr
      : lastSide < 0
      ? wr < GAP_HOLD * wl
      : wl > wr;
    if (pickLeft) {
      from = Math.max(kl, right);
      to = Math.max(left, from);
      side = 1;
    } else {
      to = Math.min(kr, left);
      from = Math.min(right, to);
      side = -1;
    }
  }
  return { x: GOAL_X, y: yBehindGoal(ball, (from + to) / 2), side };
}

/** The opponent before their goal (beforeTheirGoal) and past the ball nearest their goal line. */
function keeperAhead(ball: Point2, opponents: readonly Point2[]): Point2 | undefined {
  let keeper: Point2 | undefined;
  for (const p of opponents) {
    if (p.x > ball.x && beforeTheirGoal(p) && !(keeper && keeper.x >= p.x)) keeper = p;
  }
  return keeper;
}

/** Where (y) the line from `ball` along `way` (rad) meets x = GOAL_X, behind their goal line. */
export function yBehindGoal(ball: Point2, way: number): number {
  return ball.y + (GOAL_X - ball.x) * Math.tan(way);
}

/**
 * The kick-off's kick directions, off the line at their goal's centre (rad), in order of choice:
 * straight on, the kick met the opponent standing 2.5 m ahead and came back to 1.5 m (games
 * against standing robots), and the ball lay there 5-14 s.
 */
const KICK_OFF_ANGLES = [0, 20, 35].map((d) => d * Math.PI / 180);
/** A kick-off's kick ends about this far out (m): the teammate nearest that spot follows it. */
const KICK_OFF_REACH = 3.5;

/**
 * Where our kick-off's kick goes: the direction nearest their goal whose path (KICK_PATH) no
 * opponent blocks; between the two sides, the one with a teammate nearer where the ball ends.
 * When every way is blocked, the direction within 45° nearest the goal's line whose path passes
 * the opponents by KICK_OFF_KEEP, else the widest. The point lies as far out as their goal line,
 * so the kick-off never counts as a shot.
 */
export function kickOffAim(
  ball: Point2,
  opponents: readonly Point2[],
  mates: readonly Point2[],
): Aim {
  const heading = Math.atan2(-ball.y, GOAL_X - ball.x);
  const along = (a: number, r: number) => ({
    x: ball.x + r * Math.cos(heading + a),
    y: ball.y + r * Math.sin(heading + a),
  });
  const mateGap = (a: number) => nearestDistance(along(a, KICK_OFF_REACH), mates);
  for (const a of fanOut(KICK_OFF_ANGLES, (a) => mateGap(-a) >= mateGap(a))) {
    const to = along(a, GOAL_X);
    if (kickPathClear(ball, to, opponents)) return { ...to, side: 0 };
  }
  // Every way blocked (UT rings the circle with six robots 2.2-2.5 m out): the way nearest the
  // goal's line with KICK_OFF_KEEP to spare, else the widest.
  let best = 0, widest = -Infinity;
  for (const a of fanOut(KICK_OFF_FAN, () => true)) {
    const gap = kickPathGap(ball, along(a, GOAL_X), opponents);
    if (gap >= KICK_OFF_KEEP) return { ...along(a, GOAL_X), side: 0 };
    if (gap > widest + 1e-9) [best, widest] = [a, gap];
  }
  return { ...along(best, GOAL_X), side: 0 };
}

/** A blocked kick-off looks for a gap up to 45° either side of the goal's line, 5° apart. */
const KICK_OFF_FAN = Array.from({ length: 10 }, (_, k) => k * 5 * Math.PI / 180);
/**
 * A kick-off's way is kept while no opponent stands nearer its path than this (m, centre to the
 * line): a robot's half width and the ball's radius with 10 cm to spare. A way is first chosen
 * with KICK_PATH's clearance, and with this one when none has that.
 */
const KICK_OFF_KEEP = 0.35;

/**
 * Our kick-off's aim, given the one chosen before (`last`, null: none): kept while no opponent
 * comes within KICK_OFF_KEEP of its path, and once `held` (the taker has lined up for it long
 * enough, KICK_OFF_COMMIT) whatever comes, so that the kick comes; chosen afresh (kickOffAim)
 * otherwise. Chosen afresh whenever an opponent came within KICK_PATH's clearance, the aim swung
 * between ways 19-107 times in a kick-off against UT's six robots around the circle, and the kick
 * never came before the referee dropped the ball (15 s).
 */
export function keptKickOffAim(
  last: Aim | null,
  held: boolean,
  ball: Point2,
  opponents: readonly Point2[],
  mates: readonly Point2[],
): Aim {
  if (last && (held || kickPathGap(ball, last, opponents) >= KICK_OFF_KEEP)) return last;
  return kickOffAim(ball, opponents, mates);
}

/**
 * The kick-off's aim along `way` (rad), the way the taker's kick goes as it stands: when that
 * lies within the kick-off's fan (KICK_OFF_FAN) of the line at their goal and no opponent comes
 * within KICK_OFF_KEEP of its path; else null. The taker beamed lined up for one way stood there
 * when the way chosen last before the kick-off (its beam no longer allowed) was the other side's,
 * and walked around the ball to it: 8.5 and 13.8 s to the kick-off against 2.3-4.4 s.
 */
export function facedKickOffAim(
  ball: Point2,
  way: number,
  opponents: readonly Point2[],
): Aim | null {
  const off = wrapAngle(way - Math.atan2(-ball.y, GOAL_X - ball.x));
  if (Math.abs(off) > KICK_OFF_FAN[KICK_OFF_FAN.length - 1] + 1e-9) return null;
  const to = { x: ball.x + GOAL_X * Math.cos(way), y: ball.y + GOAL_X * Math.sin(way), side: 0 };
  return kickPathGap(ball, to, opponents) >= KICK_OFF_KEEP ? to : null;
}

/**
 * A kick-off's aim is held, whatever comes in its way, once chosen this long ago (s): the taker
 * beamed behind the ball lines up in about 3 s and kicks 2.7 s later.
 */
export const KICK_OFF_COMMIT = 4;

/**
 * How far (m, centre to the line) the nearest opponent ahead of `ball` within the kick's reach
 * (KICK_PATH.lookahead) stands from its path toward `to`; Infinity with nobody there.
 */
export function kickPathGap(ball: Point2, to: Point2, opponents: readonly Point2[]): number {
  const len = Math.hypot(to.x - ball.x, to.y - ball.y);
  if (len < 1e-9) return Infinity;
  // The path's frame: x ahead along it, y across.
  const path = { x: ball.x, y: ball.y, theta: Math.atan2(to.y - ball.y, to.x - ball.x) };
  const reach = Math.min(len, KICK_PATH.lookahead);
  let gap = Infinity;
  for (const p of opponents) {
    const rel = toRobot(path, p);
    if (rel.x > 0 && rel.x < reach) gap = Math.min(gap, Math.abs(rel.y));
  }
  return gap;
}

/**
 * Directions off a line in order of choice: each of `angles` (rad, ascending from 0) to the left
 * (+) and to the right (-), the left first where `leftFirst(angle)` says; 0 once.
 */
export function fanOut(angles: readonly number[], leftFirst: (angle: number) => boolean): number[] {
  const out: number[] = [];
  for (const a of angles) {
    if (a === 0) out.push(0);
    else if (leftFirst(a)) out.push(a, -a);
    else out.push(-a, a);
  }
  return out;
}

/**
 * Whether no opponent stands on a kick's path from `ball` toward `to`: none nearer it than
 * KICK_PATH's clearance (where ballWaypoint would detour).
 */
export function kickPathClear(ball: Point2, to: Point2, opponents: readonly Point2[]): boolean {
  return kickPathGap(ball, to, opponents) >= KICK_PATH.clearance;
}

/**
 * Where a dribble toward the aim heads: the aim's line (y = aim.y) this far ahead of the ball, and
 * no nearer than CORRIDOR_SLOPE times the ball's distance from that line (at most 34° across);
 * the aim itself once that point lies beyond it. Each touch of a dribble sends the ball within
 * ±13° of the heading, so it steers back onto the line from a few metres ahead rather than from
 * the far aim: steered at the aim, penalty kickers' balls were 0.9 m or more aside 13.5 m out in
 * 15 of 38 rounds (7 of 30 now). Metres.
 */
const CORRIDOR_AHEAD = 3;
const CORRIDOR_SLOPE = 1.5;

export function corridorPoint(ball: Point2, aim: Point2): Point2 {
  const ahead = Math.max(CORRIDOR_AHEAD, CORRIDOR_SLOPE * Math.abs(ball.y - aim.y));
  return ball.x + ahead < aim.x ? { x: ball.x + ahead, y: aim.y } : aim;
}

/** Where a clearance goes: on along the line from our goal's centre through the ball. */
export function awayFromOwnGoal(ball: Point2): Point2 {
  const dx = ball.x + FIELD_LENGTH / 2, dy = ball.y;
  const d = Math.max(Math.hypot(dx, dy), 1e-6);
  return { x: ball.x + CLEAR_LENGTH * dx / d, y: ball.y + CLEAR_LENGTH * dy / d };
}
