// The coordinate search (src/optimize/coordinate.ts) on functions with known minima, a cliff
// among them, and `deno task optimize --method coord` end to end with scores computed here.

import assert from "assert";
import { COORDINATE_STEPS, CoordinateSearch } from "../src/optimize/coordinate.ts";
import { type Evaluate, optimize, parse } from "../src/optimize/main.ts";

/** Runs `gens` generations on `f`, checking what every ask() returns; the search afterwards. */
function run(f: (x: Float64Array) => number, start: number[], gens: number): CoordinateSearch {
  const s = new CoordinateSearch(start, f(Float64Array.from(start)));
  let last = s.bestValue;
  for (let g = 0; g < gens; g++) {
    const dim = g % start.length;
    const points = s.ask();
    assert.ok(points.length > 0 && points.length <= 2 * COORDINATE_STEPS.length);
    for (const p of points) {
      assert.ok(p.every((v) => v >= 0 && v <= 1), "within the unit cube");
      p.forEach((v, i) => {
        if (i !== dim) assert.equal(v, s.best[i], "one variable moves a generation");
      });
      assert.notEqual(p[dim], s.best[dim]);
    }
    s.tell(points.map(f));
    assert.ok(s.bestValue <= last, "the best never gets worse");
    last = s.bestValue;
  }
  return s;
}

Deno.test("coordinate search: a quadratic's minimum, and steps halved after a sweep", () => {
  const target = [0.2, 0.83, 0.5];
  const f = (x: Float64Array) => x.reduce((a, v, i) => a + (v - target[i]) ** 2, 0);
  const s = run(f, [0.5, 0.5, 0.5], 60);
  s.best.forEach((v, i) => assert.ok(Math.abs(v - target[i]) < 0.01, `x${i} ${v}`));
  assert.ok(s.sigma < COORDINATE_STEPS[COORDINATE_STEPS.length - 1], "steps halved");
  // At the start point of the last variable, which is already best, nothing moves.
  const still = new CoordinateSearch([0.5], 0);
  still.ask();
  still.tell([1, 1, 1, 1, 1, 1]);
  assert.deepEqual([...still.best], [0.5]);
  assert.equal(still.sigma, COORDINATE_STEPS[COORDINATE_STEPS.length - 1] / 2);
  assert.throws(() => still.tell([1]), /1 values for 6 points/);
});

Deno.test("coordinate search: walks up to a cliff and never over it", () => {
  // Lower is better toward 0, but below 0.4 every run fails (Infinity, as the optimizer tells a
  // failed candidate).
  const f = (x: Float64Array) => x[0] < 0.4 ? Infinity : x[0];
  const s = run(f, [0.9], 30);
  assert.ok(s.best[0] >= 0.4 && s.best[0] < 0.42, `stopped at ${s.best[0]}`);
  assert.ok(Number.isFinite(s.bestValue));
});

Deno.test("optimize --method coord: improves the start, writes the best, resumes", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const space = `${dir}/g.space`;
    await Deno.writeTextFile(space, "getup_t0.back6_wait 0.02 0.32\ngetup_t0.back3_wait 0.1 0.5\n");
    const args = ["getup", "--space", space, "--method", "coord", "--gens", "8"];
    const o = await parse([...args, "--falls", "back", "--out", `${dir}/o.params`]);
    assert.equal(o.method, "coord");
    assert.deepEqual(o.falls, ["back"]);
    // A score with its best at back6_wait 0.1 and back3_wait 0.3.
    let evaluated = 0;
    const evaluate: Evaluate = async (candidates, done) => {
      const scores = candidates.map((p) =>
        -((p.get("getup_t0.back6_wait") - 0.1) ** 2) - (p.get("getup_t0.back3_wait") - 0.3) ** 2
      );
      for (let i = 0; i < scores.length; i++) await done(i, scores[i]);
      evaluated += scores.length;
      return scores;
    };
    const lines: string[] = [];
    await optimize(o, evaluate, null, (l) => lines.push(l));
    const last = JSON.parse(lines[lines.length - 1]);
    assert.ok(last.best > last.baseline);
    assert.ok(Math.abs(last.values["getup_t0.back6_wait"] - 0.1) < 0.03);
    assert.ok(Math.abs(last.values["getup_t0.back3_wait"] - 0.3) < 0.03);
    const out = await Deno.readTextFile(`${dir}/o.params`);
    assert.match(out, /^getup_t0\.back6_wait /m);
    // Resumed from its journal, the same run evaluates nothing again.
    const before = evaluated;
    const again = await parse([...args, "--falls", "back", "--out", `${dir}/o.params`, "--resume"]);
    await optimize(again, evaluate, null, () => {});
    assert.equal(evaluated, before);
    // From other base values the same run's scores would belong to other candidates: refused.
    await Deno.writeTextFile(`${dir}/moved.params`, "getup_t0.back6_wait 0.2\n");
    const moved = await parse([
      ...args,
      "--falls",
      "back",
      "--out",
      `${dir}/o.params`,
      "--resume",
      "--paramsfile",
      `${dir}/moved.params`,
    ]);
    await assert.rejects(() => optimize(moved, evaluate, null, () => {}), /other settings/);
    await assert.rejects(
      () => parse([...args, "--method", "grid", "--out", `${dir}/o.params`]),
      /--method/,
    );
    await assert.rejects(
      () => parse([...args, "--falls", "up", "--out", `${dir}/o.params`]),
      /--falls/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
