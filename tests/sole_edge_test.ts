// Where the feet carry the robot (heels, soles, tips) from the foot force perceptors, on server
// strings like those of a type-4 robot after a long kick: flat, it loads the middle of its soles
// and its toes; rocked back onto its heels, only the back ends of its soles.

import assert from "assert";
import { bodyModel } from "../src/body/body_model.ts";
import { soleEdge } from "../src/estimation/sole_edge.ts";
import { PerceptionParser } from "../src/protocol/parser.ts";
import type { Perception } from "../src/protocol/perception.ts";

const parser = new PerceptionParser();

function feet(msg: string): Perception["feet"] {
  const r = parser.parse(msg);
  if (!r.ok) assert.fail(r.error.message);
  return r.perception.feet;
}

/** A force perceptor loaded `forward` metres ahead of its body's centre (server frame: y). */
const frp = (n: string, forward: number, fz: number) =>
  `(FRP (n ${n}) (c 0 ${forward} -0.01) (f 0 0 ${fz}))`;

Deno.test("sole edge: a type-4 robot flat on its soles, on its heels, on its toes", () => {
  const sole = bodyModel(4).soleLength;
  assert.ok(Math.abs(sole - 0.1245) < 1e-3, `${sole}`);
  const flat = frp("lf", -0.03, 16.8) + frp("lf1", -0.01, 5.8) + frp("rf", -0.03, 16.2) +
    frp("rf1", -0.01, 6.3);
  assert.equal(soleEdge(feet(flat), sole), 0);
  assert.equal(soleEdge(feet(frp("lf", -0.06, 21.4) + frp("rf", -0.06, 21.8)), sole), -1);
  // One foot still flat: not on the heels.
  assert.equal(soleEdge(feet(frp("lf", -0.06, 30) + frp("rf", -0.02, 12)), sole), 0);
  assert.equal(soleEdge(feet(frp("lf1", 0.02, 20.7) + frp("rf1", 0.02, 20.3)), sole), 1);
  assert.equal(soleEdge(feet(frp("lf", 0.055, 20) + frp("lf1", 0, 20)), sole), 1);
  // In the air or lying: nothing loaded, nothing to say.
  assert.equal(soleEdge(feet("(GYR (n torso) (rt 0 0 0))"), sole), 0);
});

Deno.test("sole edge: types 0-3 have 16 cm soles, so 6 cm behind the middle is not the heel yet", () => {
  const sole = bodyModel(0).soleLength;
  assert.equal(sole, 0.16);
  assert.equal(soleEdge(feet(frp("lf", -0.06, 20) + frp("rf", -0.06, 20)), sole), 0);
  assert.equal(soleEdge(feet(frp("lf", -0.075, 20) + frp("rf", -0.078, 20)), sole), -1);
  assert.equal(soleEdge(feet(frp("lf", 0.072, 20)), sole), 1);
});
