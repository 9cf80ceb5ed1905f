// Locates the project's bundled param files next to the code (via import.meta, so that a
// compiled binary finds them too) and loads them under the user's --paramsfile overrides:
// default.params, then type<T>.params when the robot type has one, then the user's files.

import type { RobotType } from "../body/joints.ts";
import { loadParamFiles, type ParamSet } from "./params.ts";

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
  const files = [path(new URL("default.params", DIR))];
  const perType = path(new URL(`type${type}.params`, DIR));
  if (exists(perType)) files.push(perType);
  return files;
}

export function loadAgentParams(type: RobotType, userFiles: readonly string[]): Promise<ParamSet> {
  return loadParamFiles([...bundledParamFiles(type), ...userFiles]);
}
