// The get-up evaluation: the robot is made to fall in turn from the front, the back or the side,
// and must get up and stand stable; how often and how fast.

import { type RunStats, stats } from "./measure.ts";
import type { EvalSession } from "./session.ts";
import { type FallKind, task } from "./task.ts";

export interface GetupResult {
  task: "getup";
  runs: number;
  successes: number;
  /** Seconds from lying (fall detected) to standing stable. */
  seconds: RunStats | null;
  /** The same per run (null: failed), the falls in turn. */
  times: (number | null)[];
  failures: string[];
}

/** Standing: head high and torso within 20° of upright, held for half a second. */
async function standsStable(s: EvalSession, timeout: number): Promise<boolean> {
  const start = s.now;
  let since = NaN;
  while (s.now - start < timeout) {
    await s.agent.nextCycle();
    const up = s.agent.estimator.tilt.up;
    const z = s.agent.truth?.myPos?.z ?? 0;
    const ok = z > 0.4 && up[2] > Math.cos(20 * Math.PI / 180) && s.agent.falls.state === "upright";
    if (!ok) since = NaN;
    else if (Number.isNaN(since)) since = s.now;
    else if (s.now - since >= 0.5) return true;
  }
  return false;
}

const FALL_SKILL: Readonly<Record<FallKind, string>> = {
  front: "SKILL_FALL_FRONT",
  back: "SKILL_FALL_BACK",
  side: "SKILL_FALL_SIDE",
};

/** Knocks the robot down (the `falls` in turn) and times the automatic get-up. */
export async function getup(
  s: EvalSession,
  runs: number,
  falls: readonly FallKind[] = ["front", "back"],
): Promise<GetupResult> {
  const times: number[] = [];
  const perRun: (number | null)[] = [];
  const failures: string[] = [];
  await s.playOn();
  for (let r = 0; r < runs; r++) {
    perRun.push(null);
    const fall = falls[r % falls.length];
    s.agent.motion.set({ kind: "stand" });
    await s.place(-5, 0, 0);
    s.agent.motion.set({ kind: "skill", name: FALL_SKILL[fall] });
    try {
      await s.until(() => s.agent.falls.state !== "upright", 5, "the fall");
    } catch {
      failures.push(`run ${r}: did not fall (${fall})`);
      continue;
    }
    const fell = s.agent.falls.since ?? s.now;
    s.agent.motion.set({ kind: "stand" });
    if (await standsStable(s, 10)) {
      const seconds = s.now - fell - 0.5;
      times.push(seconds);
      perRun[r] = Math.round(seconds * 100) / 100;
    } else failures.push(`run ${r}: still down 10 s after falling (${fall})`);
  }
  return {
    task: "getup",
    runs,
    successes: times.length,
    seconds: times.length ? stats(times) : null,
    times: perRun,
    failures,
  };
}

/**
 * Get-ups: 10 points per success rate, minus the mean time to stand (s) of the successful ones; a
 * candidate that never gets up scores −10.
 */
export function getupScore(r: GetupResult): number {
  if (!r.seconds) return -10;
  return 10 * r.successes / r.runs - r.seconds.mean;
}

export const GETUP_TASK = task({
  name: "getup",
  flags: ["falls"],
  run: (s, runs, o) => getup(s, runs, o.falls),
  score: getupScore,
});
