// `deno task bundle [--out DIR]`: the offline competition bundle,
// DIR/denonao-<version>-linux-x64.tar.gz (default DIR dist/). It holds the Deno runtime this
// task runs on (bin/deno), the agent's sources, the built core.wasm, skills, param files, the
// start, penalty and kill scripts and the README: nothing is fetched or built on the competition
// host, whose PATH needs no node, npx or deno (start.sh runs bin/deno, with --cached-only).

import { parseFlags } from "../config/flags.ts";

const ROOT = decodeURIComponent(new URL("../../", import.meta.url).pathname);
const FILES = [
  "main.ts",
  "deno.json",
  "README.md",
  "start.sh",
  "kill.sh",
  "start_penalty_kicker.sh",
  "start_penalty_goalie.sh",
  "core-as/build/core.wasm",
];
const DIRS = ["src", "skills", "paramfiles"];

async function copyDir(from: string, to: string): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  for await (const e of Deno.readDir(from)) {
    if (e.isDirectory) await copyDir(`${from}/${e.name}`, `${to}/${e.name}`);
    else if (e.isFile) await Deno.copyFile(`${from}/${e.name}`, `${to}/${e.name}`);
  }
}

/** The short commit id of the checkout, or "dev" outside git. */
async function version(): Promise<string> {
  try {
    const out = await new Deno.Command("git", {
      args: ["-C", ROOT, "rev-parse", "--short", "HEAD"],
      stdout: "piped",
      stderr: "null",
    }).output();
    const v = new TextDecoder().decode(out.stdout).trim();
    return out.code === 0 && v ? v : "dev";
  } catch {
    return "dev";
  }
}

/** Writes the bundle into `outDir`; returns its path. */
export async function makeBundle(outDir: string): Promise<string> {
  try {
    await Deno.stat(`${ROOT}core-as/build/core.wasm`);
  } catch {
    throw new Error("core-as/build/core.wasm is missing: run 'deno task build' first");
  }
  const name = `denonao-${await version()}`;
  const stage = await Deno.makeTempDir({ prefix: "bundle-" });
  try {
    const top = `${stage}/${name}`;
    for (const f of FILES) {
      await Deno.mkdir(`${top}/${f}`.replace(/\/[^/]*$/, ""), { recursive: true });
      await Deno.copyFile(`${ROOT}${f}`, `${top}/${f}`);
    }
    for (const d of DIRS) await copyDir(`${ROOT}${d}`, `${top}/${d}`);
    await Deno.mkdir(`${top}/bin`);
    await Deno.copyFile(Deno.execPath(), `${top}/bin/deno`);
    await Deno.chmod(`${top}/bin/deno`, 0o755);
    await Deno.mkdir(outDir, { recursive: true });
    const out = `${outDir}/${name}-linux-x64.tar.gz`;
    const tar = await new Deno.Command("tar", {
      args: ["-C", stage, "-czf", out, name],
      stderr: "piped",
    }).output();
    if (tar.code !== 0) throw new Error(`tar: ${new TextDecoder().decode(tar.stderr).trim()}`);
    return out;
  } finally {
    await Deno.remove(stage, { recursive: true });
  }
}

async function main(args: string[]): Promise<number> {
  let out: string;
  try {
    const { values } = parseFlags({ args, options: { out: { type: "string", default: "dist" } } });
    out = values.out as string;
  } catch (e) {
    console.error(`error: ${(e as Error).message} (usage: deno task bundle [--out DIR])`);
    return 2;
  }
  try {
    const path = await makeBundle(out);
    console.log(`${path} (${((await Deno.stat(path)).size / 1e6).toFixed(1)} MB)`);
    return 0;
  } catch (e) {
    console.error(`error: ${(e as Error).message.split("\n")[0]}`);
    return 1;
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
