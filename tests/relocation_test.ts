// The referee's relocation rules of rcssserver3d 0.7.x as the estimator predicts them: where a
// robot in a cleared area is put (our frame: we defend x < 0), and that robots outside stay.

import assert from "assert";
import { type RelocationQuery, relocationTarget } from "../src/estimation/relocation.ts";
import { PlayMode, situation } from "../src/protocol/playmode.ts";
import type { Point2 } from "../src/util/pose.ts";

/** The left team's query for a robot at (x, y), `modeTime` s into `mode`. */
function query(
  mode: PlayMode,
  x: number,
  y: number,
  o: { ball?: Point2 | null; ballAge?: number; dropBall?: boolean; modeTime?: number } = {},
): RelocationQuery {
  return {
    situation: situation(mode, "left"),
    mode,
    modeTime: o.modeTime ?? 2,
    self: { x, y },
    ball: o.ball ?? null,
    ballAge: o.ballAge ?? 0,
    dropBall: o.dropBall ?? false,
  };
}

/** Where the robot (`theirs`: an opponent) at (x, y) is put, or null when it stays. */
function target(
  mode: PlayMode,
  x: number,
  y: number,
  ball: Point2 | null = null,
  dropBall = false,
  theirs = false,
): Point2 | null {
  const out = { x: NaN, y: NaN };
  const q = query(mode, x, y, { ball, dropBall });
  return relocationTarget(q, out, q.self, theirs) !== "none" ? out : null;
}

/** How sure the move is for a robot at (x, y), `modeTime` s into the mode. */
function sureness(
  mode: PlayMode,
  x: number,
  y: number,
  modeTime: number,
  ball: Point2 | null = null,
) {
  return relocationTarget(query(mode, x, y, { ball, modeTime }), { x: 0, y: 0 });
}

Deno.test("relocation: kick-offs clear the other half, theirs also the centre circle", () => {
  // Their kick-off: out of their half and out of the circle, to 2.5 m behind the centre line.
  assert.deepEqual(target(PlayMode.KickOffRight, 3, 4), { x: -2.5, y: 4 });
  assert.deepEqual(target(PlayMode.KickOffRight, -0.3, 0.1), { x: -2.5, y: 0.1 });
  assert.equal(target(PlayMode.KickOffRight, -5, 1), null);
  // Our kick-off: the taker in the circle stays; a player deep in their half is moved.
  assert.equal(target(PlayMode.KickOffLeft, -0.3, 0), null);
  assert.deepEqual(target(PlayMode.KickOffLeft, 4, -2), { x: -2.5, y: -2 });
  // The right team's view of the same rules: KickOff_Left is theirs.
  const q: RelocationQuery = {
    situation: situation(PlayMode.KickOffLeft, "right"),
    mode: PlayMode.KickOffLeft,
    modeTime: 0,
    self: { x: 0.5, y: 0 },
    ball: null,
    ballAge: Infinity,
    dropBall: false,
  };
  const out = { x: 0, y: 0 };
  assert.equal(relocationTarget(q, out), "certain");
  assert.deepEqual(out, { x: -2.5, y: 0 });
});

Deno.test("relocation: their goal kick clears their penalty area to 2.5 m in front of it", () => {
  assert.deepEqual(target(PlayMode.GoalKickRight, 14.2, 1.9), { x: 10.7, y: 1.9 });
  assert.equal(target(PlayMode.GoalKickRight, 14.2, 4.5), null);
  assert.equal(target(PlayMode.GoalKickRight, 11, 0), null);
  // Our own goal kick moves none of us.
  assert.equal(target(PlayMode.GoalKickLeft, -14.2, 0), null);
});

Deno.test("relocation: their free kicks and a drop ball clear 2 m around the ball", () => {
  const ball = { x: 3, y: 5 };
  assert.deepEqual(target(PlayMode.KickInRight, 4, 5.5, ball), { x: 0.5, y: 5.5 });
  assert.equal(target(PlayMode.KickInRight, 6, 5.5, ball), null);
  assert.equal(target(PlayMode.KickInLeft, 4, 5.5, ball), null);
  // Near our goal line the move goes sideways, toward the middle.
  const corner = { x: -14.5, y: -9.8 };
  assert.equal(target(PlayMode.CornerKickRight, -14, -9), null, "no ball known, no move known");
  const side = target(PlayMode.CornerKickRight, -14, -9, corner)!;
  assert.ok(side.x === -14 && Math.abs(side.y + 7.3) < 1e-9, JSON.stringify(side));
  // A drop ball clears our players too, whoever had the set play.
  assert.deepEqual(target(PlayMode.PlayOn, -0.3, 0, { x: 0, y: 0 }, true), { x: -2.5, y: 0 });
  assert.equal(target(PlayMode.PlayOn, -0.3, 0, { x: 0, y: 0 }, false), null);
});

Deno.test("relocation: certain well inside once the rule applies, possible near the edge or before", () => {
  // Before a kick-off, out of their half at once.
  assert.deepEqual(target(PlayMode.BeforeKickOff, 12.6, -1.6), { x: -2.5, y: -1.6 });
  assert.equal(sureness(PlayMode.BeforeKickOff, 12.6, -1.6, 0), "certain");
  assert.equal(sureness(PlayMode.KickOffRight, 0.1, 3, 0), "possible");
  // Their goal kick clears the area after the 1 s pause.
  assert.equal(sureness(PlayMode.GoalKickRight, 14.2, 1.9, 0.5), "possible");
  assert.equal(sureness(PlayMode.GoalKickRight, 14.2, 1.9, 1.1), "certain");
  assert.equal(sureness(PlayMode.GoalKickRight, 14.2, 2.9, 1.1), "possible");
  const ball = { x: 3, y: 5 };
  assert.equal(sureness(PlayMode.KickInRight, 3.5, 5, 1.2, ball), "certain");
  assert.equal(sureness(PlayMode.KickInRight, 4.9, 5, 1.2, ball), "possible");
  assert.equal(sureness(PlayMode.KickInRight, 6, 5, 1.2, ball), "none");
  // A ball we have not seen lately may lie elsewhere: then only possible.
  const q = query(PlayMode.KickInRight, 3.5, 5, { ball, ballAge: 1.3, modeTime: 1.2 });
  assert.equal(relocationTarget(q, { x: 0, y: 0 }), "possible");
  // After a goal, like before a kick-off.
  assert.equal(sureness(PlayMode.GoalLeft, 12.9, -0.2, 0), "certain");
});

/** Where an opponent at (x, y) is put (our frame), or null when it stays. */
function theirTarget(
  mode: PlayMode,
  x: number,
  y: number,
  ball: Point2 | null = null,
  drop = false,
) {
  return target(mode, x, y, ball, drop, true);
}

Deno.test("relocation: the opponents by the same rules from their side", () => {
  // Our kick-off: out of our half and out of the circle, to 2.5 m beyond the centre line.
  assert.deepEqual(theirTarget(PlayMode.KickOffLeft, 0.3, 0.1), { x: 2.5, y: 0.1 });
  assert.deepEqual(theirTarget(PlayMode.KickOffLeft, -3, 4), { x: 2.5, y: 4 });
  assert.equal(theirTarget(PlayMode.KickOffLeft, 3, 4), null);
  // Their kick-off: their taker in the circle stays.
  assert.equal(theirTarget(PlayMode.KickOffRight, 0.3, 0.1), null);
  // Our goal kick clears our penalty area; their own goal kick moves none of them.
  assert.deepEqual(theirTarget(PlayMode.GoalKickLeft, -14.2, 1.9), { x: -10.7, y: 1.9 });
  assert.equal(theirTarget(PlayMode.GoalKickRight, 14.2, 1.9), null);
  // Our kick-in: 2 m around the ball, to 2.5 m beyond it toward their goal.
  const ball = { x: 3, y: 5 };
  assert.deepEqual(theirTarget(PlayMode.KickInLeft, 2.5, 5.5, ball), { x: 5.5, y: 5.5 });
  assert.equal(theirTarget(PlayMode.KickInRight, 2.5, 5.5, ball), null);
  // A drop ball at the centre spot: 2.5 m toward their goal.
  assert.deepEqual(theirTarget(PlayMode.PlayOn, 0.3, 0, { x: 0, y: 0 }, true), { x: 2.5, y: 0 });
});

Deno.test("relocation: opponents as they will stand once our kick-off begins", async () => {
  const { atOurKickOff } = await import("../src/estimation/relocation.ts");
  // Their taker waiting at the ball, one well inside the circle and one in our half: out to
  // 2.5 m inside their half, each keeping its y.
  assert.deepEqual(atOurKickOff({ x: 0.3, y: 0.1 }), { x: 2.5, y: 0.1 });
  assert.deepEqual(atOurKickOff({ x: 0.3, y: 1.5 }), { x: 2.5, y: 1.5 });
  assert.deepEqual(atOurKickOff({ x: -5, y: 3 }), { x: 2.5, y: 3 });
  // Just outside the circle (UT rings it at 2.2-2.5 m) or farther in their half: where it is.
  for (const p of [{ x: 1.5, y: 1.6 }, { x: 5, y: 4.5 }, { x: 2.5, y: 0 }]) {
    assert.equal(atOurKickOff(p), p);
  }
});
