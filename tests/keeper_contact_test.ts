// Walking near their keeper: slowed under the server's charging speed only where the keeper can
// be charged (standing, in its penalty area) and only within reach of it.

import assert from "assert";
import { KEEPER_SPEED, spareKeeper } from "../src/ballplay/keeper_contact.ts";
import type { MotionRequest } from "../src/motion/motion.ts";

const WALK: MotionRequest = { kind: "walk", vx: 0.6, vy: 0.3, vth: 0.4 };
const KEEPER = { x: 14.6, y: 0.1, fallen: false };

Deno.test("keeper contact: within 1 m of their standing keeper in its area the walk slows, its way kept", () => {
  const r = spareKeeper(WALK, { x: 13.9, y: 0 }, KEEPER);
  assert.equal(r.kind, "walk");
  if (r.kind !== "walk") return;
  assert.ok(Math.abs(Math.hypot(r.vx, r.vy) - KEEPER_SPEED) < 1e-12);
  assert.ok(Math.abs(r.vy / r.vx - 0.5) < 1e-12, "same direction");
  assert.equal(r.vth, WALK.vth);
});

Deno.test("keeper contact: far from it, a lying keeper, a keeper out of its area, or a kick: unchanged", () => {
  assert.equal(spareKeeper(WALK, { x: 13.4, y: 0 }, KEEPER), WALK);
  assert.equal(spareKeeper(WALK, { x: 13.9, y: 0 }, { ...KEEPER, fallen: true }), WALK);
  assert.equal(spareKeeper(WALK, { x: 12.5, y: 0 }, { ...KEEPER, x: 13 }), WALK);
  assert.equal(spareKeeper(WALK, { x: 13.9, y: 0 }, null), WALK);
  const slow: MotionRequest = { kind: "walk", vx: 0.1, vy: 0, vth: 0 };
  assert.equal(spareKeeper(slow, { x: 13.9, y: 0 }, KEEPER), slow);
  const kick: MotionRequest = { kind: "skill", name: "SKILL_KICK_LEFT_LEG" };
  assert.equal(spareKeeper(kick, { x: 14.2, y: 0 }, KEEPER), kick);
});
