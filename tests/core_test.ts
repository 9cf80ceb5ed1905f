// The numeric core: body geometry checked by hand, IK(FK(q)) round trips for every robot type,
// the coupled hip yaw-pitch, unreachable targets, and WASM against its TS twin on random inputs.

import assert from "assert";
import { bodyModel } from "../src/body/body_model.ts";
import { J, JOINTS, LEG_FIRST_JOINT, type RobotType } from "../src/body/joints.ts";
import { loadParams } from "../src/agent/params.ts";
import { IK_LIMITED, IK_UNREACHABLE, MAX_BATCH } from "../src/core/layout.ts";
import { type NumericCore } from "../src/core/numeric_core.ts";
import { createCore } from "../src/core/create_core.ts";
import { compileCore } from "../src/core/wasm_core.ts";
import { Rng } from "./rng.ts";

const TYPES: RobotType[] = [0, 1, 2, 3, 4];
const module = await compileCore();
const DEG = Math.PI / 180;

async function cores(type: RobotType): Promise<NumericCore[]> {
  return [await createCore("wasm", type, module), await createCore("ts", type)];
}

function randomPose(rng: Rng, q: Float64Array, scale = 1): void {
  for (const j of JOINTS) q[j.index] = rng.uniform(j.min, j.max) * scale;
}

/** Angle between two rotations (row-major 3×3 at a and b). */
function rotationError(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let tr = 0;
  for (let i = 0; i < 3; i++) for (let k = 0; k < 3; k++) tr += a[i * 3 + k] * b[i * 3 + k];
  return Math.acos(Math.min(1, Math.max(-1, (tr - 1) / 2)));
}

Deno.test("body: total mass, and straight-leg sole depth = sum of the type's segments", () => {
  const segments: Record<RobotType, number> = {
    0: 0.12 + 0.1 + 0.05,
    1: 0.13832 + 0.11832 + 0.05,
    2: 0.12 + 0.1 + 0.05,
    3: 0.147868424 + 0.127868424 + 0.05,
    4: 0.12 + 0.1 + 0.05,
  };
  for (const type of TYPES) {
    const m = bodyModel(type);
    assert.ok(Math.abs(m.totalMass - 4.6071) < 1e-9, `type ${type} mass ${m.totalMass}`);
    assert.ok(Math.abs(m.standingHeight - (0.115 + segments[type])) < 1e-9);
  }
});

for (const type of TYPES) {
  Deno.test(`type ${type}: zero pose geometry from FK (sole depth, camera, hip width)`, async () => {
    for (const c of await cores(type)) {
      c.q.fill(0);
      c.forwardKinematics();
      const m = bodyModel(type);
      const hipY = m.legs[1];
      for (const side of [0, 1]) {
        const sole = c.soles.subarray(side * 12 + 9, side * 12 + 12);
        assert.ok(Math.abs(-sole[2] - m.standingHeight) < 1e-12, `${c.kind} sole z ${sole[2]}`);
        assert.ok(Math.abs(sole[1] - (side === 0 ? hipY : -hipY)) < 1e-12);
        assert.ok(Math.abs(sole[0] - (-0.01 + 0.005 + 0.0)) < 1e-12, `sole x ${sole[0]}`);
      }
      assert.deepEqual(Array.from(c.camera.subarray(9)), [0, 0, 0.155]);
      assert.ok(Math.abs(hipY - (type === 3 ? 0.072954143 : 0.055)) < 1e-12);
    }
  });

  Deno.test(`type ${type}: the centre of mass of the stand pose lies between the feet`, async () => {
    const params = await loadParams(type, []);
    for (const c of await cores(type)) {
      for (const j of JOINTS) c.q[j.index] = params.get(`stand.${j.perceptor}`) * DEG;
      c.forwardKinematics();
      c.centerOfMass();
      const l = c.soles.subarray(9, 12), r = c.soles.subarray(21, 24);
      // Between the feet sideways, over the foot (heel 5 cm behind the ankle, toe 11 cm ahead).
      assert.ok(c.com[1] < l[1] && c.com[1] > r[1], `com y ${c.com[1]}`);
      assert.ok(c.com[0] > l[0] - 0.05 && c.com[0] < l[0] + 0.11, `com x ${c.com[0]}`);
      assert.ok(c.com[2] > l[2] + 0.2, "the centre of mass is well above the soles");
      // And the torso stands below the 0.4 m a beam puts it at.
      assert.ok(-l[2] < 0.39, `type ${type} torso height ${-l[2]}`);
    }
  });

  Deno.test(`type ${type}: IK(FK(q)) recovers pose and angles on 10,000 random leg poses`, async () => {
    for (const c of await cores(type)) {
      const rng = new Rng(100 + type);
      let worstP = 0, worstR = 0, worstQ = 0;
      for (let n = 0; n < 10000; n++) {
        randomPose(rng, c.q);
        c.forwardKinematics();
        for (const side of [0, 1] as const) {
          const target = c.soles.slice(side * 12, side * 12 + 12);
          c.ikTarget.set(target);
          assert.equal(c.legIK(side, NaN), 0);
          const want = c.q.slice();
          for (let k = 0; k < 6; k++) {
            worstQ = Math.max(worstQ, Math.abs(c.ikAngles[k] - want[LEG_FIRST_JOINT[side] + k]));
            c.q[LEG_FIRST_JOINT[side] + k] = c.ikAngles[k];
          }
          c.forwardKinematics();
          const got = c.soles.subarray(side * 12, side * 12 + 12);
          for (let k = 9; k < 12; k++) worstP = Math.max(worstP, Math.abs(got[k] - target[k]));
          worstR = Math.max(worstR, rotationError(got, target));
          c.q.set(want);
          c.forwardKinematics();
        }
      }
      assert.ok(worstP < 1e-6, `${c.kind}: position error ${worstP} m`);
      assert.ok(worstR < 1e-6, `${c.kind}: orientation error ${worstR} rad`);
      assert.ok(worstQ < 1e-6, `${c.kind}: angle error ${worstQ} rad`);
    }
  });
}

Deno.test("IK: a held hip yaw-pitch keeps the sole position and sole normal exact", async () => {
  for (const c of await cores(0)) {
    const rng = new Rng(7);
    let checked = 0;
    for (let n = 0; n < 2000; n++) {
      randomPose(rng, c.q, 0.4);
      c.forwardKinematics();
      const side = (n % 2) as 0 | 1;
      const target = c.soles.slice(side * 12, side * 12 + 12);
      const held = c.q[LEG_FIRST_JOINT[side]] + rng.uniform(-0.15, 0.15);
      c.ikTarget.set(target);
      const status = c.legIK(side, Math.min(0, held));
      if (status !== 0) continue;
      assert.equal(c.ikAngles[0], Math.min(0, held));
      for (let k = 0; k < 6; k++) c.q[LEG_FIRST_JOINT[side] + k] = c.ikAngles[k];
      c.forwardKinematics();
      const got = c.soles.subarray(side * 12, side * 12 + 12);
      for (let k = 9; k < 12; k++) assert.ok(Math.abs(got[k] - target[k]) < 1e-9, "position");
      for (const k of [2, 5, 8]) assert.ok(Math.abs(got[k] - target[k]) < 1e-9, "sole normal");
      checked++;
    }
    assert.ok(checked > 1000, `only ${checked} of 2000 held-yaw poses were reachable`);
  }
});

Deno.test("IK: unreachable targets are reported and clamped; limits clamp", async () => {
  for (const c of await cores(1)) {
    c.q.fill(0);
    c.forwardKinematics();
    c.ikTarget.set(c.soles.subarray(0, 12));
    c.ikTarget[11] -= 0.2; // 20 cm below the straight leg
    const status = c.legIK(0, NaN);
    assert.ok(status & IK_UNREACHABLE);
    const m = bodyModel(1);
    for (let k = 0; k < 6; k++) {
      const j = LEG_FIRST_JOINT[0] + k;
      assert.ok(c.ikAngles[k] >= m.min[j] && c.ikAngles[k] <= m.max[j]);
    }
    // A foot rolled 80° cannot be met by a ±45° ankle roll.
    c.ikTarget.set(c.soles.subarray(12, 24));
    c.ikTarget[11] += 0.05;
    const a = 80 * DEG;
    c.ikTarget.set([1, 0, 0, 0, Math.cos(a), -Math.sin(a), 0, Math.sin(a), Math.cos(a)]);
    assert.ok(c.legIK(1, NaN) & IK_LIMITED);
  }
});

Deno.test("WASM and TS agree within 1e-9 on every kernel, random inputs, every type", async () => {
  for (const type of TYPES) {
    const [w, t] = await cores(type);
    const rng = new Rng(31 + type);
    let worst = 0;
    const cmp = (a: Float64Array, b: Float64Array) => {
      for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
    };
    for (let n = 0; n < 2000; n++) {
      randomPose(rng, w.q, 1.2); // also beyond the limits
      if (n % 7 === 0) w.q[J.LToe] = NaN;
      t.q.set(w.q);
      w.forwardKinematics();
      t.forwardKinematics();
      w.centerOfMass();
      t.centerOfMass();
      cmp(w.frames, t.frames);
      cmp(w.camera, t.camera);
      cmp(w.soles, t.soles);
      cmp(w.com, t.com);
      for (const side of [0, 1] as const) {
        w.ikTarget.set(w.soles.subarray(side * 12, side * 12 + 12));
        w.ikTarget[9 + (n % 3)] += rng.uniform(-0.1, 0.1); // often unreachable
        t.ikTarget.set(w.ikTarget);
        const fixed = n % 2 ? NaN : rng.uniform(-1.5, 0);
        assert.equal(w.legIK(side, fixed), t.legIK(side, fixed));
        cmp(w.ikAngles, t.ikAngles);
      }
    }
    for (let i = 0; i < MAX_BATCH * 12; i++) w.batchTargets[i] = t.batchTargets[i] = 0;
    for (let i = 0; i < MAX_BATCH; i++) {
      randomPose(rng, w.q, 0.8);
      w.forwardKinematics();
      w.batchTargets.set(w.soles.subarray(12, 24), i * 12);
    }
    t.batchTargets.set(w.batchTargets);
    assert.equal(w.legIKBatch(1, MAX_BATCH), t.legIKBatch(1, MAX_BATCH));
    cmp(w.batchAngles, t.batchAngles);
    assert.ok(worst < 1e-9, `type ${type}: worst difference ${worst}`);
  }
});

Deno.test("each WASM core has its own instance and memory", async () => {
  const [a, b] = [await createCore("wasm", 0, module), await createCore("wasm", 4, module)];
  a.q.fill(0.1);
  b.q.fill(-0.2);
  a.forwardKinematics();
  b.forwardKinematics();
  assert.ok(a.q.buffer !== b.q.buffer);
  assert.equal(a.q[0], 0.1);
  assert.notDeepEqual(Array.from(a.soles), Array.from(b.soles));
});
