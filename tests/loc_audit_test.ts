// The localization audit on a scripted robot: walking with a small error, then two falls; after
// the first get-up the estimate is good within 0.5 s, after the second it stays 0.5 m off for
// 2 s. The audit must find both episodes with what the robot was doing, count the get-ups and
// the recovery, and keep the upright error apart from the error while down.

import assert from "assert";
import { LocalizationAudit } from "../src/tools/loc_audit.ts";

Deno.test("localization audit: upright error, get-up recovery, episodes with what the robot did", () => {
  const audit = new LocalizationAudit();
  for (let t = 0; t <= 20; t += 0.06) {
    const fallen = (t >= 5 && t < 7) || (t >= 12 && t < 14);
    // The first get-up's error lasts 0.5 s past it; the second's 2 s.
    const err = fallen ? 1 : (t >= 7 && t < 7.5) ? 0.6 : (t >= 14 && t < 16) ? 0.5 : 0.05;
    // Walking along x at 0.3 m/s while up.
    const x = 0.3 * t;
    audit.add({
      now: t,
      gameTime: t,
      beamMode: false,
      truth: { x, y: 0, z: fallen ? 0.1 : 0.5, yaw: 0 },
      ballTruth: { x: 5, y: 5 },
      camera: { x: x + err, y: 0 },
      ball: { x: 5 + err, y: 5 },
      teamBall: null,
    });
  }
  const s = audit.summary();
  assert.equal(s.getUps, 2);
  assert.equal(s.recovered, 1);
  assert.equal(s.fellAgain, 0);
  assert.ok(Math.abs(s.maxSelf! - 1) < 1e-9);
  // Upright: 0.05 m mostly; 0.6 m for 0.5 s and 0.5 m for 2 s of 18 s up, so p95 is 0.5 m.
  assert.ok(Math.abs(s.uprightSelf!.p50 - 0.05) < 1e-9, `${s.uprightSelf!.p50}`);
  assert.ok(Math.abs(s.uprightSelf!.p95 - 0.5) < 1e-9, `${s.uprightSelf!.p95}`);
  assert.equal(s.episodes.length, 2);
  const [a, b] = s.episodes;
  assert.equal(a.doing, "fallen");
  assert.ok(Math.abs(a.start - 5) < 0.07 && Math.abs(a.length - 2.5) < 0.13, JSON.stringify(a));
  assert.ok(Math.abs(a.peak - 1) < 1e-9);
  assert.ok(Math.abs(b.start - 12) < 0.07 && Math.abs(b.length - 4) < 0.13, JSON.stringify(b));
});

Deno.test("localization audit: what the robot was doing, from ground truth", () => {
  const doing = (move: (t: number) => { x: number; yaw: number; ball?: number }) => {
    const audit = new LocalizationAudit();
    for (let t = 0; t <= 2; t += 0.06) {
      const m = move(t);
      audit.add({
        now: t,
        gameTime: t,
        beamMode: false,
        truth: { x: m.x, y: 0, z: 0.5, yaw: m.yaw },
        ballTruth: { x: m.ball ?? 0.2, y: 0 },
        camera: { x: m.x + (t > 1.5 ? 1 : 0), y: 0 },
        ball: null,
        teamBall: null,
      });
    }
    return audit.summary().episodes[0].doing;
  };
  assert.equal(doing((t) => ({ x: 0.3 * t, yaw: 0, ball: 5 })), "walking");
  assert.equal(doing((t) => ({ x: 0, yaw: t, ball: 5 })), "turning");
  assert.equal(doing(() => ({ x: 0, yaw: 0, ball: 5 })), "standing");
  assert.equal(
    doing((t) => ({ x: 0, yaw: 0, ball: t < 1.2 ? 0.2 : 0.2 + 4 * (t - 1.2) })),
    "kicking",
  );
});

/** A standing robot at truth x(t), its estimate at est(t) (+2 cm), every 0.06 s up to `end`. */
function moved(x: (t: number) => number, est: (t: number) => number, end: number) {
  const audit = new LocalizationAudit();
  for (let t = 0; t <= end; t += 0.06) {
    audit.add({
      now: t,
      gameTime: t,
      beamMode: false,
      truth: { x: x(t), y: 0, z: 0.5, yaw: 0 },
      ballTruth: null,
      camera: { x: est(t) + 0.02, y: 0 },
      ball: null,
      teamBall: null,
    });
  }
  return audit.summary();
}

Deno.test("localization audit: the server's moves of the robot, and whether the estimate followed", () => {
  // Moved 10 m at 3 s, followed one frame later; moved back at 6 s, followed only after 1 s.
  const s = moved(
    (t) => t < 3 ? 0 : t < 6 ? 10 : 0,
    (t) => t < 3.05 ? 0 : t < 7 ? 10 : 0,
    10,
  );
  assert.equal(s.moves, 2);
  assert.equal(s.movesFollowed, 1);
  assert.ok(Math.abs(s.maxSelf! - 10) < 0.03, `${s.maxSelf}`);
  // Past the first move's grace the estimate is good; the second stays 10 m off past its grace.
  assert.ok(Math.abs(s.maxSelfSettled! - 10) < 0.03, `${s.maxSelfSettled}`);
  const first = moved((t) => t < 3 ? 0 : 10, (t) => t < 3.05 ? 0 : 10, 5);
  assert.ok(Math.abs(first.maxSelfSettled! - 0.02) < 1e-9);
});

Deno.test("localization audit: a get-up that ends in another fall within the second is counted apart", () => {
  const audit = new LocalizationAudit();
  for (let t = 0; t <= 10; t += 0.06) {
    // Down at 2 s, up at 3 s and down again at 3.6 s (0.3 s after the get-up counts), up at 5 s
    // for good; the estimate is 0.5 m off until 5.5 s, then good.
    const down = (t >= 2 && t < 3) || (t >= 3.6 && t < 5);
    const err = t < 2 || t >= 5.5 ? 0.05 : 0.5;
    audit.add({
      now: t,
      gameTime: t,
      beamMode: false,
      truth: { x: 0, y: 0, z: down ? 0.1 : 0.5, yaw: 0 },
      ballTruth: null,
      camera: { x: err, y: 0 },
      ball: null,
      teamBall: null,
    });
  }
  const s = audit.summary();
  assert.equal(s.fellAgain, 1);
  assert.equal(s.getUps, 1);
  assert.equal(s.recovered, 1);
  assert.deepEqual(s.missedGetUps, []);
});
