// What a param declaration is (keys, unit, range) and the check of a loaded set against the
// declarations: every key must have one, and every value must lie in its range (or be one of its
// words); the error names the file and line. Each module declares its own params next to the
// code that reads them; src/agent/params.ts gathers them. Param files write angles in degrees
// (keys ending `_deg`, joint angles of poses and skills) and everything else in SI units.

import { ConfigError, type ParamSet } from "./params.ts";

export type Unit =
  | "m"
  | "m/s"
  | "m/s²"
  | "s"
  | "deg"
  | "deg/s"
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

/** Common declarations: an angle in degrees, a time, an on/off switch. */
export const ANGLE = { unit: "deg", min: -180, max: 180 } as const;
export const TIME = { unit: "s", min: 0, max: 10 } as const;
export const FLAG = { unit: "flag", min: 0, max: 1 } as const;

/** The declaration that covers `key`, if any: the first of `declarations` that matches. */
export function rangeOf(
  declarations: readonly ParamRange[],
  key: string,
): ParamRange | undefined {
  return declarations.find((r) => r.keys.test(key));
}

/** Whether a declaration takes whole numbers only (a count or an on/off switch). */
export function isWhole(r: ParamRange | undefined): boolean {
  return r?.unit === "count" || r?.unit === "flag";
}

/**
 * Throws a one-line ConfigError (file:line) for a key none of `declarations` covers, or a value
 * out of its range.
 */
export function checkRanges(set: ParamSet, declarations: readonly ParamRange[]): void {
  for (const key of set.keys()) {
    const r = rangeOf(declarations, key);
    const at = set.origin(key);
    if (!r) throw new ConfigError(`${at}: ${key}: no unit and range are declared for this key`);
    if (r.words) {
      set.word(key, r.words);
      continue;
    }
    const v = set.get(key);
    const whole = isWhole(r);
    if (v < r.min || v > r.max || (whole && !Number.isInteger(v))) {
      throw new ConfigError(
        `${at}: ${key}: ${v} is outside ${r.min}…${r.max} ${r.unit}${whole ? " (whole)" : ""}`,
      );
    }
  }
}
