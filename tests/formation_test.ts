// Tests for the kick-off formation (src/strategy/formation.ts): legal spots, the forwards at their
// kick-off role spots (inside the centre circle at ours), the test opponents' fixed formation,
// whose kick-off a beam prepares.

import assert from "assert";
import {
  backInOwnHalf,
  beamSpot,
  KICK_OFF_FORMATION,
  kickOffIsTheirs,
  kickOffSpot,
  TEST_FORMATION,
} from "../src/strategy/formation.ts";
import { PlayMode } from "../src/protocol/playmode.ts";
import { roleTargets } from "../src/strategy/roles.ts";

Deno.test("formation: every spot but the taker's lies in our half, clear of the centre circle", () => {
  for (const formation of [KICK_OFF_FORMATION, TEST_FORMATION]) {
    assert.equal(formation.spots.length, 11);
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
  const t = roleTargets({ x: 0, y: 0 }, "theirKickOff");
  assert.deepEqual(kickOffSpot(7, true), { ...t.forwardRight, theta: 0 });
  assert.deepEqual(kickOffSpot(8, true), { ...t.forwardLeft, theta: 0 });
});

Deno.test("formation: at our kick-off the forwards beam inside the centre circle in our half", () => {
  const t = roleTargets({ x: 0, y: 0 }, "ourKickOff");
  for (const [unum, inside, side] of [[7, t.forwardRight, -1], [8, t.forwardLeft, 1]] as const) {
    const beam = kickOffSpot(unum);
    // In their half at the role spot, their bounding box (±0.3 m) wholly inside the circle.
    assert.ok(inside.x > 0.5 && Math.hypot(inside.x, inside.y) + 0.3 < 2, `${unum} ${inside.x}`);
    assert.equal(Math.sign(inside.y), side);
    // The beam: the same line across the field, in our half with the box clear of theirs.
    assert.equal(beam.y, inside.y);
    assert.ok(beam.x <= -0.3 && Math.hypot(beam.x, beam.y) + 0.3 < 2, `${unum} beam ${beam.x}`);
  }
  // Off the kick-off's kick paths (0-35° either side of the line to their goal) by 0.55 m or more.
  for (const p of [t.forwardLeft, t.forwardRight]) {
    for (const deg of [0, 20, 35, -20, -35]) {
      const a = deg * Math.PI / 180;
      const off = Math.abs(-Math.sin(a) * p.x + Math.cos(a) * p.y);
      assert.ok(off >= 0.55, `${deg}°: ${off.toFixed(2)} m`);
    }
  }
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

Deno.test("kickOffIsTheirs: after our goal, and in a second half after our first kick-off", () => {
  assert.equal(kickOffIsTheirs(PlayMode.GoalLeft, "left", 40, "left"), true);
  assert.equal(kickOffIsTheirs(PlayMode.GoalRight, "right", 40, "left"), true);
  assert.equal(kickOffIsTheirs(PlayMode.GoalRight, "left", 40, "left"), false, "their goal");
  assert.equal(kickOffIsTheirs(PlayMode.BeforeKickOff, "left", 0, null), false, "game start");
  assert.equal(kickOffIsTheirs(PlayMode.BeforeKickOff, "left", 120, "left"), true);
  assert.equal(kickOffIsTheirs(PlayMode.BeforeKickOff, "right", 120, "left"), false);
  assert.equal(kickOffIsTheirs(PlayMode.BeforeKickOff, "left", 120, null), false, "unknown");
  // So at half-time after our first kick-off the taker waits at its formation spot.
  const theirs = kickOffIsTheirs(PlayMode.BeforeKickOff, "left", 120, "left");
  assert.deepEqual(kickOffSpot(11, theirs), KICK_OFF_FORMATION.spots[10]);
});

Deno.test("backInOwnHalf: a spot too near the halfway line slides back along its heading", () => {
  const turned = { x: -0.2, y: 0.1, theta: -Math.PI / 4 };
  const back = backInOwnHalf(turned);
  assert.ok(Math.abs(back.x + 0.3) < 1e-12, `x ${back.x}`);
  // Still on the line through the spot along its heading: 0.1 m back in x is 0.1 m up in y.
  assert.ok(Math.abs(back.y - 0.2) < 1e-12, `y ${back.y}`);
  assert.equal(back.theta, turned.theta);
  const clear = { x: -0.5, y: 0.1, theta: 0.3 };
  assert.deepEqual(backInOwnHalf(clear), clear);
});
