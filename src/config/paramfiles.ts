// Locates the project's bundled param files next to the code (via import.meta, so that a
// compiled binary finds them too) and loads them under the user's --paramsfile overrides.

import { loadParamFiles, type ParamSet } from "./params.ts";

/** Bundled files loaded before any --paramsfile, in order. */
export function bundledParamFiles(): string[] {
  return [new URL("../../paramfiles/default.params", import.meta.url)].map((u) =>
    decodeURIComponent(u.pathname)
  );
}

export function loadAgentParams(userFiles: readonly string[]): Promise<ParamSet> {
  return loadParamFiles([...bundledParamFiles(), ...userFiles]);
}
