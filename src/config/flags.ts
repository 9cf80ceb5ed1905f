// Command-line parsing for every entry point: node:util parseArgs (through the "cli-args"
// import-map entry) with two fixes for people typing flags. A negative number after a flag that
// takes a value is that value (`--port -1` is read as `--port=-1` and then range-checked), and
// parseArgs's multi-sentence errors are cut to their first sentence.

import { parseArgs } from "cli-args";

type Config = Parameters<typeof parseArgs>[0] & object;

/** Thrown with one line that says which flag is wrong. */
export class FlagError extends Error {
  override name = "FlagError";
}

export function parseFlags<C extends Config>(config: C): ReturnType<typeof parseArgs<C>> {
  const takesValue = new Set(
    Object.entries(config.options ?? {}).filter(([, o]) =>
      (o as { type: string }).type === "string"
    )
      .map(([k]) => k),
  );
  const args = [...(config.args ?? [])];
  for (let i = 0; i + 1 < args.length; i++) {
    const name = args[i].startsWith("--") ? args[i].slice(2) : null;
    if (name !== null && takesValue.has(name) && /^-\d|^-\.\d/.test(args[i + 1])) {
      args.splice(i, 2, `--${name}=${args[i + 1]}`);
    }
  }
  try {
    return parseArgs({ ...config, args });
  } catch (e) {
    const first = (e as Error).message.split("\n")[0].replace(/\. To specify .*$/, "");
    throw new FlagError(first.replace(/\.$/, ""));
  }
}
