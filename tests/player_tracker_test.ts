// Seen players lying on the ground: judged by the head against the feet, which our own tilt error
// shifts alike, by the head alone only near, and otherwise left as last judged.

import assert from "assert";
import {
  FALLEN_HEAD_HEIGHT,
  HEAD_ONLY_RANGE,
  PlayerTracker,
  seenFallen,
} from "../src/estimation/player_tracker.ts";
import { createCore } from "../src/core/create_core.ts";

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
