// `pile`: getting up next to another fallen robot, as after a collision at the ball. Our robot and
// an opponent of our own code and type fall together PILE_GAP apart, the opponent in each of
// PILE_DIRECTIONS around ours in turn, facing it; each falls front or back (--falls, ours and
// theirs in turn) and both get up on their own. Counts the get-ups that fail (up, then down
// again), how soon our robot stands stable, and how far forward its torso leant as each failed
// get-up ended. In games, half our failed get-ups came with a robot within 0.45 m; the get-up
// evaluation alone never fails that way.

import { forwardLean, type RunStats, stats } from "./measure.ts";
import type { EvalSession } from "./session.ts";
import { type FallKind, task } from "./task.ts";
import { FALL_SKILL } from "./getup_task.ts";
import { GETUP_REST } from "../motion/motion.ts";

/** The robots' centres this far apart (m) when they fall: the falls' contact distance. */
export const PILE_GAP = 0.45;
/** Where the opponent stands around ours, in turn (rad from our heading, counter-clockwise). */
export const PILE_DIRECTIONS: readonly number[] = Array.from(
  { length: 8 },
  (_, k) => k * Math.PI / 4,
);
/** A run ends this long (s) after the fall, stood or not. */
const RUN_SECONDS = 10;
/** Standing stable: upright with the torso this high (m, ground truth) for STABLE_SECONDS. */
const STABLE_Z = 0.4;
const STABLE_SECONDS = 1;

export interface PileResult {
  task: "pile";
  runs: number;
  /** Our get-ups that ended upright and went down again within the run. */
  failedGetUps: number;
  /** The opponent's. */
  theirFailedGetUps: number;
  /** Runs in which our robot stood stable. */
  stood: number;
  /** Seconds from our fall to standing stable, over the runs that stood. */
  seconds: RunStats | null;
  /** Per run: the opponent's direction (deg), the falls (ours/theirs), failed get-ups, seconds. */
  perRun: [number, string, number, number | null][];
  /**
   * Per failed get-up of ours: the get-up and how far forward the torso leant as it ended (deg;
   * below 0: leaning back).
   */
  failedEnds: string[];
  failures: string[];
}

/**
 * Counts one robot's failed get-ups: called each cycle with whether it is upright, says when it
 * went down again after standing up from lying; a robot still up at the start has not lain yet.
 */
function failedGetUps(lying: boolean): (upright: boolean) => boolean {
  let lain = lying, up = false;
  return (upright) => {
    const failed = up && !upright;
    lain ||= !upright;
    up = lain && upright;
    return failed;
  };
}

export async function pile(
  s: EvalSession,
  runs: number,
  falls: readonly FallKind[] = ["front", "back"],
): Promise<PileResult> {
  const a = s.agent;
  const opponent = await s.addOwnOpponent("Pile", 5, a.options.type);
  const perRun: PileResult["perRun"] = [];
  const failedEnds: string[] = [];
  const failures: string[] = [];
  const times: number[] = [];
  let failed = 0, theirFailed = 0;
  await s.playOn();
  for (let r = 0; r < runs; r++) {
    const n = PILE_DIRECTIONS.length;
    const dir = PILE_DIRECTIONS[r % n];
    const round = Math.floor(r / n);
    const ours = falls[round % falls.length];
    const theirs = falls[(round + Math.floor(round / falls.length)) % falls.length];
    const deg = Math.round(dir * 180 / Math.PI);
    a.motion.set({ kind: "stand" });
    opponent.motion.set({ kind: "stand" });
    const ox = PILE_GAP * Math.cos(dir), oy = PILE_GAP * Math.sin(dir);
    await s.placeOpponent(opponent, ox, oy, dir + Math.PI);
    await s.place(0, 0, 0);
    await s.resumePlay();
    a.motion.set({ kind: "skill", name: FALL_SKILL[ours] });
    opponent.motion.set({ kind: "skill", name: FALL_SKILL[theirs] });
    try {
      await s.until(() => a.falls.state !== "upright", 5, "the fall");
    } catch {
      failures.push(`run ${r}: did not fall (${ours})`);
      perRun.push([deg, `${ours}/${theirs}`, 0, null]);
      continue;
    }
    a.motion.set({ kind: "stand" });
    opponent.motion.set({ kind: "stand" });
    const t0 = s.now;
    const ourFailure = failedGetUps(true), theirFailure = failedGetUps(false);
    let fails = 0, stableSince = NaN, stoodAt = NaN;
    let lastActivity = a.motion.activity, lastEnd = "";
    while (s.now - t0 < RUN_SECONDS) {
      await a.nextCycle();
      const activity = a.motion.activity;
      if (
        activity !== lastActivity && lastActivity.startsWith("SKILL_GETUP_") &&
        lastActivity !== GETUP_REST
      ) {
        lastEnd = `${lastActivity} ${(forwardLean(s) * 180 / Math.PI).toFixed(0)}°`;
      }
      lastActivity = activity;
      const upright = a.falls.state === "upright";
      if (ourFailure(upright)) {
        fails++;
        failedEnds.push(`run ${r}: ${lastEnd || "?"}`);
      }
      // The opponent may still be falling: its get-ups count once it has been down.
      if (theirFailure(opponent.falls.state === "upright")) theirFailed++;
      if (upright && (a.truth?.myPos?.z ?? 0) > STABLE_Z) {
        if (Number.isNaN(stableSince)) stableSince = s.now;
        else if (s.now - stableSince >= STABLE_SECONDS) {
          stoodAt = stableSince - t0;
          break;
        }
      } else stableSince = NaN;
    }
    failed += fails;
    if (!Number.isNaN(stoodAt)) times.push(stoodAt);
    perRun.push([
      deg,
      `${ours}/${theirs}`,
      fails,
      Number.isNaN(stoodAt) ? null : Math.round(stoodAt * 100) / 100,
    ]);
  }
  a.motion.set({ kind: "stand" });
  opponent.motion.set({ kind: "stand" });
  return {
    task: "pile",
    runs,
    failedGetUps: failed,
    theirFailedGetUps: theirFailed,
    stood: times.length,
    seconds: times.length > 0 ? stats(times) : null,
    perRun,
    failedEnds,
    failures,
  };
}

export const PILE_TASK = task({
  name: "pile",
  flags: ["falls"],
  run: (s, runs, o) => pile(s, runs, o.falls),
});
