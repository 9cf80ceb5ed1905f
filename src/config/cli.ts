// Checking command-line values into typed options for every tool: one error class and the
// number and choice checks, each failing with one line that names the flag.

export const DEFAULT_TEAM = "DenoNao";

export class CliError extends Error {
  override name = "CliError";
}

export function intFlag(name: string, raw: string, min: number, max: number): number {
  const v = Number(raw);
  if (!/^-?\d+$/.test(raw) || v < min || v > max) {
    throw new CliError(`--${name}: '${raw}' is not an integer in ${min}..${max}`);
  }
  return v;
}

/** A number flag in min..max; otherwise a CliError. */
export function numberFlag(name: string, raw: string, min: number, max: number): number {
  const v = Number(raw);
  if (raw.trim() === "" || !(v >= min && v <= max)) {
    throw new CliError(`--${name}: '${raw}' is not a number in ${min}..${max}`);
  }
  return v;
}

/** The flag's value when it is one of `choices`; otherwise a CliError naming them. */
export function choiceFlag<T extends string>(name: string, raw: string, choices: readonly T[]): T {
  if (!(choices as readonly string[]).includes(raw)) {
    throw new CliError(`--${name}: '${raw}' is not one of ${choices.join(", ")}`);
  }
  return raw as T;
}

/** Parses agent flags; throws CliError with one line on any bad flag or value. */
