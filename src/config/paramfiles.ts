// Locates the project's bundled param files next to the code (via import.meta, so that a
// compiled binary finds them too) and loads them under the user's --paramsfile overrides:
// default.params, walk.params, skills.params, then type<T>.params when the robot type has one,
// then the user's files. A user's file may only set keys the bundled files know, and every value
// must lie in its key's declared range (the declarations the caller gives: src/agent/params.ts).
// Also lists the bundled skill files.

import type { RobotType } from "../body/joints.ts";
import { ConfigError, loadParamFiles, ParamSet } from "./params.ts";
import { checkRanges, type ParamRange } from "./param_ranges.ts";

const DIR = new URL("../../paramfiles/", import.meta.url);

function path(u: URL): string {
  return decodeURIComponent(u.pathname);
}

function exists(p: string): boolean {
  try {
    return Deno.statSync(p).isFile;
  } catch {
    return false;
  }
}

/** The bundled files every robot type loads, in order (no type's own values). */
export function sharedParamFiles(): string[] {
  return ["default.params", "walk.params", "skills.params"].map((f) => path(new URL(f, DIR)));
}

/** Bundled files loaded before any --paramsfile, in order. */
export function bundledParamFiles(type: RobotType): string[] {
  const files = sharedParamFiles();
  const perType = path(new URL(`type${type}.params`, DIR));
  if (exists(perType)) files.push(perType);
  return files;
}

export async function loadAgentParams(
  type: RobotType,
  userFiles: readonly string[],
  declarations: readonly ParamRange[],
): Promise<ParamSet> {
  let set = await loadParamFiles(bundledParamFiles(type));
  if (userFiles.length > 0) {
    const known = await bundledKeys();
    for (const file of userFiles) {
      const user = await ParamSet.load(file);
      for (const key of user.keys()) checkUserKey(user, key, known);
      set = set.overlay(user);
    }
  }
  checkRanges(set, declarations);
  return set;
}

/**
 * Every key of every bundled param file (all robot types), and sprint.* for every walk.* key: the
 * sprint gait may set any of the walk's (walk_engine.ts sprintParams).
 */
async function bundledKeys(): Promise<Set<string>> {
  const out = new Set<string>();
  for (const e of Deno.readDirSync(DIR)) {
    if (!e.isFile || !e.name.endsWith(".params")) continue;
    const set = await ParamSet.load(path(new URL(e.name, DIR)));
    for (const key of set.keys()) {
      out.add(key);
      if (key.startsWith("walk.")) out.add("sprint." + key.slice("walk.".length));
    }
  }
  return out;
}

function checkUserKey(user: ParamSet, key: string, known: ReadonlySet<string>): void {
  if (known.has(key)) return;
  const near = closest(key, [...known]);
  throw new ConfigError(
    `${user.origin(key)}: unknown parameter '${key}'${near ? ` (did you mean '${near}'?)` : ""}`,
  );
}

/** The known key nearest `key` by edit distance, if it is within 2 edits. */
function closest(key: string, keys: readonly string[]): string | undefined {
  let best: string | undefined, bestD = 3;
  for (const k of keys) {
    const d = editDistance(key, k);
    if (d < bestD) [best, bestD] = [k, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length];
}

const SKILL_DIR = new URL("../../skills/", import.meta.url);

/** Every bundled .skl file, in name order. */
export function bundledSkillFiles(): string[] {
  const files: string[] = [];
  try {
    for (const e of Deno.readDirSync(SKILL_DIR)) {
      if (e.isFile && e.name.endsWith(".skl")) files.push(path(new URL(e.name, SKILL_DIR)));
    }
  } catch (e) {
    throw new ConfigError(`${path(SKILL_DIR)}: cannot list skill files: ${(e as Error).message}`);
  }
  return files.sort();
}
