// Locates the project's bundled param files next to the code (via import.meta, so that a
// compiled binary finds them too) and loads them under the user's --paramsfile overrides:
// default.params, walk.params, skills.params, then type<T>.params when the robot type has one,
// then the user's files. Also lists the bundled skill files.

import type { RobotType } from "../body/joints.ts";
import { ConfigError, loadParamFiles, type ParamSet } from "./params.ts";

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

/** Bundled files loaded before any --paramsfile, in order. */
export function bundledParamFiles(type: RobotType): string[] {
  const files = ["default.params", "walk.params", "skills.params"].map((f) =>
    path(new URL(f, DIR))
  );
  const perType = path(new URL(`type${type}.params`, DIR));
  if (exists(perType)) files.push(perType);
  return files;
}

export function loadAgentParams(type: RobotType, userFiles: readonly string[]): Promise<ParamSet> {
  return loadParamFiles([...bundledParamFiles(type), ...userFiles]);
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
