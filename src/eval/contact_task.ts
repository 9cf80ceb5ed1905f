// `contact`: who falls when two robots meet at the ball. An opponent of our own code and type
// walks at CONTACT_SPEED into our robot from START_GAP ahead, as players contesting a ball do;
// our robot walks into it slowly, steps on the spot, stands, or walks in held short of it as the
// soccer behaviour's soccer.contact_hold does, in turn (CONTACT_STANCES). Counts the runs in
// which each robot fell, per stance, from each agent's own fall detector. Against UT, most of our
// falls came this way: an opponent within 0.45 m, at the ball, and a backward fall.

import type { MotionRequest } from "../motion/motion.ts";
import { holdContact } from "../behavior/walk_around.ts";
import type { Agent } from "../agent/agent.ts";
import type { Point2 } from "../util/pose.ts";
import { toOwnFrame } from "../world/world_view.ts";
import type { EvalSession } from "./session.ts";
import { task } from "./task.ts";

/** The opponent starts this far (m) ahead, facing us, and walks at CONTACT_SPEED (m/s). */
export const START_GAP = 0.6;
export const CONTACT_SPEED = 0.3;
/** Its sideways offset (m) from our robot's line, in turn: head-on and off to either side. */
export const CONTACT_OFFSETS = [0, 0.08, -0.08, 0.15, -0.15] as const;
/** A run lasts this long (s) from the start of the walk. */
export const CONTACT_SECONDS = 5;

/**
 * What our robot does meanwhile, in turn: walk in at 0.2 m/s, step on the spot, stand, or walk in
 * and stand once the opponent is within soccer.contact_hold (HOLD_RANGE while that is 0, off).
 */
export const CONTACT_STANCES = ["walk", "step", "stand", "hold"] as const;
export type ContactStance = typeof CONTACT_STANCES[number];
export const HOLD_RANGE = 0.4;

const WALK_IN: MotionRequest = { kind: "walk", vx: 0.2, vy: 0, vth: 0 };
const STANCE_REQUEST: Readonly<Record<ContactStance, MotionRequest>> = {
  walk: WALK_IN,
  step: { kind: "walk", vx: 0, vy: 0, vth: 0 },
  stand: { kind: "stand" },
  hold: WALK_IN,
};

/**
 * Where `other` believes it stands, in `of`'s field frame: its own frame into the world frame,
 * then into ours (toOwnFrame turns the right side's round either way).
 */
function seenBy(of: Agent, other: Agent): Point2 | null {
  const p = other.world.self, side = other.world.side, ours = of.world.side;
  if (!p || side === null || ours === null) return null;
  const world = toOwnFrame(p.x, p.y, side);
  return toOwnFrame(world.x, world.y, ours);
}

export interface StanceFalls {
  runs: number;
  /** Runs in which our robot fell. */
  ours: number;
  /** Runs in which the opponent fell. */
  theirs: number;
}

export interface ContactResult {
  task: "contact";
  runs: number;
  stances: Record<ContactStance, StanceFalls>;
}

export async function contact(
  s: EvalSession,
  runs: number,
  seconds = CONTACT_SECONDS,
): Promise<ContactResult> {
  const a = s.agent;
  const opponent = await s.addOwnOpponent("Contact", 5, a.options.type);
  const stances = Object.fromEntries(
    CONTACT_STANCES.map((k) => [k, { runs: 0, ours: 0, theirs: 0 }]),
  ) as Record<ContactStance, StanceFalls>;
  const range = a.options.params.get("soccer.contact_hold") || HOLD_RANGE;
  await s.playOn();
  for (let r = 0; r < runs; r++) {
    const stance = CONTACT_STANCES[r % CONTACT_STANCES.length];
    const dy = CONTACT_OFFSETS[Math.floor(r / CONTACT_STANCES.length) % CONTACT_OFFSETS.length];
    a.motion.set({ kind: "stand" });
    opponent.motion.set({ kind: "stand" });
    await s.placeOpponent(opponent, START_GAP, dy, Math.PI);
    await s.place(0, 0, 0);
    await s.resumePlay();
    opponent.motion.set({ kind: "walk", vx: CONTACT_SPEED, vy: 0, vth: 0 });
    a.motion.set(STANCE_REQUEST[stance]);
    const t0 = s.now;
    let ours = false, theirs = false;
    while (s.now - t0 < seconds) {
      await a.nextCycle();
      const self = a.world.self, them = seenBy(a, opponent);
      if (stance === "hold" && self && them) {
        a.motion.set(holdContact(WALK_IN, self, [them], range));
      }
      ours ||= a.falls.state !== "upright";
      theirs ||= opponent.falls.state !== "upright";
    }
    const f = stances[stance];
    f.runs++;
    if (ours) f.ours++;
    if (theirs) f.theirs++;
  }
  a.motion.set({ kind: "stand" });
  opponent.motion.set({ kind: "stand" });
  return { task: "contact", runs, stances };
}

export const CONTACT_TASK = task({
  name: "contact",
  run: (s, runs) => contact(s, runs),
});
