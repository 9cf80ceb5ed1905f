// Where to send the ball so that it gets past the opponents: straight at the target when the
// way is clear, otherwise at a waypoint beside the first opponent standing in the ball's path.
// A dribble or a kick straight into a robot stops dead (against a team that stands still, a
// quarter of each game went to a ball pinned against one). Pure. Field frame, metres.

import { FIELD_WIDTH } from "../field/field.ts";
import type { Point2 } from "../util/pose.ts";

export interface BallPathOptions {
  /** Only opponents this far ahead of the ball, along the path, are in the way. */
  lookahead: number;
  /** An opponent whose centre is closer than this to the path is in the way. */
  clearance: number;
  /** The waypoint passes the opponent's centre at this distance… */
  detour: number;
  /** …and this far beyond it along the path, so that the ball has passed it before turning. */
  beyond: number;
}

/**
 * For a dribble: the robot walks along, so it too must get past, and the ball wanders up to
 * half a metre off the line (a path passing 0.9 m from a robot ended against it).
 */
export const DRIBBLE_PATH: BallPathOptions = {
  lookahead: 4,
  clearance: 0.9,
  detour: 1.0,
  beyond: 0.3,
};
/**
 * For a kick: the ball travels about 6 m alone, up to ~15° off the aim (a kick-off aimed
 * 0.7 m past the robot standing 2.5 m ahead went off at 25°).
 */
export const KICK_PATH: BallPathOptions = {
  lookahead: 6,
  clearance: 0.6,
  detour: 1.2,
  beyond: 0,
};

/**
 * For a shot from close to the goal: clear only if no opponent stands within a body's width plus
 * the ball's of the line (shots at a keeper 0.6 m ahead came back again and again for 17 s).
 */
export const SHOT_PATH: BallPathOptions = {
  lookahead: 6,
  clearance: 0.35,
  detour: 0,
  beyond: 0,
};

/** Side of the path: +1 left of it (seen along it), -1 right, 0 straight at the target. */
export type PathSide = -1 | 0 | 1;

export interface BallWaypoint extends Point2 {
  side: PathSide;
}

/**
 * Below this distance from the path, an opponent counts as on it: the last side holds, or else the
 * side the caller prefers (the one the player's push goes to from where it stands). Two of the
 * standing team's robots stand on the centre line; passing one that stood 0.2 m off the path on
 * the side it left free had our player walk around the ball for 5 s first.
 */
const ON_PATH = 0.35;
/**
 * An opponent less than NEAR_ALONG (m) ahead of the ball is passed on the side it leaves free
 * unless it stands within ON_PATH_NEAR of the path: the ball cannot be pushed across its feet
 * (a kept side that would have done so left the ball at a standing keeper's feet for 38 s).
 */
const NEAR_ALONG = 0.5;
const ON_PATH_NEAR = 0.05;
/**
 * While we detour, an opponent stays in the way this much farther from the path (times the
 * clearance) and this far (m) behind the ball: the dribble's target flipped between straight and
 * 45° aside every few cycles as an opponent at the ball stepped in and out of the corridor, and
 * the player circled the ball for seconds.
 */
const KEEP_CLEARANCE = 1.5;
const KEEP_BEHIND = 0.3;
/** Waypoints stay this far inside the side lines. */
const FIELD_MARGIN = 0.3;

/**
 * The point to play the ball toward on its way to `target`. `lastSide` is the side chosen last
 * cycle: for an opponent right on the path, keeping it stops the choice flipping on noise.
 * `prefer` is the side to take for such an opponent when there is no last side (0: none).
 */
export function ballWaypoint(
  ball: Point2,
  target: Point2,
  opponents: readonly Point2[],
  lastSide: PathSide,
  o: BallPathOptions,
  prefer: PathSide = 0,
): BallWaypoint {
  const dx = target.x - ball.x, dy = target.y - ball.y;
  const dist = Math.hypot(dx, dy);
  if (dist < 1e-6) return { x: target.x, y: target.y, side: 0 };
  const ux = dx / dist, uy = dy / dist;
  const reach = Math.min(dist, o.lookahead);
  const detouring = lastSide !== 0;
  const clearance = detouring ? o.clearance * KEEP_CLEARANCE : o.clearance;
  const from = detouring ? -KEEP_BEHIND : 0;
  let first: Point2 | null = null;
  let firstAlong = Infinity, firstAcross = 0;
  for (const p of opponents) {
    const along = (p.x - ball.x) * ux + (p.y - ball.y) * uy;
    const across = -(p.x - ball.x) * uy + (p.y - ball.y) * ux;
    if (along > from && along < reach && Math.abs(across) < clearance && along < firstAlong) {
      first = p;
      firstAlong = along;
      firstAcross = across;
    }
  }
  if (!first) return { x: target.x, y: target.y, side: 0 };
  const block = first;
  // Pass on the side the opponent leaves free.
  let side: PathSide = firstAcross > 0 ? -1 : 1;
  const kept = lastSide !== 0 ? lastSide : prefer;
  const onPath = firstAlong < NEAR_ALONG ? ON_PATH_NEAR : ON_PATH;
  if (kept !== 0 && Math.abs(firstAcross) < onPath) side = kept;
  // Kept for the hysteresis only, an opponent the straight way already passes wider than the
  // detour on that side is not detoured: the waypoint would pull the ball back toward it (after
  // pushing past their kick-off taker 1.3 m wide, a waypoint 1 m beside it turned the line 15°
  // back and cost a 3 s line-up around the ball).
  if (Math.abs(firstAcross) >= o.clearance && -side * firstAcross >= o.detour) {
    return { x: target.x, y: target.y, side: 0 };
  }
  const at = (s: PathSide) => ({
    x: block.x + ux * o.beyond - uy * s * o.detour,
    y: block.y + uy * o.beyond + ux * s * o.detour,
    side: s,
  });
  const w = at(side);
  return Math.abs(w.y) > FIELD_WIDTH / 2 - FIELD_MARGIN ? at(side === 1 ? -1 : 1) : w;
}
