// The path of a STARTCURVE … ENDCURVE: a uniform Catmull-Rom spline through the control points
// (positions and roll/pitch/yaw alike), passing through every point; u runs from 0 (first
// point) to 1 (last point), the points at equal steps of u.

import type { FootPose } from "./skill.ts";
import { clamp } from "../util/angles.ts";

/** A FootPose that curvePose can write into. */
export type CurvePoint = { -readonly [K in keyof FootPose]: number };

const KEYS = ["x", "y", "z", "roll", "pitch", "yaw"] as const;

/** The pose at u ∈ [0, 1] (clamped) on the spline through `points` (at least two), into `out`. */
export function curvePose(
  points: readonly FootPose[],
  u: number,
  out: CurvePoint = { x: 0, y: 0, z: 0, roll: 0, pitch: 0, yaw: 0 },
): FootPose {
  const n = points.length;
  const s = clamp(u, 0, 1) * (n - 1);
  const i = Math.min(Math.floor(s), n - 2);
  const t = s - i;
  const p0 = points[Math.max(i - 1, 0)], p1 = points[i];
  const p2 = points[i + 1], p3 = points[Math.min(i + 2, n - 1)];
  const t2 = t * t, t3 = t2 * t;
  for (const k of KEYS) {
    const m1 = (p2[k] - p0[k]) / 2, m2 = (p3[k] - p1[k]) / 2;
    out[k] = (2 * t3 - 3 * t2 + 1) * p1[k] + (t3 - 2 * t2 + t) * m1 +
      (-2 * t3 + 3 * t2) * p2[k] + (t3 - t2) * m2;
  }
  return out;
}
