// Walking to a pose: a velocity command from where we are to where we want to be (field frame,
// metres and radians), with a deceleration profile so the robot arrives without overshooting.
// Far away it turns toward the target and walks forward; close by it steps omnidirectionally
// and turns to the final heading, turning on the spot first when that heading is far off. A
// target behind or beside that is nearly as near is stepped to without facing it, when that is
// quicker than turning there and back.

import { clamp, wrapAngle } from "../util/angles.ts";
import { type Pose2, toRobot } from "../util/pose.ts";

export interface WalkLimits {
  maxForward: number;
  maxBackward: number;
  maxSideways: number;
  maxTurn: number;
}

export interface WalkCommand {
  vx: number;
  vy: number;
  vth: number;
  /** Within the position and heading tolerances. */
  done: boolean;
}

export interface WalkToOptions {
  /** Deceleration, m/s²: the speed allowed at distance d is √(2·a·d). */
  decel: number;
  /** Beyond this distance the robot faces the target while walking. */
  faceDistance: number;
  positionTolerance: number;
  headingTolerance: number;
}

export const DEFAULT_WALK_TO: WalkToOptions = {
  decel: 0.6,
  faceDistance: 1.0,
  positionTolerance: 0.08,
  headingTolerance: 0.15,
};

/**
 * Facing blends from the final heading to the target's bearing over this fraction of
 * faceDistance beyond it.
 */
const FACE_BLEND = 0.25;

/**
 * Stepping omnidirectionally is chosen over facing the target only within this distance (m),
 * and only when it is quicker by the estimate below with its time inflated by OMNI_PENALTY:
 * walking backwards or sideways sees nothing of the way and drifts more.
 */
const OMNI_MAX_DISTANCE = 2;
const OMNI_PENALTY = 1.2;
/** The choice blends over this difference of estimated times (s), not at a hard switch. */
const OMNI_BLEND = 0.5;

/** Once arrived, the robot stays put until it is this many tolerances off again. */
const RESUME_FACTOR = 2;

/**
 * The command toward `target`. `arrived` says the last command was done: the tolerances then
 * widen by RESUME_FACTOR, so that noise in the self estimate does not start and stop the walk
 * again and again (each start and stop rocks the robot).
 */
export function walkTo(
  self: Pose2,
  target: Pose2,
  limits: WalkLimits,
  o: WalkToOptions = DEFAULT_WALK_TO,
  arrived = false,
): WalkCommand {
  const dx = target.x - self.x, dy = target.y - self.y;
  const d = Math.hypot(dx, dy);
  const { x: rx, y: ry } = toRobot(self, target);
  const headingError = wrapAngle(target.theta - self.theta);
  const widen = arrived ? RESUME_FACTOR : 1;
  if (d < o.positionTolerance * widen && Math.abs(headingError) < o.headingTolerance * widen) {
    return { vx: 0, vy: 0, vth: 0, done: true };
  }
  // Decelerate to a stop at the edge of the tolerance, not at the target itself: small
  // corrections are walked slowly.
  const speed = Math.min(
    Math.sqrt(2 * o.decel * Math.max(0, d - o.positionTolerance)),
    limits.maxForward,
  );
  // Far: face the target; near: turn to the final heading; in between, a blend of the two. A
  // hard switch at faceDistance turned a robot stepping about at that distance left and right
  // in turn for 10 s beside the ball.
  const faceBearing = Math.atan2(ry, rx);
  const far = clamp((d - o.faceDistance) / (FACE_BLEND * o.faceDistance), 0, 1) *
    faceWeight(d, faceBearing, headingError, wrapAngle(Math.atan2(dy, dx) - target.theta), limits);
  // Blended as directions, not angles: two headings half a turn apart would average to a stop.
  const bx = far * Math.cos(faceBearing) + (1 - far) * Math.cos(headingError);
  const by = far * Math.sin(faceBearing) + (1 - far) * Math.sin(headingError);
  const turnTo = Math.hypot(bx, by) > 1e-3 ? Math.atan2(by, bx) : faceBearing;
  const vth = clamp(2 * turnTo, -limits.maxTurn, limits.maxTurn);
  // Walk less while facing away from where the steps go; close by, turn first while the final
  // heading is more than 60° off (stepping while turning fast tips the robot over).
  const scale = far * Math.max(0, Math.cos(faceBearing)) +
    (1 - far) * clamp(2 * Math.cos(headingError) - 1, 0, 1);
  const vx = clamp(
    (speed * rx) / Math.max(d, 1e-9) * scale,
    -limits.maxBackward,
    limits.maxForward,
  );
  const vy = clamp(
    (speed * ry) / Math.max(d, 1e-9) * scale,
    -limits.maxSideways,
    limits.maxSideways,
  );
  return { vx, vy, vth, done: false };
}

/**
 * How much to face the target rather than step to it facing the final heading (0..1), from the
 * estimated time of each: turning to the bearing, walking forward and turning to the heading,
 * against stepping along `travel` (the way to the target, relative to the final heading) while
 * turning to the heading.
 */
function faceWeight(
  d: number,
  bearing: number,
  headingError: number,
  travel: number,
  l: WalkLimits,
): number {
  if (d > OMNI_MAX_DISTANCE) return 1;
  const faceTime = (Math.abs(bearing) + Math.abs(wrapAngle(headingError - bearing))) / l.maxTurn +
    d / l.maxForward;
  const cx = Math.cos(travel), sy = Math.sin(travel);
  const speed = 1 / Math.hypot(cx / (cx >= 0 ? l.maxForward : l.maxBackward), sy / l.maxSideways);
  const omniTime = OMNI_PENALTY * Math.max(Math.abs(headingError) / l.maxTurn, d / speed);
  return clamp((omniTime - faceTime) / OMNI_BLEND + 0.5, 0, 1);
}
