// The walk: the walk kernel on both cores (WASM against TS), the pendulum sway continuous at
// support exchange, feet reachable by the IK at top speed for every robot type, and the engine's
// velocity limits and smoothing.

import assert from "assert";
import { J, type RobotType } from "../src/body/joints.ts";
import { loadParams } from "../src/agent/params.ts";
import { W } from "../src/core/layout.ts";
import { createCore } from "../src/core/create_core.ts";
import { compileCore } from "../src/core/wasm_core.ts";
import { gaitReachMisses, REACH_CYCLES } from "../src/motion/walk_reach.ts";
import { sprintParams, WalkEngine, walkParams } from "../src/motion/walk_engine.ts";
import { loadParamFiles, ParamSet } from "../src/config/params.ts";
import { sharedParamFiles } from "../src/config/paramfiles.ts";
import type { NumericCore } from "../src/core/numeric_core.ts";
import { Rng } from "./rng.ts";

const module = await compileCore();
const UP = [0, 0, 1];

/** One walk cycle with joints that followed the last targets exactly: the body is the plan. */
function followPlan(core: NumericCore, walk: WalkEngine, up: number[], targets: Float64Array) {
  core.q.set(targets);
  core.forwardKinematics();
  core.centerOfMass();
  walk.update(0.02, up, targets);
}

Deno.test("walk kernel: WASM and TS agree within 1e-9 on random steps", async () => {
  const w = await createCore("wasm", 0, module), t = await createCore("ts", 0);
  const rng = new Rng(4);
  let worst = 0;
  for (let i = 0; i < 2000; i++) {
    for (let k = 0; k < 24; k++) w.walkIn[k] = rng.uniform(-0.1, 0.1);
    w.walkIn[W.PHASE] = rng.uniform(0, 1);
    w.walkIn[W.SWING_BLEND] = rng.uniform(0, 1);
    w.walkIn[W.STEP_TIME] = rng.uniform(0.15, 0.4);
    w.walkIn[W.TC] = rng.uniform(0.1, 0.2);
    w.walkIn[W.SUPPORT] = i % 2;
    w.walkIn[W.TORSO_HEIGHT] = rng.uniform(0.28, 0.4);
    t.walkIn.set(w.walkIn);
    w.walkFeet();
    t.walkFeet();
    for (let k = 0; k < 24; k++) worst = Math.max(worst, Math.abs(w.walkOut[k] - t.walkOut[k]));
  }
  assert.ok(worst < 1e-9, `worst difference ${worst}`);
});

Deno.test("walk kernel: the pendulum sway and both feet are continuous at support exchange", async () => {
  const core = await createCore("ts", 0);
  const p = walkParams(await loadParams(0, []));
  const set = (phase: number, support: number, swing: number[], stance: number[], blend = 1) => {
    const w = core.walkIn;
    w[W.SWING_BLEND] = blend;
    w[W.PHASE] = phase;
    w[W.STEP_TIME] = p.stepTime;
    w[W.TC] = Math.sqrt(p.comHeight / 9.81);
    w[W.HALF_WIDTH] = p.halfWidth;
    w[W.SWAY] = 1;
    w[W.STEP_HEIGHT] = p.stepHeight;
    w[W.TORSO_HEIGHT] = p.torsoHeight;
    w[W.LEAN] = p.lean;
    w[W.SUPPORT] = support;
    w[W.DX] = 0.12;
    w[W.DY] = 0;
    w[W.DTH] = 0.1;
    w.set(swing, W.SWING_X);
    w.set(stance, W.STANCE_X);
    w[W.FOOT_X] = 0;
    w.set([0.06, 0, 0.1], W.SWING_END_X);
    core.walkFeet();
    return core.walkOut.slice();
  };
  // End of a left-stance step, and the start of the right-stance step that follows it: the left
  // foot ended at its start minus the step, the right foot landed on its end spot.
  const end = set(1, 0, [-0.06, 0, 0], [0.06, 0, 0.1]);
  const start = set(0, 1, [-0.06, 0, 0], [0.06, 0, 0.1]);
  for (let k = 0; k < 24; k++) assert.ok(Math.abs(end[k] - start[k]) < 1e-12, `element ${k}`);
  // The sway is zero at the exchange and leans toward the stance foot mid-step.
  const mid = set(0.5, 0, [-0.06, 0, 0], [0.06, 0, 0.1]);
  const rightEnd = set(1, 0, [-0.06, 0, 0], [0.06, 0, 0.1]);
  assert.ok(mid[22] < rightEnd[22] - 1e-4, "mid-step the torso is over the left foot");
  // Any blend starts and ends the swing on the same spots.
  for (const blend of [0, 0.3]) {
    const e = set(1, 0, [-0.06, 0, 0], [0.06, 0, 0.1], blend);
    const s = set(0, 1, [-0.06, 0, 0], [0.06, 0, 0.1], blend);
    for (let k = 0; k < 24; k++) assert.ok(Math.abs(e[k] - s[k]) < 1e-12, `blend ${blend}: ${k}`);
  }
});

Deno.test("walk kernel: the swing's blend sets its peak speed against its mean", async () => {
  const core = await createCore("ts", 0);
  const w = core.walkIn;
  w.fill(0);
  w[W.STEP_TIME] = 0.2;
  w[W.TC] = 0.17;
  w[W.TORSO_HEIGHT] = 0.3;
  w[W.SWING_X] = -0.05;
  w[W.SWING_END_X] = 0.05;
  // Left stance: the right (swing) sole's x at offset 12 + 9, no lean.
  const x = (phase: number, blend: number) => {
    w[W.PHASE] = phase;
    w[W.SWING_BLEND] = blend;
    core.walkFeet();
    return core.walkOut[21];
  };
  const N = 1000;
  const peak = (blend: number) => {
    let most = 0;
    for (let i = 0; i < N; i++) {
      const d = x((i + 1) / N, blend) - x(i / N, blend);
      assert.ok(d >= -1e-12, `blend ${blend}: the swing never goes back`);
      most = Math.max(most, d * N / 0.1);
    }
    return most;
  };
  assert.ok(Math.abs(peak(1) - Math.PI / 2) < 1e-3, `raised cosine: ${peak(1)}`);
  assert.ok(Math.abs(peak(0.3) - 1 / (1 - 0.3 * (1 - 2 / Math.PI))) < 1e-3, `0.3: ${peak(0.3)}`);
  assert.ok(Math.abs(peak(0) - 1) < 1e-3, `linear: ${peak(0)}`);
  // At blend 1 the swing is the raised cosine.
  for (const p of [0.1, 0.25, 0.6]) {
    assert.ok(Math.abs(x(p, 1) - (-0.05 + 0.1 * (1 - Math.cos(Math.PI * p)) / 2)) < 1e-12);
  }
});

Deno.test("walk kernel: the bob lifts the torso over mid-stance, not at support exchange", async () => {
  const core = await createCore("ts", 0);
  const w = core.walkIn;
  w.fill(0);
  w[W.STEP_TIME] = 0.2;
  w[W.TC] = 0.17;
  w[W.TORSO_HEIGHT] = 0.3;
  w[W.SWING_BLEND] = 1;
  // Both soles' height (no lean: z at offsets 11 and 23), the swing's lift taken off.
  const soles = (phase: number, bob: number) => {
    w[W.PHASE] = phase;
    w[W.BOB] = bob;
    core.walkFeet();
    return [core.walkOut[11], core.walkOut[23]];
  };
  for (const phase of [0, 0.25, 0.5, 0.75, 1]) {
    const [stance, swing] = soles(phase, 0.02), [stance0, swing0] = soles(phase, 0);
    const rise = 0.02 * (1 - (2 * phase - 1) ** 2);
    assert.ok(Math.abs(stance0 - stance - rise) < 1e-12, `stance at ${phase}`);
    assert.ok(Math.abs(swing0 - swing - rise) < 1e-12, `swing at ${phase}`);
  }
});

for (const type of [0, 1, 2, 3, 4] as RobotType[]) {
  Deno.test(`walk engine type ${type}: at top speed in every direction the IK reaches both feet`, async () => {
    const params = await loadParams(type, []);
    const core = await createCore("wasm", type, module);
    const p = walkParams(params);
    const missed = gaitReachMisses(core, params);
    const cycles = (sprintParams(params) === null ? 1 : 2) * REACH_CYCLES;
    assert.equal(missed, 0, `${missed} of ${cycles} cycles out of reach (walk and sprint)`);
    // And the commanded speeds stay inside the limits.
    const targets = new Float64Array(24);
    const top = Infinity;
    for (
      const [vx, vy, vth] of [[top, 0, 0], [-top, 0, 0], [0, top, 0], [0, -top, 0], [
        top,
        top,
        -top,
      ]]
    ) {
      const walk = new WalkEngine(core, p);
      walk.setVelocity(vx, vy, vth);
      for (let i = 0; i < 200; i++) walk.update(0.02, UP, targets);
      assert.ok(
        Math.abs(walk.vx) <= p.maxForward + 1e-12 && Math.abs(walk.vy) <= p.maxSideways + 1e-12,
      );
    }
  });
}

Deno.test("walk engine: a command is limited to the ellipsoid its maxima span", async () => {
  const core = await createCore("ts", 0);
  const p = walkParams(await loadParams(0, []));
  const targets = new Float64Array(24);
  const up = [-Math.sin(p.lean), 0, Math.cos(p.lean)];
  // Full speed backward while turning at full rate: both scaled by 1/√2.
  const walk = new WalkEngine(core, p);
  walk.setVelocity(-10, 0, 10);
  for (let i = 0; i < 300; i++) walk.update(0.02, up, targets);
  assert.ok(Math.abs(walk.vx + p.maxBackward / Math.SQRT2) < 1e-3, `vx ${walk.vx}`);
  assert.ok(Math.abs(walk.vth - p.maxTurn / Math.SQRT2) < 1e-3, `vth ${walk.vth}`);
  // Inside the ellipsoid a command is kept as it is.
  const slow = new WalkEngine(core, p);
  slow.setVelocity(p.maxForward / 2, p.maxSideways / 2, 0);
  for (let i = 0; i < 300; i++) slow.update(0.02, up, targets);
  assert.ok(Math.abs(slow.vy - p.maxSideways / 2) < 1e-3, `vy ${slow.vy}`);
});

Deno.test("walk engine: speed changes by at most accel_per_step per step", async () => {
  const core = await createCore("ts", 0);
  const p = walkParams(await loadParams(0, []));
  const walk = new WalkEngine(core, p);
  walk.setVelocity(10, 0, 0);
  const targets = new Float64Array(24);
  // A torso leaning exactly as the walk wants and joints on target: no slow-down.
  const up = [-Math.sin(p.lean), 0, Math.cos(p.lean)];
  let last = 0;
  for (let i = 0; i < 200; i++) {
    followPlan(core, walk, up, targets);
    assert.ok(walk.vx - last <= p.accelPerStep + 1e-12);
    last = walk.vx;
  }
  // Reaches full speed; the centre-of-mass slow-down only shaves off a trace.
  assert.ok(p.maxForward - walk.vx < 1e-3 * p.maxForward, `${walk.vx}`);
});

Deno.test("walk engine: each arm swings with the opposite leg, walk.arm_swing per metre", async () => {
  const core = await createCore("ts", 0), stillCore = await createCore("ts", 0);
  const p = { ...walkParams(await loadParams(0, [])), armSwing: 3 };
  const up = [-Math.sin(p.lean), 0, Math.cos(p.lean)];
  const swinging = new WalkEngine(core, p);
  const still = new WalkEngine(stillCore, { ...p, armSwing: 0 });
  swinging.setVelocity(10, 0, 0);
  still.setVelocity(10, 0, 0);
  const a = new Float64Array(24), b = new Float64Array(24);
  let widest = 0;
  for (let i = 0; i < 100; i++) {
    a.fill(0);
    b.fill(0);
    still.update(0.02, up, b);
    swinging.update(0.02, up, a);
    // The soles the walk just placed (torso frame): left at 0-11, right at 12-23, x at 9.
    const ahead = core.walkOut[21] - core.walkOut[9];
    assert.equal(b[J.LShoulderPitch], 0);
    assert.ok(Math.abs(a[J.LShoulderPitch] - 3 * ahead) < 1e-12, `cycle ${i}`);
    assert.ok(Math.abs(a[J.RShoulderPitch] + 3 * ahead) < 1e-12, `cycle ${i}`);
    widest = Math.max(widest, Math.abs(ahead));
  }
  // At full speed the feet pass each other by more than 0.1 m.
  assert.ok(widest > 0.1, `${widest}`);
});

Deno.test("walk engine: toes and ankles swing over the stride, stance 0-1 and swing 1-2", async () => {
  const core = await createCore("ts", 4), plainCore = await createCore("ts", 4);
  const p = walkParams(await loadParams(4, []));
  assert.deepEqual([p.toe, p.toeSwing, p.ankle, p.ankleSwing], [0, 0, 0, 0], "off by default");
  const swing = { toe: 0.05, toeSwing: -0.3, toePhase: 0.1, ankle: 0.02, ankleSwing: 0.08 };
  const toed = new WalkEngine(core, { ...p, ...swing, anklePhase: -0.2 });
  const plain = new WalkEngine(plainCore, p);
  const up = [-Math.sin(p.lean), 0, Math.cos(p.lean)];
  const a = new Float64Array(24), b = new Float64Array(24);
  toed.setVelocity(10, 0, 0);
  plain.setVelocity(10, 0, 0);
  const ankles = [J.LAnklePitch, J.RAnklePitch], toes = [J.LToe, J.RToe];
  for (let i = 0; i < 60; i++) {
    a.fill(0);
    b.fill(0);
    toed.update(0.02, up, a);
    plain.update(0.02, up, b);
    const phase = core.walkIn[W.PHASE], stance = core.walkIn[W.SUPPORT];
    for (const side of [0, 1]) {
      const t = phase + (side === stance ? 0 : 1);
      const toe = 0.05 - 0.3 * Math.cos(Math.PI * (t + 0.1));
      const ankle = 0.02 + 0.08 * Math.cos(Math.PI * (t - 0.2));
      assert.ok(Math.abs(a[toes[side]] - toe) < 1e-12, `cycle ${i} side ${side}`);
      assert.equal(b[toes[side]], 0);
      const added = a[ankles[side]] - b[ankles[side]];
      assert.ok(Math.abs(added - ankle) < 1e-9, `cycle ${i} side ${side}: ${added}`);
    }
  }
});

Deno.test("walk engine: feed-forward rates are the plan's leg and toe rates times the share; leg gains", async () => {
  const core = await createCore("ts", 4), plainCore = await createCore("ts", 4);
  const p = walkParams(await loadParams(4, []));
  assert.equal(p.feedForward, 0, "off by default");
  const swing = { toeSwing: -0.3, ankleSwing: 0.08, rollGain: 0.5, pitchGain: 0.7, comGain: 0 };
  const fed = new WalkEngine(core, { ...p, ...swing, feedForward: 0.6, jointGain: 0.7 });
  const plain = new WalkEngine(plainCore, { ...p, ...swing });
  // Rocking torso: the IMU feedback changes the targets but is left out of the rates.
  const tilt = (i: number) => [-Math.sin(p.lean + 0.05 * Math.sin(i)), 0.03 * Math.cos(i), 1];
  const a = new Float64Array(24), before = new Float64Array(24), b = new Float64Array(24);
  fed.setVelocity(10, 0, 0);
  plain.setVelocity(10, 0, 0);
  const legs = [...Array(6).keys()].flatMap((k) => [J.LHipYawPitch + k, J.RHipYawPitch + k]);
  const planned = (t: Float64Array, i: number) => {
    // The targets less the feedback the walk adds to the hips (its gains times the tilt).
    const up = tilt(i), pitch = Math.atan2(-up[0], up[2]), roll = Math.atan2(up[1], up[2]);
    const out = Float64Array.from(t);
    for (const f of [J.LHipYawPitch, J.RHipYawPitch]) {
      out[f + 2] += swing.pitchGain * (pitch - p.lean);
      out[f + 1] -= swing.rollGain * roll;
    }
    return out;
  };
  let moving = 0;
  for (let i = 0; i < 80; i++) {
    a.fill(0);
    b.fill(0);
    fed.update(0.02, tilt(i), a);
    plain.update(0.02, tilt(i), b);
    assert.equal(plain.rates.every((r) => r === 0), true, `cycle ${i}: share 0`);
    const now = planned(a, i);
    for (const j of [...legs, J.LToe, J.RToe]) {
      const want = i === 0 ? 0 : 0.6 * (now[j] - before[j]) / 0.02;
      assert.ok(Math.abs(fed.rates[j] - want) < 1e-6, `cycle ${i} joint ${j}: ${fed.rates[j]}`);
      if (Math.abs(want) > 1) moving++;
    }
    assert.equal(fed.rates[J.LShoulderPitch], 0, "arms get none");
    const gains = [J.LKnee, J.RToe, J.LShoulderPitch].map((j) => fed.gains[j]);
    assert.deepEqual(gains, [0.7, 0.7, 1], "the gait's leg gain");
    before.set(now);
  }
  assert.ok(moving > 100, `${moving}`);
  fed.reset();
  fed.update(0.02, tilt(0), a);
  assert.equal(fed.rates.every((r) => r === 0), true, "none on the first cycle after reset");
});

Deno.test("walk engine: the sprint takes over in 4 steps at full speed straight ahead, and hands back over its outSteps", async () => {
  const core = await createCore("ts", 0);
  const p = walkParams(await loadParams(0, []));
  const sprint = {
    ...p,
    stepTime: p.stepTime + 0.04,
    maxForward: p.maxForward + 0.4,
    outSteps: 4,
    outDecel: 1,
  };
  const up = [-Math.sin(p.lean), 0, Math.cos(p.lean)];
  const targets = new Float64Array(24);
  const walk = new WalkEngine(core, p, sprint);
  const stepsOf = (w: WalkEngine, n: number) => {
    let exchanges = 0, last = core.walkIn[W.PHASE];
    for (let i = 0; exchanges < n && i < 10000; i++) {
      followPlan(core, w, up, targets);
      const phase = core.walkIn[W.PHASE];
      if (phase < last) exchanges++;
      last = phase;
    }
  };
  const steps = (n: number) => stepsOf(walk, n);
  // Turning, or not allowed to: the walk's gait.
  walk.setVelocity(10, 0, 1, true);
  steps(8);
  assert.equal(walk.sprinting, 0);
  walk.setVelocity(10, 0, 0, false);
  steps(8);
  assert.equal(walk.sprinting, 0);
  assert.ok(walk.vx <= p.maxForward + 1e-12);
  // Allowed, straight at full speed: a quarter of the way per step, then the sprint's own pace.
  walk.setVelocity(10, 0, 0, true);
  steps(2);
  assert.equal(walk.sprinting, 0.5);
  assert.ok(Math.abs(core.walkIn[W.STEP_TIME] - (p.stepTime + 0.02)) < 1e-12);
  steps(30);
  assert.equal(walk.sprinting, 1);
  assert.ok(Math.abs(core.walkIn[W.STEP_TIME] - sprint.stepTime) < 1e-12);
  assert.ok(walk.vx > p.maxForward + 0.3, `vx ${walk.vx}`);
  // A slower command hands back: speed falls with the blended top speed.
  walk.setVelocity(p.maxForward * 0.5, 0, 0, true);
  steps(4);
  assert.equal(walk.sprinting, 0);
  assert.ok(walk.vx <= p.maxForward + 1e-12, `vx ${walk.vx}`);
  // With outSteps 8 it hands back an eighth of the way per step, and takes over as before.
  const slowOut = new WalkEngine(core, p, { ...sprint, outSteps: 8 });
  slowOut.setVelocity(10, 0, 0, true);
  stepsOf(slowOut, 4);
  assert.equal(slowOut.sprinting, 1);
  slowOut.setVelocity(10, 0, 1, true);
  stepsOf(slowOut, 4);
  assert.equal(slowOut.sprinting, 0.5);
  stepsOf(slowOut, 4);
  assert.equal(slowOut.sprinting, 0);
});

Deno.test("walk engine: leaving the sprint, the speed drops by outDecel a step at most until the gait is the walk's", async () => {
  const core = await createCore("ts", 0);
  const p = walkParams(await loadParams(0, []));
  const outDecel = 0.03;
  // The blended top speed falls 0.1 / 6 a step, less than outDecel.
  const sprint = { ...p, maxForward: p.maxForward + 0.1, outSteps: 6, outDecel };
  const up = [-Math.sin(p.lean), 0, Math.cos(p.lean)];
  const targets = new Float64Array(24);
  const walk = new WalkEngine(core, p, sprint);
  /** The walk's speed after each of the next `n` steps. */
  const speeds = (n: number) => {
    const out: number[] = [];
    let last = core.walkIn[W.PHASE];
    for (let i = 0; out.length < n && i < 10000; i++) {
      followPlan(core, walk, up, targets);
      const phase = core.walkIn[W.PHASE];
      if (phase < last) out.push(walk.vx);
      last = phase;
    }
    return out;
  };
  walk.setVelocity(10, 0, 0, true);
  speeds(40);
  assert.equal(walk.sprinting, 1);
  const top = walk.vx;
  assert.ok(Math.abs(top - sprint.maxForward) < 1e-3, `vx ${top}`);
  // Asked to stop: outDecel a step over the six steps of the blend, then the walk's own.
  walk.setVelocity(0, 0, 0, true);
  const v = [top, ...speeds(8)];
  for (let k = 1; k <= 6; k++) {
    assert.ok(Math.abs(v[k - 1] - v[k] - outDecel) < 1e-9, `step ${k}: ${v[k - 1]} → ${v[k]}`);
  }
  assert.equal(walk.sprinting, 0);
  assert.ok(Math.abs(v[6] - v[7] - p.accelPerStep) < 1e-9, `after the blend: ${v[6]} → ${v[7]}`);
  // Speeding up is never held back by it.
  walk.setVelocity(p.maxForward, 0, 0.5, true);
  const up2 = speeds(1)[0];
  assert.ok(Math.abs(up2 - Math.min(p.maxForward, v[8] + p.accelPerStep)) < 1e-9, `${up2}`);
});

Deno.test("walk params: sprint.* keys fall back to walk.*; no sprint without its own top speed", async () => {
  // The files every type loads, which give no type a sprint (type files may).
  const walk = await loadParamFiles(sharedParamFiles());
  assert.equal(sprintParams(walk), null);
  const both = walk.overlay(ParamSet.parse("sprint.max_forward 1.2\nsprint.lean_deg 8\n", "s"));
  const s = sprintParams(both)!, w = walkParams(walk);
  assert.equal(s.maxForward, 1.2);
  assert.ok(Math.abs(s.lean - 8 * Math.PI / 180) < 1e-12);
  assert.equal(s.stepTime, w.stepTime);
  assert.equal(s.outSteps, 4, "sprint.out_steps from walk.params");
  assert.equal(s.outDecel, 1, "sprint.out_decel from walk.params: the gait's own");
  assert.deepEqual({ ...s, maxForward: w.maxForward, lean: 0 }, {
    ...w,
    lean: 0,
    outSteps: 4,
    outDecel: 1,
  });
});
