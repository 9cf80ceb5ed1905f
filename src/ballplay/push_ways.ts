// Which ways a push of the ball is free: whether it runs at an opponent's feet (a keeper, one
// standing), meets an opponent between us and the ball, goes out beside their goal or into it
// past every opponent; the least turned free line for a dribble, room behind the ball for a
// line-up, and a way in past a keeper that blocks the shot (wayIn). Pure geometry in the field
// frame of our side, metres and radians.

import { FIELD_LENGTH, GOAL_WIDTH } from "../field/field.ts";
import { wrapAngle } from "../util/angles.ts";
import type { Point2 } from "../util/pose.ts";
import { beforeTheirGoal } from "./keeper_contact.ts";

/**
 * A dribble's own way is given up for the line when an opponent's centre lies within
 * BLOCK_ACROSS of it, BLOCK_FROM to BLOCK_AHEAD ahead of the ball: pushed into a robot's feet,
 * the ball stays there (against standing robots, one ball lay 80 s of a half at one's feet while
 * our players walked into it from the way they came). Metres.
 */
const BLOCK_FROM = 0.05;
const BLOCK_AHEAD = 0.7;
const BLOCK_ACROSS = 0.25;

/**
 * An opponent whose centre lies within BETWEEN_ACROSS (m) of our straight way to the ball, short
 * of the ball, stands between us and it: a dribble walking on there meets the robot, not the
 * ball. Against standing robots one of ours dribbled into a robot with the ball 0.2 m behind it
 * and fell 9 times in 47 s; walking into an opponent nearer the ball is a charging foul. Narrower
 * than the room a line-up spot keeps (FREE_CLEAR), so that a player on that spot may dribble.
 */
const BETWEEN_ACROSS = 0.15;

/**
 * A push along our heading runs the ball up to PUSH_REACH (m) on: an opponent whose centre lies
 * within PUSH_ACROSS of that run would get the ball at its feet (their keeper, pushAtKeeper; one
 * standing, pushAtStanding). A dribble that walked into the ball 2.7 m before a standing keeper,
 * turning toward a way 0.7 m past it, sent the ball 2.5 m on to its feet, and getting it out took
 * 26 s and four falls.
 */
const PUSH_REACH = 3;
const PUSH_ACROSS = 0.3;
/**
 * The ball leaves a push up to about 6° off the heading (tan): a dribble turning toward a way
 * 0.75 m past a standing keeper 2.7 m on pushed the ball 5° right of its heading, onto the
 * keeper's feet, in two attacks of one game against standing robots (16 s and 21 s to a goal).
 * Each metre along the run widens PUSH_ACROSS by this much.
 */
const PUSH_SPREAD = 0.1;

/** Whether a push along `heading` runs the ball at one of the opponents `counts` from `after` on. */
function pushRunsAt(
  ball: Point2,
  heading: number,
  opponents: readonly Point2[],
  after: number,
  counts: (p: Point2) => boolean,
): boolean {
  return wayClearance(ball, heading, opponents, PUSH_REACH, after, counts, PUSH_SPREAD) <
    PUSH_ACROSS;
}

/** Whether a push along `heading` runs the ball at an opponent before their goal (PUSH_*). */
export function pushAtKeeper(ball: Point2, heading: number, opponents: readonly Point2[]): boolean {
  return pushRunsAt(ball, heading, opponents, BLOCK_FROM, beforeTheirGoal);
}

/**
 * A dribble starts on no way that runs the ball at an opponent seen standing STANDING_FROM to
 * PUSH_REACH on (m), within PUSH_ACROSS: from a drop ball the first push went at the opponent
 * the referee had moved 2.5 m on, and the ball lay at its feet 18 s. Nearer ones are
 * passed by the line's turn (freeLine, pushBlocked). A dribble under way goes on: stopped
 * whenever its heading swung past a standing robot 1-3 m ahead, the ball took longer to get up
 * the field (two games against standing robots, x = 6 at 16 s after a drop ball against 13 s).
 */
const STANDING_FROM = 1;
/**
 * Seen moving slower than this (m/s), an opponent stands: a tracked robot standing still reads
 * 0.25-0.35 m/s in 1 of 10 cycles (player tracker, σ 0.1-0.2 m). One only heard of (no velocity)
 * is not counted.
 */
export const STANDING_SPEED = 0.4;

/** An opponent where we believe it is, with its velocity (m/s) when it was seen lately. */
export interface Opponent extends Point2 {
  vx?: number;
  vy?: number;
}

function seenStanding(p: Opponent): boolean {
  return p.vx !== undefined && Math.hypot(p.vx, p.vy ?? 0) < STANDING_SPEED;
}

/** Whether a push along `heading` runs the ball at their keeper or at an opponent seen standing. */
export function pushAtStanding(
  ball: Point2,
  heading: number,
  opponents: readonly Opponent[],
): boolean {
  return pushAtKeeper(ball, heading, opponents) ||
    pushRunsAt(ball, heading, opponents, STANDING_FROM, seenStanding);
}

/** Whether an opponent's centre lies within `across` of our way to the ball, short of the ball. */
export function opponentBetween(
  self: Point2,
  ball: Point2,
  opponents: readonly Point2[],
  across = BETWEEN_ACROSS,
): boolean {
  const d = Math.hypot(ball.x - self.x, ball.y - self.y);
  if (d < 1e-6) return false;
  const way = Math.atan2(ball.y - self.y, ball.x - self.x);
  return opponentOnWay(self, way, opponents, d, across, 0);
}

/** Whether pushing the ball along `way` sends it into an opponent just ahead of it. */
export function pushBlocked(ball: Point2, way: number, opponents: readonly Point2[]): boolean {
  return opponentOnWay(ball, way, opponents, BLOCK_AHEAD, BLOCK_ACROSS);
}

/**
 * Whether an opponent's centre lies on a way from `from` (the ball, or us): `after` (BLOCK_FROM)
 * to `ahead` along it, within `across` of the line.
 */
function opponentOnWay(
  from: Point2,
  way: number,
  opponents: readonly Point2[],
  ahead: number,
  across: number,
  after = BLOCK_FROM,
): boolean {
  return wayClearance(from, way, opponents, ahead, after) < across;
}

/**
 * How wide of a way from `from` the centres of the opponents `after` (BLOCK_FROM) to `ahead`
 * along it lie (m), of those `counts` (absent: all), less `spread` per metre along (a ball that
 * may leave a little off the way); Infinity when none stands there.
 */
function wayClearance(
  from: Point2,
  way: number,
  opponents: readonly Point2[],
  ahead: number,
  after = BLOCK_FROM,
  counts?: (p: Point2) => boolean,
  spread = 0,
): number {
  const ux = Math.cos(way), uy = Math.sin(way);
  let clearance = Infinity;
  for (const p of opponents) {
    if (counts && !counts(p)) continue;
    const along = (p.x - from.x) * ux + (p.y - from.y) * uy;
    const side = -(p.x - from.x) * uy + (p.y - from.y) * ux;
    if (along > after && along < ahead) {
      clearance = Math.min(clearance, Math.abs(side) - spread * along);
    }
  }
  return clearance;
}

/**
 * A push that would take the ball over the opponents' goal line within OUT_REACH of it, more than
 * OUT_POST from the goal's centre, is not made: in two games against UT, 6 balls went out beside
 * their goal (their goal kicks), most pushed on the way the player came at the ball or along its
 * heading, 20-55° off the line into the goal. Metres.
 */
const OUT_REACH = 3;
const OUT_POST = GOAL_WIDTH / 2 - 0.1;

/** Whether pushing the ball along `way` takes it out over the opponents' goal line (OUT_*). */
export function pushesOut(ball: Point2, way: number): boolean {
  return Math.abs(goalLineY(ball, way, OUT_REACH)) > OUT_POST;
}

/**
 * How far from their goal's centre (|y|) a ball pushed along `way` crosses their goal line, if
 * it does within `reach` metres of rolling; NaN if not.
 */
function goalLineY(ball: Point2, way: number, reach: number): number {
  const c = Math.cos(way);
  if (c <= 1e-6) return NaN;
  const run = (FIELD_LENGTH / 2 - ball.x) / c;
  return run >= 0 && run < reach ? Math.abs(ball.y + run * Math.sin(way)) : NaN;
}

/**
 * A dribble's line is turned, in FREE_STEP steps up to FREE_MAX either way, until the spot
 * FREE_BEHIND behind the ball lies FREE_CLEAR from every opponent's centre and the push is not
 * blocked (pushBlocked): a spot taken by a robot is never reached (against standing robots, one
 * of ours pressed against the robot by its line-up spot for 12 s). Metres, radians.
 */
const FREE_BEHIND = 0.3;
export const FREE_CLEAR = 0.3;
const FREE_STEP = 15 * Math.PI / 180;
const FREE_MAX = 6;

/** The nearest opponent's distance from the spot FREE_BEHIND behind the ball on `way`. */
export function spotRoom(ball: Point2, way: number, opponents: readonly Point2[]): number {
  const sx = ball.x - FREE_BEHIND * Math.cos(way), sy = ball.y - FREE_BEHIND * Math.sin(way);
  let room = Infinity;
  for (const p of opponents) room = Math.min(room, Math.hypot(p.x - sx, p.y - sy));
  return room;
}

/** Whether a push along `way` runs the ball at an opponent (pushAtKeeper, pushAtStanding). */
export type PushAt = (ball: Point2, way: number, opponents: readonly Opponent[]) => boolean;

/**
 * Whether a dribble may push along `way` (FREE_*): room behind the ball, no block, not out, and
 * not at an opponent `pushAt` names (none by default).
 */
function lineFree(
  ball: Point2,
  way: number,
  opponents: readonly Opponent[],
  pushAt?: PushAt,
): boolean {
  return spotRoom(ball, way, opponents) >= FREE_CLEAR && !pushBlocked(ball, way, opponents) &&
    !pushesOut(ball, way) && !(pushAt?.(ball, way, opponents) ?? false);
}

/** The fewest FREE_STEPs `line` turns to `side` (+1 left, -1 right) to be free; Infinity: none. */
function freeSteps(
  ball: Point2,
  line: number,
  side: number,
  opponents: readonly Opponent[],
  pushAt?: PushAt,
): number {
  for (let k = 1; k <= FREE_MAX; k++) {
    if (lineFree(ball, wrapAngle(line + side * k * FREE_STEP), opponents, pushAt)) return k;
  }
  return Infinity;
}

/**
 * The side turned to last time is kept while it needs at most this many FREE_STEPs more than
 * the other: with an opponent straight ahead of the ball, a few centimetres of noise flipped the
 * line between 75° left and right, and a robot before their goal walked from one side of the ball
 * to the other for 5 s.
 */
const FREE_KEEP_STEPS = 2;

/**
 * The line a dribble takes instead of `line` (FREE_*): the least turned one with room behind the
 * ball and a free push (not at an opponent `pushAt` names: the dribble starts on no other), the
 * roomier side first on a tie, and the side `keep` (the sign of last cycle's turn) while it is
 * nearly as good (FREE_KEEP_STEPS); `line` itself when none is free.
 */
export function freeLine(
  ball: Point2,
  line: number,
  opponents: readonly Opponent[],
  keep: -1 | 0 | 1 = 0,
  pushAt?: PushAt,
): number {
  if (lineFree(ball, line, opponents, pushAt)) return line;
  const left = freeSteps(ball, line, 1, opponents, pushAt);
  const right = freeSteps(ball, line, -1, opponents, pushAt);
  if (left === Infinity && right === Infinity) return line;
  const kept = keep > 0 ? left : right, other = keep > 0 ? right : left;
  let side: number = keep;
  if (keep === 0 || kept > other + FREE_KEEP_STEPS) {
    side = left < right ||
        (left === right &&
          spotRoom(ball, wrapAngle(line + left * FREE_STEP), opponents) >
            spotRoom(ball, wrapAngle(line - right * FREE_STEP), opponents))
      ? 1
      : -1;
  }
  return wrapAngle(line + side * (side > 0 ? left : right) * FREE_STEP);
}

/**
 * A push that takes the ball between their posts, IN_POST inside them, within IN_REACH of the
 * goal line goes in: against UT, our player stood within 1 m of the ball in front of their goal,
 * coming at it on such a way, for 17 s a game while it lined up on the line to the aim. Metres.
 * Nearer the line the margin shrinks to IN_POST_MIN plus IN_POST_PER_M per metre of the push's
 * run (a push strays 10°): with the ball 0.4 m out beside a standing keeper, our player stood
 * 5 s on a way that crossed 0.24 m inside the post.
 */
const IN_REACH = 4;
const IN_POST = 0.25;
const IN_POST_MIN = 0.05;
const IN_POST_PER_M = 0.18;
/**
 * Such a push also passes every opponent on the way there this wide (m): UT's keeper stands 0.5 m
 * out in front of the goal's centre, where most ways in from 3 m out run.
 */
const IN_CLEAR = 0.35;

/**
 * A dribble keeps the way it comes at the ball only if no opponent stands within CONE_ACROSS of
 * it for CONE_AHEAD on (m): 12° inside the cone, a push 2 m from a standing keeper went on at its
 * feet, around the line's detour, and the ball lay there 17 s.
 */
const CONE_AHEAD = 2.5;
const CONE_ACROSS = 0.35;

/**
 * Whether pushing the ball along `way` takes it into the opponents' goal past every opponent
 * ahead of it (IN_*).
 */
export function goesIn(ball: Point2, way: number, opponents: readonly Point2[]): boolean {
  const run = runIn(ball, way);
  return !Number.isNaN(run) && !opponentOnWay(ball, way, opponents, run + IN_CLEAR, IN_CLEAR);
}

/**
 * How far (m) a ball pushed along `way` runs to their goal line, if it crosses it within IN_REACH
 * between the posts, inside them by IN_POST_MIN plus IN_POST_PER_M per metre run (at most
 * IN_POST); NaN if it does not go in.
 */
function runIn(ball: Point2, way: number): number {
  const run = (FIELD_LENGTH / 2 - ball.x) / Math.cos(way);
  const margin = Math.min(IN_POST, IN_POST_MIN + IN_POST_PER_M * run);
  return goalLineY(ball, way, IN_REACH) < GOAL_WIDTH / 2 - margin ? run : NaN;
}

/**
 * Near their goal, with the shot blocked, the ball is pushed in along a way past the keeper
 * (wayIn) when it lies within WAY_IN_REACH (m) of their goal line: the ways WAY_IN_STEP apart up
 * to WAY_IN_MAX either side of straight on. With the ball 0.4 m before a standing keeper, the
 * line around it turned in steps of 15° past the window between keeper and post (25-30°) and
 * pushed the ball 65° off, past the post; fetching it back took 10-15 s.
 */
const WAY_IN_REACH = 2.5;
const WAY_IN_STEP = 2 * Math.PI / 180;
const WAY_IN_MAX = 60 * Math.PI / 180;
/**
 * A way in passes every opponent ahead of the ball by WAY_IN_CLEAR (m, centres), and last
 * cycle's way is kept while it passes by WAY_IN_KEEP: a robot's feet and the ball take 0.14 m,
 * and the keeper's track moves by centimetres.
 */
const WAY_IN_CLEAR = 0.25;
const WAY_IN_KEEP = 0.2;
/** Ways passing every opponent by this much (m) are as good as each other: the straightest wins. */
const WAY_IN_ENOUGH = 0.5;

/**
 * The way into their goal that passes the opponents ahead of the ball widest (WAY_IN_*; on a tie
 * the one nearest the line to the goal's centre), crossing the goal line inside the posts by
 * IN_POST_MIN plus IN_POST_PER_M per metre run, with room to stand behind the ball (FREE_*);
 * `last` (last cycle's) while it still will do; null when the ball is farther out or no way will.
 */
export function wayIn(
  ball: Point2,
  opponents: readonly Point2[],
  last: number | null = null,
): number | null {
  if (FIELD_LENGTH / 2 - ball.x > WAY_IN_REACH) return null;
  if (last !== null && wayInClearance(ball, last, opponents) >= WAY_IN_KEEP) return last;
  const centre = Math.atan2(-ball.y, FIELD_LENGTH / 2 - ball.x);
  let best: number | null = null, widest = WAY_IN_CLEAR, offBest = Infinity;
  for (let way = -WAY_IN_MAX; way <= WAY_IN_MAX + 1e-9; way += WAY_IN_STEP) {
    const clearance = Math.min(wayInClearance(ball, way, opponents), WAY_IN_ENOUGH);
    const off = Math.abs(wrapAngle(way - centre));
    if (clearance > widest || (clearance === widest && off < offBest)) {
      widest = clearance;
      best = way;
      offBest = off;
    }
  }
  return best;
}

/**
 * How wide a push along `way` passes the opponents ahead of the ball on its way to the goal
 * line; -Infinity when it does not go in or a robot stands where we would behind the ball.
 */
function wayInClearance(ball: Point2, way: number, opponents: readonly Point2[]): number {
  const run = runIn(ball, way);
  if (Number.isNaN(run) || spotRoom(ball, way, opponents) < FREE_CLEAR) return -Infinity;
  return wayClearance(ball, way, opponents, run + IN_CLEAR);
}

/**
 * Whether a dribble may take `way` off the target's line: it does not run into an opponent next
 * to the ball, take the ball out beside their goal, or have an opponent where we would stand
 * behind the ball (lineFree), nor run into an opponent within CONE_AHEAD (the line goes around
 * them) or at their keeper or a standing opponent (pushAtStanding, which holds a dribble's
 * start: a line-up on that way would stand behind the ball for good).
 */
export function offLineFree(ball: Point2, way: number, opponents: readonly Opponent[]): boolean {
  return lineFree(ball, way, opponents) &&
    !opponentOnWay(ball, way, opponents, CONE_AHEAD, CONE_ACROSS) &&
    !pushAtStanding(ball, way, opponents);
}
