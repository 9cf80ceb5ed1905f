// Their keeper in its own penalty area may not be walked into: rcssserver3d 0.7.3 calls charging
// on a player who touches it at 0.2 m/s or more heading more at it than at the ball, however
// recently that player touched the ball (soccerruleaspect.cpp). Near it, our walk slows below
// that speed. Field frame (we attack +x), metres, m/s.

import { FIELD_LENGTH, PENALTY_DEPTH, PENALTY_WIDTH } from "../field/field.ts";
import type { MotionRequest } from "../motion/motion.ts";
import type { Point2 } from "../util/pose.ts";

/** Within this distance (m) of their keeper our walk slows: slowing down takes the walk 3-4 steps. */
export const KEEPER_NEAR = 1;
/** The walk's speed there (m/s): under the server's 0.2 m/s charging speed. */
export const KEEPER_SPEED = 0.12;

/** Whether `p` lies in their penalty area. */
export function inTheirArea(p: Point2): boolean {
  return p.x >= FIELD_LENGTH / 2 - PENALTY_DEPTH && Math.abs(p.y) <= PENALTY_WIDTH / 2;
}

/**
 * `request`, its walk slowed to KEEPER_SPEED while their keeper stands in its area within
 * KEEPER_NEAR of `self` (a lying keeper cannot be charged).
 */
export function spareKeeper(
  request: MotionRequest,
  self: Point2,
  keeper: Readonly<Point2 & { fallen: boolean }> | null,
): MotionRequest {
  if (request.kind !== "walk" || !keeper || keeper.fallen || !inTheirArea(keeper)) return request;
  if (Math.hypot(keeper.x - self.x, keeper.y - self.y) > KEEPER_NEAR) return request;
  const v = Math.hypot(request.vx, request.vy);
  if (v <= KEEPER_SPEED) return request;
  const k = KEEPER_SPEED / v;
  return { ...request, vx: request.vx * k, vy: request.vy * k };
}
