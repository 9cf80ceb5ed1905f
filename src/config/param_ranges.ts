// The declared unit and range of every param key. Param files write angles in degrees (keys
// ending `_deg`, joint angles of poses and skills) and everything else in SI units. A loaded set
// is checked here: every key must have a declaration, and every value must lie in its range (or
// be one of its words); the error names the file and line.

import { ConfigError, type ParamSet } from "./params.ts";

export type Unit =
  | "m"
  | "m/s"
  | "s"
  | "deg"
  | "fraction"
  | "gain"
  | "count"
  | "flag"
  | "word";

export interface ParamRange {
  /** The keys it covers; the first declaration that matches a key is its own. */
  keys: RegExp;
  unit: Unit;
  min: number;
  max: number;
  /** For `word` keys, the words allowed. */
  words?: readonly string[];
}

const ANGLE = { unit: "deg", min: -180, max: 180 } as const;
const TIME = { unit: "s", min: 0, max: 10 } as const;
const FLAG = { unit: "flag", min: 0, max: 1 } as const;

/** In order: the first match wins, so specific keys come before the patterns of their module. */
export const PARAM_RANGES: readonly ParamRange[] = [
  { keys: /^joint\.(kp|skill_kp)$/, unit: "gain", min: 0.1, max: 200 },
  { keys: /^joint\.kd$/, unit: "gain", min: 0, max: 10 },
  { keys: /^stand\.wait$/, ...TIME },
  { keys: /^stand\.[lr]?[ahl]j\d$/, ...ANGLE },
  { keys: /^loc\.enabled$/, ...FLAG },
  { keys: /^loc\.particles$/, unit: "count", min: 10, max: 1000 },
  { keys: /^loc\.odometry_gain$/, unit: "gain", min: 0.1, max: 5 },
  { keys: /^loc\.noise_xy$/, unit: "m", min: 0, max: 1 },
  { keys: /^loc\.noise_theta_deg$/, unit: "deg", min: 0, max: 45 },
  { keys: /^loc\.noise_(xy_per_m|theta_per_rad)$/, unit: "fraction", min: 0, max: 2 },
  { keys: /^loc\.(collapse|inject_fraction)$/, unit: "fraction", min: 0, max: 1 },
  { keys: /^vis\.(landmark|line)_sigma$/, unit: "m", min: 0.001, max: 2 },
  { keys: /^vis\.(landmark|line)_sigma_per_m$/, unit: "fraction", min: 0, max: 1 },
  { keys: /^vis\.line_max_distance$/, unit: "m", min: 1, max: 40 },
  { keys: /^vis\.line_step$/, unit: "m", min: 0.05, max: 10 },
  { keys: /^ball\.decay$/, unit: "fraction", min: 0.01, max: 1 },
  { keys: /^ball\.(q_pos|sigma|sigma_rel)$/, unit: "m", min: 0.0001, max: 2 },
  { keys: /^ball\.q_vel$/, unit: "m/s", min: 0.0001, max: 20 },
  { keys: /^ball\.(sigma_per_m|sigma_rel_per_m)$/, unit: "fraction", min: 0, max: 1 },
  { keys: /^ball\.gate$/, unit: "gain", min: 1, max: 1000 },
  { keys: /^soccer\.(shoot_range|contest_radius)$/, unit: "m", min: 0, max: 30 },
  { keys: /^soccer\.long_kick$/, ...FLAG },
  { keys: /^soccer\.role_hold$/, ...TIME },
  { keys: /^roles\.assign$/, unit: "word", min: 0, max: 0, words: ["dp", "greedy"] },
  { keys: /^pass\.enabled$/, ...FLAG },
  { keys: /^pass\.(min_distance|max_distance|min_gain)$/, unit: "m", min: 0, max: 30 },
  { keys: /^goalie\.dive$/, ...FLAG },
  { keys: /^goalie\.shot_speed$/, unit: "m/s", min: 0, max: 20 },
  { keys: /^goalie\.(mouth_margin|split_reach)$/, unit: "m", min: 0, max: 2 },
  { keys: /^goalie\.dive_lead$/, ...TIME },
  { keys: /^walk\.\w+_deg$/, unit: "deg", min: -90, max: 90 },
  { keys: /^walk\.step_time$/, unit: "s", min: 0.02, max: 1 },
  { keys: /^walk\.(torso_height|com_height)$/, unit: "m", min: 0.1, max: 0.6 },
  { keys: /^walk\.(half_width|step_height|foot_x|com_offset)$/, unit: "m", min: -0.3, max: 0.3 },
  { keys: /^walk\.slow_com$/, unit: "m", min: 0.01, max: 3 },
  {
    keys: /^walk\.(max_forward|max_backward|max_sideways|accel_per_step)$/,
    unit: "m/s",
    min: 0,
    max: 3,
  },
  { keys: /^walk\.(sway|pitch_gain|roll_gain|com_gain)$/, unit: "gain", min: 0, max: 10 },
  { keys: /^(kick|longkick|ikkick)\.(walk_)?ball_[xy]$/, unit: "m", min: -0.5, max: 0.5 },
  { keys: /^(kick|longkick|ikkick|getup\.\w+)\.(\w+_time|pre_seconds|zero_time)$/, ...TIME },
  { keys: /^kick\.scale\d$/, unit: "gain", min: 0, max: 50 },
  { keys: /^ikkick\.swing_scale$/, unit: "gain", min: 0, max: 50 },
  {
    keys:
      /^ikkick\.(half_width|height|com_[xy]|back|swing_y|lift|reach|swing_lift|lean_[xz]|recover_back|recover_lift)$/,
    unit: "m",
    min: -1,
    max: 1,
  },
  { keys: /^(kick|longkick|ikkick)\.\w+$/, ...ANGLE },
];

/** The declaration that covers `key`, if any. */
export function rangeOf(key: string): ParamRange | undefined {
  return PARAM_RANGES.find((r) => r.keys.test(key));
}

/** Throws a one-line ConfigError (file:line) for an undeclared key or a value out of range. */
export function checkRanges(set: ParamSet): void {
  for (const key of set.keys()) {
    const r = rangeOf(key);
    const at = set.origin(key);
    if (!r) throw new ConfigError(`${at}: ${key}: no unit and range are declared for this key`);
    if (r.words) {
      set.word(key, r.words);
      continue;
    }
    const v = set.get(key);
    const whole = r.unit === "count" || r.unit === "flag";
    if (v < r.min || v > r.max || (whole && !Number.isInteger(v))) {
      throw new ConfigError(
        `${at}: ${key}: ${v} is outside ${r.min}…${r.max} ${r.unit}${whole ? " (whole)" : ""}`,
      );
    }
  }
}
