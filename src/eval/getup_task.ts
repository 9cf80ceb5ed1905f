// The get-up evaluation: the robot is made to fall in turn from the front, the back or the side,
// and must get up, stand stable and walk off without falling again; how often and how fast.

import { type RunStats, stats, watchFalls } from "./measure.ts";
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

/** After standing, the robot walks forward at full speed this long, as in a game (s). */
const WALK_OFF_SECONDS = 2;

/** Walks forward from standing for WALK_OFF_SECONDS; the seconds walked, NaN if it did not fall. */
async function walkOffFall(s: EvalSession): Promise<number> {
  const t0 = s.now;
  const falls = await watchFalls(s, async () => {
    s.agent.motion.set({ kind: "walk", vx: 10, vy: 0, vth: 0 });
    await s.until(
      () => s.now - t0 >= WALK_OFF_SECONDS || s.agent.falls.state !== "upright",
      WALK_OFF_SECONDS + 5,
      "the walk off",
    );
  });
  s.agent.motion.set({ kind: "stand" });
  return falls === 0 ? NaN : s.now - t0;
}

/** The skill that knocks the robot down each way. */
export const FALL_SKILL: Readonly<Record<FallKind, string>> = {
  front: "SKILL_FALL_FRONT",
  back: "SKILL_FALL_BACK",
  side: "SKILL_FALL_SIDE",
  "back-tilted": "SKILL_FALL_BACK_TILTED",
};

/**
 * Knocks the robot down (the `falls` in turn) and times the automatic get-up; a get-up counts
 * once the robot has also walked off without falling.
 */
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
    if (!(await standsStable(s, 10))) {
      failures.push(`run ${r}: still down 10 s after falling (${fall})`);
      continue;
    }
    const seconds = s.now - fell - 0.5;
    const fellAfter = await walkOffFall(s);
    if (!Number.isNaN(fellAfter)) {
      failures.push(
        `run ${r}: stood, then fell ${fellAfter.toFixed(2)} s into walking off (${fall})`,
      );
      continue;
    }
    times.push(seconds);
    perRun[r] = Math.round(seconds * 100) / 100;
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
