// Starting a Kalman track on the numeric core afresh from one observation. A track is x, y, vx,
// vy and then the 4×4 covariance, row-major (layout TRACK).

import { TRACK } from "../core/layout.ts";

/**
 * Track t at (x, y) with velocity (vx, vy): position variance σ², velocity variance `velVar`
 * (default: at rest, 1 (m/s)²), uncorrelated.
 */
export function resetTrack(
  tracks: Float64Array,
  t: number,
  x: number,
  y: number,
  sigma: number,
  vx = 0,
  vy = 0,
  velVar = 1,
): void {
  const o = t * TRACK;
  tracks.fill(0, o, o + TRACK);
  tracks[o] = x;
  tracks[o + 1] = y;
  tracks[o + 2] = vx;
  tracks[o + 3] = vy;
  tracks[o + 4] = sigma * sigma;
  tracks[o + 9] = sigma * sigma;
  tracks[o + 14] = velVar;
  tracks[o + 19] = velVar;
}
