// Where the referee is about to put this robot. rcssserver3d 0.7.x clears players out of places
// its rules keep free and drops them at a spot the rules fix, keeping their heading and their
// other coordinate: out of the other half at kick-offs, out of the centre circle at their kick-off,
// out of the penalty area at their goal kick, out of 2 m around the ball at their other set plays
// and at a drop ball, and before a kick-off out of the other half. When we stand well inside
// such an area once the rule applies, the move is certain and the localizer makes it itself; near
// the area's edge it is possible, and the localizer takes it at the first vision frame that the
// old pose no longer explains. The server avoids other robots when it puts one down, so the spot
// is where the move lands give or take a metre. All in our team's frame (we defend x < 0).

import {
  FIELD_LENGTH,
  FREE_KICK_DIST,
  FREE_KICK_MOVE,
  PENALTY_DEPTH,
  PENALTY_WIDTH,
} from "../field/field.ts";
import { PlayMode, type Situation } from "../protocol/playmode.ts";
import type { Point2 } from "../util/pose.ts";

/** A set play not taken within the server's RuleDropBallTime (s) ends in a drop ball. */
export const DROP_BALL_TIME = 15;
/**
 * Set plays other than kick-offs clear their area once RuleKickInPauseTime (1 s) has passed: the
 * move came 1.06 s after the mode's first message in a game, so it is made 1.1 s after (s).
 */
const KICK_IN_PAUSE = 1.1;
/** A move is certain for a robot estimated this far inside the cleared area (m). */
const CERTAIN_DEPTH = 0.3;
/**
 * Around the ball, only with the ball seen this recently (s): a robot that got up during their
 * kick-in placed itself by a ball it had last seen before it fell, 2.5 m from where the server
 * put it, and was not moved.
 */
const FRESH_BALL = 0.5;
/**
 * How far outside a cleared area our own estimate may put us and still be moved: the server
 * tests the robot's bounding box, and the estimate is a few centimetres off (metres).
 */
const MARGIN = 0.4;

/** What the estimator knows when it asks: the situation, our pose and the ball (estimates). */
export interface RelocationQuery {
  situation: Situation;
  mode: PlayMode;
  /** Seconds since the play mode began. */
  modeTime: number;
  self: Point2;
  ball: Point2 | null;
  /** Seconds since we last saw the ball ourselves (Infinity: never). */
  ballAge: number;
  /**
   * The set play (or kick-off) that just turned into play on after DROP_BALL_TIME untouched:
   * the server dropped the ball where it lay and cleared both teams from around it.
   */
  dropBall: boolean;
}

/** Whether the rules move us: not, possibly (near the area's edge), or certainly. */
export type Relocation = "none" | "possible" | "certain";

/**
 * Writes into `out` the spot the server will move us to and says how sure the move is; "none"
 * when the rules leave us where we are.
 */
export function relocationTarget(q: RelocationQuery, out: Point2): Relocation {
  const { self, ball } = q;
  out.x = self.x;
  out.y = self.y;
  // How far inside the cleared area we are (negative: outside), and from when the rule applies.
  let depth = -Infinity, after = 0;
  if (q.situation === "ourKickOff" || q.situation === "theirKickOff" || clearsOtherHalf(q.mode)) {
    // Out of their half to FREE_KICK_MOVE behind the centre line; at their kick-off also out of
    // the centre circle. The kick-off team's players inside the circle stay.
    const circle = FREE_KICK_DIST - Math.hypot(self.x, self.y);
    depth = q.situation === "theirKickOff" ? Math.max(self.x, circle) : self.x;
    if (q.situation === "ourKickOff" && circle > -MARGIN) depth = -Infinity;
    out.x = -FREE_KICK_MOVE;
  } else if (q.situation === "theirSetPlay" && isGoalKick(q.mode)) {
    const front = FIELD_LENGTH / 2 - PENALTY_DEPTH;
    depth = Math.min(self.x - front, PENALTY_WIDTH / 2 - Math.abs(self.y));
    out.x = front - FREE_KICK_MOVE;
    after = KICK_IN_PAUSE;
  } else if ((q.situation === "theirSetPlay" || q.dropBall) && ball) {
    depth = FREE_KICK_DIST - Math.hypot(self.x - ball.x, self.y - ball.y);
    // Behind the ball toward our goal; where that is beyond our goal line, sideways instead.
    if (ball.x - FREE_KICK_MOVE < -FIELD_LENGTH / 2) {
      out.y = ball.y < 0 ? ball.y + FREE_KICK_MOVE : ball.y - FREE_KICK_MOVE;
    } else out.x = ball.x - FREE_KICK_MOVE;
    after = q.dropBall ? 0 : KICK_IN_PAUSE;
    if (q.ballAge > FRESH_BALL) after = Infinity;
  }
  if (depth <= -MARGIN) return "none";
  return depth >= CERTAIN_DEPTH && q.modeTime >= after ? "certain" : "possible";
}

/** Before a kick-off (and after a goal) the server clears our players out of the other half. */
function clearsOtherHalf(mode: PlayMode): boolean {
  return mode === PlayMode.BeforeKickOff || mode === PlayMode.GoalLeft ||
    mode === PlayMode.GoalRight;
}

function isGoalKick(mode: PlayMode): boolean {
  return mode === PlayMode.GoalKickLeft || mode === PlayMode.GoalKickRight;
}
