// `walk-forward`: how far the robot walks forward in 10 s from standstill, from ground truth;
// the optimizer maximizes its speed with a penalty for falls.

import { headPos, millimetres, type RunStats, stats, watchFalls } from "./measure.ts";
import type { EvalSession } from "./session.ts";
import { task } from "./task.ts";

export interface WalkForwardResult {
  task: "walk-forward";
  runs: number;
  speed: RunStats;
  falls: number;
  distances: number[];
}

/** Walks at full forward speed for `seconds` from standstill; metres covered / seconds. */
export async function walkForward(
  s: EvalSession,
  runs: number,
  seconds = 10,
): Promise<WalkForwardResult> {
  const distances: number[] = [];
  let falls = 0;
  await s.playOn();
  for (let r = 0; r < runs; r++) {
    s.agent.motion.set({ kind: "stand" });
    await s.place(-12, 0, 0);
    const start = headPos(s);
    const t0 = s.now;
    falls += await watchFalls(s, async () => {
      s.agent.motion.set({ kind: "walk", vx: 10, vy: 0, vth: 0 });
      await s.until(() => s.now - t0 >= seconds, seconds + 10, "the walk");
    });
    distances.push(headPos(s).x - start.x);
  }
  s.agent.motion.set({ kind: "stand" });
  return {
    task: "walk-forward",
    runs,
    speed: stats(distances.map((d) => d / seconds)),
    falls,
    distances: millimetres(distances),
  };
}

/** Mean forward speed (m/s), minus 0.5 m/s per fall and run. */
export function walkScore(r: WalkForwardResult): number {
  return r.speed.mean - 0.5 * r.falls / r.runs;
}

export const WALK_FORWARD_TASK = task({
  name: "walk-forward",
  walk: true,
  run: (s, runs) => walkForward(s, runs),
  score: walkScore,
});
