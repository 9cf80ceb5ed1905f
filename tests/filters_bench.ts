// Particle filter (predict + weight + resample) for 200, 500 and 1000 particles, and the Kalman
// predict + update, WASM against the TS twin. Observations: 4 landmarks and 40 line points.

import { LANDMARK, LINE_POINT, PARTICLE } from "../src/core/layout.ts";
import { createCore } from "../src/core/create_core.ts";
import { compileCore } from "../src/core/wasm_core.ts";
import { Rng } from "./rng.ts";

const module = await compileCore();
const cores = [await createCore("ts", 0), await createCore("wasm", 0, module)];
for (const c of cores) {
  c.loadFieldMap();
  c.seed(1);
  const rng = new Rng(3);
  for (let i = 0; i < 1000; i++) {
    c.particles.set(
      [rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-0.2, 0.2), 1e-3],
      i * PARTICLE,
    );
  }
  for (let k = 0; k < 4; k++) c.landmarks.set([15, k - 2, 15, k - 2, 0.2], k * LANDMARK);
  for (let k = 0; k < 40; k++) c.linePoints.set([k * 0.2 - 4, 2, 0.1], k * LINE_POINT);
  c.tracks.set([0, 0, 1, 0, 0.1, 0, 0, 0, 0, 0.1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
}

for (const n of [200, 500, 1000]) {
  for (const c of cores) {
    Deno.bench(`pf ${n} ${c.kind}`, { group: `pf${n}`, baseline: c.kind === "ts" }, () => {
      c.pfPredict(n, 0.02, 0, 0.01, 0.01, 0.005);
      c.pfWeight(n, 4, 40);
      c.pfResample(n);
    });
  }
}

for (const c of cores) {
  let z = 0;
  Deno.bench(`kalman ${c.kind}`, { group: "kalman", baseline: c.kind === "ts" }, () => {
    c.kfPredict(0, 0.02, 0.3, 0.01, 1);
    z += 0.02;
    c.kfUpdate(0, z, 0, 0.01, 1e9);
  });
}
