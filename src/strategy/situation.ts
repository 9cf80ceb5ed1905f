// What a play mode means for our team: stop (beam modes, game over), open play, a kick-off or
// another set play for us or for them, and how far from the ball we must keep during theirs.

import type { Side } from "../protocol/perception.ts";
import { PlayMode } from "../protocol/playmode.ts";

export type Situation =
  | "stop"
  | "play"
  | "ourKickOff"
  | "theirKickOff"
  | "ourSetPlay"
  | "theirSetPlay";

/**
 * How far from the ball to stay during their set plays: the server moves players whose bounding
 * box comes closer than its FreeKickDistance (2 m) away, so we keep a margin beyond it; 1.3 m
 * for their goal kick.
 */
export const FREE_KICK_KEEP = 2.6;
export const GOAL_KICK_KEEP = 1.3;

/** Set plays as [the left team's, the right team's]. Offside_Left is the left team's offence. */
const SET_PLAYS: readonly [PlayMode, PlayMode][] = [
  [PlayMode.KickInLeft, PlayMode.KickInRight],
  [PlayMode.CornerKickLeft, PlayMode.CornerKickRight],
  [PlayMode.GoalKickLeft, PlayMode.GoalKickRight],
  [PlayMode.OffsideRight, PlayMode.OffsideLeft],
  [PlayMode.FreeKickLeft, PlayMode.FreeKickRight],
  [PlayMode.DirectFreeKickLeft, PlayMode.DirectFreeKickRight],
  [PlayMode.PassLeft, PlayMode.PassRight],
];

/** The situation of play mode `mode` for the team on `side`. */
export function situation(mode: PlayMode, side: Side): Situation {
  const left = side === "left";
  switch (mode) {
    case PlayMode.PlayOn:
      return "play";
    case PlayMode.KickOffLeft:
      return left ? "ourKickOff" : "theirKickOff";
    case PlayMode.KickOffRight:
      return left ? "theirKickOff" : "ourKickOff";
    case PlayMode.BeforeKickOff:
    case PlayMode.GoalLeft:
    case PlayMode.GoalRight:
    case PlayMode.GameOver:
      return "stop";
  }
  for (const [l, r] of SET_PLAYS) {
    if (mode === l) return left ? "ourSetPlay" : "theirSetPlay";
    if (mode === r) return left ? "theirSetPlay" : "ourSetPlay";
  }
  return "play";
}

/** The distance to keep from the ball in a situation (0: none). */
export function keepAway(mode: PlayMode, s: Situation): number {
  if (s !== "theirSetPlay") return 0;
  return mode === PlayMode.GoalKickLeft || mode === PlayMode.GoalKickRight
    ? GOAL_KICK_KEEP
    : FREE_KICK_KEEP;
}
