// Where the referee is about to put this robot. rcssserver3d 0.7.x clears players out of places
// its rules keep free and drops them at a spot the rules fix, keeping their heading and their
// other coordinate: out of the other half at kick-offs, out of the centre circle at their kick-off,
// out of the penalty area at their goal kick, out of 2 m around the ball at their other set plays
// and at a drop ball. Knowing that spot, the localizer takes the move at the first vision frame
// that the old pose no longer explains. All in our team's frame (we defend x < 0).

import { FIELD_LENGTH, PENALTY_DEPTH, PENALTY_WIDTH } from "../field/field.ts";
import { PlayMode, type Situation } from "../protocol/playmode.ts";
import type { Point2 } from "../util/pose.ts";

/** The server's FreeKickDistance and FreeKickMoveDist (naosoccersim.rb), metres. */
const FREE_KICK_DIST = 2.0;
const FREE_KICK_MOVE = 2.5;
/** A set play not taken within the server's RuleDropBallTime (s) ends in a drop ball. */
export const DROP_BALL_TIME = 15;
/**
 * How far outside a cleared area our own estimate may put us and still be moved: the server
 * tests the robot's bounding box, and the estimate is a few centimetres off (metres).
 */
const MARGIN = 0.4;

/** What the estimator knows when it asks: the situation, our pose and the ball (estimates). */
export interface RelocationQuery {
  situation: Situation;
  mode: PlayMode;
  self: Point2;
  ball: Point2 | null;
  /**
   * The set play (or kick-off) that just turned into play on after DROP_BALL_TIME untouched:
   * the server dropped the ball where it lay and cleared both teams from around it.
   */
  dropBall: boolean;
}

/**
 * Writes into `out` the spot the server will move us to and returns true, or returns false when
 * the rules leave us where we are.
 */
export function relocationTarget(q: RelocationQuery, out: Point2): boolean {
  const { self, ball } = q;
  out.x = self.x;
  out.y = self.y;
  if (q.situation === "ourKickOff" || q.situation === "theirKickOff") {
    // Out of their half to FREE_KICK_MOVE behind the centre line; at their kick-off also out of
    // the centre circle. The kick-off team's players inside the circle stay.
    const inCircle = Math.hypot(self.x, self.y) < FREE_KICK_DIST + MARGIN;
    const inTheirHalf = self.x > -MARGIN;
    if (q.situation === "theirKickOff" ? inTheirHalf || inCircle : inTheirHalf && !inCircle) {
      out.x = -FREE_KICK_MOVE;
      return true;
    }
    return false;
  }
  if (q.situation === "theirSetPlay" && isGoalKick(q.mode)) {
    const front = FIELD_LENGTH / 2 - PENALTY_DEPTH;
    if (self.x > front - MARGIN && Math.abs(self.y) < PENALTY_WIDTH / 2 + MARGIN) {
      out.x = front - FREE_KICK_MOVE;
      return true;
    }
    return false;
  }
  if ((q.situation === "theirSetPlay" || q.dropBall) && ball) {
    if (Math.hypot(self.x - ball.x, self.y - ball.y) >= FREE_KICK_DIST + MARGIN) return false;
    // Behind the ball toward our goal; where that is beyond our goal line, sideways instead.
    if (ball.x - FREE_KICK_MOVE < -FIELD_LENGTH / 2) {
      out.y = ball.y < 0 ? ball.y + FREE_KICK_MOVE : ball.y - FREE_KICK_MOVE;
    } else out.x = ball.x - FREE_KICK_MOVE;
    return true;
  }
  return false;
}

function isGoalKick(mode: PlayMode): boolean {
  return mode === PlayMode.GoalKickLeft || mode === PlayMode.GoalKickRight;
}
