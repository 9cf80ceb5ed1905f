// Their keeper in its own penalty area may not be walked into: rcssserver3d 0.7.3 calls charging
// on a player who touches it at 0.2 m/s or more heading more at it than at the ball, however
// recently that player touched the ball (soccerruleaspect.cpp). Near it, our walk closes in on
// it no faster than it can still slow to below that speed before touching; walking away from it
// or past it stays free. Also where ball play looks for their keeper (beforeTheirGoal). Field
// frame (we attack +x), metres, m/s; walk requests in the robot frame.

import { FIELD_LENGTH, GOAL_WIDTH, PENALTY_DEPTH, PENALTY_WIDTH } from "../field/field.ts";
import type { MotionRequest } from "../motion/motion.ts";
import { type Point2, type Pose2, toRobot } from "../util/pose.ts";

/** Within this distance (m) of their keeper our walk slows: slowing down takes the walk 3-4 steps. */
export const KEEPER_NEAR = 1;
/**
 * The walk's speed toward it from KEEPER_STOP (m, centre to centre) inward (m/s): under the
 * server's 0.2 m/s charging speed. Two robots side by side touch at about 0.2 m; the rest is the
 * walk's lag (a speed change takes effect at the next step).
 */
export const KEEPER_SPEED = 0.12;
export const KEEPER_STOP = 0.45;
/**
 * Farther out the allowed speed grows as from a stop at KEEPER_STOP with this deceleration
 * (m/s²): the walk slows by about 0.9 m/s² at the most. Slowed to KEEPER_SPEED everywhere within
 * KEEPER_NEAR, a player took 12 s for the 0.45 m to a ball lying at a standing keeper's feet.
 */
const KEEPER_DECEL = 0.4;

/** The fastest our walk may close in on their keeper from `d` metres (centre to centre; m/s). */
export function keeperClosing(d: number): number {
  return KEEPER_SPEED + Math.sqrt(2 * KEEPER_DECEL * Math.max(0, d - KEEPER_STOP));
}

/**
 * Where ball play takes an opponent for their keeper: KEEPER_ZONE m or less from their goal line,
 * within KEEPER_ZONE_Y of its centre (wider than the goal by a robot's reach on each side).
 * The charging rule's own bound is the penalty area (inTheirArea).
 */
const KEEPER_ZONE = 3.5;
const KEEPER_ZONE_Y = GOAL_WIDTH / 2 + 0.5;

/** Whether an opponent at `p` stands before their goal, where their keeper does. */
export function beforeTheirGoal(p: Point2): boolean {
  return p.x > FIELD_LENGTH / 2 - KEEPER_ZONE && Math.abs(p.y) < KEEPER_ZONE_Y;
}

/** Whether `p` lies in their penalty area. */
export function inTheirArea(p: Point2): boolean {
  return p.x >= FIELD_LENGTH / 2 - PENALTY_DEPTH && Math.abs(p.y) <= PENALTY_WIDTH / 2;
}

/**
 * `request`, its walk slowed so that it closes in on their keeper at keeperClosing at most, while
 * the keeper stands in its area within KEEPER_NEAR of `self` (a lying keeper cannot be charged).
 */
export function spareKeeper(
  request: MotionRequest,
  self: Pose2,
  keeper: Readonly<Point2 & { fallen: boolean }> | null,
): MotionRequest {
  if (request.kind !== "walk" || !keeper || keeper.fallen || !inTheirArea(keeper)) return request;
  const d = Math.hypot(keeper.x - self.x, keeper.y - self.y);
  if (d > KEEPER_NEAR) return request;
  // The walk's velocity (robot frame) along the way to the keeper, seen from the robot.
  const k = toRobot(self, keeper);
  const closing = d < 1e-6
    ? Math.hypot(request.vx, request.vy)
    : (request.vx * k.x + request.vy * k.y) / d;
  const allowed = keeperClosing(d);
  if (closing <= allowed) return request;
  const f = allowed / closing;
  return { ...request, vx: request.vx * f, vy: request.vy * f };
}
