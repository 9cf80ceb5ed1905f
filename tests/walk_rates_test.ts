// The walk's joint-rate demand (motion/walk_rates.ts): the plan's leg joint rates grow with the
// forward speed, the share over the cap agrees with the peak, the least-demanding plan of a grid
// (leastRates) asks no more than any other in it, and `deno task walk-rates` prints one line per
// speed.

import assert from "assert";
import { loadParams } from "../src/agent/params.ts";
import { bodyModel } from "../src/body/body_model.ts";
import { JOINTS } from "../src/body/joints.ts";
import { createCore } from "../src/core/create_core.ts";
import { walkParams } from "../src/motion/walk_engine.ts";
import { leastRates, walkRates } from "../src/motion/walk_rates.ts";
import { main } from "../src/tools/walk_rates.ts";

Deno.test("walk rates: the hip pitch turns faster the faster the walk; over the cap iff peak is", async () => {
  const core = await createCore("ts", 0);
  const params = walkParams(await loadParams(0, []));
  const caps = bodyModel(0).maxSpeed;
  const hip = (vx: number) =>
    walkRates(core, params, caps, vx).joints.find((r) => r.joint === "LHipPitch")!;
  const slow = hip(0.2), mid = hip(0.5), fast = hip(1);
  assert.ok(slow.peak < mid.peak && mid.peak < fast.peak, `${slow.peak} ${mid.peak} ${fast.peak}`);
  for (const vx of [0, 0.3, 0.6, 0.9, 1.2]) {
    for (const r of walkRates(core, params, caps, vx).joints) {
      assert.ok(r.over >= 0 && r.over <= 1, `${r.joint} at ${vx}: share ${r.over}`);
      const cap = caps[JOINTS.findIndex((j) => j.name === r.joint)];
      assert.equal(
        r.over > 0,
        r.peak > cap,
        `${r.joint} at ${vx}: peak ${r.peak}, share ${r.over}`,
      );
    }
  }
  const roll = walkRates(core, params, caps, 1).joints.find((r) => r.joint === "LHipRoll")!;
  assert.ok(roll.peak < 1, "walking straight on, the hip roll only sways");
});

Deno.test("walk-rates CLI: one JSON line per speed, capped at the walk's limit; bad flags exit 2", async () => {
  const lines: string[] = [];
  const log = console.log, error = console.error;
  console.log = (s: string) => lines.push(s);
  console.error = () => {};
  try {
    assert.equal(await main(["--type", "2", "--speeds", "0.3,9"]), 0);
    assert.equal(await main(["--type", "7"]), 2);
    assert.equal(await main(["--speeds", "fast"]), 2);
  } finally {
    console.log = log;
    console.error = error;
  }
  assert.equal(lines.length, 2);
  const [a, b] = lines.map((l) => JSON.parse(l));
  assert.equal(a.type, 2);
  assert.equal(a.vx, 0.3);
  assert.ok(b.vx < 9 && b.vx > 0.5, `capped at walk.max_forward: ${b.vx}`);
  assert.ok(a.joints.LKnee.peak > 0);
});

Deno.test("walk rates: the least-demanding plan of a grid asks no more than any plan in it", async () => {
  const core = await createCore("ts", 4);
  const params = walkParams(await loadParams(4, []));
  const caps = bodyModel(4).maxSpeed;
  const grid = {
    stepTime: [0.14, 0.2],
    stepHeight: [0.01, 0.04],
    torsoHeight: [0.34],
    lean: [0],
    swingBlend: [0.2, 1],
    bob: [0, 0.02],
  };
  const least = leastRates(core, params, caps, 1, grid)!;
  assert.ok(least.rates.reached);
  assert.equal(least.rates.speed, 1);
  for (const stepTime of grid.stepTime) {
    for (const stepHeight of grid.stepHeight) {
      for (const swingBlend of grid.swingBlend) {
        for (const bob of grid.bob) {
          const plan = { stepTime, stepHeight, swingBlend, bob, torsoHeight: 0.34, lean: 0 };
          const r = walkRates(core, { ...params, ...plan, maxForward: 1 }, caps, 1);
          assert.ok(!r.reached || r.worst >= least.rates.worst, JSON.stringify(plan));
        }
      }
    }
  }
  // The lowest step, the flattest swing and the bob each ask less of the joints.
  assert.deepEqual({ ...least.plan }, {
    stepTime: least.plan.stepTime,
    stepHeight: 0.01,
    torsoHeight: 0.34,
    lean: 0,
    swingBlend: 0.2,
    bob: 0.02,
  });
  // Today's gait asks more at the same speed.
  assert.ok(walkRates(core, params, caps, 1).worst > least.rates.worst);
});

Deno.test("walk-rates CLI --least: the plan and its rates, within the cap at a slow speed", async () => {
  const lines: string[] = [];
  const log = console.log;
  console.log = (s: string) => lines.push(s);
  try {
    assert.equal(await main(["--type", "1", "--speeds", "0.6", "--least"]), 0);
  } finally {
    console.log = log;
  }
  const out = JSON.parse(lines[0]);
  assert.equal(out.vx, 0.6);
  assert.ok(out.worst > 0 && out.worst < 1, `a slow walk fits under the cap: ${out.worst}`);
  assert.ok(out.plan.stepTime > 0 && "leanDeg" in out.plan && !("lean" in out.plan));
});
