// The layering of src/, as one rule a test can hold: every folder has a place in LAYERS, and a
// module imports only from its own folder or from folders below it; no module imports itself
// back through others (no import circle, dynamic imports included). A new folder must be given
// its place here.

import assert from "assert";
import { dirname, join, relative, resolve } from "node:path";

/** From the bottom up: a folder may import from the folders before it. */
const LAYERS = [
  "util",
  "body",
  "protocol",
  "field",
  "config",
  "core",
  "control",
  "net",
  "skills",
  "motion",
  "estimation",
  "team",
  "world",
  "ballplay",
  "strategy",
  "behavior",
  "agent",
  "testing",
  "jobs",
  "tools",
  "eval",
  "optimize",
  "scale",
];

const SRC = resolve(decodeURIComponent(new URL("../src", import.meta.url).pathname));
/** Relative specifiers of static imports and re-exports, and of dynamic import() calls. */
const SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\b[^;'"]*?(?:from\s*)?["'](\.[^"']+)["']|\bimport\(\s*["'](\.[^"']+)["']\s*\)/g;

async function modules(dir: string, out: string[] = []): Promise<string[]> {
  for await (const e of Deno.readDir(dir)) {
    const p = join(dir, e.name);
    if (e.isDirectory) await modules(p, out);
    else if (e.name.endsWith(".ts")) out.push(p);
  }
  return out;
}

/** Each module's imports of other modules under src/. */
async function importGraph(): Promise<Map<string, string[]>> {
  const graph = new Map<string, string[]>();
  for (const file of await modules(SRC)) {
    const text = await Deno.readTextFile(file);
    const deps: string[] = [];
    for (const m of text.matchAll(SPECIFIER)) {
      const target = resolve(dirname(file), m[1] ?? m[2]);
      if (target.startsWith(SRC + "/") && target.endsWith(".ts")) deps.push(target);
    }
    graph.set(file, deps);
  }
  return graph;
}

const folder = (file: string) => relative(SRC, file).split("/")[0];

/** Strongly connected groups of more than one module (Tarjan), as paths under src/. */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>(), low = new Map<string, number>();
  const stack: string[] = [], on = new Set<string>(), out: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        group.push(relative(SRC, w));
      } while (w !== v);
      if (group.length > 1) out.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

Deno.test("import rules: every folder of src/ has its layer, and imports only go down", async () => {
  const graph = await importGraph();
  const folders = new Set([...graph.keys()].map(folder));
  const unplaced = [...folders].filter((f) => !LAYERS.includes(f));
  assert.deepEqual(unplaced, [], "folders without a place in LAYERS");
  const upward: string[] = [];
  for (const [file, deps] of graph) {
    for (const d of deps) {
      const a = folder(file), b = folder(d);
      if (a !== b && LAYERS.indexOf(b) > LAYERS.indexOf(a)) {
        upward.push(`${relative(SRC, file)} -> ${relative(SRC, d)}`);
      }
    }
  }
  assert.deepEqual(upward, [], "imports that go up the layers");
});

Deno.test("import rules: no import circle between modules", async () => {
  assert.deepEqual(circles(await importGraph()), []);
});

Deno.test("import rules: the checks see circles and dynamic imports", () => {
  const g = new Map([
    [join(SRC, "a/x.ts"), [join(SRC, "b/y.ts")]],
    [join(SRC, "b/y.ts"), [join(SRC, "a/x.ts")]],
    [join(SRC, "b/z.ts"), []],
  ]);
  assert.deepEqual(circles(g), [["a/x.ts", "b/y.ts"]]);
  const text =
    `import { a } from "./a.ts";\nexport * from "../b.ts";\nconst c = await import("./c.ts");\n` +
    `import type {\n  D,\n} from "./d.ts";\n`;
  const found = [...text.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2]);
  assert.deepEqual(found, ["./a.ts", "../b.ts", "./c.ts", "./d.ts"]);
});

Deno.test("core layout: the AssemblyScript side is the table's, as build.ts writes it", async () => {
  const { assemblyScriptLayout } = await import("../src/core/layout.ts");
  const { AS_LAYOUT_URL } = await import("../build.ts");
  assert.equal(await Deno.readTextFile(AS_LAYOUT_URL), assemblyScriptLayout());
  // No kernel declares a name of the table again, or writes pfOut's fields by number.
  const table = new Set(
    [...assemblyScriptLayout().matchAll(/export const (\w+)/g)].map((m) => m[1]),
  );
  for (const name of ["index.ts", "filters.ts", "walk.ts", "roles.ts"]) {
    const src = await Deno.readTextFile(new URL(`../core-as/assembly/${name}`, import.meta.url));
    const again = [...src.matchAll(/^(?:let|const) (\w+)/gm)].filter((m) => table.has(m[1]));
    assert.deepEqual(again.map((m) => m[1]), [], name);
    assert.doesNotMatch(src, /st\(PF_OUT, \d/, name);
  }
});
