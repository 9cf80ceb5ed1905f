// Effector messages (scene, init, beam, say rule, toes only for type 4, the reply that wakes a
// sleeping body) and the joint controller (convergence, limits, speed caps).

import assert from "assert";
import { cycleMessage, makeAgent } from "./helpers.ts";
import { bodyModel } from "../src/body/body_model.ts";
import { J, JOINTS, NUM_JOINTS } from "../src/body/joints.ts";
import { DEFAULT_MAX_SPEED, JointController } from "../src/control/joint_controller.ts";
import {
  beamMessage,
  initMessage,
  ReplyWriter,
  sayError,
  sceneMessage,
} from "../src/protocol/effectors.ts";

Deno.test("effectors: scene, init and beam (degrees on the wire)", () => {
  assert.equal(sceneMessage(3), "(scene rsg/agent/nao/nao_hetero.rsg 3)");
  assert.equal(initMessage(7, "Team_A"), "(init (unum 7)(teamname Team_A))");
  assert.equal(beamMessage(-14, 2.5, Math.PI / 2), "(beam -14 2.5 90)");
  assert.equal(beamMessage(-1.23456, 0, -Math.PI), "(beam -1.2346 0 -180)");
});

Deno.test("effectors: the server's say rule", () => {
  assert.equal(sayError("abc123!#$%&'*+,-./:;"), null);
  assert.equal(sayError("x".repeat(20)), null);
  assert.match(sayError("x".repeat(21))!, /21 characters/);
  assert.match(sayError("")!, /empty/);
  for (const bad of ["a b", "a(b", "a)b", "tab\t", "é", "\x7f"]) assert.ok(sayError(bad), bad);
  const w = new ReplyWriter(0);
  assert.match(w.say("no spaces allowed")!, /forbidden/);
  assert.equal(w.say("ok~{}"), null);
  assert.equal(w.finish(), "(say ok~{})(syn)");
});

Deno.test("effectors: hinge velocities in rad/s, toes only for type 4", () => {
  const v = new Float64Array(NUM_JOINTS).map((_, i) => i / 10);
  for (const type of [0, 1, 2, 3, 4] as const) {
    const w = new ReplyWriter(type);
    w.velocities(v);
    const out = w.finish();
    assert.ok(out.endsWith("(syn)"));
    const names = [...out.matchAll(/\((\w+) [-\d.]+\)/g)].map((m) => m[1]);
    assert.equal(names.length, type === 4 ? 24 : 22);
    assert.equal(names.includes("lle7") && names.includes("rle7"), type === 4);
    assert.ok(out.includes(`(lle3 ${J.LHipPitch / 10})`));
  }
});

Deno.test("joint controller: converges on a simulated hinge and respects limits and speed", () => {
  const c = new JointController({ kp: 12, kd: 0.02 });
  const q = new Float64Array(NUM_JOINTS);
  c.target.fill(0.5);
  c.target[J.LKnee] = 2; // above the knee's upper limit (1°)
  c.target[J.HeadYaw] = -5; // far below the lower limit: speed-capped at first
  const dt = 0.02;
  let first = true;
  for (let k = 0; k < 300; k++) {
    const v = c.update(q, dt);
    if (first) {
      assert.equal(v[J.HeadYaw], -DEFAULT_MAX_SPEED);
      first = false;
    }
    for (let i = 0; i < NUM_JOINTS; i++) {
      assert.ok(Math.abs(v[i]) <= DEFAULT_MAX_SPEED + 1e-12);
      q[i] += v[i] * dt;
    }
  }
  for (const j of JOINTS) {
    const want = Math.min(Math.max(c.target[j.index], j.min + 0.002), j.max - 0.002);
    assert.ok(Math.abs(q[j.index] - want) < 1e-4, `${j.name}: ${q[j.index]} vs ${want}`);
  }
});

Deno.test("joint controller: unknown joints (NaN) get zero velocity", () => {
  const c = new JointController({ kp: 10, kd: 0 });
  c.target.fill(1);
  const v = c.update(new Float64Array(NUM_JOINTS).fill(NaN), 0.02);
  assert.ok(v.every((x) => x === 0));
});

Deno.test("joint controller: a body model's limits and speed caps (type 2 ankles)", () => {
  const model = bodyModel(2);
  const c = new JointController({ kp: 100, kd: 0 }, model);
  c.target.fill(-3);
  const v = c.update(new Float64Array(NUM_JOINTS), 0.02);
  assert.ok(Math.abs(v[J.LAnklePitch] + 8.80667) < 1e-12, `ankle pitch ${v[J.LAnklePitch]}`);
  assert.ok(Math.abs(v[J.RAnkleRoll] + 3.47234) < 1e-12, `ankle roll ${v[J.RAnkleRoll]}`);
  assert.ok(Math.abs(v[J.LKnee] + DEFAULT_MAX_SPEED) < 1e-12);
});

Deno.test("joint controller: a per-joint scale multiplies the PD output before the speed cap", () => {
  const c = new JointController({ kp: 10, kd: 0 });
  c.target.fill(0.1);
  const scale = new Float64Array(NUM_JOINTS).fill(1);
  scale[J.LHipPitch] = 2.5;
  scale[J.LKnee] = 0;
  scale[J.RHipPitch] = 100;
  const v = c.update(new Float64Array(NUM_JOINTS), 0.02, scale);
  assert.ok(Math.abs(v[J.RShoulderPitch] - 1) < 1e-12, "unscaled: kp × error");
  assert.ok(Math.abs(v[J.LHipPitch] - 2.5) < 1e-12);
  assert.equal(v[J.LKnee], 0);
  assert.equal(v[J.RHipPitch], DEFAULT_MAX_SPEED, "still capped");
});

Deno.test("joint controller: feed-forward adds to the scaled PD output, within the cap", () => {
  const c = new JointController({ kp: 10, kd: 0 });
  c.target.fill(0.1);
  const scale = new Float64Array(NUM_JOINTS).fill(2);
  const ff = new Float64Array(NUM_JOINTS);
  ff[J.LHipPitch] = 1.5;
  ff[J.RHipPitch] = -3;
  ff[J.LAnklePitch] = 100;
  const v = c.update(new Float64Array(NUM_JOINTS), 0.02, scale, undefined, ff);
  assert.ok(Math.abs(v[J.LHipPitch] - 3.5) < 1e-12, `${v[J.LHipPitch]}`);
  assert.ok(Math.abs(v[J.RHipPitch] + 1) < 1e-12, `${v[J.RHipPitch]}`);
  assert.ok(Math.abs(v[J.RShoulderPitch] - 2) < 1e-12, "no feed-forward: PD alone");
  assert.equal(v[J.LAnklePitch], DEFAULT_MAX_SPEED, "still capped");
});

Deno.test("joint controller: tracking joints close the error in one cycle of lag", () => {
  // A hinge whose measured angle lags the command by one cycle, as the server reports it.
  const c = new JointController({ kp: 5, kd: 0 });
  const tracking = new Uint8Array(NUM_JOINTS);
  tracking[J.LHipPitch] = 1;
  const dt = 0.02;
  let q = 0, reported = 0;
  const angles = new Float64Array(NUM_JOINTS);
  for (let k = 0; k < 40; k++) {
    c.target[J.LHipPitch] = Math.min(0.02 * (k + 1), 0.5); // a ramp, then a hold
    c.target[J.RHipPitch] = c.target[J.LHipPitch];
    angles[J.LHipPitch] = reported;
    const v = c.update(angles, dt, undefined, tracking);
    assert.equal(v[J.RHipPitch], 5 * (c.target[J.RHipPitch] - angles[J.RHipPitch]), "PD");
    reported = q;
    q += v[J.LHipPitch] * dt;
    if (k >= 1) {
      assert.ok(Math.abs(q - c.target[J.LHipPitch]) < 1e-9, `cycle ${k}: ${q}`);
    }
  }
  c.target[J.LHipPitch] = -1;
  angles[J.LHipPitch] = 0.5;
  assert.equal(c.update(angles, dt, undefined, tracking)[J.LHipPitch], -DEFAULT_MAX_SPEED);
});

Deno.test("agent: wake() moves the head yaw in the next reply only, to wake a sleeping body", async () => {
  const { agent } = await makeAgent(2, 0, "Wake", "error");
  const headYaw = (reply: string) => /\(he1 ([^)]*)\)/.exec(reply)?.[1];
  assert.equal(headYaw(agent.onMessage(cycleMessage(0, "PlayOn"))), "0");
  agent.wake();
  assert.equal(headYaw(agent.onMessage(cycleMessage(0.02, "PlayOn"))), "0.001");
  assert.equal(headYaw(agent.onMessage(cycleMessage(0.04, "PlayOn"))), "0");
});
