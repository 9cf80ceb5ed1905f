// The ball audit's arithmetic on made-up samples: a ball rolling with the fitted friction, seen
// every 0.06 s. An estimate equal to the truth predicts every crossing to the millimetre and has
// no velocity error; one whose velocity points 10° off misses by what that angle gives; a kick in
// between ends the untouched stretch; a stale estimate is not counted.

import assert from "assert";
import { ballErrors, type BallSample, LEADS, summarize } from "../src/tools/ball_audit.ts";
import { frictionRate, reach } from "../src/estimation/ball_motion.ts";

const DECAY = Math.exp(-1.04);
const K = frictionRate(DECAY);

/** A ball from (0, 0) at 3 m/s along +x, tracked with its velocity turned by `turn` (rad). */
function rolling(turn: number, seenAgo = 0): BallSample[] {
  const out: BallSample[] = [];
  for (let t = 0; t <= 2; t += 0.06) {
    const x = 3 * reach(K, t), v = 3 * Math.exp(-K * t);
    out.push({
      t,
      truth: { x, y: 0 },
      est: { x, y: 0, vx: v * Math.cos(turn), vy: v * Math.sin(turn) },
      distance: 2,
      seenAgo,
    });
  }
  return out;
}

Deno.test("ball audit: the truth as estimate predicts every crossing", () => {
  const r = summarize([ballErrors(rolling(0), DECAY)]);
  assert.ok(r.velocityError.n > 20 && r.velocityError.p90! < 0.2, JSON.stringify(r));
  for (const lead of LEADS) {
    const c = r.crossing[`${lead}s`];
    assert.ok(c.all.n > 0 && c.all.p90! < 0.005, `${lead}: ${JSON.stringify(c)}`);
    assert.equal(c.near.n, c.all.n, "the ball within 5 m");
  }
});

Deno.test("ball audit: a velocity 10° off misses by the angle's share of the way", () => {
  const r = summarize([ballErrors(rolling(10 * Math.PI / 180), DECAY)]);
  // Half a second ahead the ball is 0.8-1.3 m away: 10° puts the crossing 0.14-0.23 m aside.
  const c = r.crossing["0.5s"].all;
  assert.ok(c.p50! > 0.1 && c.p50! < 0.3, JSON.stringify(c));
  assert.ok(r.velocityError.p50! > 0.1, JSON.stringify(r.velocityError));
});

Deno.test("ball audit: a kick ends the stretch, and stale estimates are left out", () => {
  const s = rolling(0);
  // At 1 s the ball is kicked back: no line after it is predicted from before it.
  const kicked = s.map((x) =>
    x.t < 1 ? x : { ...x, truth: { x: s[16].truth.x - 2 * (x.t - 1), y: 0 } }
  );
  const before = ballErrors(s, DECAY).crossing.get(1)!.all.length;
  const after = ballErrors(kicked, DECAY).crossing.get(1)!.all.length;
  assert.ok(after < before, `${after} vs ${before}`);
  const stale = summarize([ballErrors(rolling(0, 0.5), DECAY)]);
  assert.equal(stale.velocityError.n, 0);
  assert.equal(stale.crossing["0.5s"].all.n, 0);
});
