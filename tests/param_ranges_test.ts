// Declared units and ranges (each module's, gathered in src/agent/params.ts): every key of
// every bundled param file has exactly the declaration it should, every bundled value and every optimizer search space lies inside it, and a value
// outside it, a fraction where a count is due or a word not allowed is refused with file:line.

import assert from "assert";
import { checkRanges, rangeOf as rangeIn } from "../src/config/param_ranges.ts";
import { PARAM_DECLARATIONS as PARAM_RANGES } from "../src/agent/params.ts";
import { ConfigError, ParamSet } from "../src/config/params.ts";
import { loadSpace } from "../src/optimize/space.ts";

const DIR = new URL("../paramfiles/", import.meta.url);
const rangeOf = (key: string) => rangeIn(PARAM_RANGES, key);

async function bundled(): Promise<ParamSet[]> {
  const sets: ParamSet[] = [];
  for await (const e of Deno.readDir(DIR)) {
    if (e.isFile && e.name.endsWith(".params")) {
      sets.push(await ParamSet.load(decodeURIComponent(new URL(e.name, DIR).pathname)));
    }
  }
  return sets;
}

Deno.test("param ranges: every bundled key is declared and every bundled value is inside", async () => {
  const sets = await bundled();
  assert.ok(sets.length >= 5);
  const used = new Set<number>();
  for (const set of sets) {
    checkRanges(set, PARAM_RANGES);
    for (const k of set.keys()) used.add(PARAM_RANGES.indexOf(rangeOf(k)!));
  }
  // No declaration is dead: each covers a key the bundled files set.
  const dead = PARAM_RANGES.filter((_, i) => !used.has(i)).map((r) => String(r.keys));
  assert.deepEqual(dead, []);
});

Deno.test("param ranges: the optimizer's search spaces stay inside the declared ranges", async () => {
  const dir = new URL("spaces/", DIR);
  for await (const e of Deno.readDir(dir)) {
    const file = decodeURIComponent(new URL(e.name, dir).pathname);
    for (const d of await loadSpace(file)) {
      const r = rangeOf(d.name);
      assert.ok(r, `${e.name}: ${d.name} has no declared range`);
      assert.ok(d.min >= r.min && d.max <= r.max, `${e.name}: ${d.name} ${d.min}…${d.max}`);
    }
  }
});

Deno.test("param ranges: angles are degrees, lengths metres, times seconds", () => {
  assert.equal(rangeOf("walk.max_turn_deg")?.unit, "deg");
  assert.equal(rangeOf("stand.llj4")?.unit, "deg");
  assert.equal(rangeOf("longkick.lean_knee")?.unit, "deg");
  assert.equal(rangeOf("ikkick.reach")?.unit, "m");
  assert.equal(rangeOf("kick.ball_x")?.unit, "m");
  assert.equal(rangeOf("longkick.swing_time")?.unit, "s");
  assert.equal(rangeOf("getup.rest_time")?.unit, "s");
  assert.equal(rangeOf("walk.max_forward")?.unit, "m/s");
  assert.equal(rangeOf("no.such_key"), undefined);
});

Deno.test("param ranges: out of range, not whole, an unknown word or an undeclared key fail", () => {
  const cases: [string, RegExp][] = [
    [
      "loc.inject_fraction 1.5\n",
      /^t\.params:1: loc\.inject_fraction: 1\.5 is outside 0…1 fraction$/,
    ],
    [
      "\nloc.particles 20.5\n",
      /^t\.params:2: loc\.particles: 20\.5 is outside 10…1000 count \(whole\)$/,
    ],
    ["walk.max_turn_deg 120\n", /walk\.max_turn_deg: 120 is outside -90…90 deg/],
    ["roles.assign best\n", /t\.params:1: roles\.assign: 'best' is not one of dp, greedy/],
    ["loc.particles 300\nmy.key 1\n", /t\.params:2: my\.key: no unit and range are declared/],
  ];
  for (const [text, message] of cases) {
    assert.throws(() => checkRanges(ParamSet.parse(text, "t.params"), PARAM_RANGES), (e: Error) => {
      assert.ok(e instanceof ConfigError, String(e));
      assert.match(e.message, message);
      return true;
    });
  }
  checkRanges(ParamSet.parse("loc.particles 300\nroles.assign greedy\n", "t.params"), PARAM_RANGES);
});
