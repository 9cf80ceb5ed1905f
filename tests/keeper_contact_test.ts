// Walking near their keeper: closing in on it no faster than the walk can stop short of it, under
// the server's charging speed, only where the keeper can be charged (standing, in its penalty
// area); walking away or past it stays free.

import assert from "assert";
import {
  KEEPER_SPEED,
  KEEPER_STOP,
  keeperClosing,
  spareKeeper,
} from "../src/ballplay/keeper_contact.ts";
import type { MotionRequest } from "../src/motion/motion.ts";

const WALK: MotionRequest = { kind: "walk", vx: 0.6, vy: 0.3, vth: 0.4 };
const KEEPER = { x: 14.6, y: 0.1, fallen: false };

/** The walk's speed toward `keeper` from `self` (field frame). */
function closing(r: MotionRequest, self: { x: number; y: number; theta: number }): number {
  if (r.kind !== "walk") return NaN;
  const c = Math.cos(self.theta), s = Math.sin(self.theta);
  const d = Math.hypot(KEEPER.x - self.x, KEEPER.y - self.y);
  return ((c * r.vx - s * r.vy) * (KEEPER.x - self.x) +
    (s * r.vx + c * r.vy) * (KEEPER.y - self.y)) /
    d;
}

Deno.test("keeper contact: near their standing keeper in its area the walk closes in no faster than it can stop, its way kept", () => {
  // 0.4 m out, inside the stopping distance: the charging-safe speed.
  const self = { x: 14.2, y: 0, theta: 0 };
  const r = spareKeeper(WALK, self, KEEPER);
  assert.equal(r.kind, "walk");
  if (r.kind !== "walk") return;
  assert.ok(Math.abs(closing(r, self) - KEEPER_SPEED) < 1e-12);
  assert.ok(Math.abs(r.vy / r.vx - 0.5) < 1e-12, "same direction");
  assert.equal(r.vth, WALK.vth);
  // 0.7 m out: as fast as a stop at KEEPER_STOP allows, and that is more than KEEPER_SPEED.
  const out = { x: 13.9, y: 0, theta: 0 };
  const d = Math.hypot(KEEPER.x - out.x, KEEPER.y - out.y);
  assert.ok(Math.abs(closing(spareKeeper(WALK, out, KEEPER), out) - keeperClosing(d)) < 1e-12);
  assert.ok(keeperClosing(d) > 0.4 && keeperClosing(d) < closing(WALK, out));
  assert.equal(keeperClosing(KEEPER_STOP), KEEPER_SPEED);
  // Facing the keeper from its left, walking sideways (robot frame) toward it.
  const beside = { x: 14.6, y: 0.5, theta: 0 };
  const side: MotionRequest = { kind: "walk", vx: 0, vy: -0.3, vth: 0 };
  assert.ok(Math.abs(closing(spareKeeper(side, beside, KEEPER), beside) - KEEPER_SPEED) < 1e-12);
});

Deno.test("keeper contact: walking away from the keeper or past it stays free", () => {
  // Behind the ball beside the keeper, walking on toward the goal line.
  const past = { x: 14.8, y: 0.7, theta: 0 };
  assert.equal(spareKeeper(WALK, past, KEEPER), WALK);
  // Facing away from it.
  assert.equal(spareKeeper(WALK, { x: 13.9, y: 0, theta: Math.PI }, KEEPER), WALK);
});

Deno.test("keeper contact: far from it, a lying keeper, a keeper out of its area, or a kick: unchanged", () => {
  const at = (x: number) => ({ x, y: 0, theta: 0 });
  assert.equal(spareKeeper(WALK, at(13.4), KEEPER), WALK);
  assert.equal(spareKeeper(WALK, at(13.9), { ...KEEPER, fallen: true }), WALK);
  assert.equal(spareKeeper(WALK, at(12.5), { ...KEEPER, x: 13 }), WALK);
  assert.equal(spareKeeper(WALK, at(13.9), null), WALK);
  const slow: MotionRequest = { kind: "walk", vx: 0.1, vy: 0, vth: 0 };
  assert.equal(spareKeeper(slow, at(13.9), KEEPER), slow);
  const kick: MotionRequest = { kind: "skill", name: "SKILL_KICK_LEFT_LEG" };
  assert.equal(spareKeeper(kick, at(14.2), KEEPER), kick);
});
