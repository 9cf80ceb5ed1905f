// The basic behaviours every agent has: yield while the body gets up, stand through beam and
// set-play modes, stand still, and a walk test (steady walk and turn) for test opponents.

import { isBeamMode, PlayMode } from "../protocol/playmode.ts";
import { GETUP_REST, RECOVERY } from "../motion/motion.ts";
import type { MotionRequest } from "../motion/motion.ts";
import {
  type Behavior,
  type BehaviorContext,
  type BehaviorFactory,
  BehaviorRegistry,
} from "./decision.ts";

/**
 * While down the motion layer rests in the zero pose until still and then picks the get-up for
 * how the body lies, rolling over when it is not flat on the front or the back. This behaviour
 * only overrides that: after every other failed get-up (a recovery ending in the rest again, the
 * body still down) the body rolls over first and gets up the other way up, as magma's decision
 * maker retries a different get-up.
 */
export class GetUpBehavior implements Behavior {
  readonly name = "get-up";
  /** Failed get-ups since the body was last up. */
  failures = 0;
  private rollFirst = false;
  /** The recovery playing last cycle, or null. */
  private playing: string | null = null;

  decide(ctx: BehaviorContext): MotionRequest | null {
    const now = ctx.recovering ?? null;
    if (now === GETUP_REST && this.playing !== null && this.playing !== GETUP_REST) {
      if (this.playing === RECOVERY.side) this.rollFirst = false;
      else this.rollFirst = ++this.failures % 2 === 1;
    }
    this.playing = now;
    if (ctx.fall === undefined || ctx.fall === "upright") {
      this.failures = 0;
      this.rollFirst = false;
    }
    if (!ctx.fallen) return null;
    return this.rollFirst ? { kind: "skill", name: RECOVERY.side } : { kind: "stand" };
  }
}

export const getUp: BehaviorFactory<Record<string, never>> = {
  name: "get-up",
  defaults: {},
  create: () => new GetUpBehavior(),
};

/** The beam modes (before kick-off, after goals) and the end of the game. */
function standsStill(mode: PlayMode): boolean {
  return isBeamMode(mode) || mode === PlayMode.GameOver;
}

/** Before kick-off, after goals and at the end nobody walks (beams happen in the agent). */
export const setPlay: BehaviorFactory<Record<string, never>> = {
  name: "set-play",
  defaults: {},
  create: () => ({
    name: "set-play",
    decide: (ctx) => (standsStill(ctx.view.playMode) ? { kind: "stand" } : null),
  }),
};

export const stand: BehaviorFactory<Record<string, never>> = {
  name: "stand",
  defaults: {},
  create: () => ({ name: "stand", decide: () => ({ kind: "stand" }) }),
};

export interface WalkTestOptions {
  vx: number;
  vy: number;
  /** Turn rate, rad/s. */
  vth: number;
}

export const walkTest: BehaviorFactory<WalkTestOptions> = {
  name: "walk-test",
  defaults: { vx: 0.3, vy: 0, vth: 0.3 },
  create: (o) => ({
    name: "walk-test",
    decide: () => ({ kind: "walk", vx: o.vx, vy: o.vy, vth: o.vth }),
  }),
};

/** A registry with the basic behaviours. */
export function basicBehaviors(): BehaviorRegistry {
  return new BehaviorRegistry().register(getUp).register(setPlay).register(stand).register(
    walkTest,
  );
}
