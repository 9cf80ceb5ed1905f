// Search spaces of the optimizer: which parameters it may change and within which bounds, read
// from a `.space` file (`name min max` per line, `#` comments, units as in the param files).
// The optimizer works in the unit cube; this module maps candidates to param values and back,
// and writes a candidate as a param file.

import { ConfigError, ParamSet } from "../config/params.ts";

export interface Dimension {
  name: string;
  min: number;
  max: number;
  /** Whole numbers only (a count, a switch): candidates are rounded to them. */
  whole?: boolean;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_.\-]*$/;

/** Parses a space file's text; every error names the file and line. */
export function parseSpace(text: string, file: string): Dimension[] {
  const dims: Dimension[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const content = lines[i].replace(/#.*/, "").trim();
    if (content === "") continue;
    const where = `${file}:${i + 1}`;
    const words = content.split(/\s+/);
    if (words.length !== 3) {
      throw new ConfigError(`${where}: expected 'name min max', got '${content}'`);
    }
    const [name, lo, hi] = words;
    if (!NAME.test(name)) throw new ConfigError(`${where}: '${name}' is not a valid name`);
    const min = Number(lo);
    const max = Number(hi);
    if (!Number.isFinite(min) || !Number.isFinite(max) || !(min < max)) {
      throw new ConfigError(
        `${where}: ${name}: bounds '${lo} ${hi}' are not two numbers min < max`,
      );
    }
    if (dims.some((d) => d.name === name)) {
      throw new ConfigError(`${where}: ${name} is listed twice`);
    }
    dims.push({ name, min, max });
  }
  if (dims.length === 0) throw new ConfigError(`${file}: no parameters to optimize`);
  return dims;
}

export async function loadSpace(path: string): Promise<Dimension[]> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (e) {
    throw new ConfigError(`${path}: cannot read space file: ${(e as Error).message}`);
  }
  return parseSpace(text, path);
}

/** The dimensions of several space files together; a parameter named twice is an error. */
export async function loadSpaces(paths: readonly string[]): Promise<Dimension[]> {
  const dims: Dimension[] = [];
  const from = new Map<string, string>();
  for (const path of paths) {
    for (const d of await loadSpace(path)) {
      const first = from.get(d.name);
      if (first !== undefined) {
        throw new ConfigError(`${path}: ${d.name} is in ${first} as well`);
      }
      from.set(d.name, path);
      dims.push(d);
    }
  }
  return dims;
}

/** Where `params` puts each dimension, in the unit cube; a missing parameter is an error. */
export function toUnit(dims: readonly Dimension[], params: ParamSet): Float64Array {
  return Float64Array.from(dims, (d) => {
    const v = params.get(d.name);
    if (v < d.min || v > d.max) {
      throw new ConfigError(
        `${d.name} = ${v} (${
          params.origin(d.name)
        }) lies outside its search bounds ${d.min} ${d.max}`,
      );
    }
    return (v - d.min) / (d.max - d.min);
  });
}

/** A unit-cube point clamped into the cube, as param values (whole ones rounded). */
export function fromUnit(dims: readonly Dimension[], u: ArrayLike<number>): number[] {
  return dims.map((d, i) => {
    const v = d.min + Math.min(1, Math.max(0, u[i])) * (d.max - d.min);
    return d.whole ? Math.min(Math.floor(d.max), Math.max(Math.ceil(d.min), Math.round(v))) : v;
  });
}

/** How far a unit-cube point lies outside the cube (0 inside): a penalty for bound violations. */
export function outside(u: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < u.length; i++) s += Math.max(0, -u[i]) ** 2 + Math.max(0, u[i] - 1) ** 2;
  return Math.sqrt(s);
}

/** The values as param-file text, one `name value` line each. */
export function paramText(dims: readonly Dimension[], values: readonly number[]): string {
  return dims.map((d, i) => `${d.name} ${Number(values[i].toPrecision(6))}`).join("\n") + "\n";
}

/** `base` with the values laid over it. */
export function withValues(
  base: ParamSet,
  dims: readonly Dimension[],
  values: readonly number[],
): ParamSet {
  return base.overlay(ParamSet.parse(paramText(dims, values), "<candidate>"));
}
