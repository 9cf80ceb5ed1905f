// `walk-omni`: how fast the robot reaches omnidirectional targets (back, sideways, diagonal,
// turned) with the walk-to helper on its own estimate, timed by ground truth, and its falls.

import { walkTo } from "../motion/walk_to.ts";
import { wrapAngle } from "../util/angles.ts";
import { watchFalls } from "./measure.ts";
import type { EvalSession } from "./session.ts";
import { task } from "./task.ts";

export interface OmniResult {
  task: "walk-omni";
  runs: number;
  /** Seconds to each target (NaN where not reached), per run. */
  times: Record<string, number[]>;
  reached: number;
  targets: number;
  falls: number;
  /** Falls per target, over all runs. */
  fallsAt: Record<string, number>;
}

/** Targets relative to the start pose (−5, 0, facing +x): x, y, heading (radians). */
const OMNI_TARGETS: Record<string, [number, number, number]> = {
  back: [-1, 0, 0],
  left: [0, 1, 0],
  right: [0, -1, 0],
  diagonal: [1, 1, 0],
  turn180: [0, 0, Math.PI],
};

/**
 * Walks to each target with the walk-to-pose helper driven by the agent's own self estimate,
 * and times it against ground truth (head position within 0.2 m, heading within 15°).
 */
export async function walkOmni(s: EvalSession, runs: number, timeout = 20): Promise<OmniResult> {
  const times: Record<string, number[]> = {};
  const fallsAt: Record<string, number> = {};
  let reached = 0, falls = 0;
  const limits = s.agent.motion.walk.params;
  await s.playOn();
  for (let r = 0; r < runs; r++) {
    for (const [name, [tx, ty, tth]] of Object.entries(OMNI_TARGETS)) {
      s.agent.motion.set({ kind: "stand" });
      await s.place(-5, 0, 0, 1.5);
      const target = { x: -5 + tx, y: ty, theta: tth };
      const t0 = s.now;
      let took = NaN;
      let arrived = false;
      const fell = await watchFalls(s, async () => {
        while (s.now - t0 < timeout) {
          await s.agent.nextCycle();
          const self = s.agent.world.self;
          if (self) {
            const cmd = walkTo(self, target, limits, undefined, arrived);
            arrived = cmd.done;
            s.agent.motion.set(
              cmd.done ? { kind: "stand" } : { kind: "walk", vx: cmd.vx, vy: cmd.vy, vth: cmd.vth },
            );
          }
          const p = s.agent.truth?.myPos, yaw = s.agent.truthYaw;
          if (p && yaw !== null) {
            const dyaw = Math.abs(wrapAngle(yaw - tth));
            if (Math.hypot(p.x - target.x, p.y - target.y) < 0.2 && dyaw < 15 * Math.PI / 180) {
              took = s.now - t0;
              break;
            }
          }
        }
      });
      falls += fell;
      fallsAt[name] = (fallsAt[name] ?? 0) + fell;
      (times[name] ??= []).push(Math.round(took * 100) / 100);
      if (!Number.isNaN(took)) reached++;
    }
  }
  s.agent.motion.set({ kind: "stand" });
  return {
    task: "walk-omni",
    runs,
    times,
    reached,
    targets: runs * Object.keys(OMNI_TARGETS).length,
    falls,
    fallsAt,
  };
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

export const WALK_OMNI_TASK = task({
  name: "walk-omni",
  walk: true,
  flags: ["omniTimeout"],
  run: (s, runs, o) => walkOmni(s, runs, o.omniTimeout),
  score: (r, o) => omniScore(r, o.omniTimeout),
});
