// Builds the AssemblyScript numeric core (core-as/assembly/) into core-as/build/core.wasm with
// npm:assemblyscript at release optimisation, after writing core-as/assembly/layout.ts from the
// layout table (src/core/layout.ts) when it differs. Skips the compile when the .wasm is newer
// than every source file. Usage: deno run -A build.ts [--force]

import { WASM_URL } from "./src/core/wasm_core.ts";
import { assemblyScriptLayout } from "./src/core/layout.ts";

const ROOT = new URL("./core-as/", import.meta.url);

function path(u: URL): string {
  return decodeURIComponent(u.pathname);
}

async function newestSource(dir: URL): Promise<number> {
  let newest = 0;
  for await (const e of Deno.readDir(dir)) {
    const u = new URL(e.name + (e.isDirectory ? "/" : ""), dir);
    if (e.isDirectory) newest = Math.max(newest, await newestSource(u));
    else if (e.name.endsWith(".ts")) {
      newest = Math.max(newest, (await Deno.stat(u)).mtime!.getTime());
    }
  }
  return newest;
}

async function upToDate(): Promise<boolean> {
  try {
    const built = (await Deno.stat(WASM_URL)).mtime!.getTime();
    return built >= await newestSource(new URL("assembly/", ROOT)) &&
      built >= (await Deno.stat(new URL(import.meta.url))).mtime!.getTime();
  } catch {
    return false;
  }
}

/** The AssemblyScript layout module, rewritten only when the table changed (its mtime counts). */
export const AS_LAYOUT_URL = new URL("assembly/layout.ts", ROOT);

async function writeLayout(): Promise<void> {
  const text = assemblyScriptLayout();
  let old = "";
  try {
    old = await Deno.readTextFile(AS_LAYOUT_URL);
  } catch {
    // not written yet
  }
  if (old !== text) await Deno.writeTextFile(AS_LAYOUT_URL, text);
}

/**
 * Builds the core if needed; returns the path of the .wasm. Throws with asc's report on error.
 * The compiler is loaded only when there is something to build.
 */
async function buildCore(force = false): Promise<string> {
  await writeLayout();
  if (!force && await upToDate()) return path(WASM_URL);
  const { default: asc } = await import("asc");
  await Deno.mkdir(new URL("build/", ROOT), { recursive: true });
  const stderr: string[] = [];
  const { error } = await asc.main(
    [
      path(new URL("assembly/index.ts", ROOT)),
      "--outFile",
      path(WASM_URL),
      "--optimizeLevel",
      "3",
      "--shrinkLevel",
      "0",
      "--runtime",
      "stub",
      "--noAssert",
      "--initialMemory",
      "4",
    ],
    {
      stdout: { write: () => true },
      stderr: { write: (s: string | Uint8Array) => stderr.push(String(s)) > 0 },
    } as unknown as Parameters<typeof asc.main>[1],
  );
  if (error) throw new Error(`core-as build failed: ${error.message}\n${stderr.join("")}`);
  return path(WASM_URL);
}

if (import.meta.main) {
  try {
    const out = await buildCore(Deno.args.includes("--force"));
    console.error(`core: ${out}`);
  } catch (e) {
    console.error((e as Error).message);
    Deno.exit(1);
  }
}
