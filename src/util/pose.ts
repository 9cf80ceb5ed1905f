// Plane geometry of the field: a point, a pose (a point and a heading), the one transform
// between the field frame and a robot's frame, and a point's distance to a segment. Metres and
// radians, headings counter-clockwise from +x.

import { clamp } from "./angles.ts";

export interface Point2 {
  x: number;
  y: number;
}

export interface Pose2 extends Point2 {
  theta: number;
}

/** Field point `p` in the frame of a robot at `pose` (x ahead, y to its left). */
export function toRobot(pose: Pose2, p: Point2): Point2 {
  const dx = p.x - pose.x, dy = p.y - pose.y;
  const c = Math.cos(pose.theta), s = Math.sin(pose.theta);
  return { x: c * dx + s * dy, y: -s * dx + c * dy };
}

/**
 * The field point that lies (rx, ry) in the frame of a robot at `pose`; written into `out` when
 * given (per-cycle callers allocate nothing).
 */
export function toField<P extends Point2 = Point2>(
  pose: Pose2,
  rx: number,
  ry: number,
  out: P = { x: 0, y: 0 } as P,
): P {
  const c = Math.cos(pose.theta), s = Math.sin(pose.theta);
  out.x = pose.x + c * rx - s * ry;
  out.y = pose.y + s * rx + c * ry;
  return out;
}

/** How close the segment from (x1, y1) to (x2, y2) comes to the point (px, py). */
export function segmentDistance(
  px: number,
  py: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
): number {
  const dx = x2 - x1, dy = y2 - y1;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? clamp(((px - x1) * dx + (py - y1) * dy) / len2, 0, 1) : 0;
  const ex = x1 + t * dx - px, ey = y1 + t * dy - py;
  return Math.sqrt(ex * ex + ey * ey);
}
