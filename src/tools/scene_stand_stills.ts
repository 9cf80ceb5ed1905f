// Stand-stills in a match's scene trace: stretches of play in which the ball lies still with one
// of a team's players standing at it, the ball neither pushed nor kicked; each is time the team
// has the ball and does nothing with it (a line-up held for good, a kick called off again and
// again). PlayOn only.

import type { SceneSample } from "../net/scene_trace.ts";
import { round2, type Side, uprightWithin } from "./scene_kicks.ts";

/** A stand-still lasts at least this long (s)… */
const STAND_STILL_MIN = 5;
/** …with the ball within this distance (m) of where it lay at the start… */
const STAND_STILL_MOVED = 0.03;
/** …and one of the team's robots upright within this distance of it (m). */
const STAND_STILL_NEAR = 0.3;

export interface StandStills {
  count: number;
  /** Seconds over all of them, and the longest. */
  seconds: number;
  longest: number;
  /** Each one: half, game time it began, seconds, where the ball lay. */
  list: { half: number; t: number; seconds: number; x: number; y: number }[];
}

/** Each team's stand-stills (STAND_STILL_*). */
export function sceneStandStills(samples: readonly SceneSample[]): Record<Side, StandStills> {
  return { left: teamStandStills(samples, "left"), right: teamStandStills(samples, "right") };
}

function teamStandStills(samples: readonly SceneSample[], side: Side): StandStills {
  const out: StandStills = { count: 0, seconds: 0, longest: 0, list: [] };
  let from: SceneSample | null = null, last: SceneSample | null = null;
  const close = () => {
    if (from && last && last.t - from.t >= STAND_STILL_MIN) {
      const seconds = round2(last.t - from.t);
      out.count++;
      out.seconds = round2(out.seconds + seconds);
      out.longest = Math.max(out.longest, seconds);
      out.list.push({ half: from.half, t: from.t, seconds, x: from.ball![0], y: from.ball![1] });
    }
    from = last = null;
  };
  for (const s of samples) {
    const b = s.ball;
    const at = s.pm === "PlayOn" && b !== null &&
      uprightWithin(s[side], b[0], b[1], STAND_STILL_NEAR);
    if (!at) {
      close();
      continue;
    }
    const start: SceneSample | null = from;
    const still = start !== null && start.half === s.half &&
      Math.hypot(b![0] - start.ball![0], b![1] - start.ball![1]) < STAND_STILL_MOVED;
    if (!still) {
      close();
      from = s;
    }
    last = s;
  }
  close();
  return out;
}
