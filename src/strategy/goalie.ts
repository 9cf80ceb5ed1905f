// Where the goalie stands: on the bisector of the angle the goal posts span from the ball (the
// seed paper's point on the goal line, so the goalie splits the shooting angle evenly), out
// along it toward the ball until Δx in front of the goal line, at most 1 m out; it faces the
// ball. The seed stood at the bisector's height on the ball–goal-centre line, held Δx out, and
// for a ball wide of the goal that left the near post open: a game's goal went in between the
// goalie and the near post from 4.8 m out at 65° off the goal's axis. Our frame: our goal at
// x = −15.

import { FIELD_LENGTH, GOAL_WIDTH } from "../field/field.ts";

export interface GoalieTarget {
  x: number;
  y: number;
  /** Heading toward the ball, radians. */
  theta: number;
}

/**
 * How far in front of the goal line the goalie stands at least (m). Out at 0.5 m instead of
 * 0.08 m, the posts span a narrower angle from the shooter, and the dives kept out 0.59-0.61 of
 * the standing goalie's goals instead of 0.50-0.54 (`deno task eval save --runs 160 --type 0`).
 */
export const GOALIE_DX = 0.5;
/** How far out along the bisector the goalie goes at most (m), and how near the ball. */
const BISECTOR_MAX = 1.0;
const BALL_CLEARANCE = 0.5;
/** The goalie leaves its spot for a ball within this distance of our goal's centre… */
export const GOALIE_CLEAR_RADIUS = 3;
/**
 * …when no teammate is closer to it, or whoever is closer when it lies this close to the goal's
 * centre (m): a teammate on the goal side of it has to go around it, and a goal came from a ball
 * that lay still 0.6 m out for 6 s while one did so and the goalie stood 2 m away.
 */
const GOALIE_MUST_CLEAR = 1.5;

const GOAL_X = -FIELD_LENGTH / 2;
const POST_Y = GOAL_WIDTH / 2;

export function goalieTarget(ballX: number, ballY: number, dx = GOALIE_DX): GoalieTarget {
  // Angle bisector from the ball meets the goal line dividing the posts in the ratio L1 : L2.
  const l1 = Math.hypot(ballX - GOAL_X, ballY - POST_Y);
  const l2 = Math.hypot(ballX - GOAL_X, ballY + POST_Y);
  const py = POST_Y - (2 * POST_Y * l1) / (l1 + l2);
  // Out along the bisector toward the ball until dx in front of the goal line, at most
  // BISECTOR_MAX out (a ball wide of the goal), and never nearer the ball than BALL_CLEARANCE.
  const bx = ballX - GOAL_X, by = ballY - py;
  const len = Math.hypot(bx, by);
  if (bx <= 1e-6 || len < 1e-6) return { x: GOAL_X + dx, y: py, theta: Math.atan2(by, bx) };
  const r = Math.max(0, Math.min(dx * len / bx, BISECTOR_MAX, len - BALL_CLEARANCE));
  const x = GOAL_X + r * bx / len, y = py + r * by / len;
  return { x, y, theta: Math.atan2(ballY - y, ballX - x) };
}

/** The goalie goes for the ball when it is near our goal and no one is closer, or in the mouth. */
export function goalieShouldClear(
  ballX: number,
  ballY: number,
  goalieToBall: number,
  closestOtherToBall: number,
): boolean {
  const fromGoal = Math.hypot(ballX - GOAL_X, ballY);
  return fromGoal < GOALIE_MUST_CLEAR ||
    (fromGoal < GOALIE_CLEAR_RADIUS && goalieToBall <= closestOtherToBall);
}
