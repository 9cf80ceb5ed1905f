// The basic behaviours every agent has: yield while the body gets up, stand through beam and
// set-play modes, stand still, and a walk test (steady walk and turn) for test opponents.

import { isBeamMode, PlayMode } from "../protocol/playmode.ts";
import { type BehaviorFactory, BehaviorRegistry } from "./decision.ts";

/** While fallen the motion layer gets up on its own: stand is requested meanwhile. */
export const getUp: BehaviorFactory<Record<string, never>> = {
  name: "get-up",
  defaults: {},
  create: () => ({
    name: "get-up",
    decide: (ctx) => (ctx.fallen ? { kind: "stand" } : null),
  }),
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
