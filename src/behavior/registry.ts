// Every behaviour an agent can run, in one registry per agent, and the names that may be chosen
// as its top-level behaviour with --behaviour (the layers above it are always there).

import { basicBehaviors } from "./basic.ts";
import type { BehaviorRegistry } from "./decision.ts";
import { soccer } from "./soccer.ts";
import { penaltyGoalie, penaltyKicker } from "./penalty.ts";
import { MODES } from "../strategy/formation.ts";

/** The layers every agent runs above its top-level behaviour, highest priority first. */
export const LAYERS: readonly string[] = ["get-up", "set-play"];

export function agentBehaviors(): BehaviorRegistry {
  return basicBehaviors().register(soccer).register(penaltyKicker).register(penaltyGoalie);
}

/** The penalty shoot-out's behaviours, named like the modes that choose them (not --behaviour). */
export const PENALTY_BEHAVIOURS: readonly string[] = MODES.filter((m) => m !== "game");

/** Names accepted by --behaviour. */
export const TOP_LEVEL_BEHAVIOURS: readonly string[] = agentBehaviors().names().filter((n) =>
  !LAYERS.includes(n) && !PENALTY_BEHAVIOURS.includes(n)
);
