// The evaluation tasks, each measured with the server's ground truth: how far the robot walks
// forward in 10 s, how fast it reaches omnidirectional targets, how reliably and quickly it
// gets up, and how far and straight it kicks. Every task returns one JSON-able result.

import type { EvalSession } from "./session.ts";

export interface RunStats {
  mean: number;
  min: number;
  max: number;
  median: number;
}

export function stats(xs: number[]): RunStats {
  const s = [...xs].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / Math.max(1, s.length);
  return {
    mean,
    min: s[0] ?? NaN,
    max: s[s.length - 1] ?? NaN,
    median: s[Math.floor(s.length / 2)] ?? NaN,
  };
}

function headPos(s: EvalSession): { x: number; y: number; z: number } {
  const p = s.agent.truth?.myPos;
  if (!p) {
    throw new Error("eval: no ground truth (mypos) in the server's messages; enable setSenseMyPos");
  }
  return p;
}

/** Watches for falls while `body` runs; returns how many falls it saw. */
async function watchFalls(s: EvalSession, body: () => Promise<void>): Promise<number> {
  let falls = 0;
  let down = false;
  let done = false;
  const watcher = (async () => {
    while (!done) {
      await s.agent.nextCycle();
      const fallen = s.agent.motion.fall !== "upright";
      if (fallen && !down) falls++;
      down = fallen;
    }
  })();
  try {
    await body();
  } finally {
    done = true;
    await watcher;
  }
  return falls;
}

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
    distances: distances.map((d) => Math.round(d * 1000) / 1000),
  };
}
