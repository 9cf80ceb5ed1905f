// Play modes of rcssserver3d 0.7.x: the names the server sends in (GS (pm …)) mapped to an enum,
// and what a mode means for one team (stop, open play, a kick-off or set play for us or them).
// Names the table does not know are kept as text by the parser (PlayMode.Unknown + the name).

export enum PlayMode {
  BeforeKickOff,
  KickOffLeft,
  KickOffRight,
  PlayOn,
  KickInLeft,
  KickInRight,
  CornerKickLeft,
  CornerKickRight,
  GoalKickLeft,
  GoalKickRight,
  OffsideLeft,
  OffsideRight,
  GameOver,
  GoalLeft,
  GoalRight,
  FreeKickLeft,
  FreeKickRight,
  DirectFreeKickLeft,
  DirectFreeKickRight,
  PassLeft,
  PassRight,
  Unknown,
}

/** Wire name → play mode, exactly as rcssserver3d spells them. */
export const PLAY_MODE_BY_NAME: ReadonlyMap<string, PlayMode> = new Map([
  ["BeforeKickOff", PlayMode.BeforeKickOff],
  ["KickOff_Left", PlayMode.KickOffLeft],
  ["KickOff_Right", PlayMode.KickOffRight],
  ["PlayOn", PlayMode.PlayOn],
  ["KickIn_Left", PlayMode.KickInLeft],
  ["KickIn_Right", PlayMode.KickInRight],
  ["corner_kick_left", PlayMode.CornerKickLeft],
  ["corner_kick_right", PlayMode.CornerKickRight],
  ["goal_kick_left", PlayMode.GoalKickLeft],
  ["goal_kick_right", PlayMode.GoalKickRight],
  ["offside_left", PlayMode.OffsideLeft],
  ["offside_right", PlayMode.OffsideRight],
  ["GameOver", PlayMode.GameOver],
  ["Goal_Left", PlayMode.GoalLeft],
  ["Goal_Right", PlayMode.GoalRight],
  ["free_kick_left", PlayMode.FreeKickLeft],
  ["free_kick_right", PlayMode.FreeKickRight],
  ["direct_free_kick_left", PlayMode.DirectFreeKickLeft],
  ["direct_free_kick_right", PlayMode.DirectFreeKickRight],
  ["pass_left", PlayMode.PassLeft],
  ["pass_right", PlayMode.PassRight],
]);

export function playModeFromName(name: string): PlayMode {
  return PLAY_MODE_BY_NAME.get(name) ?? PlayMode.Unknown;
}

/** Modes in which the server accepts (beam …). */
export function isBeamMode(mode: PlayMode): boolean {
  return mode === PlayMode.BeforeKickOff || mode === PlayMode.GoalLeft ||
    mode === PlayMode.GoalRight;
}

export type Situation =
  | "stop"
  | "play"
  | "ourKickOff"
  | "theirKickOff"
  | "ourSetPlay"
  | "theirSetPlay";

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
export function situation(mode: PlayMode, side: "left" | "right"): Situation {
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
