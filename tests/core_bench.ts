// Numeric-core kernels, WASM against its TS twin: FK of all bodies, centre of mass, one leg IK,
// and a batch of 1000 leg IK solves. Each pair is one group with the TS core as baseline.

import { JOINTS } from "../src/body/joints.ts";
import { createCore } from "../src/core/create_core.ts";
import { compileCore } from "../src/core/wasm_core.ts";
import { Rng } from "./rng.ts";

const module = await compileCore();
const cores = [await createCore("ts", 0), await createCore("wasm", 0, module)];
const rng = new Rng(1);
for (const c of cores) {
  for (const j of JOINTS) c.q[j.index] = rng.uniform(j.min, j.max) * 0.5;
  c.forwardKinematics();
  c.ikTarget.set(c.soles.subarray(0, 12));
  for (let i = 0; i < 1000; i++) {
    for (let k = 10; k < 16; k++) c.q[k] = rng.uniform(JOINTS[k].min, JOINTS[k].max);
    c.forwardKinematics();
    c.batchTargets.set(c.soles.subarray(0, 12), i * 12);
  }
}

for (const c of cores) {
  const baseline = c.kind === "ts";
  Deno.bench(`fk ${c.kind}`, { group: "fk", baseline }, () => c.forwardKinematics());
  Deno.bench(`com ${c.kind}`, { group: "com", baseline }, () => c.centerOfMass());
  Deno.bench(`fk+com ${c.kind}`, { group: "fk+com", baseline }, () => {
    c.forwardKinematics();
    c.centerOfMass();
  });
  Deno.bench(`leg ik ${c.kind}`, { group: "ik", baseline }, () => {
    c.legIK(0, NaN);
  });
  Deno.bench(`leg ik x1000 ${c.kind}`, { group: "ik1000", baseline }, () => {
    c.legIKBatch(0, 1000);
  });
}
