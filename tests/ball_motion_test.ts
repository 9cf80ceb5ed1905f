// The rolling ball: the tracker on the numeric core with the fitted friction follows a simulated
// shot seen every third cycle; its predictions of where the ball crosses our goal line hold 0.5 s
// ahead, and it tells shots that stop short. With a wrong friction model the same checks fail.
// A ball kicked from rest is picked up within 0.2 s, and a still ball is not set moving by noise.
// The sightings' noise is what replays of the fixtures show: an error from the robot's own pose
// that changes little from frame to frame (0.03 m + 0.02 m per metre away), and 0.005 m + 0.003 m
// per metre of frame-to-frame noise (the server's own is 0.1 % and 0.15°).

import assert from "assert";
import { createCore } from "../src/core/create_core.ts";
import { compileCore } from "../src/core/wasm_core.ts";
import { frictionRate, lineCrossing, stopPoint } from "../src/estimation/ball_motion.ts";
import { BallTracker } from "../src/estimation/ball_tracker.ts";
import { Rng } from "./rng.ts";

const module = await compileCore();
/** The friction the fixtures' kicks show (ball_motion.ts). */
const TRUE_DECAY = Math.exp(-1.04);
const GOAL_X = -15;
const KEEPER = { x: -14.5, y: 0 };

function gaussian(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
}

/** A sighting's error: the pose error `bias` (unit normals) scaled by distance, plus noise. */
function sightingError(rng: Rng, bias: { x: number; y: number }, dist: number): [number, number] {
  const pose = 0.03 + 0.02 * dist, noise = 0.005 + 0.003 * dist;
  return [pose * bias.x + noise * gaussian(rng), pose * bias.y + noise * gaussian(rng)];
}

function trackerOf(core: Awaited<ReturnType<typeof createCore>>, decay: number): BallTracker {
  return new BallTracker(core, {
    decay,
    qPos: 0.01,
    qVel: 1,
    sigmaBase: 0.03,
    sigmaPerMetre: 0.02,
    gate: 16,
    sigmaRelBase: 0.005,
    sigmaRelPerMetre: 0.003,
  });
}

interface ShotResult {
  /** |predicted − true| crossing y and t, 0.5 s before the true crossing (null: never crossed). */
  yError: number | null;
  tError: number | null;
  /** Whether the prediction 0.5 s before said the ball crosses. */
  predicted: boolean;
  crossed: boolean;
}

/** One shot from (x0, y0) at speed v toward a point on our goal line; tracked with `decay`. */
async function shot(rng: Rng, decay: number, kind: "wasm" | "ts"): Promise<ShotResult> {
  const core = await createCore(kind, 0, kind === "wasm" ? module : undefined);
  const tracker = trackerOf(core, decay);
  const k = frictionRate(TRUE_DECAY);
  const dt = 0.02;
  // A shot the goalie has tracked for at least 0.7 s when it is 0.5 s from the line.
  let path: { x: number; y: number }[] = [], crossAt = 0;
  do {
    const x0 = GOAL_X + rng.uniform(4, 11), y0 = rng.uniform(-4, 4);
    const aim = { x: GOAL_X, y: rng.uniform(-1.5, 1.5) };
    const d = Math.hypot(aim.x - x0, aim.y - y0);
    // Speeds from 70 % to 160 % of what just reaches the line.
    const speed = d * k * rng.uniform(0.7, 1.6);
    let cx = x0, cy = y0, cvx = speed * (aim.x - x0) / d, cvy = speed * (aim.y - y0) / d;
    path = [];
    for (let i = 0; i < 1000; i++) {
      path.push({ x: cx, y: cy });
      const r = (1 - Math.exp(-k * dt)) / k;
      cx += cvx * r;
      cy += cvy * r;
      cvx *= Math.exp(-k * dt);
      cvy *= Math.exp(-k * dt);
    }
    crossAt = path.findIndex((p) => p.x <= GOAL_X);
  } while (crossAt >= 0 && crossAt < 60);
  let x = 0, y = 0;
  const bias = { x: gaussian(rng), y: gaussian(rng) };
  const crossed = crossAt >= 0;
  const checkAt = crossed ? crossAt - 25 : path.findIndex((_, i) => i * dt > 1.5);
  let result: ShotResult = { yError: null, tError: null, predicted: false, crossed };
  for (let i = 0; i <= checkAt; i++) {
    ({ x, y } = path[i]);
    if (i > 0) tracker.predict(dt);
    if (i % 3 === 0) {
      const dist = Math.hypot(x - KEEPER.x, y - KEEPER.y);
      const [ox, oy] = sightingError(rng, bias, dist);
      tracker.observe(x + ox, y + oy, dist, i * dt, 0);
    }
    if (i === checkAt) {
      const c = lineCrossing(tracker.track()!, GOAL_X, decay);
      result = {
        predicted: c !== null,
        crossed,
        yError: crossed && c ? Math.abs(c.y - path[crossAt].y) : null,
        tError: crossed && c ? Math.abs(c.t - (crossAt - i) * dt) : null,
      };
    }
  }
  return result;
}

function p90(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(0.9 * (s.length - 1))];
}

async function series(decay: number, seed: number) {
  const rng = new Rng(seed);
  const results: ShotResult[] = [];
  for (let i = 0; i < 150; i++) results.push(await shot(rng, decay, i % 2 ? "ts" : "wasm"));
  const crossing = results.filter((r) => r.crossed);
  const short = results.filter((r) => !r.crossed);
  return {
    yP90: p90(crossing.map((r) => r.yError ?? 99)),
    tP90: p90(crossing.map((r) => r.tError ?? 99)),
    missedCrossings: crossing.filter((r) => !r.predicted).length / crossing.length,
    falseCrossings: short.filter((r) => r.predicted).length / short.length,
    counts: [crossing.length, short.length],
  };
}

Deno.test("ball motion: 0.5 s before it crosses our goal line, the crossing within 0.25 m (p90)", async () => {
  const s = await series(0.35, 21);
  assert.ok(s.counts[0] > 40 && s.counts[1] > 20, JSON.stringify(s));
  assert.ok(s.yP90 <= 0.25, JSON.stringify(s));
  assert.ok(s.tP90 <= 0.3, JSON.stringify(s));
  assert.ok(s.missedCrossings <= 0.1 && s.falseCrossings <= 0.1, JSON.stringify(s));
});

Deno.test("ball motion: with a wrong friction model the crossings are mispredicted", async () => {
  const right = await series(0.35, 21);
  for (const wrong of [0.7, 0.15]) {
    const s = await series(wrong, 21);
    assert.ok(
      s.tP90 > 2 * right.tP90 || s.missedCrossings > 0.1 || s.falseCrossings > 0.1,
      `decay ${wrong}: ${JSON.stringify(s)}`,
    );
  }
});

Deno.test("ball motion: stop point and crossing by formula, with σ from the covariance", () => {
  const decay = Math.exp(-1);
  const cov = new Float64Array(16);
  cov[0] = cov[5] = 0.01;
  cov[10] = cov[15] = 0.04;
  const s = stopPoint({ x: 1, y: 2, vx: 2, vy: -1, cov }, decay);
  assert.ok(Math.abs(s.x - 3) < 1e-12 && Math.abs(s.y - 1) < 1e-12);
  assert.ok(Math.abs(s.sigma - Math.sqrt(0.01 + 0.04)) < 1e-12);
  // Crossing x = 2 from x = 1 at vx 2: reach 0.5 → t = −ln(0.5); y moves vy · 0.5.
  const c = lineCrossing({ x: 1, y: 2, vx: 2, vy: -1, cov }, 2, decay)!;
  assert.ok(Math.abs(c.t - Math.log(2)) < 1e-12 && Math.abs(c.y - 1.5) < 1e-12);
  assert.equal(lineCrossing({ x: 1, y: 2, vx: 2, vy: -1, cov }, 3.5, decay), null, "stops short");
  assert.equal(lineCrossing({ x: 1, y: 2, vx: -2, vy: -1, cov }, 2, decay), null, "rolls away");
});

Deno.test("ball motion: a ball kicked from rest is picked up within 0.2 s, its velocity unsettled until then; a still ball stays still", async () => {
  const rng = new Rng(5);
  const k = frictionRate(TRUE_DECAY);
  let picked = 0, stillFrames = 0, movingFrames = 0, unsettledEarly = 0, settledLate = 0;
  const N = 100;
  for (let n = 0; n < N; n++) {
    const tr = trackerOf(
      await createCore(n % 2 ? "ts" : "wasm", 0, n % 2 ? undefined : module),
      0.35,
    );
    const x0 = KEEPER.x + rng.uniform(3, 7), y0 = rng.uniform(-3, 3);
    const speed = rng.uniform(3, 6), a = Math.atan2(rng.uniform(-1, 1) - y0, GOAL_X - x0);
    const bias = { x: gaussian(rng), y: gaussian(rng) };
    // Still for 1 s, then kicked at a random moment within a cycle's vision gap.
    const kickAt = 1 + rng.uniform(0, 0.06);
    let vErr = Infinity, kickUnsettled = false, lateSettled = true;
    for (let i = 0; i * 0.02 <= kickAt + 0.26; i++) {
      const t = i * 0.02, since = Math.max(0, t - kickAt);
      const r = (1 - Math.exp(-k * since)) / k, v = speed * Math.exp(-k * since);
      const x = x0 + Math.cos(a) * speed * r, y = y0 + Math.sin(a) * speed * r;
      if (i > 0) tr.predict(0.02);
      if (i % 3 === 0) {
        const dist = Math.hypot(x - KEEPER.x, y - KEEPER.y);
        const [ox, oy] = sightingError(rng, bias, dist);
        tr.observe(x + ox, y + oy, dist, t, 0);
        const st = tr.state!;
        if (t < kickAt && t > 0.2) {
          stillFrames++;
          if (Math.hypot(st.vx, st.vy) > 0.3) movingFrames++;
          if (!st.settled) movingFrames++;
        }
        // Once the kick shows (the first or second sighting after it), the velocity is not
        // settled; from the fit's fourth sighting on it is again.
        if (t > kickAt && t - kickAt < 0.13 && !st.settled) kickUnsettled = true;
        if (t - kickAt > 0.2) lateSettled &&= st.settled;
      }
      const st = tr.state!;
      if (t <= kickAt + 0.2) vErr = Math.hypot(st.vx - Math.cos(a) * v, st.vy - Math.sin(a) * v);
    }
    if (vErr < 0.6) picked++;
    if (kickUnsettled) unsettledEarly++;
    if (lateSettled) settledLate++;
  }
  assert.ok(picked >= 0.9 * N, `picked up ${picked} of ${N}`);
  assert.ok(unsettledEarly >= 0.9 * N, `unsettled right after the kick in ${unsettledEarly}`);
  assert.ok(settledLate >= 0.9 * N, `settled 0.2 s after the kick in ${settledLate}`);
  assert.ok(
    movingFrames <= 0.02 * stillFrames,
    `${movingFrames} of ${stillFrames} still frames moving`,
  );
});
