// Particle filter and Kalman kernels: WASM against the TS twin on random inputs, the distance
// map, landmark pose recovery, kidnap recovery in the localizer, and the ball filter.

import assert from "assert";
import { LANDMARK, LINE_POINT, MAX_PARTICLES, PARTICLE, TRACK } from "../src/core/layout.ts";
import { type NumericCore } from "../src/core/numeric_core.ts";
import { createCore } from "../src/core/create_core.ts";
import { compileCore } from "../src/core/wasm_core.ts";
import { BallTracker } from "../src/estimation/ball_tracker.ts";
import { fieldLines, GRID, landmark } from "../src/field/field.ts";
import { Localizer } from "../src/estimation/localizer.ts";
import { poseFromLandmarks } from "../src/estimation/observations.ts";
import { Rng } from "./rng.ts";

const module = await compileCore();

async function pair(): Promise<[NumericCore, NumericCore]> {
  const w = await createCore("wasm", 0, module), t = await createCore("ts", 0);
  w.loadFieldMap();
  t.loadFieldMap();
  return [w, t];
}

function maxDiff(a: Float64Array, b: Float64Array): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs(a[i] - b[i]));
  return d;
}

/** Fills landmark and line observations as seen from a pose, with a little noise. */
function observe(core: NumericCore, rng: Rng, x: number, y: number, th: number): [number, number] {
  const c = Math.cos(th), s = Math.sin(th);
  let nl = 0;
  for (const name of ["F1R", "F2R", "G1R", "G2R"] as const) {
    const f = landmark(name, "left");
    const dx = f.x - x, dy = f.y - y;
    core.landmarks.set([
      f.x,
      f.y,
      c * dx + s * dy + rng.uniform(-0.02, 0.02),
      -s * dx + c * dy + rng.uniform(-0.02, 0.02),
      0.1,
    ], nl++ * LANDMARK);
  }
  let np = 0;
  for (const [x1, y1, x2, y2] of fieldLines().slice(0, 6)) {
    for (let k = 0; k <= 4; k++) {
      const px = x1 + ((x2 - x1) * k) / 4 - x, py = y1 + ((y2 - y1) * k) / 4 - y;
      core.linePoints.set([c * px + s * py, -s * px + c * py, 0.1], np++ * LINE_POINT);
    }
  }
  return [nl, np];
}

Deno.test("distance map: zero on the lines, the right distance beside them, saturating far out", async () => {
  const [w] = await pair();
  const at = (x: number, y: number) => {
    const i = Math.floor((x - GRID.x0) / GRID.resolution),
      j = Math.floor((y - GRID.y0) / GRID.resolution);
    return w.grid[j * GRID.width + i];
  };
  assert.ok(at(0.01, 5) <= 3, "halfway line");
  assert.ok(Math.abs(at(0.5, 5) - 50) <= 3, "half a metre from the halfway line");
  assert.ok(at(15.01, 0) <= 3, "goal line");
  assert.ok(Math.abs(at(0.9, 0) - 90) <= 3, "between the halfway line and the circle");
  assert.ok(Math.abs(at(3, 0.02) - 100) <= 3, "a metre outside the centre circle");
  assert.equal(at(7.5, 5), 255, "far from every line");
});

Deno.test("particle filter kernels: WASM and TS agree within 1e-9", async () => {
  const [w, t] = await pair();
  const rng = new Rng(5);
  for (const n of [200, 500, MAX_PARTICLES]) {
    for (let i = 0; i < n; i++) {
      w.particles.set(
        [rng.uniform(-15, 15), rng.uniform(-10, 10), rng.uniform(-3, 3), 1 / n],
        i * PARTICLE,
      );
    }
    t.particles.set(w.particles);
    const [nl, np] = observe(w, rng, 3, -2, 0.4);
    t.landmarks.set(w.landmarks);
    t.linePoints.set(w.linePoints);
    w.seed(99);
    t.seed(99);
    assert.equal(w.uniform(), t.uniform());
    assert.ok(Math.abs(w.gaussian() - t.gaussian()) < 1e-12, "gaussian");
    w.pfPredict(n, 0.05, 0.01, 0.02, 0.01, 0.01);
    t.pfPredict(n, 0.05, 0.01, 0.02, 0.01, 0.01);
    assert.ok(maxDiff(w.particles, t.particles) < 1e-9, "predict");
    const bw = w.pfWeight(n, nl, np), bt = t.pfWeight(n, nl, np);
    assert.ok(Math.abs(bw - bt) < 1e-9 * Math.max(1, Math.abs(bw)), "weight");
    assert.ok(maxDiff(w.particles, t.particles) < 1e-9, "weights");
    w.pfResample(n);
    t.pfResample(n);
    assert.ok(maxDiff(w.particles, t.particles) < 1e-9, "resample");
    w.pfMean(n);
    t.pfMean(n);
    assert.ok(maxDiff(w.pfOut, t.pfOut) < 1e-9, "mean");
  }
});

Deno.test("Kalman kernels: WASM and TS agree within 1e-9", async () => {
  const [w, t] = await pair();
  const rng = new Rng(8);
  for (let k = 0; k < 3; k++) {
    const o = k * TRACK;
    w.tracks.set([1, 2, 0.5, -0.3, 0.1, 0, 0, 0, 0, 0.1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], o);
  }
  t.tracks.set(w.tracks);
  for (let i = 0; i < 500; i++) {
    const k = i % 3;
    w.kfPredict(k, 0.02, 0.3, 0.01, 1);
    t.kfPredict(k, 0.02, 0.3, 0.01, 1);
    if (i % 3 === 0) {
      const zx = rng.uniform(-1, 3), zy = rng.uniform(0, 4), gate = i % 9 === 0 ? 1 : 1e9;
      assert.equal(w.kfUpdate(k, zx, zy, 0.01, gate), t.kfUpdate(k, zx, zy, 0.01, gate));
    }
  }
  assert.ok(maxDiff(w.tracks, t.tracks) < 1e-9);
});

Deno.test("landmark pose: two flags give position and heading exactly", async () => {
  const [w] = await pair();
  const [nl] = observe(w, new Rng(1), -4, 3, 2.5);
  for (let k = 0; k < nl; k++) {
    // remove the noise: recompute exactly
    const o = k * LANDMARK;
    const dx = w.landmarks[o] + 4, dy = w.landmarks[o + 1] - 3;
    w.landmarks[o + 2] = Math.cos(2.5) * dx + Math.sin(2.5) * dy;
    w.landmarks[o + 3] = -Math.sin(2.5) * dx + Math.cos(2.5) * dy;
  }
  const p = poseFromLandmarks(w, nl)!;
  assert.ok(Math.abs(p[0] + 4) < 1e-9 && Math.abs(p[1] - 3) < 1e-9 && Math.abs(p[2] - 2.5) < 1e-9);
  assert.equal(poseFromLandmarks(w, 1), null);
});

const LOCALIZER = {
  particles: 300,
  odometryGain: 1,
  noiseXY: 0.01,
  noiseXYPerMetre: 0.1,
  noiseTheta: 0.01,
  noiseThetaPerRad: 0.1,
  collapse: 0.05,
  injectFraction: 0.5,
};

Deno.test("localizer: converges from a wrong beam when the landmarks disagree (kidnapping)", async () => {
  for (const kind of ["wasm", "ts"] as const) {
    const core = await createCore(kind, 0, kind === "wasm" ? module : undefined);
    core.loadFieldMap();
    const loc = new Localizer(core, LOCALIZER, 3);
    loc.seedAt(-10, 5, 0, 0.05, 0.1); // we believe we are here …
    const rng = new Rng(2);
    let frames = 0;
    while (frames < 30) {
      frames++;
      const [nl, np] = observe(core, rng, 6, -3, 1.2); // … but we are here
      loc.predict(0, 0, 0);
      loc.correct({ landmarks: nl, points: np }, poseFromLandmarks(core, nl));
      const p = loc.pose!;
      if (Math.hypot(p.x - 6, p.y + 3) < 0.1 && Math.abs(p.theta - 1.2) < 0.05) break;
    }
    assert.ok(frames < 10, `${kind}: recovered after ${frames} vision frames`);
    assert.ok(loc.confidence > 0.5, `${kind}: confidence ${loc.confidence}`);
  }
});

Deno.test("localizer: once moved, the first landmark pose re-seeds, within the given reach", async () => {
  const frame = (loc: Localizer, core: NumericCore, rng: Rng, x: number, y: number) => {
    const [nl, np] = observe(core, rng, x, y, 0.5);
    loc.predict(0, 0, 0);
    loc.correct({ landmarks: nl, points: np }, poseFromLandmarks(core, nl));
    return loc.pose!;
  };
  for (const kind of ["wasm", "ts"] as const) {
    const core = await createCore(kind, 0, kind === "wasm" ? module : undefined);
    core.loadFieldMap();
    // A relocation 8 m away: the first frame places us (the kidnapping path needs several).
    const loc = new Localizer(core, LOCALIZER, 3);
    loc.seedAt(-2, 1, 0.5, 0.05, 0.05);
    loc.moved();
    const p = frame(loc, core, new Rng(4), 5, -3);
    assert.ok(Math.hypot(p.x - 5, p.y + 3) < 0.3, `${kind}: after one frame ${JSON.stringify(p)}`);
    // Without the move, one frame does not.
    const still = new Localizer(core, LOCALIZER, 3);
    still.seedAt(-2, 1, 0.5, 0.05, 0.05);
    const q = frame(still, core, new Rng(4), 5, -3);
    assert.ok(Math.hypot(q.x - 5, q.y + 3) > 2, `${kind}: unmoved ${JSON.stringify(q)}`);
    // Our own beam after the move: we know where we are, and one frame does not re-seed.
    const beamed = new Localizer(core, LOCALIZER, 3);
    beamed.moved();
    beamed.placed(-2, 1, 0.5, 0.05, 0.05);
    const b = frame(beamed, core, new Rng(4), 5, -3);
    assert.ok(Math.hypot(b.x - 5, b.y + 3) > 2, `${kind}: beamed ${JSON.stringify(b)}`);
    // After a get-up, a landmark pose beyond the reach is not taken.
    const up = new Localizer(core, LOCALIZER, 3);
    up.seedAt(-2, 1, 0.5, 0.05, 0.05);
    up.moved(0.5, 1);
    const r = frame(up, core, new Rng(4), 5, -3);
    assert.ok(Math.hypot(r.x - 5, r.y + 3) > 2, `${kind}: beyond reach ${JSON.stringify(r)}`);
  }
});

Deno.test("ball filter: learns a rolling ball's velocity and drops a single outlier", async () => {
  const core = await createCore("ts", 0);
  const ball = new BallTracker(core, {
    decay: 0.3,
    qPos: 0.01,
    qVel: 1,
    sigmaBase: 0.03,
    sigmaPerMetre: 0,
    gate: 16,
    sigmaRelBase: 0.005,
    sigmaRelPerMetre: 0.003,
  });
  assert.equal(ball.state, null);
  let x = 0, v = 3;
  for (let i = 0; i < 60; i++) {
    ball.predict(0.02);
    x += v * 0.02;
    v *= Math.pow(0.3, 0.02);
    if (i % 3 === 0) ball.observe(x, 1, 2, i * 0.02, 0);
  }
  const s = ball.state!;
  assert.ok(Math.abs(s.x - x) < 0.05, `x ${s.x} vs ${x}`);
  assert.ok(Math.abs(s.vx - v) < 0.4, `vx ${s.vx} vs ${v}`);
  ball.observe(x + 5, 1, 2, 2, 0); // one wild sighting
  assert.ok(Math.abs(ball.state!.x - x) < 0.1, "outlier dropped");
  for (let i = 0; i < 3; i++) ball.observe(x + 5, 1, 2, 2.1 + i, 0); // the ball really moved
  assert.ok(Math.abs(ball.state!.x - (x + 5)) < 0.1, "persistent sightings win");
});
