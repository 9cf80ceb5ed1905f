// The skill player and mirroring: the left/right reflection table (checked against the body
// model's kinematics), targets commanded per keyframe, setscale gains, reset, limits, toes, the
// bundled skills played to the end on every robot type, and setfoot / curves / stabilize
// through a real numeric core.

import assert from "assert";
import { J, JOINTS, jointsOfType, NUM_JOINTS, type RobotType } from "../src/body/joints.ts";
import { bodyModel } from "../src/body/body_model.ts";
import { ParamSet } from "../src/config/params.ts";
import { loadParams } from "../src/agent/params.ts";
import { standPoseFromParams } from "../src/agent/play_options.ts";
import { type NumericCore } from "../src/core/numeric_core.ts";
import { createCore } from "../src/core/create_core.ts";
import { curvePose } from "../src/skills/foot_curve.ts";
import { CoreFootSolver, rpyToMatrix } from "../src/skills/foot_solver.ts";
import { loadSkillFiles, parseSkills } from "../src/skills/skill_compiler.ts";
import { SkillError } from "../src/skills/skill_error.ts";
import { MIRROR, mirrorPose } from "../src/skills/skill_mirror.ts";
import { SkillPlayer } from "../src/skills/skill_player.ts";
import type { FootPose, Skill } from "../src/skills/skill.ts";
import { Rng } from "./rng.ts";

const ROOT = new URL("../", import.meta.url);
const DEG = Math.PI / 180;
const TYPES: RobotType[] = [0, 1, 2, 3, 4];
const CYCLE = 0.02;

function path(rel: string): string {
  return decodeURIComponent(new URL(rel, ROOT).pathname);
}

const paramsFor = (type: RobotType) => loadParams(type, []);

const params = await paramsFor(0);
const SKILL_FILES = ["stand", "kick_left", "getup_type0"].map((n) => path(`skills/${n}.skl`));
const library = await loadSkillFiles(SKILL_FILES, params);

const STAND = standPoseFromParams(params);

/** UT's rest pose of the legs (hip yaw-pitch, roll, pitch, knee, ankle pitch, roll, toe), radians. */
const REST = new Float64Array(NUM_JOINTS);
[0, 6, 18, -30, 18, -6, 0].forEach((deg, k) => REST[J.LHipYawPitch + k] = deg * DEG);
[0, -6, 18, -30, 18, 6, 0].forEach((deg, k) => REST[J.RHipYawPitch + k] = deg * DEG);

function compile(text: string, p: ParamSet = params): Skill {
  const lib = parseSkills(text, "t.skl", p);
  return [...lib.values()][0];
}

function near(actual: number, expected: number, eps: number, what: string): void {
  assert.ok(Math.abs(actual - expected) <= eps, `${what}: ${actual} vs ${expected}`);
}

function nearDeg(actual: number, expectedDeg: number, what: string): void {
  near(actual / DEG, expectedDeg, 1e-9, what);
}

function allNear(a: ArrayLike<number>, b: ArrayLike<number>, eps: number, what: string): void {
  assert.equal(a.length, b.length);
  for (let i = 0; i < a.length; i++) near(a[i], b[i], eps, `${what}[${i}]`);
}

const EXPECTED_MIRROR: [string, string, 1 | -1][] = [
  ["hj1", "hj1", -1],
  ["hj2", "hj2", 1],
  ["laj1", "raj1", 1],
  ["laj2", "raj2", -1],
  ["laj3", "raj3", -1],
  ["laj4", "raj4", -1],
  ["llj1", "rlj1", 1],
  ["llj2", "rlj2", -1],
  ["llj3", "rlj3", 1],
  ["llj4", "rlj4", 1],
  ["llj5", "rlj5", 1],
  ["llj6", "rlj6", -1],
  ["llj7", "rlj7", 1],
];

function byPerceptor(name: string): number {
  return JOINTS.find((j) => j.perceptor === name)!.index;
}

Deno.test("mirror: the reflection table, both ways", () => {
  const seen = new Set<number>();
  for (const [a, b, sign] of EXPECTED_MIRROR) {
    for (const [from, to] of [[a, b], [b, a]]) {
      const i = byPerceptor(from);
      assert.deepEqual(MIRROR[i], { joint: byPerceptor(to), sign }, from);
      seen.add(i);
    }
  }
  assert.equal(seen.size, NUM_JOINTS);
});

Deno.test("mirror: a mirrored pose gives the mirrored body (every robot type)", async () => {
  const rng = new Rng(7);
  const q = new Float64Array(NUM_JOINTS);
  const m = new Float64Array(NUM_JOINTS);
  const S = [1, -1, 1];
  for (const type of TYPES) {
    const a = await createCore("ts", type), b = await createCore("ts", type);
    for (let n = 0; n < 20; n++) {
      for (const j of JOINTS) q[j.index] = rng.uniform(j.min, j.max);
      a.q.set(q);
      b.q.set(mirrorPose(q, m));
      for (const c of [a, b]) {
        c.forwardKinematics();
        c.centerOfMass();
      }
      for (let body = 0; body <= NUM_JOINTS; body++) {
        const other = body === 0 ? 0 : MIRROR[body - 1].joint + 1;
        const f = a.frames.subarray(body * 12, body * 12 + 12);
        const g = b.frames.subarray(other * 12, other * 12 + 12);
        for (let r = 0; r < 3; r++) {
          for (let k = 0; k < 3; k++) {
            near(g[r * 3 + k], S[r] * S[k] * f[r * 3 + k], 1e-12, `type ${type} body ${body} R`);
          }
          near(g[9 + r], S[r] * f[9 + r], 1e-12, `type ${type} body ${body} pivot`);
        }
      }
      for (let r = 0; r < 3; r++) near(b.com[r], S[r] * a.com[r], 1e-12, "centre of mass");
    }
  }
});

Deno.test("mirror: SKILL_KICK_RIGHT_LEG is SKILL_KICK_LEFT_LEG mirrored", () => {
  const left = library.get("SKILL_KICK_LEFT_LEG")!;
  const right = library.get("SKILL_KICK_RIGHT_LEG")!;
  assert.equal(right.keyframes.length, left.keyframes.length);
  assert.deepEqual(right.keyframes.map((k) => k.wait), left.keyframes.map((k) => k.wait));
  // Keyframe 5 of the left kick: inctar EFF_RL4 10 EFF_RL5 -10, settar EFF_RL1 -5.
  const [inc, set] = right.keyframes[4].steps;
  assert.ok(inc.kind === "inc");
  assert.deepEqual(inc.pairs.map((p) => p.joint), [J.LKnee, J.LAnklePitch]);
  nearDeg(inc.pairs[0].value, 10, "knee");
  nearDeg(inc.pairs[1].value, -10, "ankle pitch");
  assert.ok(set.kind === "set");
  assert.equal(set.pairs[0].joint, J.LHipYawPitch);
  nearDeg(set.pairs[0].value, -5, "hip yaw-pitch keeps its sign");
  // Keyframe 10: hip and ankle roll (12 + p13, −12 + p14) change sign.
  const roll = right.keyframes[9].steps[0];
  assert.ok(roll.kind === "set");
  assert.deepEqual(roll.pairs.map((p) => p.joint), [J.RHipRoll, J.RAnkleRoll]);
  nearDeg(roll.pairs[0].value, -(12 + params.get("kick.p13")), "hip roll");
  nearDeg(roll.pairs[1].value, -(-12 + params.get("kick.p14")), "ankle roll");
  // Keyframe 15: the fast swing scales the right leg's pitch joints by the same factors.
  const scale = right.keyframes[14].steps[0];
  assert.ok(scale.kind === "scale");
  assert.deepEqual(scale.pairs.map((p) => [p.joint, p.value]), [
    [J.RHipPitch, 3 + params.get("kick.scale1")],
    [J.RKnee, 3 + params.get("kick.scale2")],
    [J.RAnklePitch, 3 + params.get("kick.scale3")],
  ]);
  // Keyframe 17: the left leg's rest pose becomes the right leg's, hip and ankle roll negated.
  const rest = right.keyframes[16].steps[0];
  assert.ok(rest.kind === "set");
  assert.deepEqual(rest.pairs.map((p) => p.joint), [
    J.RHipYawPitch,
    J.RHipRoll,
    J.RHipPitch,
    J.RKnee,
    J.RAnklePitch,
    J.RAnkleRoll,
  ]);
  assert.deepEqual(rest.pairs.map((p) => Math.round(p.value / DEG)), [0, -6, 18, -30, 18, 6]);
});

Deno.test("kick: kick.tempo scales the wind-up's waits, kick.rest_time the settle after the swing", async () => {
  const waits = (p: ParamSet, skill: string) =>
    loadSkillFiles(SKILL_FILES, p).then((lib) => lib.get(skill)!.keyframes.map((k) => k.wait));
  const base = await waits(params, "SKILL_KICK_LEFT_LEG");
  const tuned = params.overlay(ParamSet.parse("kick.tempo 0.25\nkick.rest_time 0.3\n", "test"));
  const scale = 0.25 / params.get("kick.tempo");
  for (const skill of ["SKILL_KICK_LEFT_LEG", "SKILL_KICK_RIGHT_LEG"]) {
    const fast = await waits(tuned, skill);
    assert.equal(fast.length, 17);
    // Keyframes 1-13 (crouch to lift) wind up; 14 draws back, 15 swings, 16 brings the leg down.
    for (let k = 0; k < 13; k++) near(fast[k], base[k] * scale, 1e-9, `${skill} keyframe ${k + 1}`);
    for (const k of [13, 14, 15]) assert.equal(fast[k], base[k], `${skill} keyframe ${k + 1}`);
    assert.equal(base[16], params.get("kick.rest_time"));
    assert.equal(fast[16], 0.3);
  }
});

Deno.test("mirror: the two kicks play as mirror images from the (symmetric) stand pose", () => {
  const m = new Float64Array(NUM_JOINTS);
  allNear(mirrorPose(STAND, m), STAND, 0, "the stand pose is symmetric");
  const opts = { type: 0 as const, resetPose: STAND };
  const l = new SkillPlayer(library.get("SKILL_KICK_LEFT_LEG")!, opts);
  const r = new SkillPlayer(library.get("SKILL_KICK_RIGHT_LEG")!, opts);
  l.start(3, STAND);
  r.start(3, STAND);
  let steps = 0;
  for (let t = 3; !l.done; t += CYCLE, steps++) {
    l.update(t);
    r.update(t);
    allNear(r.targets, mirrorPose(l.targets, m), 1e-12, `t = ${t}`);
    assert.equal(r.done, l.done);
  }
  assert.ok(steps > 100, `the kick lasts ${steps} cycles`);
});

const TWO_STEPS = `
STARTSKILL T
STARTSTATE
settar EFF_LL3 30 EFF_RA1 -60 end
wait 0.5 end
ENDSTATE
STARTSTATE
inctar EFF_LL3 10 end
wait 0.2 end
ENDSTATE
ENDSKILL
`;

Deno.test("player: each keyframe's targets are commanded when it starts and held for its wait", () => {
  const p = new SkillPlayer(compile(TWO_STEPS), { type: 0 });
  const zero = new Float64Array(NUM_JOINTS);
  p.start(10, zero);
  assert.equal(p.keyframe, 0);
  const expect: [number, number, number, number][] = [
    [10, 30, -60, 0],
    [10.1, 30, -60, 0],
    [10.48, 30, -60, 0],
    [10.5, 40, -60, 1],
    [10.6, 40, -60, 1],
    [10.68, 40, -60, 1],
  ];
  for (const [t, hip, shoulder, keyframe] of expect) {
    p.update(t);
    nearDeg(p.targets[J.LHipPitch], hip, `hip at ${t}`);
    nearDeg(p.targets[J.RShoulderPitch], shoulder, `shoulder at ${t}`);
    assert.equal(p.keyframe, keyframe, `keyframe at ${t}`);
    assert.equal(p.done, false);
  }
  p.update(10.7);
  assert.ok(p.done);
  nearDeg(p.targets[J.LHipPitch], 40, "end");
  p.update(12);
  nearDeg(p.targets[J.LHipPitch], 40, "held");
  for (let j = 0; j < NUM_JOINTS; j++) {
    if (j !== J.LHipPitch && j !== J.RShoulderPitch) assert.equal(p.targets[j], 0, JOINTS[j].name);
  }
});

Deno.test("player: movetar ramps targets over the wait, one cycle ahead, and tracks", () => {
  const skill = compile(`
    STARTSKILL T
    STARTSTATE movetar EFF_LL3 40 EFF_RL3 300 end wait 0.1 end ENDSTATE
    STARTSTATE movetar EFF_RL3 0 end settar EFF_LA1 -30 end wait 0.1 end ENDSTATE
    STARTSTATE settar EFF_RL3 20 end wait 0.04 end ENDSTATE
    ENDSKILL`);
  const p = new SkillPlayer(skill, { type: 0 });
  p.start(0, new Float64Array(NUM_JOINTS));
  const hip = (t: number) => (p.update(t), p.targets[J.LHipPitch] / DEG);
  near(hip(0), 8, 1e-9, "one cycle of five in");
  near(hip(0.04), 24, 1e-9, "three of five");
  near(hip(0.08), 40, 1e-9, "there a cycle early");
  assert.equal(p.tracking[J.LHipPitch], 1);
  assert.equal(p.tracking[J.LShoulderPitch], 0);
  // The right hip ramped to 300° (clamped at its 100° limit) and comes back from 300°.
  nearDeg(p.targets[J.RHipPitch], 100, "clamped at the limit");
  p.update(0.1);
  nearDeg(p.targets[J.RHipPitch], 100, "from 300°, 240° is still beyond the limit");
  p.update(0.16);
  nearDeg(p.targets[J.RHipPitch], 60, "300 · (1 − 4/5)");
  nearDeg(p.targets[J.LHipPitch], 40, "an unlisted joint holds");
  nearDeg(p.targets[J.LShoulderPitch], -30, "settar is immediate");
  p.update(0.2);
  nearDeg(p.targets[J.RHipPitch], 20, "settar");
  assert.equal(p.tracking[J.RHipPitch], 0, "settar hands the joint back to the gain");
  assert.equal(p.tracking[J.LHipPitch], 1);
});

Deno.test("player: cycle by cycle the targets change only where a keyframe starts", () => {
  const p = new SkillPlayer(compile(TWO_STEPS), { type: 0 });
  p.start(0, new Float64Array(NUM_JOINTS));
  nearDeg(p.targets[J.LHipPitch], 30, "keyframe 0 commanded by start()");
  let last = p.targets.slice();
  let keyframe = p.keyframe;
  let changes = 0;
  for (let t = 0; t < 1; t += CYCLE) {
    const now = p.update(t);
    const changed = now.some((v, j) => v !== last[j]);
    if (changed) changes++;
    assert.ok(!changed || p.keyframe !== keyframe, `t = ${t}: targets changed inside a keyframe`);
    last = now.slice();
    keyframe = p.keyframe;
  }
  assert.equal(changes, 1, "keyframe 1 starts; start() already commanded keyframe 0");
  assert.ok(p.done);
});

Deno.test("player: setscale sets a joint's gain and persists; reset goes to the reset pose", () => {
  const skill = compile(`
    STARTSKILL T
    STARTSTATE
    setscale EFF_LL3 2 end
    settar EFF_LL3 40 EFF_LL4 -40 end
    wait 0.4 end
    ENDSTATE
    STARTSTATE settar EFF_LL3 0 end wait 0.4 end ENDSTATE
    STARTSTATE reset LEG_LEFT end wait 0.2 end ENDSTATE
    ENDSKILL`);
  const zero = new Float64Array(NUM_JOINTS);
  const p = new SkillPlayer(skill, { type: 0, resetPose: STAND });
  p.start(0, zero);
  const expect: [number, number, number][] = [
    [0.1, 40, -40],
    [0.3, 40, -40],
    [0.5, 0, -40],
    [0.7, 0, -40],
  ];
  for (const [t, hip, knee] of expect) {
    p.update(t);
    nearDeg(p.targets[J.LHipPitch], hip, `hip at ${t}`);
    nearDeg(p.targets[J.LKnee], knee, `knee at ${t}`);
    assert.equal(p.gains[J.LHipPitch], 2, `hip gain at ${t}`);
    assert.equal(p.gains[J.LKnee], 1, `knee gain at ${t}`);
  }
  p.update(1.0);
  assert.ok(p.done);
  for (const j of JOINTS) {
    const want = j.perceptor.startsWith("llj") ? STAND[j.index] : 0;
    near(p.targets[j.index], want, 1e-12, j.perceptor);
  }
  // Without a reset pose, reset returns to the angles the skill started from.
  const start = Float64Array.from(STAND, (a) => a / 2);
  const q = new SkillPlayer(skill, { type: 0 });
  q.start(0, start);
  q.update(1.0);
  allNear(q.targets, start, 1e-12, "back to the start angles");
});

Deno.test("player: inctar is relative to the previous target, whatever the gain", () => {
  const skill = compile(`
    STARTSKILL T
    STARTSTATE
    settar EFF_LL4 -10 end
    inctar EFF_LL4 -5 end
    setscale EFF_LL3 0.5 end
    settar EFF_LL3 40 end
    wait 0.2 end
    ENDSTATE
    STARTSTATE inctar EFF_LL3 10 end wait 0.2 end ENDSTATE
    ENDSKILL`);
  const p = new SkillPlayer(skill, { type: 0 });
  p.start(0, new Float64Array(NUM_JOINTS));
  p.update(0.1);
  nearDeg(p.targets[J.LKnee], -15, "settar then inctar in one keyframe");
  nearDeg(p.targets[J.LHipPitch], 40, "the target, whatever the gain");
  assert.equal(p.gains[J.LHipPitch], 0.5);
  p.update(0.3);
  nearDeg(p.targets[J.LHipPitch], 50, "40 + 10");
  p.update(0.4);
  assert.ok(p.done);
  nearDeg(p.targets[J.LHipPitch], 50, "the last goal when done");
});

Deno.test("player: targets stay inside the limits; inctar builds on the clamped target", () => {
  const skill = compile(`
    STARTSKILL T
    STARTSTATE settar EFF_LL4 -200 EFF_LA2 (90 + 20) end wait 0.1 end ENDSTATE
    STARTSTATE inctar EFF_LL4 50 EFF_LA2 -5 end wait 0.1 end ENDSTATE
    ENDSKILL`);
  const p = new SkillPlayer(skill, { type: 0 });
  p.start(0, new Float64Array(NUM_JOINTS));
  p.update(0.05);
  nearDeg(p.targets[J.LKnee], -130, "knee at its limit");
  nearDeg(p.targets[J.LShoulderYaw], 95, "shoulder yaw at its limit");
  p.update(0.1);
  nearDeg(p.targets[J.LKnee], -80, "−130 + 50");
  nearDeg(p.targets[J.LShoulderYaw], 90, "95 − 5");
});

Deno.test("player: toe joints move only on robot type 4", () => {
  const skill = compile(`
    STARTSKILL T
    STARTSTATE settar EFF_LL7 30 rlj7 20 EFF_LL3 10 end wait 0.1 end ENDSTATE
    ENDSKILL`);
  for (const type of TYPES) {
    const p = new SkillPlayer(skill, { type });
    p.start(0, new Float64Array(NUM_JOINTS).fill(NaN));
    p.update(1);
    nearDeg(p.targets[J.LToe], type === 4 ? 30 : 0, `type ${type} left toe`);
    nearDeg(p.targets[J.RToe], type === 4 ? 20 : 0, `type ${type} right toe`);
    nearDeg(p.targets[J.LHipPitch], 10, `type ${type} hip`);
  }
});

Deno.test("player: zero waits are instant; a late update runs through to the last goal", () => {
  const skill = compile(`
    STARTSKILL T
    STARTSTATE settar EFF_LL3 10 end ENDSTATE
    STARTSTATE settar EFF_LL3 20 end wait 0.1 end ENDSTATE
    STARTSTATE settar EFF_LL3 30 end wait 0 end ENDSTATE
    ENDSKILL`);
  const p = new SkillPlayer(skill, { type: 0 });
  p.start(0, new Float64Array(NUM_JOINTS));
  p.update(0);
  assert.equal(p.keyframe, 1);
  nearDeg(p.targets[J.LHipPitch], 20, "first keyframe done at once");
  p.update(0.05);
  nearDeg(p.targets[J.LHipPitch], 20, "held");
  p.update(0.1 - 1e-9);
  assert.ok(p.done, "keyframe boundaries allow for rounding");
  nearDeg(p.targets[J.LHipPitch], 30, "end");
  const late = new SkillPlayer(skill, { type: 0 });
  late.start(0, new Float64Array(NUM_JOINTS));
  late.update(100);
  assert.ok(late.done);
  nearDeg(late.targets[J.LHipPitch], 30, "late");
});

Deno.test("player: unknown (NaN) start angles start from the reset pose", () => {
  const p = new SkillPlayer(compile(TWO_STEPS), { type: 0, resetPose: STAND });
  const angles = new Float64Array(NUM_JOINTS).fill(NaN);
  angles[J.LHipPitch] = 0;
  p.start(0, angles);
  p.update(0.25);
  nearDeg(p.targets[J.LHipPitch], 30, "commanded joint");
  near(p.targets[J.LKnee], STAND[J.LKnee], 1e-12, "unknown joint");
  p.update(0.5);
  nearDeg(p.targets[J.LHipPitch], 40, "inctar on the commanded target");
  near(p.targets[J.RKnee], STAND[J.RKnee], 1e-12, "still the reset pose");
});

Deno.test("player: the bundled skills play to the end on every type, within limits", async () => {
  for (const type of TYPES) {
    const p = await paramsFor(type);
    const files = [...SKILL_FILES.slice(0, 2), path(`skills/getup_type${type}.skl`)];
    const lib = await loadSkillFiles(files, p);
    const stand = standPoseFromParams(p);
    const model = bodyModel(type);
    const present = new Set(jointsOfType(type));
    for (const skill of lib.values()) {
      const player = new SkillPlayer(skill, { type, resetPose: stand });
      const total = skill.keyframes.reduce((s, k) => s + k.wait, 0);
      player.start(0, stand);
      let t = 0;
      for (; !player.done; t += CYCLE) {
        assert.ok(t < total + CYCLE, `${skill.name} ends after ${total} s`);
        player.update(t);
        for (let j = 0; j < NUM_JOINTS; j++) {
          const v = player.targets[j];
          assert.ok(Number.isFinite(v), `${skill.name} ${JOINTS[j].name}`);
          if (!present.has(j)) assert.equal(v, 0);
          else assert.ok(v >= model.min[j] && v <= model.max[j], `${skill.name} ${j} ${v}`);
        }
      }
      assert.ok(t - CYCLE >= total - 1e-6, `${skill.name} lasts ${total} s, done at ${t - CYCLE}`);
      // The stand ends in the stand pose, UT's kicks in UT's rest pose of the legs (the get-ups
      // end where their last slot puts them).
      const end = skill.name === "SKILL_STAND" ? stand : skill.name.includes("KICK") ? REST : null;
      if (!end) continue;
      for (let j = J.LHipYawPitch; j < NUM_JOINTS; j++) {
        const want = present.has(j) ? end[j] : 0;
        near(
          player.targets[j],
          want,
          1e-12,
          `${skill.name} (type ${type}) ends: ${JOINTS[j].name}`,
        );
      }
    }
  }
});

Deno.test("curve: a Catmull-Rom spline through every control point", () => {
  const pose = (x: number, yaw = 0): FootPose => ({ x, y: -x, z: 2 * x, roll: 0, pitch: x, yaw });
  const pts = [pose(0), pose(1, 0.3), pose(4), pose(5)];
  for (let i = 0; i < pts.length; i++) {
    assert.deepEqual(curvePose(pts, i / 3), pts[i], `knot ${i}`);
  }
  assert.deepEqual(curvePose(pts, -1), pts[0]);
  assert.deepEqual(curvePose(pts, 2), pts[3]);
  const two = curvePose([pose(0), pose(2, 1)], 0.5);
  assert.deepEqual(two, { x: 1, y: -1, z: 2, roll: 0, pitch: 1, yaw: 0.5 });
  const mid = curvePose(pts, 0.5);
  assert.ok(mid.x > 1 && mid.x < 4);
});

/** Left then right sole of `q`, rotation + position. */
function soles(core: NumericCore, q: ArrayLike<number>): Float64Array {
  core.q.set(q);
  core.forwardKinematics();
  return core.soles.slice();
}

/** A ParamSet holding exact numbers (they round-trip through their decimal strings). */
function numbers(values: Record<string, number>): ParamSet {
  return ParamSet.parse(
    Object.entries(values).map(([k, v]) => `${k} ${v}`).join("\n"),
    "numbers.params",
  );
}

Deno.test("setfoot: through a real core the leg joints move to the IK solution", async () => {
  const core = await createCore("ts", 0);
  const start = soles(core, STAND);
  const target = { x: start[9] + 0.03, y: start[10] + 0.01, z: start[11] + 0.04 };
  const rpy = { roll: 4, pitch: -10, yaw: 8 };
  const p = numbers({ ...target, ...rpy });
  const skill = compile(
    `STARTSKILL FOOT
     STARTSTATE setfoot LEG_LEFT $x $y $z $roll $pitch $yaw end wait 0.2 end ENDSTATE
     ENDSKILL
     REFLECTSKILL FOOT FOOT_RIGHT`,
    p,
  );
  const player = new SkillPlayer(skill, {
    type: 0,
    resetPose: STAND,
    foot: new CoreFootSolver(core),
  });
  player.start(0, STAND);
  player.update(0.1);
  const half = player.targets.slice();
  player.update(0.2);
  assert.ok(player.done);
  assert.equal(player.footMisses, 0);
  const q = player.targets.slice();
  for (let k = 0; k < 6; k++) {
    const j = J.LHipYawPitch + k;
    assert.ok(Math.abs(q[j] - STAND[j]) > 1e-3 || k === 0, `${JOINTS[j].name} moved`);
    near(half[j], q[j], 0, `${JOINTS[j].name} commanded at once`);
  }
  for (let j = 0; j < NUM_JOINTS; j++) {
    if (j < J.LHipYawPitch || j > J.LAnkleRoll) near(q[j], STAND[j], 0, JOINTS[j].name);
  }
  const got = soles(core, q);
  near(got[9], target.x, 1e-9, "sole x");
  near(got[10], target.y, 1e-9, "sole y");
  near(got[11], target.z, 1e-9, "sole z");
  const r = new Float64Array(9);
  rpyToMatrix(rpy.roll * DEG, rpy.pitch * DEG, rpy.yaw * DEG, r);
  allNear(got.subarray(0, 9), r, 1e-9, "sole rotation");
  allNear(got.subarray(12), start.subarray(12), 1e-12, "right sole unmoved");

  // The mirrored skill puts the right leg into the mirror image.
  const mirrored = parseSkills(
    `STARTSKILL FOOT
     STARTSTATE setfoot LEG_LEFT $x $y $z $roll $pitch $yaw end wait 0.2 end ENDSTATE
     ENDSKILL
     REFLECTSKILL FOOT FOOT_RIGHT`,
    "t.skl",
    p,
  ).get("FOOT_RIGHT")!;
  const rp = new SkillPlayer(mirrored, {
    type: 0,
    resetPose: STAND,
    foot: new CoreFootSolver(core),
  });
  rp.start(0, STAND);
  rp.update(0.2);
  allNear(rp.targets, mirrorPose(q, new Float64Array(NUM_JOINTS)), 1e-9, "mirror image");
});

Deno.test("setfoot: an unreachable pose is counted; the leg stays inside its limits", async () => {
  const core = await createCore("ts", 0);
  const skill = compile(`
    STARTSKILL FAR
    STARTSTATE setfoot LEG_RIGHT 0 -0.05 -0.6 0 0 0 end wait 0.1 end ENDSTATE
    ENDSKILL`);
  const p = new SkillPlayer(skill, { type: 0, foot: new CoreFootSolver(core) });
  p.start(0, STAND);
  p.update(1);
  assert.equal(p.footMisses, 1);
  const model = bodyModel(0);
  for (let j = 0; j < NUM_JOINTS; j++) {
    assert.ok(p.targets[j] >= model.min[j] && p.targets[j] <= model.max[j], JOINTS[j].name);
  }
  assert.ok(Math.abs(p.targets[J.RKnee]) < 5 * DEG, "a stretched leg");
});

Deno.test("curve: the sole follows the spline through the control points", async () => {
  const core = await createCore("ts", 0);
  const s = soles(core, STAND);
  const pts: FootPose[] = [
    { x: s[9], y: s[10], z: s[11] + 0.02, roll: 0, pitch: 0, yaw: 0 },
    { x: s[9] + 0.03, y: s[10], z: s[11] + 0.05, roll: 0, pitch: 5 * DEG, yaw: 0 },
    { x: s[9] + 0.06, y: s[10] + 0.01, z: s[11] + 0.03, roll: 0, pitch: 0, yaw: 0 },
  ];
  const names: Record<string, number> = {};
  pts.forEach((pt, i) => {
    names[`x${i}`] = pt.x;
    names[`y${i}`] = pt.y;
    names[`z${i}`] = pt.z;
    names[`p${i}`] = pt.pitch / DEG;
  });
  const skill = compile(
    `STARTSKILL SWING
     STARTSTATE
     STARTCURVE LEG_LEFT
     controlpoint $x0 $y0 $z0 0 $p0 0 end
     controlpoint $x1 $y1 $z1 0 $p1 0 end
     controlpoint $x2 $y2 $z2 0 $p2 0 end
     ENDCURVE
     wait 0.4 end
     ENDSTATE
     ENDSKILL`,
    numbers(names),
  );
  const player = new SkillPlayer(skill, { type: 0, foot: new CoreFootSolver(core) });
  player.start(0, STAND);
  for (const [t, u] of [[0, 0], [0.1, 0.25], [0.2, 0.5], [0.3, 0.75], [0.4, 1]]) {
    player.update(t);
    const want = curvePose(pts, u);
    const got = soles(core, player.targets);
    near(got[9], want.x, 1e-9, `x at ${t}`);
    near(got[10], want.y, 1e-9, `y at ${t}`);
    near(got[11], want.z, 1e-9, `z at ${t}`);
    near(Math.asin(-got[6]), want.pitch, 1e-9, `pitch at ${t}`);
    allNear(got.subarray(12), s.subarray(12), 1e-12, `right sole at ${t}`);
  }
  assert.ok(player.done);
  assert.equal(player.footMisses, 0);
  const end = soles(core, player.targets);
  near(end[9], pts[2].x, 1e-9, "ends at the last point");
});

Deno.test("stabilize: the centre of mass moves over the support sole", async () => {
  for (const [side, zx, zy] of [["LEFT", 0, 0], ["RIGHT", 0.01, -0.005]] as const) {
    const core = await createCore("ts", 0);
    const before = soles(core, STAND);
    const skill = compile(
      `STARTSKILL S STARTSTATE stabilize LEG_${side} ${zx} ${zy} end wait 0.3 end
       ENDSTATE ENDSKILL`,
    );
    const p = new SkillPlayer(skill, { type: 0, foot: new CoreFootSolver(core) });
    p.start(0, STAND);
    p.update(0.3);
    assert.ok(p.done);
    assert.equal(p.footMisses, 0);
    const after = soles(core, p.targets);
    core.centerOfMass();
    const at = side === "LEFT" ? 0 : 12;
    near(core.com[0], after[at + 9] + zx, 2e-4, `${side} com x`);
    near(core.com[1], after[at + 10] + zy, 2e-4, `${side} com y`);
    assert.ok(Math.abs(after[at + 10] - before[at + 10]) > 0.02, "the body moved sideways");
    for (let k = 0; k < 3; k++) {
      near(after[21 + k] - after[9 + k], before[21 + k] - before[9 + k], 1e-9, "feet placement");
    }
    allNear(after.subarray(0, 9), before.subarray(0, 9), 1e-9, "left sole orientation");
    allNear(after.subarray(12, 21), before.subarray(12, 21), 1e-9, "right sole orientation");
  }
});

Deno.test("player: foot commands need a foot solver", () => {
  const skill = compile(`
    STARTSKILL F
    STARTSTATE stabilize LEG_LEFT 0 0 end ENDSTATE
    ENDSKILL`);
  assert.throws(() => new SkillPlayer(skill, { type: 0 }), (e) => {
    assert.ok(e instanceof SkillError);
    assert.equal(e.message, "t.skl:2: skill 'F' needs a foot pose solver");
    return true;
  });
});
