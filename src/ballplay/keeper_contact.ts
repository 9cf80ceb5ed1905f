// Their keeper in its own penalty area may not be walked into: rcssserver3d 0.7.3 calls charging
// on a player who touches it at 0.2 m/s or more heading more at it than at the ball, however
// recently that player touched the ball (soccerruleaspect.cpp). Near it, our walk closes in on
// it below that speed; walking away from it or past it stays free. Field frame (we attack +x),
// metres, m/s; walk requests in the robot frame.

import { FIELD_LENGTH, PENALTY_DEPTH, PENALTY_WIDTH } from "../field/field.ts";
import type { MotionRequest } from "../motion/motion.ts";
import { type Point2, type Pose2, toRobot } from "../util/pose.ts";

/** Within this distance (m) of their keeper our walk slows: slowing down takes the walk 3-4 steps. */
export const KEEPER_NEAR = 1;
/**
 * The walk's speed toward it there (m/s): under the server's 0.2 m/s charging speed. Slowed
 * whichever way it went, one player took 40 s to push a ball lying 0.5 m beside the keeper over
 * the goal line.
 */
export const KEEPER_SPEED = 0.12;

/** Whether `p` lies in their penalty area. */
export function inTheirArea(p: Point2): boolean {
  return p.x >= FIELD_LENGTH / 2 - PENALTY_DEPTH && Math.abs(p.y) <= PENALTY_WIDTH / 2;
}

/**
 * `request`, its walk slowed so that it closes in on their keeper at KEEPER_SPEED at most, while
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
  if (closing <= KEEPER_SPEED) return request;
  const f = KEEPER_SPEED / closing;
  return { ...request, vx: request.vx * f, vy: request.vy * f };
}
