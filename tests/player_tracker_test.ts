// Seen players lying on the ground: judged by the head against the feet, which our own tilt error
// shifts alike, by the head alone only near, and otherwise left as last judged. Tracks the
// referee moves (kick-offs, drop balls) are put where the move lands.

import assert from "assert";
import {
  FALLEN_HEAD_HEIGHT,
  HEAD_ONLY_RANGE,
  PlayerTracker,
  seenFallen,
} from "../src/estimation/player_tracker.ts";
import { createCore } from "../src/core/create_core.ts";
import { type RelocationQuery } from "../src/estimation/relocation.ts";
import { PlayMode, situation } from "../src/protocol/playmode.ts";
import type { Point2 } from "../src/util/pose.ts";

/** Heights (m, our levelled frame) of a part at `d` m seen through a pitch error of `err` rad. */
const seen = (z: number, d: number, err: number) => z - d * Math.tan(err);

Deno.test("seen fallen: head against feet, whatever our tilt error", () => {
  const ground = 0.37; // our torso above the ground
  for (const d of [1, 5, 15]) {
    for (const err of [-0.03, 0, 0.03]) {
      const standing = seenFallen(
        seen(0.5 - ground, d, err),
        seen(0.02 - ground, d, err),
        ground,
        d,
      );
      const lying = seenFallen(seen(0.1 - ground, d, err), seen(0.05 - ground, d, err), ground, d);
      assert.equal(standing, false, `standing at ${d} m, error ${err}`);
      assert.equal(lying, true, `lying at ${d} m, error ${err}`);
    }
  }
  // 1.7° of error at 15 m put a standing head 0.45 m lower: the head alone read it as fallen.
  assert.ok(seen(0.5, 15, 0.03) < FALLEN_HEAD_HEIGHT);
});

Deno.test("seen fallen: the head alone only within HEAD_ONLY_RANGE, no head no judgement", () => {
  const ground = 0.37;
  assert.equal(seenFallen(0.5 - ground, null, ground, 2), false);
  assert.equal(seenFallen(0.1 - ground, null, ground, 2), true);
  assert.equal(seenFallen(0.1 - ground, null, ground, HEAD_ONLY_RANGE + 0.1), null);
  assert.equal(seenFallen(null, 0.02 - ground, ground, 2), null);
});

Deno.test("player tracker: a sighting that cannot tell keeps the last judgement", async () => {
  const t = new PlayerTracker(await createCore("ts", 0));
  t.observe(true, 4, 1, 2, true, 0.1, 0);
  t.observe(true, 4, 1.1, 2, null, 0.1, 0.06);
  const p = t.all()[3]!;
  assert.equal(p.fallen, true);
  assert.equal(p.seen, 0.06);
  t.observe(true, 4, 1.2, 2, false, 0.1, 0.12);
  assert.equal(t.all()[3]!.fallen, false);
});

/** The left team's relocation query `modeTime` s into `mode`, with the ball at `ball`. */
function leftQuery(
  mode: PlayMode,
  ball: Point2 | null = null,
  o: { dropBall?: boolean; modeTime?: number } = {},
): RelocationQuery {
  return {
    situation: situation(mode, "left"),
    mode,
    modeTime: o.modeTime ?? 0,
    self: { x: -5, y: 0 },
    ball,
    ballAge: 0,
    dropBall: o.dropBall ?? false,
  };
}

Deno.test("player tracker: tracks the referee moves are put where the move lands", async () => {
  const t = new PlayerTracker(await createCore("ts", 0));
  // Before our kick-off: their taker at the ball, a teammate beside the circle, an opponent
  // outside it, and an opponent last seen long ago.
  t.observe(false, 11, 0.3, 0.1, false, 0.1, 10);
  t.observe(true, 7, -0.75, -2.49, false, 0.1, 10);
  t.observe(false, 8, 0.75, 2.49, false, 0.1, 10);
  t.observe(false, 9, 0.5, -0.5, false, 0.1, 5);
  t.relocate(leftQuery(PlayMode.KickOffLeft), 10.02);
  const at = (teammate: boolean, unum: number) => {
    const p = t.all()[(teammate ? 0 : 11) + unum - 1]!;
    return { x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100, seen: p.seen };
  };
  // Out of the circle to 2.5 m ahead of the centre spot, and known as of now.
  assert.deepEqual(at(false, 11), { x: 2.5, y: 0.1, seen: 10.02 });
  assert.deepEqual(at(true, 7), { x: -0.75, y: -2.49, seen: 10 });
  assert.deepEqual(at(false, 8), { x: 0.75, y: 2.49, seen: 10 });
  assert.deepEqual(at(false, 9), { x: 0.5, y: -0.5, seen: 5 }, "too old to move");
  // Their kick-off: their taker in the circle stays, our robot in it goes back.
  t.observe(false, 11, 0.3, 0.1, false, 0.1, 20);
  t.observe(true, 7, 0.5, -1, false, 0.1, 20);
  t.relocate(leftQuery(PlayMode.KickOffRight), 20.02);
  assert.deepEqual(at(false, 11), { x: 0.3, y: 0.1, seen: 20 });
  assert.deepEqual(at(true, 7), { x: -2.5, y: -1, seen: 20.02 });
  // A drop ball clears both teams from 2 m around the ball, each toward its own goal.
  t.observe(false, 11, 0.3, 0.1, false, 0.1, 30);
  t.observe(true, 7, -0.5, -1, false, 0.1, 30);
  t.relocate(leftQuery(PlayMode.PlayOn, { x: 0, y: 0 }, { dropBall: true }), 30.02);
  assert.deepEqual(at(false, 11), { x: 2.5, y: 0.1, seen: 30.02 });
  assert.deepEqual(at(true, 7), { x: -2.5, y: -1, seen: 30.02 });
  // The track itself moved: the next sighting updates it from there.
  t.observe(false, 11, 2.52, 0.12, false, 0.1, 30.06);
  assert.ok(Math.abs(t.all()[21]!.x - 2.5) < 0.05, `${t.all()[21]!.x}`);
});
