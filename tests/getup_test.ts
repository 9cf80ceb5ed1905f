// Falls and get-ups above the motion layer: the world's fall detector (down, how it lies, up
// again, get-ups counted) and the get-up behaviour that retries the other way up after a failed
// get-up.

import assert from "assert";
import { FallDetector } from "../src/world/fall_detector.ts";
import { GetUpBehavior } from "../src/behavior/basic.ts";
import type { BehaviorContext } from "../src/behavior/decision.ts";
import type { FallState } from "../src/motion/motion.ts";

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

Deno.test("get-up: the get-up for how it lies; after a failed one, roll over and get up the other way", () => {
  const g = new GetUpBehavior();
  assert.equal(g.decide(context("upright", null)), null);
  const front = { kind: "skill", name: "SKILL_GETUP_FRONT" };
  assert.deepEqual(g.decide(context("front", null)), front);
  assert.deepEqual(g.decide(context("front", "SKILL_GETUP_FRONT")), front);
  // It ended with the body still on its front: failed; roll over first.
  assert.deepEqual(g.decide(context("front", null)), { kind: "skill", name: "SKILL_ROLL_OVER" });
  assert.equal(g.failures, 1);
  g.decide(context("front", "SKILL_ROLL_OVER"));
  // Rolled onto the back: the back get-up, not another roll.
  assert.deepEqual(g.decide(context("back", null)), { kind: "skill", name: "SKILL_GETUP_BACK" });
  g.decide(context("back", "SKILL_GETUP_BACK"));
  // Failed again: the second failure tries the plain get-up once more.
  assert.deepEqual(g.decide(context("back", null)), { kind: "skill", name: "SKILL_GETUP_BACK" });
  assert.equal(g.failures, 2);
  // From the side, always the roll.
  assert.deepEqual(g.decide(context("side", null)), { kind: "skill", name: "SKILL_ROLL_OVER" });
  // Up: nothing to do, and the count starts afresh.
  g.decide(context("side", "SKILL_ROLL_OVER"));
  assert.equal(g.decide(context("upright", null)), null);
  assert.equal(g.failures, 0);
  // A get-up that ends with the body up is no failure.
  g.decide(context("back", "SKILL_GETUP_BACK"));
  assert.equal(g.decide(context("back", null, false)), null);
  assert.equal(g.failures, 0);
});
