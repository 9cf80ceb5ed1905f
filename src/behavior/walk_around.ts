// Walking to a spot around the robots (and the ball) in the way: walkTo's command toward a
// waypoint past the first obstacle, or first out from one too close ahead, with the sprint asked
// for while the spot is far; and standing rather than walking on into a robot ahead (holdContact).
// Field frame, metres and radians.

import type { MotionRequest } from "../motion/motion.ts";
import { type WalkLimits, walkTo, type WalkToOptions } from "../motion/walk_to.ts";
import { type Point2, type Pose2, toRobot } from "../util/pose.ts";
import { AVOID_RADIUS, avoidObstacles, escapeFrom } from "../ballplay/avoid.ts";

/** How walkAround passes obstacles (m): `radius` from their centres; `escape`, see escapeFrom. */
export interface AroundOptions {
  radius?: number;
  escape?: number;
  /** Sprint while the target lies SPRINT_DISTANCE or farther (MotionRequest.sprint). */
  sprint?: boolean;
}

/**
 * The sprint gait is asked for only this far (m) or farther from the target: it takes 4 steps
 * (about 0.6 m) to blend back into the walk before the approach slows down.
 */
const SPRINT_DISTANCE = 2.5;

/**
 * Walks toward `target` by `walkTo`, via a waypoint around the first obstacle in the way (passed
 * `radius` from its centre, absent: AVOID_RADIUS), facing along the way to it: with the target's
 * heading, a waypoint within walkTo's face distance had the robot turn on the spot next to the
 * obstacle instead of passing it. With `escape`, first out from one that close ahead
 * (escapeFrom), keeping the heading: walkTo steps there sideways or back.
 */
export function walkAround(
  self: Pose2,
  target: Pose2,
  obstacles: readonly Point2[],
  limits: WalkLimits,
  options: WalkToOptions,
  around: AroundOptions = {},
): MotionRequest {
  const c = walkTo(self, aroundGoal(self, target, obstacles, around), limits, options);
  const sprint = around.sprint === true &&
    Math.hypot(target.x - self.x, target.y - self.y) >= SPRINT_DISTANCE;
  return { kind: "walk", vx: c.vx, vy: c.vy, vth: c.vth, sprint };
}

/** The pose walkAround walks to this cycle. */
function aroundGoal(
  self: Pose2,
  target: Pose2,
  obstacles: readonly Point2[],
  { radius = AVOID_RADIUS, escape = 0 }: AroundOptions,
): Pose2 {
  const out = escape > 0 ? escapeFrom(self, target, obstacles, escape) : null;
  if (out) return { ...out, theta: self.theta };
  const via = avoidObstacles(self, target, obstacles, radius);
  return via === target ? target : { ...via, theta: Math.atan2(via.y - self.y, via.x - self.x) };
}

const STAND: MotionRequest = Object.freeze({ kind: "stand" });

/** A robot ahead within this angle of the heading (rad) is one we would walk into. */
const CONTACT_CONE = Math.PI / 3;

/**
 * `request`, or standing instead of a walk forward while a robot's centre lies within `range` (m)
 * ahead, within CONTACT_CONE of our heading. Standing, not stepping on the spot: with an opponent
 * walking into it, a robot of type 1 that stopped its walk forward 0.4 m short fell in 16 runs of
 * 20, one that stood there in 8.
 */
export function holdContact(
  request: MotionRequest,
  self: Pose2,
  robots: readonly Point2[],
  range: number,
): MotionRequest {
  if (request.kind !== "walk" || request.vx <= 0) return request;
  for (const r of robots) {
    const rel = toRobot(self, r);
    const d = Math.hypot(rel.x, rel.y);
    if (d < range && rel.x > 0 && Math.abs(Math.atan2(rel.y, rel.x)) < CONTACT_CONE) {
      return STAND;
    }
  }
  return request;
}
