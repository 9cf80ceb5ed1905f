// Falls and get-ups above the motion layer: the world's fall detector (down, how it lies, up
// again, get-ups counted, still, flat enough) and the get-up behaviour that retries the other way
// up after a failed get-up.

import assert from "assert";
import { FallDetector } from "../src/world/fall_detector.ts";
import { GetUpBehavior } from "../src/behavior/basic.ts";
import type { BehaviorContext } from "../src/behavior/decision.ts";
import { type FallState, GETUP_REST, getUpFrom, RECOVERY } from "../src/motion/motion.ts";

const UPRIGHT = [0, 0, 1];
const ON_FRONT = [-1, 0, 0.05];
const ON_BACK = [1, 0, 0.05];
const ON_SIDE = [0.1, -1, 0.05];

function feed(d: FallDetector, from: number, cycles: number, up: number[]): number {
  let t = from;
  for (let i = 0; i < cycles; i++) d.update(t += 0.02, up);
  return t;
}

Deno.test("fall detector: down after 5 cycles lying, how it lies follows a roll, up after 0.2 s", () => {
  const d = new FallDetector();
  let t = feed(d, 0, 4, ON_SIDE);
  assert.equal(d.state, "upright");
  t = feed(d, t, 1, ON_SIDE);
  assert.equal(d.state, "side");
  assert.ok(d.down);
  assert.equal(d.lying, "side");
  const fell = d.since;
  t = feed(d, t, 20, ON_FRONT);
  assert.equal(d.state, "front", "rolled onto the front");
  t = feed(d, t, 50, ON_BACK);
  assert.equal(d.state, "back");
  t = feed(d, t, 9, UPRIGHT);
  assert.equal(d.state, "back", "not sure yet after 9 cycles up");
  assert.ok(!d.down, "but not lying either");
  assert.equal(d.lying, "upright", "nothing for the motion layer to recover from");
  feed(d, t, 1, UPRIGHT);
  assert.equal(d.state, "upright");
  assert.equal(d.getups, 1);
  assert.ok(Math.abs(d.lastGetupSeconds! - (80 * 0.02)) < 1e-9, `${d.lastGetupSeconds} s`);
  assert.equal(d.since, fell);
  // Before a beam (disabled), nothing counts toward a fall.
  const b = new FallDetector();
  for (let i = 0; i < 20; i++) b.update(i * 0.02, ON_BACK, false);
  assert.equal(b.state, "upright");
});

function context(fall: FallState, recovering: string | null, fallen = fall !== "upright") {
  return { fallen, fall, recovering } as unknown as BehaviorContext;
}

Deno.test("get-up: the motion layer's choice; after a failed get-up, roll over and get up the other way", () => {
  const g = new GetUpBehavior();
  const stand = { kind: "stand" };
  const roll = { kind: "skill", name: RECOVERY.side };
  assert.equal(g.decide(context("upright", null)), null);
  assert.deepEqual(g.decide(context("front", null)), stand);
  assert.deepEqual(g.decide(context("front", GETUP_REST)), stand);
  assert.deepEqual(g.decide(context("front", RECOVERY.front)), stand);
  // It ended in the rest again with the body still down: failed; roll over first.
  assert.deepEqual(g.decide(context("front", GETUP_REST)), roll);
  assert.equal(g.failures, 1);
  assert.deepEqual(g.decide(context("front", RECOVERY.side)), roll);
  // Rolled onto the back: the motion layer's get-up, not another roll.
  assert.deepEqual(g.decide(context("back", GETUP_REST)), stand);
  g.decide(context("back", RECOVERY.back));
  // Failed again: the second failure tries the plain get-up once more.
  assert.deepEqual(g.decide(context("back", GETUP_REST)), stand);
  assert.equal(g.failures, 2);
  // Torso up for a moment is not up yet; up for good, the count starts afresh.
  assert.equal(g.decide(context("back", RECOVERY.back, false)), null);
  assert.equal(g.failures, 2);
  assert.equal(g.decide(context("upright", null)), null);
  assert.equal(g.failures, 0);
});

Deno.test("fall detector: the turn rate peaks over 4 cycles; flat enough for a get-up or not", () => {
  const d = new FallDetector();
  const spin = { x: 0, y: -0.3, z: 0 };
  const calm = { x: 0.1, y: -0.1, z: 0.05 };
  assert.equal(d.turnRate, Infinity, "no gyro yet");
  d.update(0.02, ON_BACK, true, spin);
  for (let i = 0; i < 3; i++) d.update(0.04 + i * 0.02, ON_BACK, true, calm);
  assert.equal(d.turnRate, 0.3, "the spin 3 calm cycles ago");
  d.update(0.1, ON_BACK, true, calm);
  assert.equal(d.turnRate, 0.1, "the fastest axis of the last 4");
  d.update(0.12, ON_BACK, true, spin);
  assert.equal(d.turnRate, 0.3);
  assert.equal(getUpFrom(ON_BACK), "back");
  assert.equal(getUpFrom(ON_FRONT), "front");
  assert.equal(getUpFrom([0.95, 0.25, 0.05]), null, "rolled 15° onto the side");
  assert.equal(getUpFrom([0.9, 0, -0.45]), "back", "head down 27° on the back");
  assert.equal(getUpFrom([0.77, 0, 0.64]), null, "propped up 40° lengthwise");
  assert.equal(getUpFrom(ON_SIDE), null);
});
