// Where the referee is about to put this robot. rcssserver3d 0.7.x clears players out of places
// its rules keep free and drops them at a spot the rules fix, keeping their heading and their
// other coordinate: out of the other half at kick-offs, out of the centre circle at their kick-off,
// out of the penalty area at their goal kick, out of 2 m around the ball at their other set plays
// and at a drop ball, and before a kick-off out of the other half. When we stand well inside
// such an area once the rule applies, the move is certain and the localizer makes it itself; near
// the area's edge it is possible, and the localizer takes it at the first vision frame that the
// old pose no longer explains. The server avoids other robots when it puts one down, so the spot
// is where the move lands give or take a metre. The same rules, seen from the other side, move
// the opponents. All in our team's frame (we defend x < 0).

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

/** The situation as the other team sees it. */
const MIRRORED: Readonly<Record<Situation, Situation>> = {
  stop: "stop",
  play: "play",
  ourKickOff: "theirKickOff",
  theirKickOff: "ourKickOff",
  ourSetPlay: "theirSetPlay",
  theirSetPlay: "ourSetPlay",
};

/**
 * Writes into `out` the spot the server will move a robot at `robot` to (by default ourselves) and
 * says how sure the move is; "none" when the rules leave it where it is. With `theirs`, the robot
 * is an opponent: the same rules seen from their side (the situation and the field mirrored).
 */
export function relocationTarget(
  q: RelocationQuery,
  out: Point2,
  robot: Point2 = q.self,
  theirs = false,
): Relocation {
  // Everything in the robot's team's frame; m turns it back into ours.
  const m = theirs ? -1 : 1;
  const x = m * robot.x, y = m * robot.y;
  const s = theirs ? MIRRORED[q.situation] : q.situation;
  const ball = q.ball;
  let ox = x, oy = y;
  // How far inside the cleared area the robot is (negative: outside), and from when the rule
  // applies.
  let depth = -Infinity, after = 0;
  if (s === "ourKickOff" || s === "theirKickOff" || clearsOtherHalf(q.mode)) {
    // Out of the other half to FREE_KICK_MOVE behind the centre line; at the other team's
    // kick-off also out of the centre circle. The kick-off team's players inside the circle stay.
    const circle = FREE_KICK_DIST - Math.hypot(x, y);
    depth = s === "theirKickOff" ? Math.max(x, circle) : x;
    if (s === "ourKickOff" && circle > -MARGIN) depth = -Infinity;
    ox = -FREE_KICK_MOVE;
  } else if (s === "theirSetPlay" && isGoalKick(q.mode)) {
    const front = FIELD_LENGTH / 2 - PENALTY_DEPTH;
    depth = Math.min(x - front, PENALTY_WIDTH / 2 - Math.abs(y));
    ox = front - FREE_KICK_MOVE;
    after = KICK_IN_PAUSE;
  } else if ((s === "theirSetPlay" || q.dropBall) && ball) {
    const bx = m * ball.x, by = m * ball.y;
    depth = FREE_KICK_DIST - Math.hypot(x - bx, y - by);
    // Behind the ball toward the robot's own goal; where that is beyond the goal line, sideways.
    if (bx - FREE_KICK_MOVE < -FIELD_LENGTH / 2) {
      oy = by < 0 ? by + FREE_KICK_MOVE : by - FREE_KICK_MOVE;
    } else ox = bx - FREE_KICK_MOVE;
    after = q.dropBall ? 0 : KICK_IN_PAUSE;
    if (q.ballAge > FRESH_BALL) after = Infinity;
  }
  out.x = m * ox;
  out.y = m * oy;
  if (depth <= -MARGIN) return "none";
  return depth >= CERTAIN_DEPTH && q.modeTime >= after ? "certain" : "possible";
}

/** Our kick-off as it begins, for atOurKickOff. */
const OUR_KICK_OFF: RelocationQuery = Object.freeze({
  situation: "ourKickOff",
  mode: PlayMode.KickOffLeft,
  modeTime: 0,
  self: Object.freeze({ x: 0, y: 0 }),
  ball: null,
  ballAge: Infinity,
  dropBall: false,
});

/**
 * Where an opponent now at `p` will stand once our kick-off begins: the server clears the other
 * team out of our half and the centre circle (relocationTarget; only where the move is certain: a
 * robot seen just outside the circle stays there). Before a first kick-off either team's taker
 * may wait at the ball, and the taker lined up for a way around that robot kicked 45° off their
 * goal's line, every game.
 */
export function atOurKickOff(p: Point2): Point2 {
  const out = { x: p.x, y: p.y };
  return relocationTarget(OUR_KICK_OFF, out, p, true) === "certain" ? out : p;
}

/** Before a kick-off (and after a goal) the server clears our players out of the other half. */
function clearsOtherHalf(mode: PlayMode): boolean {
  return mode === PlayMode.BeforeKickOff || mode === PlayMode.GoalLeft ||
    mode === PlayMode.GoalRight;
}

function isGoalKick(mode: PlayMode): boolean {
  return mode === PlayMode.GoalKickLeft || mode === PlayMode.GoalKickRight;
}
