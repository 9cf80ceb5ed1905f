// Kick-offs in a match's scene trace: how long each kick-off mode lasted (15 s when nobody
// touched the ball: then the referee drops it), how long play then ran before the ball first
// moved, and the goal that followed before the next kick-off, with its time from the start of
// play. Against a team that never plays the ball, these times bound the goals a game can hold.

import type { SceneSample } from "../net/scene_trace.ts";
import { mean2, round2, type Side } from "./scene_kicks.ts";

/** The ball has moved once this far (m) from where play began. */
const MOVED = 0.1;

export interface KickOff {
  half: number;
  /** Game time the kick-off mode began, s. */
  t: number;
  /** The team whose kick-off it was. */
  side: Side;
  /** Seconds in the kick-off mode; null when play never began (the half ended first). */
  waited: number | null;
  /** Seconds of play before the ball moved (about 0 when the kick-off's touch began play). */
  firstTouch: number | null;
  /** The next goal before the next kick-off: who scored, seconds after play began. */
  goal: { side: Side; after: number } | null;
}

export interface KickOffSummary {
  kickOffs: KickOff[];
  /** Mean seconds from the start of play to the first touch, over kick-offs with one. */
  meanFirstTouch: number;
  /** Per team: goals scored after a kick-off, and their mean seconds from the start of play. */
  toGoal: Record<Side, { goals: number; meanSeconds: number }>;
}

export function sceneKickOffs(samples: readonly SceneSample[]): KickOffSummary {
  const out: KickOff[] = [];
  let open: KickOff | null = null;
  let playFrom: { t: number; x: number; y: number } | null = null;
  let lastPm = "";
  for (const s of samples) {
    const entered = s.pm !== lastPm;
    lastPm = s.pm;
    if (open && s.half !== open.half) open = playFrom = null;
    if (entered && (s.pm === "KickOff_Left" || s.pm === "KickOff_Right")) {
      open = {
        half: s.half,
        t: s.t,
        side: s.pm === "KickOff_Left" ? "left" : "right",
        waited: null,
        firstTouch: null,
        goal: null,
      };
      playFrom = null;
      out.push(open);
      continue;
    }
    if (!open) continue;
    if (s.pm === "PlayOn" && playFrom === null && s.ball) {
      open.waited = round2(s.t - open.t);
      playFrom = { t: s.t, x: s.ball[0], y: s.ball[1] };
    }
    if (!playFrom) continue;
    if (
      open.firstTouch === null && s.pm === "PlayOn" && s.ball &&
      Math.hypot(s.ball[0] - playFrom.x, s.ball[1] - playFrom.y) > MOVED
    ) {
      open.firstTouch = round2(s.t - playFrom.t);
    }
    if (entered && (s.pm === "Goal_Left" || s.pm === "Goal_Right")) {
      open.goal = {
        side: s.pm === "Goal_Left" ? "left" : "right",
        after: round2(s.t - playFrom.t),
      };
      open = playFrom = null;
    }
  }
  const touches = out.flatMap((k) => k.firstTouch === null ? [] : [k.firstTouch]);
  const toGoal = (side: Side) => {
    const after = out.flatMap((k) => k.goal?.side === side ? [k.goal.after] : []);
    return { goals: after.length, meanSeconds: mean2(after) };
  };
  return {
    kickOffs: out,
    meanFirstTouch: mean2(touches),
    toGoal: { left: toGoal("left"), right: toGoal("right") },
  };
}
