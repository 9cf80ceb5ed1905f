// Walking around other players: when another robot stands close to the straight path to a
// target, walk to a waypoint beside it instead, on the side of the path it leaves free; and
// spots to stand at kept clear of other robots. Keeps the team out of the server's crowding rules
// (more than two players close together get beamed away) and out of collisions. Field frame,
// metres.

import type { Point2 } from "../util/pose.ts";

/** Distance from `p` to the nearest of `points` (Infinity when there are none). */
export function nearestDistance(p: Point2, points: readonly Point2[]): number {
  let d = Infinity;
  for (const q of points) d = Math.min(d, Math.hypot(q.x - p.x, q.y - p.y));
  return d;
}

/** Pass other robots at least this far from their centres. */
export const AVOID_RADIUS = 0.65;
/** Only robots this close to us matter for the next steps. */
const LOOKAHEAD = 2.5;
/** Waypoints clear a robot's radius (AVOID_RADIUS or escape) by this much more (m). */
const PASS_MARGIN = 0.1;

/**
 * Where to step first when a robot (or the ball) nearer than `escape` (m) lies ahead on the way to
 * `target`: straight away from it, out to `escape` plus a margin; null when none does. From that
 * close, the way to a waypoint beside it still brushed past it (a supporter walking on behind our
 * dribbling player, 0.3 m from it, and both fell).
 */
export function escapeFrom(
  self: Point2,
  target: Point2,
  obstacles: readonly Point2[],
  escape: number,
): Point2 | null {
  const dx = target.x - self.x, dy = target.y - self.y;
  let close: Point2 | null = null, closeD = escape;
  for (const o of obstacles) {
    const d = Math.hypot(o.x - self.x, o.y - self.y);
    if (d > 1e-6 && d < closeD && (o.x - self.x) * dx + (o.y - self.y) * dy > 0) {
      close = o;
      closeD = d;
    }
  }
  if (!close) return null;
  const out = (escape + PASS_MARGIN - closeD) / closeD;
  return { x: self.x + (self.x - close.x) * out, y: self.y + (self.y - close.y) * out };
}

/**
 * The point to walk toward: `target` itself when the way is clear, otherwise a waypoint that
 * passes the nearest robot in the way at AVOID_RADIUS (plus a margin).
 */
export function avoidObstacles(
  self: Point2,
  target: Point2,
  obstacles: readonly Point2[],
  radius = AVOID_RADIUS,
): Point2 {
  const dx = target.x - self.x;
  const dy = target.y - self.y;
  const dist = Math.hypot(dx, dy);
  if (dist < 1e-6) return target;
  const ux = dx / dist;
  const uy = dy / dist;
  let nearest: Point2 | null = null;
  let nearestAlong = Infinity;
  let nearestSide = 0;
  for (const o of obstacles) {
    const ox = o.x - self.x;
    const oy = o.y - self.y;
    const along = ox * ux + oy * uy;
    const across = -ox * uy + oy * ux;
    if (along <= 0 || along > Math.min(dist + radius, LOOKAHEAD)) continue;
    if (Math.abs(across) >= radius) continue;
    // A target right next to the obstacle is reachable only around it, but not past it.
    if (along < nearestAlong) {
      nearest = o;
      nearestAlong = along;
      nearestSide = across >= 0 ? -1 : 1;
    }
  }
  if (!nearest) return target;
  // Beside the obstacle, perpendicular to the path, on the side away from its centre; moved on
  // along the path to at least `offset` ahead of us (not past the target). Right beside a robot
  // we are passing, the point straight across lay at our side: the robot turned 60-70° toward it
  // on the spot and back, 4 s next to a standing opponent.
  const offset = radius + PASS_MARGIN;
  const forward = Math.max(0, Math.min(offset, dist) - nearestAlong);
  return {
    x: nearest.x + nearestSide * -uy * offset + ux * forward,
    y: nearest.y + nearestSide * ux * offset + uy * forward,
  };
}

/**
 * `spot` moved straight out of each circle of radius `r` around `others` that holds it, in turn,
 * over up to 8 passes (circles overlap); `spot` itself when none holds it.
 */
export function keepClear(spot: Point2, others: readonly Point2[], r: number): Point2 {
  let p = spot;
  for (let pass = 0; pass < 8; pass++) {
    let moved = false;
    for (const o of others) {
      const dx = p.x - o.x, dy = p.y - o.y;
      const d = Math.hypot(dx, dy);
      if (d >= r) continue;
      p = d < 1e-6 ? { x: o.x - r, y: o.y } : { x: o.x + dx * r / d, y: o.y + dy * r / d };
      moved = true;
    }
    if (!moved) break;
  }
  return p;
}
