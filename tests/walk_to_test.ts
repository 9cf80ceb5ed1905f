// Walking to a pose: the command points at the target in the robot frame, slows down on
// arrival, faces the target from afar and turns to the final heading up close.

import assert from "assert";
import { DEFAULT_WALK_TO, walkTo } from "../src/motion/walk_to.ts";

const LIMITS = { maxForward: 0.8, maxBackward: 0.4, maxSideways: 0.15, maxTurn: 1 };

Deno.test("walkTo: straight ahead walks forward at full speed, without turning", () => {
  const c = walkTo({ x: 0, y: 0, theta: 0 }, { x: 5, y: 0, theta: 0 }, LIMITS);
  assert.equal(c.vx, 0.8);
  assert.equal(c.vy, 0);
  assert.equal(c.vth, 0);
  assert.equal(c.done, false);
});

Deno.test("walkTo: decelerates as √(2·a·d) to the edge of the tolerance", () => {
  const c = walkTo({ x: 0, y: 0, theta: 0 }, { x: 0.3, y: 0, theta: 0 }, LIMITS);
  const d = 0.3 - DEFAULT_WALK_TO.positionTolerance;
  assert.ok(Math.abs(c.vx - Math.sqrt(2 * DEFAULT_WALK_TO.decel * d)) < 1e-12);
});

Deno.test("walkTo: a target behind from afar turns toward it before walking", () => {
  const c = walkTo({ x: 0, y: 0, theta: 0 }, { x: -4, y: 0.1, theta: 0 }, LIMITS);
  assert.ok(Math.abs(c.vth) === 1, "turns at the limit");
  assert.ok(c.vx <= 0 + 1e-12 && Math.abs(c.vx) < 1e-9, "does not walk while facing away");
});

Deno.test("walkTo: close by steps sideways in the robot frame and turns to the heading", () => {
  // Facing +y, the target 0.5 m along +x is to our right.
  const c = walkTo({ x: 0, y: 0, theta: Math.PI / 2 }, { x: 0.5, y: 0, theta: 2 }, LIMITS);
  assert.equal(c.vy, -0.15);
  assert.ok(Math.abs(c.vx) < 1e-9);
  assert.ok(c.vth > 0, "turns left toward 2 rad");
});

Deno.test("walkTo: close by with the heading more than 60° off, turns on the spot first", () => {
  const c = walkTo({ x: 0, y: 0, theta: 0 }, { x: 0.3, y: 0.2, theta: Math.PI }, LIMITS);
  assert.equal(c.vx, 0);
  assert.equal(c.vy, 0);
  assert.equal(Math.abs(c.vth), 1);
});

Deno.test("walkTo: close by, steps shrink as the heading error grows from 30° to 60°", () => {
  const at = (deg: number) =>
    walkTo({ x: 0, y: 0, theta: 0 }, { x: 0.5, y: 0, theta: deg * Math.PI / 180 }, LIMITS).vx;
  assert.ok(Math.abs(at(65)) < 1e-12, "none beyond 60°");
  assert.ok(at(45) > 0 && at(45) < at(20), "fewer at 45° than at 20°");
});

Deno.test("walkTo: once arrived, stays put until twice the tolerances off", () => {
  const self = { x: 0, y: 0, theta: 0 };
  const target = { x: 0.12, y: 0, theta: 0.2 };
  assert.equal(walkTo(self, target, LIMITS).done, false);
  assert.equal(walkTo(self, target, LIMITS, DEFAULT_WALK_TO, true).done, true);
  assert.equal(walkTo(self, { ...target, x: 0.2 }, LIMITS, DEFAULT_WALK_TO, true).done, false);
});

Deno.test("walkTo: done within the tolerances", () => {
  const c = walkTo({ x: 1, y: 1, theta: 0.05 }, { x: 1.03, y: 1.02, theta: 0 }, LIMITS);
  assert.deepEqual(c, { vx: 0, vy: 0, vth: 0, done: true });
});

Deno.test("walkTo: facing changes smoothly around faceDistance, and never stalls", () => {
  const o = { ...DEFAULT_WALK_TO, faceDistance: 0.4 };
  // The target lies behind-left; its final heading points the other way.
  const at = (d: number) =>
    walkTo(
      { x: 0, y: 0, theta: 0 },
      {
        x: d * Math.cos(2.6),
        y: d * Math.sin(2.6),
        theta: -2.6,
      },
      LIMITS,
      o,
    );
  const below = at(0.399), above = at(0.401);
  assert.ok(Math.abs(below.vth - above.vth) < 0.05, `${below.vth} vs ${above.vth}`);
  for (let d = 0.3; d < 0.7; d += 0.01) {
    const c = at(d);
    assert.ok(Math.abs(c.vth) > 0.1 || Math.hypot(c.vx, c.vy) > 0.01, `stalled at ${d}`);
  }
});

Deno.test("walkTo: a near target behind is stepped to facing the final heading, not turned to", () => {
  // From a game: 0.55 m to a spot behind-right of the robot, whose final heading is 83° to the
  // left. Facing the spot first meant turning 110° right and then 190° back: 6 s beside the ball.
  const deg = Math.PI / 180;
  const limits = { maxForward: 0.85, maxBackward: 0.25, maxSideways: 0.15, maxTurn: 60 * deg };
  const o = { ...DEFAULT_WALK_TO, faceDistance: 0.4 };
  const c = walkTo(
    { x: 12.2, y: -2.58, theta: -33 * deg },
    { x: 11.76, y: -2.92, theta: 50 * deg },
    limits,
    o,
  );
  assert.ok(c.vth > 0, `turns left, to the final heading (vth ${c.vth})`);
  // The same spot 3 m away is faced and walked to.
  const far = walkTo(
    { x: 14.5, y: -1.2, theta: -33 * deg },
    { x: 11.76, y: -2.92, theta: 50 * deg },
    limits,
    o,
  );
  assert.ok(far.vth < 0, `turns right, to face the spot (vth ${far.vth})`);
});
