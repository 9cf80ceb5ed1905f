// Whether the player at the ball passes, and to whom: a teammate within the kick's reach (not
// nearer than a dribble would get it), nearer the opponents' goal than the ball by a margin, more
// open than the ball (its nearest opponent farther away), with the lane from the ball clear of
// opponents, and in a direction the player already comes at the ball from (a line-up around
// the ball takes seconds). Of those, the one with the best gain in goal distance plus openness;
// the receiver chosen last cycle keeps the pass while it still qualifies, so the choice does not
// flip on noise. Pure apart from that memory. Field frame of our side, metres.

import { FIELD_LENGTH } from "../field/field.ts";
import { nearestDistance } from "./avoid.ts";
import type { Point2 } from "../util/pose.ts";
import { type BallPathOptions, ballWaypoint } from "./ball_path.ts";
import { wrapAngle } from "../util/angles.ts";

export interface PassOptions {
  /** Teammates this far from the ball, at least and at most (the kick's reach), m. */
  minDistance: number;
  maxDistance: number;
  /** The receiver is at least this much nearer the opponents' goal than the ball, m. */
  minGain: number;
}

export interface Mate extends Point2 {
  unum: number;
}

/** Openness counts up to this distance to the nearest opponent, m. */
const OPEN_CAP = 3;
/** A receiver whose nearest opponent is closer than this is marked, m. */
const MARKED = 1.2;
/** Openness weighs this much against metres gained toward the goal. */
const OPEN_WEIGHT = 0.5;
/** The lane: no opponent this close to the ball's line from the ball to the receiver. */
const LANE: BallPathOptions = { lookahead: Infinity, clearance: 0.6, detour: 0, beyond: 0 };
const GOAL: Point2 = { x: FIELD_LENGTH / 2, y: 0 };
/**
 * The pass goes at most this far (rad) off the way from the player to the ball. Against UT, 58
 * pass line-ups in two games (78 s of the ball player's time, up to 4.5 s each) walked around
 * the ball toward receivers behind or beside it, and none ended in a kick.
 */
const MAX_TURN = Math.PI / 3;

function dist(a: Point2, b: Point2): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

function openness(p: Point2, opponents: readonly Point2[]): number {
  return Math.min(OPEN_CAP, nearestDistance(p, opponents));
}

export class PassChooser {
  private last: number | null = null;

  constructor(private readonly o: PassOptions) {}

  /**
   * The receiver, or null to play the ball ourselves; `from`: where the player at the ball is
   * (null: anywhere).
   */
  choose(
    ball: Point2,
    mates: readonly Mate[],
    opponents: readonly Point2[],
    from: Point2 | null = null,
  ): Mate | null {
    const here = dist(ball, GOAL);
    const way = from && dist(from, ball) > 1e-6
      ? Math.atan2(ball.y - from.y, ball.x - from.x)
      : null;
    const ownOpen = openness(ball, opponents);
    let best: Mate | null = null, bestScore = -Infinity;
    for (const m of mates) {
      const d = dist(ball, m);
      if (d < this.o.minDistance || d > this.o.maxDistance) continue;
      const gain = here - dist(m, GOAL);
      const open = openness(m, opponents);
      if (gain < this.o.minGain || open < MARKED || open < ownOpen) continue;
      if (
        way !== null && Math.abs(wrapAngle(Math.atan2(m.y - ball.y, m.x - ball.x) - way)) > MAX_TURN
      ) {
        continue;
      }
      if (ballWaypoint(ball, m, opponents, 0, LANE).side !== 0) continue;
      const score = gain + OPEN_WEIGHT * open;
      if (m.unum === this.last) {
        best = m;
        break;
      }
      if (score > bestScore) {
        best = m;
        bestScore = score;
      }
    }
    this.last = best?.unum ?? null;
    return best;
  }
}
