// What the optimizer maximizes for each evaluation task it tunes (registry.ts pairs them): the
// task's own measure with penalties for falls (and, for kicks, for missing the direction; for
// get-ups, for failures; for walk-omni, for targets not reached), so that a fast but unstable
// candidate never wins over a stable one.

import type { GetupResult, KickResult, OmniResult, WalkForwardResult } from "./tasks.ts";

/** Mean forward speed (m/s), minus 0.5 m/s per fall and run. */
export function walkScore(r: WalkForwardResult): number {
  return r.speed.mean - 0.5 * r.falls / r.runs;
}

/**
 * Walk-omni: minus the mean seconds per target (a target not reached counts as `timeout`), minus
 * 10 s per fall and run.
 */
export function omniScore(r: OmniResult, timeout: number): number {
  const times = Object.values(r.times).flat();
  const total = times.reduce((sum, t) => sum + (Number.isNaN(t) ? timeout : t), 0);
  return -total / Math.max(1, times.length) - 10 * r.falls / r.runs;
}

/** What a kick candidate loses per fall and run (m), unless the optimizer is told otherwise. */
export const KICK_FALL_COST = 6;

/**
 * Median kick distance (m), minus 0.1 m per degree of median direction error beyond 10°, minus
 * `fallCost` m per fall and run, minus 2 m per second on the sole edges (mean of the runs): a
 * robot left standing on its heels or toes for a second often toppled over, and the edge seconds
 * show it in runs that did not fall. A kick with metres to spare trades them for fewer falls under
 * a higher `fallCost`.
 */
export function kickScore(r: KickResult, fallCost = KICK_FALL_COST): number {
  const miss = Math.max(0, r.directionError.median - 10);
  const edge = r.edgeSeconds.reduce((a, b) => a + b, 0) / Math.max(1, r.edgeSeconds.length);
  return r.distance.median - 0.1 * miss - fallCost * r.falls / r.runs - 2 * edge;
}

/**
 * Get-ups: 10 points per success rate, minus the mean time to stand (s) of the successful ones; a
 * candidate that never gets up scores −10.
 */
export function getupScore(r: GetupResult): number {
  if (!r.seconds) return -10;
  return 10 * r.successes / r.runs - r.seconds.mean;
}
