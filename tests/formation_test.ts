// Tests for the kick-off formation (src/strategy/formation.ts): legal spots, the forwards at their
// kick-off role spots, the test opponents' fixed formation.

import assert from "assert";
import {
  beamSpot,
  KICK_OFF_FORMATION,
  kickOffSpot,
  TEST_FORMATION,
} from "../src/strategy/formation.ts";
import { roleTargets } from "../src/strategy/roles.ts";

Deno.test("formation: every spot but the taker's lies in our half, clear of the centre circle", () => {
  for (const formation of [KICK_OFF_FORMATION, TEST_FORMATION]) {
    assert.equal(formation.length, 11);
    for (let unum = 1; unum <= 11; unum++) {
      const s = kickOffSpot(unum, true, formation);
      assert.ok(s.x < -0.5, `unum ${unum} at x ${s.x}`);
      assert.ok(
        Math.hypot(s.x, s.y) > 2.3,
        `unum ${unum} ${Math.hypot(s.x, s.y)} m from the centre`,
      );
    }
  }
  // The taker waits right behind the ball until it knows the kick-off is theirs.
  assert.deepEqual(kickOffSpot(11), { x: -0.3, y: -0.06, theta: 0 });
  assert.deepEqual(kickOffSpot(11, false, TEST_FORMATION), kickOffSpot(11));
});

Deno.test("formation: the forwards begin at their kick-off role spots", () => {
  const t = roleTargets({ x: 0, y: 0 }, "ourKickOff");
  assert.deepEqual(kickOffSpot(7), { ...t.forwardRight, theta: 0 });
  assert.deepEqual(kickOffSpot(8, true), { ...t.forwardLeft, theta: 0 });
});

Deno.test("formation: the test opponents keep the fixed benchmark formation, ours aside", () => {
  assert.deepEqual(kickOffSpot(7, false, TEST_FORMATION), { x: -5, y: -4.5, theta: 0 });
  assert.deepEqual(beamSpot("game", 8, true, TEST_FORMATION), { x: -5, y: 4.5, theta: 0 });
  for (const unum of [1, 2, 3, 4, 5, 6, 9, 10, 11]) {
    assert.deepEqual(kickOffSpot(unum, true, TEST_FORMATION), kickOffSpot(unum, true));
  }
  // The penalty modes keep their own spots.
  assert.deepEqual(beamSpot("penalty-kicker", 11, false, TEST_FORMATION), kickOffSpot(11));
});
