// How far from the ball our players keep during their set plays (what a play mode means for a
// team is in protocol/playmode.ts).

import { PlayMode, type Situation } from "../protocol/playmode.ts";

/**
 * How far from the ball to stay during their set plays: the server moves players whose bounding
 * box comes closer than its FreeKickDistance (2 m) away, so we keep a margin beyond it; 1.3 m
 * for their goal kick.
 */
export const FREE_KICK_KEEP = 2.6;
export const GOAL_KICK_KEEP = 1.3;

/** The distance to keep from the ball in a situation (0: none). */
export function keepAway(mode: PlayMode, s: Situation): number {
  if (s !== "theirSetPlay") return 0;
  return mode === PlayMode.GoalKickLeft || mode === PlayMode.GoalKickRight
    ? GOAL_KICK_KEEP
    : FREE_KICK_KEEP;
}
