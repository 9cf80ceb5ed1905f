// `deno task eval dive`: how much of the goal each dive covers. The goalie stands on its spot
// 0.5 m in front of the goal's centre, facing up the field; the trainer rolls the ball straight
// at the goal from 4 m in front of the goalie, at offsets across the goal mouth, to reach the
// goalie's line at 1.5 m/s. The goalie stands, or starts a dive (left, split, right) when ground
// truth puts the ball `lead` seconds from its line. A run is a block when the ball stays out of
// the goal; each dive reports the offsets it blocked and the widest band of them.

import { type Dive, DIVE_SKILLS } from "../ballplay/goalie_dive.ts";
import { frictionRate, lineCrossing, reach } from "../estimation/ball_motion.ts";
import { FIELD_LENGTH } from "../field/field.ts";
import { GOALIE_DX } from "../strategy/goalie.ts";
import { rollAtGoal } from "./save.ts";
import type { EvalSession } from "./session.ts";
import { task } from "./task.ts";

const GOALIE_X = -FIELD_LENGTH / 2 + GOALIE_DX;
/** The ball starts this far (m) in front of the goalie… */
const START = 4;
/** …and reaches the goalie's line this fast (m/s). */
const ARRIVAL_SPEED = 1.5;
/** Offsets (m, + to the goalie's left) span the goal mouth, posts at ±1.05. */
const SPAN = 1;
/** The ball's velocity is measured by ground truth over this many vision frames. */
const VELOCITY_FRAMES = 2;

export type Stance = Dive | "stand";
const STANCES: readonly Stance[] = ["stand", "left", "split", "right"];

export interface Coverage {
  /** Offsets blocked, m. */
  blocked: number[];
  /** The widest run of neighbouring blocked offsets, m, or null for none. */
  band: [number, number] | null;
}

export interface DiveResult {
  task: "dive";
  runs: number;
  lead: number;
  stances: Record<Stance, Coverage>;
  /** The goalie's rule at its best: the split within splitReach, a side dive beyond. */
  policy: { splitReach: number; covered: number };
}

const centimetres = (m: number) => Math.round(m * 100) / 100;

/** `runs` offsets evenly across ±SPAN (one at the centre when runs is 1). */
export function offsets(runs: number): number[] {
  if (runs === 1) return [0];
  return Array.from({ length: runs }, (_, i) => -SPAN + 2 * SPAN * i / (runs - 1));
}

/** The widest run of consecutive blocked offsets, as [first, last]. */
export function widestBand(
  offs: readonly number[],
  blocked: readonly boolean[],
): [number, number] | null {
  let best: [number, number] | null = null, from = -1;
  for (let i = 0; i <= offs.length; i++) {
    if (i < offs.length && blocked[i]) {
      if (from < 0) from = i;
      continue;
    }
    if (from >= 0 && (!best || offs[i - 1] - offs[from] > best[1] - best[0])) {
      best = [offs[from], offs[i - 1]];
    }
    from = -1;
  }
  return best;
}

/**
 * The share of offsets blocked when the goalie splits for offsets within r and dives to the
 * side beyond, at the r that blocks most (the smallest such r).
 */
export function bestPolicy(
  offs: readonly number[],
  blocked: Readonly<Record<Dive, readonly boolean[]>>,
): { splitReach: number; covered: number } {
  let best = { splitReach: 0, covered: -1 };
  for (const r of [0, ...offs.filter((o) => o > 0)]) {
    const n = offs.filter((o, i) =>
      Math.abs(o) <= r + 1e-9 ? blocked.split[i] : o > 0 ? blocked.left[i] : blocked.right[i]
    ).length;
    if (n / offs.length > best.covered) {
      best = { splitReach: r, covered: n / offs.length };
    }
  }
  return {
    splitReach: centimetres(best.splitReach),
    covered: Math.round(best.covered * 1000) / 1000,
  };
}

/** Rolls one ball at `offset`; the goalie stands or dives `lead` s before it arrives. */
async function roll(
  s: EvalSession,
  offset: number,
  stance: Stance,
  lead: number,
  decay: number,
): Promise<boolean> {
  const a = s.agent;
  const k = frictionRate(decay), speed = ARRIVAL_SPEED + k * START;
  const seen: { x: number; y: number; t: number }[] = [];
  let dived = stance === "stand";
  const outcome = await rollAtGoal(
    s,
    { x: GOALIE_X, y: 0, theta: 0 },
    { x: GOALIE_X + START, y: offset, vx: -speed, vy: 0 },
    (ball, t) => {
      if (dived || !ball) return;
      // Ground truth comes with vision, every third cycle: only a changed position is new.
      const last = seen[seen.length - 1];
      if (last && last.x === ball.x && last.y === ball.y) return;
      seen.push({ ...ball, t });
      if (seen.length <= VELOCITY_FRAMES) return;
      // The rolling ball's speed now, from the distance d it rolled in the last dt seconds:
      // d / reach(k, dt) at the start of them, faded by e^(−k·dt) since.
      const old = seen.shift()!, dt = t - old.t, per = Math.exp(-k * dt) / reach(k, dt);
      const track = { ...ball, vx: (ball.x - old.x) * per, vy: (ball.y - old.y) * per, cov: null };
      const c = lineCrossing(track, GOALIE_X, decay);
      if (c && c.t <= lead) {
        a.motion.set({ kind: "skill", name: DIVE_SKILLS[stance as Dive] });
        dived = true;
      }
    },
  );
  return outcome !== "goal";
}

export async function diveCoverage(
  s: EvalSession,
  runs: number,
  lead: number,
  decay: number,
): Promise<DiveResult> {
  await s.playOn();
  const offs = offsets(runs);
  const stances = {} as Record<Stance, Coverage>;
  const all = {} as Record<Stance, boolean[]>;
  for (const stance of STANCES) {
    const blocked: boolean[] = [];
    for (const o of offs) blocked.push(await roll(s, o, stance, lead, decay));
    all[stance] = blocked;
    stances[stance] = {
      blocked: offs.filter((_, i) => blocked[i]).map(centimetres),
      band: widestBand(offs, blocked)?.map(centimetres) as [number, number] ?? null,
    };
  }
  return { task: "dive", runs, lead, stances, policy: bestPolicy(offs, all) };
}

export const DIVE_TASK = task({
  name: "dive",
  headControl: true,
  flags: ["lead"],
  run: (s, runs, o) => {
    const p = s.agent.options.params;
    return diveCoverage(s, runs, o.lead ?? p.get("goalie.dive_lead"), p.get("ball.decay"));
  },
  score: (r) => r.policy.covered,
});
