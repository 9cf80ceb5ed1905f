// The kicks in skills/: for each, its skill name without the `_LEFT_LEG` / `_RIGHT_LEG` ending
// and the prefix of its params in paramfiles/ (ball_x, ball_y, angle, pre_seconds; walk_ball_x,
// walk_ball_y, stand_ahead, stand_behind for the kicks a game plays).
// The one table the game's ball play and the evaluation tasks both read.

import { ANGLE, type ParamRange, TIME } from "../config/param_ranges.ts";

export const KICK_KINDS = ["keyframe", "ik", "long"] as const;
export type KickKind = typeof KICK_KINDS[number];

export interface KickInfo {
  readonly skill: string;
  readonly params: string;
}

export const KICKS: Readonly<Record<KickKind, KickInfo>> = Object.freeze({
  keyframe: { skill: "SKILL_KICK", params: "kick" },
  ik: { skill: "SKILL_IK_KICK", params: "ikkick" },
  long: { skill: "SKILL_LONG_KICK", params: "longkick" },
});

/** The skill that kicks with the given foot, e.g. SKILL_KICK_LEFT_LEG. */
export function kickSkillName(skill: string, leftFoot: boolean): string {
  return `${skill}_${leftFoot ? "LEFT" : "RIGHT"}_LEG`;
}

/**
 * Each kick skill (both feet) with its `pre_seconds` param: how long the robot stands, after the
 * walk came to rest, before it kicks.
 */
export function kickPreSeconds(get: (name: string) => number): Map<string, number> {
  const m = new Map<string, number>();
  for (const { skill, params } of Object.values(KICKS)) {
    const seconds = get(`${params}.pre_seconds`);
    m.set(kickSkillName(skill, true), seconds);
    m.set(kickSkillName(skill, false), seconds);
  }
  return m;
}

/**
 * The params the bundled skill files read as `$name`, with the kicks' ball spots: the kicks
 * (kick.*, longkick.*, ikkick.*), the get-ups' timing (getup.*), the stand's wait (stand.wait)
 * and the goalie's dives (dive.*).
 */
export const SKILL_PARAMS: readonly ParamRange[] = [
  { keys: /^stand\.wait$/, ...TIME },
  {
    keys: /^(kick|longkick|ikkick)\.((walk_)?ball_[xy]|stand_(ahead|behind))$/,
    unit: "m",
    min: -0.5,
    max: 0.5,
  },
  { keys: /^(kick|longkick|ikkick|getup)\.(\w+_time|pre_seconds)$/, ...TIME },
  { keys: /^kick\.scale\d$/, unit: "gain", min: 0, max: 50 },
  { keys: /^kick\.tempo$/, unit: "gain", min: 0.3, max: 2 },
  { keys: /^ikkick\.swing_scale$/, unit: "gain", min: 0, max: 50 },
  {
    keys:
      /^ikkick\.(half_width|height|com_[xy]|back|swing_y|lift|reach|swing_lift|lean_[xz]|recover_back|recover_lift)$/,
    unit: "m",
    min: -1,
    max: 1,
  },
  { keys: /^(kick|longkick|ikkick)\.\w+$/, ...ANGLE },
  { keys: /^dive\.scale$/, unit: "gain", min: 0.1, max: 10 },
  { keys: /^dive\.\w+$/, ...ANGLE },
  { keys: /^getup_t[0-4]\.\w+_wait$/, ...TIME },
  { keys: /^getup_t[0-4]\.\w+_(hip|knee|ankle)$/, ...ANGLE },
];
