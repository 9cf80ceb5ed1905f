// The test jobs' stand-in for a server run: an eval job's score is a smooth function of its
// params (highest at FAKE_TARGET), a game job's result a fixed score line; both after a delay.

import { ParamSet } from "../src/config/params.ts";
import type { JobRunner } from "../src/scale/worker.ts";

/** The optimum of fakeScore: two walk params, each in its space's range. */
export const FAKE_TARGET: Readonly<Record<string, number>> = {
  "walk.step_time": 0.21,
  "walk.torso_height": 0.33,
};

export function fakeScore(params: ParamSet): number {
  let s = 0;
  for (const [k, t] of Object.entries(FAKE_TARGET)) s -= ((params.get(k) - t) * 100) ** 2;
  return s;
}

export function fakeRunner(sleepMs: number, ran: string[] = []): JobRunner {
  return async (data, _slot, jobId) => {
    ran.push(jobId);
    await new Promise((r) => setTimeout(r, sleepMs));
    if (data.kind === "eval") return { score: fakeScore(ParamSet.parse(data.params, "job")) };
    return { score: [2, 0], end: "GameOver", left: data.left, right: data.right };
  };
}
