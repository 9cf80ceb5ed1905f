// The motion layer with the world's fall detector in front of it: a fall (front/back/side) stops
// walking and any skill at once, the body rests until still, then the get-up for how it lies flat
// (after rolling over, from the side or not flat) or the one requested plays and ends in
// standing, an interrupted skill is abandoned; walking stops by coming to rest and blends in and
// out of the stand pose.

import assert from "assert";
import { J, NUM_JOINTS } from "../src/body/joints.ts";
import { getupCalmRate, standPoseFromParams } from "../src/agent/play_options.ts";
import { bundledSkillFiles } from "../src/config/paramfiles.ts";
import { loadParams } from "../src/agent/params.ts";
import { createCore } from "../src/core/create_core.ts";
import { GETUP_REST, Motion, type MotionOptions } from "../src/motion/motion.ts";
import { FallDetector } from "../src/world/fall_detector.ts";
import { WalkEngine, type WalkParams, walkParams } from "../src/motion/walk_engine.ts";
import { kickPreSeconds } from "../src/skills/kicks.ts";
import { ConfigError } from "../src/config/params.ts";
import { makeAgent } from "./helpers.ts";
import { skillForType } from "../src/skills/skill.ts";
import { loadSkillFiles } from "../src/skills/skill_compiler.ts";
import { DIVE_SKILLS } from "../src/ballplay/goalie_dive.ts";

/** A motion layer with the world's fall detector in front of it, as the agent runs them. */
class Body extends Motion {
  readonly falls = new FallDetector();
  constructor(o: MotionOptions) {
    super(o);
  }
}

async function motion(walk: Partial<WalkParams> = {}): Promise<Body> {
  const params = await loadParams(0, []);
  return new Body({
    type: 0,
    core: await createCore("ts", 0),
    walk: { ...walkParams(params), ...walk },
    standPose: standPoseFromParams(params),
    skills: await loadSkillFiles(bundledSkillFiles(), params),
    skillGain: 0.5,
    calmRate: getupCalmRate(params),
    preSkillSeconds: kickPreSeconds((name) => params.get(name)),
    immediateSkills: new Set(Object.values(DIVE_SKILLS)),
  });
}

const UPRIGHT = [0, 0, 1];
const ON_FRONT = [-1, 0, 0.05];
const ON_BACK = [1, 0, 0.05];

const SPINNING = { x: 0, y: 1, z: 0 };
const SLOW = { x: 0, y: 0.5, z: 0 };
const FAST = { x: 0, y: 2, z: 0 };

function run(
  m: Body,
  from: number,
  cycles: number,
  up: number[],
  gyro: { x: number; y: number; z: number } | null = null,
): number {
  const joints = new Float64Array(NUM_JOINTS);
  let t = from;
  for (let i = 0; i < cycles; i++) {
    t += 0.02;
    m.falls.update(t, up, true, gyro);
    m.update(t, 0.02, up, joints, m.falls.lying, m.falls.turnRate);
  }
  return t;
}

/** Runs lying with `up` until the rest before a recovery is over; its length, seconds. */
function rest(
  m: Body,
  from: number,
  up: number[],
  gyro: { x: number; y: number; z: number } | null = null,
): number {
  let t = from;
  while (m.activity === GETUP_REST && t - from < 5) t = run(m, t, 1, up, gyro);
  return t - from;
}

for (
  const [name, up, fall, skill] of [
    ["front", ON_FRONT, "front", "SKILL_GETUP_FRONT_T0"],
    ["back", ON_BACK, "back", "SKILL_GETUP_BACK_T0"],
  ] as const
) {
  Deno.test(`motion: lying on the ${name} plays ${skill} and then stands`, async () => {
    const m = await motion();
    m.set({ kind: "walk", vx: 0.5, vy: 0, vth: 0 });
    let t = run(m, 0, 20, UPRIGHT);
    assert.equal(m.activity, "walk");
    t = run(m, t, 4, up);
    assert.equal(m.falls.state, "upright", "a few cycles of tilt are not a fall yet");
    t = run(m, t, 2, up);
    assert.equal(m.falls.state, fall);
    assert.equal(m.activity, GETUP_REST, "first the rest");
    assert.equal(m.recovering, GETUP_REST);
    assert.equal(m.walk.vx, 0, "walking stopped");
    const rested = rest(m, t, up);
    t += rested;
    const restTime = (await loadParams(0, [])).get("getup.rest_time");
    assert.ok(rested >= restTime && rested < restTime + 0.1, `rested ${rested} s: rest_time, calm`);
    assert.equal(m.activity, skill);
    // Play the get-up to its end: still lying for a second, then up again.
    t = run(m, t, 20, up);
    assert.equal(m.activity, skill, "the get-up plays on");
    t = run(m, t, 550, UPRIGHT);
    assert.equal(m.falls.state, "upright");
    assert.equal(m.falls.getups, 1);
    assert.ok(m.falls.lastGetupSeconds! > 0.5);
    assert.equal(m.activity, "walk", "the walk request resumes after the get-up");
  });
}

Deno.test("motion: propped up at 50° for a second counts as fallen; 50° for a moment does not", async () => {
  const m = await motion();
  const propped = [Math.sin(50 * Math.PI / 180), 0, Math.cos(50 * Math.PI / 180)];
  m.set({ kind: "walk", vx: 0.3, vy: 0, vth: 0 });
  let t = run(m, 0, 20, propped);
  t = run(m, t, 5, UPRIGHT);
  assert.equal(m.falls.state, "upright");
  t = run(m, t, 45, propped);
  assert.equal(m.falls.state, "upright", "not yet after 0.9 s");
  t = run(m, t, 10, propped);
  assert.equal(m.falls.state, "back");
  assert.equal(m.activity, GETUP_REST);
  rest(m, t, propped);
  assert.equal(m.activity, "SKILL_ROLL_OVER", "not flat on the back: roll over first");
});

Deno.test("motion: a get-up that ends with the torso within 60° of upright settles standing", async () => {
  const m = await motion();
  let t = run(m, 0, 10, UPRIGHT);
  t = run(m, t, 5, ON_FRONT);
  t += rest(m, t, ON_FRONT);
  assert.equal(m.activity, "SKILL_GETUP_FRONT_T0");
  // It ends 43° forward, down by the fall detector's 40°: it stands on, not resting again.
  const rising = [-0.69, 0, 0.73];
  t = run(m, t, 10, ON_FRONT);
  for (let i = 0; i < 200 && m.activity === "SKILL_GETUP_FRONT_T0"; i++) t = run(m, t, 1, rising);
  assert.equal(m.activity, "stand");
  assert.equal(m.falls.state, "front", "not up yet for the fall detector");
  // Still tilted after the settling second: down again.
  run(m, t, 50, rising);
  assert.equal(m.activity, GETUP_REST);
});

Deno.test("motion: the rest holds while the body turns faster than its get-up allows, at most 2 s", async () => {
  const m = await motion();
  let t = run(m, 0, 10, UPRIGHT);
  t = run(m, t, 5, ON_BACK, SPINNING);
  assert.equal(m.activity, GETUP_REST);
  t = run(m, t, 40, ON_BACK, SPINNING);
  assert.equal(m.activity, GETUP_REST, "still turning after 0.9 s");
  t = run(m, t, 3, ON_BACK);
  assert.equal(m.activity, GETUP_REST, "3 calm cycles are not calm enough yet");
  run(m, t, 2, ON_BACK);
  assert.equal(m.activity, "SKILL_GETUP_BACK_T0");
  // With getup.calm_front_deg_s 60, off the front 29°/s is calm enough and 115°/s is not.
  const slow = await motion();
  t = run(slow, 0, 10, UPRIGHT);
  t = run(slow, t, 5, ON_FRONT, SLOW);
  assert.ok(rest(slow, t, ON_FRONT, SLOW) < 0.2, "getup.rest_time only");
  assert.equal(slow.activity, "SKILL_GETUP_FRONT_T0");
  const n = await motion();
  t = run(n, 0, 10, UPRIGHT);
  t = run(n, t, 5, ON_FRONT, FAST);
  assert.ok(
    Math.abs(rest(n, t, ON_FRONT, FAST) - 2) < 0.05,
    "a body that never comes calm: 2 s",
  );
});

Deno.test("motion: lying on the side rolls over first, then gets up, timed from the fall", async () => {
  const m = await motion();
  let t = run(m, 0, 10, UPRIGHT);
  t = run(m, t, 5, [0.1, -1, 0.05]);
  assert.equal(m.falls.state, "side");
  t += rest(m, t, [0.1, -1, 0.05]);
  assert.equal(m.activity, "SKILL_ROLL_OVER");
  const fell = m.falls.since;
  // The roll ends with the robot on its front: the rest and the front get-up follow.
  for (let i = 0; i < 100 && m.activity === "SKILL_ROLL_OVER"; i++) t = run(m, t, 1, ON_FRONT);
  assert.equal(m.falls.state, "front");
  assert.equal(m.activity, GETUP_REST);
  t += rest(m, t, ON_FRONT);
  assert.equal(m.activity, "SKILL_GETUP_FRONT_T0");
  assert.equal(m.falls.since, fell);
  assert.equal(m.falls.getups, 0, "rolling over is not a get-up");
  run(m, t, 600, UPRIGHT);
  assert.equal(m.falls.getups, 1);
  assert.equal(m.falls.state, "upright");
});

Deno.test("motion: a skill interrupted by a fall is not resumed", async () => {
  const m = await motion();
  m.set({ kind: "skill", name: "SKILL_KICK_LEFT_LEG" });
  let t = run(m, 0, 10, UPRIGHT);
  assert.equal(m.activity, "SKILL_KICK_LEFT_LEG");
  t = run(m, t, 10, ON_BACK);
  assert.equal(m.activity, GETUP_REST);
  t += rest(m, t, ON_BACK);
  assert.equal(m.activity, "SKILL_GETUP_BACK_T0");
  run(m, t, 600, UPRIGHT);
  assert.deepEqual(m.current, { kind: "stand" });
  assert.equal(m.activity, "stand");
});

Deno.test("motion: gains are 1 standing and walking, setscale × the skill gain in a skill and just after", async () => {
  const m = await motion();
  let t = run(m, 0, 2, UPRIGHT);
  assert.ok(m.gains.every((g) => g === 1), "standing");
  m.set({ kind: "walk", vx: 0.3, vy: 0, vth: 0 });
  t = run(m, t, 2, UPRIGHT);
  assert.ok(m.gains.every((g) => g === 1), "walking");
  m.set({ kind: "skill", name: "SKILL_KICK_LEFT_LEG" });
  // The kick's forward swing (keyframe 15) scales the left hip pitch by 3 + kick.scale1.
  const params = await loadParams(0, []);
  let seen = false;
  // The walk comes to rest first, and the legs blend into the stand pose.
  for (let i = 0; i < 150 && m.activity !== "SKILL_KICK_LEFT_LEG"; i++) t = run(m, t, 1, UPRIGHT);
  assert.equal(m.activity, "SKILL_KICK_LEFT_LEG");
  for (let i = 0; i < 300 && m.activity === "SKILL_KICK_LEFT_LEG"; i++) {
    t = run(m, t, 1, UPRIGHT);
    const g = m.gains[J.LHipPitch];
    if (g !== 0.5) {
      assert.ok(Math.abs(g - 0.5 * (3 + params.get("kick.scale1"))) < 1e-12, `hip gain ${g}`);
      seen = true;
    }
    assert.equal(m.gains[J.RHipPitch], 0.5);
  }
  assert.ok(seen, "the swing's setscale reached the gains");
  assert.equal(m.activity, "stand");
  assert.ok(m.gains.every((g) => g === 0.5), "settling on the skill gain after the kick");
  run(m, t, 60, UPRIGHT);
  assert.ok(m.gains.every((g) => g === 1), "standing stiffly again a second later");
});

Deno.test("motion: walking ends by stepping to rest, then standing; walking on needs no restart", async () => {
  const m = await motion();
  m.set({ kind: "walk", vx: 0.6, vy: 0, vth: 0.3 });
  let t = run(m, 0, 150, UPRIGHT);
  assert.ok(m.walk.vx > 0.3, `walking at ${m.walk.vx}`);
  m.set({ kind: "stand" });
  let cycles = 0;
  for (; cycles < 200 && m.activity === "walk"; cycles++) t = run(m, t, 1, UPRIGHT);
  assert.equal(m.activity, "stand");
  assert.ok(cycles > 10 && cycles <= 76, `came to rest in ${cycles} cycles (1.5 s at most)`);
  assert.ok(m.walk.stopped);
  // A new walk request while coming to rest keeps the stride.
  m.set({ kind: "walk", vx: 0.5, vy: 0, vth: 0 });
  t = run(m, t, 100, UPRIGHT);
  m.set({ kind: "stand" });
  t = run(m, t, 3, UPRIGHT);
  const v = m.walk.vx;
  m.set({ kind: "walk", vx: 0.5, vy: 0, vth: 0 });
  run(m, t, 1, UPRIGHT);
  assert.equal(m.activity, "walk");
  assert.ok(m.walk.vx >= v - 0.2, "not reset to a standstill");
  // Walking slowly (lining up a kick), it steps to rest too: feet together before it stands.
  m.set({ kind: "walk", vx: 0.05, vy: 0, vth: 0.2 });
  t = run(m, t, 150, UPRIGHT);
  m.set({ kind: "stand" });
  t = run(m, t, 1, UPRIGHT);
  assert.equal(m.activity, "walk", "still stepping");
  for (cycles = 0; cycles < 100 && m.activity === "walk"; cycles++) t = run(m, t, 1, UPRIGHT);
  assert.equal(m.activity, "stand");
  assert.ok(m.walk.stopped, `feet together after ${cycles} cycles`);
});

Deno.test("motion: from walking, the legs blend into the stand pose over half a second", async () => {
  const m = await motion();
  const params = await loadParams(0, []);
  const stand = standPoseFromParams(params);
  m.set({ kind: "walk", vx: 0.05, vy: 0, vth: 0 });
  let t = run(m, 0, 100, UPRIGHT);
  m.set({ kind: "stand" });
  let walking = NaN;
  for (let i = 0; i < 100 && m.activity === "walk"; i++) {
    walking = m.targets[J.LKnee];
    t = run(m, t, 1, UPRIGHT);
  }
  assert.equal(m.activity, "stand");
  assert.ok(Math.abs(m.targets[J.LKnee] - walking) < 0.05, "starts from the walk's knee");
  assert.ok(Math.abs(m.targets[J.LKnee] - stand[J.LKnee]) > 0.1, "the walk crouches deeper");
  t = run(m, t, 12, UPRIGHT);
  const mid = m.targets[J.LKnee];
  assert.ok(Math.min(walking, stand[J.LKnee]) < mid && mid < Math.max(walking, stand[J.LKnee]));
  run(m, t, 14, UPRIGHT);
  assert.deepEqual(Array.from(m.targets), Array.from(stand));
  // A reset (a beam) from walking blends too; one from lying (a get-up cut short) does not.
  m.set({ kind: "walk", vx: 0.3, vy: 0, vth: 0 });
  t = run(m, t + 1, 100, UPRIGHT);
  m.reset();
  m.set({ kind: "stand" });
  t = run(m, t, 1, UPRIGHT);
  assert.ok(Math.abs(m.targets[J.LKnee] - stand[J.LKnee]) > 0.05, "beamed walking: blends");
  t = run(m, t, 30, ON_BACK);
  assert.notEqual(m.activity, "stand");
  m.reset();
  run(m, t, 1, UPRIGHT);
  assert.deepEqual(Array.from(m.targets), Array.from(stand));
});

Deno.test("motion: the walk's feed-forward and leg gain only while walking, blended in with it", async () => {
  const m = await motion({ feedForward: 0.5, jointGain: 0.6 });
  let t = run(m, 0, 30, UPRIGHT);
  assert.ok(m.feedForward.every((v) => v === 0), "standing");
  assert.ok(m.gains.every((g) => g === 1), "standing");
  m.set({ kind: "walk", vx: 0.5, vy: 0, vth: 0 });
  let most = 0;
  for (let i = 0; i < 60; i++) {
    t = run(m, t, 1, UPRIGHT);
    const share = Math.min(1, i / 15);
    for (let j = 0; j < NUM_JOINTS; j++) {
      assert.ok(Math.abs(m.feedForward[j] - m.walk.rates[j] * share) < 1e-9, `cycle ${i}`);
      most = Math.max(most, Math.abs(m.feedForward[j]));
    }
    assert.ok(Math.abs(m.gains[J.LKnee] - (1 - 0.4 * share)) < 1e-9, `knee gain, cycle ${i}`);
    assert.equal(m.gains[J.LShoulderPitch], 1);
  }
  assert.ok(most > 0.5, "walking: the plan's rates");
  m.set({ kind: "skill", name: "SKILL_KICK_LEFT_LEG" });
  for (let i = 0; i < 400 && m.activity !== "SKILL_KICK_LEFT_LEG"; i++) t = run(m, t, 1, UPRIGHT);
  assert.equal(m.activity, "SKILL_KICK_LEFT_LEG");
  t = run(m, t, 5, UPRIGHT);
  assert.ok(m.feedForward.every((v) => v === 0), "in a skill");
});

Deno.test("motion: from standing, the legs blend into the walk over 0.3 s", async () => {
  const m = await motion();
  const params = await loadParams(0, []);
  const stand = standPoseFromParams(params);
  let t = run(m, 0, 60, UPRIGHT);
  assert.deepEqual(Array.from(m.targets), Array.from(stand));
  m.set({ kind: "walk", vx: 0.3, vy: 0, vth: 0 });
  t = run(m, t, 1, UPRIGHT);
  assert.equal(m.activity, "walk");
  assert.deepEqual(
    Array.from(m.targets),
    Array.from(stand),
    "the first walk cycle: the stand pose",
  );
  t = run(m, t, 7, UPRIGHT);
  const knee = m.targets[J.LKnee];
  assert.ok(knee < stand[J.LKnee] - 0.1, `crouching halfway (${knee} rad)`);
  // The walk on its own, started at the same moment: the blend only delays its crouch.
  const own = new WalkEngine(await createCore("ts", 0), walkParams(params));
  own.reset();
  own.setVelocity(0.3, 0, 0);
  const walkTargets = new Float64Array(NUM_JOINTS);
  const step = (cycles: number) => {
    for (let i = 0; i < cycles; i++) {
      walkTargets.set(stand);
      own.update(0.02, UPRIGHT, walkTargets);
    }
  };
  step(8);
  assert.ok(knee > walkTargets[J.LKnee] + 0.1, "not yet the walk's own crouch");
  run(m, t, 8, UPRIGHT);
  step(8);
  for (let j = 0; j < NUM_JOINTS; j++) {
    assert.ok(Math.abs(m.targets[j] - walkTargets[j]) < 1e-9, `joint ${j} after the blend`);
  }
});

for (
  const [kick, key] of [["SKILL_KICK_LEFT_LEG", "kick"], ["SKILL_LONG_KICK_LEFT_LEG", "longkick"]]
) {
  Deno.test(`motion: ${kick} requested while walking plays after the stop and its rest, whatever follows until it is due`, async () => {
    let m = await motion();
    const rest = (await loadParams(0, [])).get(`${key}.pre_seconds`);
    const walk = { kind: "walk", vx: 0.4, vy: 0, vth: 0 } as const;
    const start = () => {
      m.set(walk);
      const t = run(m, 0, 100, UPRIGHT);
      m.set({ kind: "skill", name: kick });
      return run(m, t, 1, UPRIGHT);
    };
    let t = start();
    let played = false;
    let rested = NaN;
    let dueCycles = 0;
    for (let i = 0; i < 150 && !played; i++) {
      // The behaviour changes its mind every other cycle, but asks for the kick when it is due.
      const due = m.skillDue;
      if (due !== null) dueCycles++;
      m.set(due === kick || i % 2 ? { kind: "skill", name: kick } : walk);
      t = run(m, t, 1, UPRIGHT);
      if (m.activity === "walk") rested = t;
      played = m.activity === kick;
    }
    assert.ok(played, "the kick played");
    assert.equal(dueCycles, 1, "due in the one cycle before it starts");
    // It starts from the stand pose, its pre_seconds after the walk came to rest.
    assert.ok(
      t - rested > rest - 0.01 && t - rested < rest + 0.03,
      `${t - rested} s after the walk`,
    );
    // Asked for something else in the cycle it is due, the kick is called off: it walks again.
    m = await motion();
    t = start();
    for (let i = 0; i < 150 && m.skillDue === null; i++) t = run(m, t, 1, UPRIGHT);
    assert.equal(m.skillDue, kick);
    m.set(walk);
    t = run(m, t, 1, UPRIGHT);
    assert.equal(m.activity, "walk");
    t = run(m, t, 100, UPRIGHT);
    assert.equal(m.activity, "walk", "and keeps walking");
  });
}

Deno.test("motion: a dive asked for while walking starts in that cycle, a pending kick or not", async () => {
  const m = await motion();
  m.set({ kind: "walk", vx: 0.4, vy: 0, vth: 0 });
  let t = run(m, 0, 100, UPRIGHT);
  m.set({ kind: "skill", name: "SKILL_DIVE_LEFT" });
  t = run(m, t, 1, UPRIGHT);
  assert.equal(m.playing, "SKILL_DIVE_LEFT");
  // A kick committed to while walking gives way to the dive too.
  const k = await motion();
  k.set({ kind: "walk", vx: 0.4, vy: 0, vth: 0 });
  t = run(k, 0, 100, UPRIGHT);
  k.set({ kind: "skill", name: "SKILL_KICK_LEFT_LEG" });
  t = run(k, t, 5, UPRIGHT);
  assert.equal(k.playing, null);
  k.set({ kind: "skill", name: "SKILL_DIVE_SPLIT" });
  run(k, t, 1, UPRIGHT);
  assert.equal(k.playing, "SKILL_DIVE_SPLIT");
});

Deno.test("motion: an unknown skill is a clear error", async () => {
  const m = await motion();
  m.set({ kind: "skill", name: "SKILL_MOONWALK" });
  assert.throws(() => run(m, 0, 1, UPRIGHT), /no skill named 'SKILL_MOONWALK'/);
});

Deno.test("every robot type's bundled params and skills load, and its motion builds", async () => {
  for (const type of [0, 1, 2, 3, 4] as const) {
    const params = await loadParams(type, []);
    const skills = await loadSkillFiles(bundledSkillFiles(), params);
    for (
      const name of [
        "SKILL_GETUP_FRONT",
        "SKILL_GETUP_BACK",
        "SKILL_KICK_LEFT_LEG",
        "SKILL_KICK_RIGHT_LEG",
      ]
    ) {
      assert.ok(skills.has(skillForType(skills, name, type)), `type ${type}: ${name}`);
    }
    new Motion({
      type,
      core: await createCore("ts", type),
      walk: walkParams(params),
      standPose: standPoseFromParams(params),
      skills,
      skillGain: 1,
      calmRate: getupCalmRate(params),
    });
  }
});

Deno.test("a missing get-up or kick skill fails at start-up with one line, not mid-game", async () => {
  const params = await loadParams(0, []);
  const all = await loadSkillFiles(bundledSkillFiles(), params);
  for (const missing of ["SKILL_GETUP_BACK", "SKILL_ROLL_OVER", "SKILL_LONG_KICK_LEFT_LEG"]) {
    const skills = new Map([...all].filter(([name]) => !name.startsWith(missing)));
    await assert.rejects(
      makeAgent(2, 0, "T", "error", "ts", { skills }),
      (e: Error) => e instanceof ConfigError && e.message.includes(`'${missing}'`),
    );
  }
});

Deno.test("motion: down, the requested recovery plays instead of the default; up, a recovery request does nothing", async () => {
  const m = await motion();
  m.set({ kind: "skill", name: "SKILL_ROLL_OVER" });
  const t = run(m, 0, 10, ON_FRONT);
  rest(m, t, ON_FRONT);
  assert.equal(
    m.activity,
    "SKILL_ROLL_OVER",
    "the get-up behaviour's choice, not the front get-up",
  );
  assert.equal(m.recovering, "SKILL_ROLL_OVER");
  const up = await motion();
  up.set({ kind: "skill", name: "SKILL_GETUP_FRONT" });
  run(up, 0, 100, UPRIGHT);
  assert.equal(up.activity, "stand");
  assert.equal(up.recovering, null);
});
