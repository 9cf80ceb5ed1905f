// Goalie positioning against worked examples: on the angle bisector, Δx out or by the near post
// for a wide ball, facing the ball, and when it leaves its spot.

import { penaltyGoalieSpot } from "../src/behavior/penalty.ts";
import { chooseDive, diveNow, type DiveParams } from "../src/ballplay/goalie_dive.ts";
import assert from "assert";
import { GOALIE_DX, goalieShouldClear, goalieTarget } from "../src/strategy/goalie.ts";

function near(a: number, b: number, what: string, eps = 1e-3): void {
  assert.ok(Math.abs(a - b) < eps, `${what}: ${a} vs ${b}`);
}

Deno.test("goalie: ball on the midline puts the goalie Δx in front of the goal centre", () => {
  const g = goalieTarget(-5, 0);
  near(g.x, -15 + GOALIE_DX, "x");
  near(g.y, 0, "y");
  near(g.theta, 0, "faces the ball");
});

/** The angles from the ball to the two posts, either side of the goalie's direction. */
function postAngles(g: { x: number; y: number }, bx: number, by: number): [number, number] {
  const ag = Math.atan2(g.y - by, g.x - bx);
  const a1 = Math.atan2(1.05 - by, -15 - bx), a2 = Math.atan2(-1.05 - by, -15 - bx);
  return [Math.abs(ag - a1), Math.abs(a2 - ag)];
}

Deno.test("goalie: ball at (−10, 3) — worked example", () => {
  // L1 = |(5, 1.95)| = 5.3668, L2 = |(5, 4.05)| = 6.4347; the bisector meets the goal line at
  // y = 1.05 − 2.1·L1/(L1+L2) = 0.0950 and runs toward the ball along (5, 2.905)/5.7826: Δx in
  // front of the line it is at r = 0.5·5.7826/5 = 0.5783, y = 0.0950 + 0.5783·2.905/5.7826.
  const g = goalieTarget(-10, 3);
  near(g.x, -15 + GOALIE_DX, "x", 1e-4);
  near(g.y, 0.09503 + 0.5783 * 2.905 / 5.7826, "y", 1e-3);
  near(g.theta, Math.atan2(3 - g.y, -10 - g.x), "heading", 1e-4);
  const [a, b] = postAngles(g, -10, 3);
  near(a, b, "splits the angle", 1e-9);
});

Deno.test("goalie: a ball wide of the goal puts the goalie by the near post, on the bisector", () => {
  // A game's goal: shot from (−12.96, −4.4) between a goalie at (−14.5, −0.14) and the near post.
  const g = goalieTarget(-12.9, -4.5);
  const [a, b] = postAngles(g, -12.9, -4.5);
  near(a, b, "splits the angle", 1e-9);
  assert.ok(g.y < -0.9 && g.y > -1.2, `y ${g.y}`);
  assert.ok(Math.hypot(g.x + 15, g.y + 0.2) <= 1.0 + 1e-9, "at most 1 m out along the bisector");
});

Deno.test("goalie: mirror symmetry, and the Δx floor near the corner", () => {
  const a = goalieTarget(-8, 4), b = goalieTarget(-8, -4);
  near(a.x, b.x, "x");
  near(a.y, -b.y, "y");
  const c = goalieTarget(-14.5, 8); // ball near our corner flag: close in by the near post
  assert.ok(c.x > -15 && c.x < -14.5 && c.y > 1 && c.y < 1.2, JSON.stringify(c));
  near(goalieTarget(-10, 3, 0.08).x, -15 + 0.08, "a smaller floor");
});

Deno.test("goalie: clears a ball within 3 m of goal when no one is closer, and one in the mouth", () => {
  assert.equal(goalieShouldClear(-13, 1, 1.2, 2), true);
  assert.equal(goalieShouldClear(-13, 1, 2.5, 2), false, "a teammate is closer");
  assert.equal(goalieShouldClear(-11, 0, 0.5, 5), false, "4 m from goal");
  assert.equal(goalieShouldClear(-14.4, -0.3, 2.2, 0.6), true, "in the mouth, whoever is closer");
});

const DIVE: DiveParams = {
  shotSpeed: 1,
  mouthMargin: 0.2,
  splitReach: 0.25,
  lead: 0.6,
  unsettledLead: 0.5,
};
const DECAY = 0.35;

/** A ball at (x, y) rolling toward our goal line at point (−15, aimY) at `speed`. */
function shotAt(x: number, y: number, aimY: number, speed: number) {
  const dx = -15 - x, dy = aimY - y, d = Math.hypot(dx, dy);
  return { x, y, vx: speed * dx / d, vy: speed * dy / d, cov: null };
}

Deno.test("goalie dive: split at the body, left and right beside it, by the predicted crossing", () => {
  const g = { x: -14.5, y: 0, theta: 0 };
  assert.equal(chooseDive(shotAt(-13, 0, 0, 5), g, DECAY, DIVE).dive, "split");
  assert.equal(chooseDive(shotAt(-13, 0, 0.9, 5), g, DECAY, DIVE).dive, "left");
  assert.equal(chooseDive(shotAt(-13, 0, -0.9, 5), g, DECAY, DIVE).dive, "right");
  // Sides are the goalie's own: turned round, its left is our right.
  const turned = { ...g, theta: Math.PI };
  assert.equal(chooseDive(shotAt(-13, 0, 0.9, 5), turned, DECAY, DIVE).dive, "right");
});

Deno.test("goalie dive: no dive at balls that miss, stop short, roll away, or are still far", () => {
  const g = { x: -14.5, y: 0, theta: 0 };
  // Wide of the post (1.05 m + 0.2 m margin).
  assert.deepEqual(chooseDive(shotAt(-12, 0, 1.6, 5), g, DECAY, DIVE).dive, null);
  assert.equal(chooseDive(shotAt(-12, 0, 1.6, 5), g, DECAY, DIVE).shot, false);
  // A negative margin narrows the mouth: a ball 5 cm inside the post is left alone.
  const narrow = { ...DIVE, mouthMargin: -0.1 };
  assert.equal(chooseDive(shotAt(-13, 0, 1.0, 5), g, DECAY, narrow).shot, false);
  assert.equal(chooseDive(shotAt(-13, 0, 0.9, 5), g, DECAY, narrow).dive, "left");
  // 2 m/s from 3 m out stops after 1.9 m.
  assert.equal(chooseDive(shotAt(-12, 0, 0, 2), g, DECAY, DIVE).shot, false);
  // Slower than a shot.
  assert.equal(chooseDive(shotAt(-14, 0, 0, 0.8), g, DECAY, DIVE).shot, false);
  // Rolling away from our goal.
  assert.equal(chooseDive({ x: -12, y: 0, vx: 5, vy: 0, cov: null }, g, DECAY, DIVE).shot, false);
  // A shot from 8 m: on goal, but more than the lead time away: wait.
  const far = chooseDive(shotAt(-7, 0, 0.5, 12), g, DECAY, DIVE);
  assert.equal(far.shot, true);
  assert.equal(far.dive, null);
  assert.ok(far.crossing!.t > DIVE.lead);
});

Deno.test("goalie dive: a ball just kicked is dived at only once its velocity settles, or when time runs short", () => {
  const g = { x: -14.5, y: 0, theta: 0 };
  // 0.55 s from the goalie's line: inside the lead (0.6 s), outside the unsettled lead (0.5 s).
  const ball = shotAt(-12.4, 0, 0, 5);
  const d = chooseDive(ball, g, DECAY, DIVE, false);
  assert.ok(d.crossing!.t > DIVE.unsettledLead && d.crossing!.t < DIVE.lead);
  assert.equal(d.dive, null);
  assert.equal(chooseDive(ball, g, DECAY, DIVE, true).dive, "split");
  assert.equal(chooseDive(shotAt(-13, 0, 0, 5), g, DECAY, DIVE, false).dive, "split");
  // The agent's view says whether the estimate is settled.
  const view = (settled: boolean) => ({
    self: g,
    ball: { x: ball.x, y: ball.y, vx: ball.vx, vy: ball.vy, settled },
    ballAge: 0,
  });
  assert.equal(diveNow(view(false), DECAY, DIVE), null);
  assert.equal(diveNow(view(true), DECAY, DIVE), "split");
});

Deno.test("penalty goalie: its spot is always inside the shoot-out's penalty area", () => {
  for (let i = 0; i < 2000; i++) {
    const bx = -15 + 30 * ((i * 7919) % 1000) / 1000, by = -10 + 20 * ((i * 104729) % 997) / 997;
    const s = penaltyGoalieSpot(bx, by);
    assert.ok(s.x >= -15 + 0.35 - 1e-9 && s.x <= -15 + 1.8 - 0.35 + 1e-9, `x ${s.x}`);
    assert.ok(Math.abs(s.y) <= 1.05 + 1e-9, `y ${s.y}`);
  }
  // On the ball–goal line for a ball straight ahead.
  const s = penaltyGoalieSpot(0, 0);
  assert.ok(Math.abs(s.y) < 1e-9 && s.x < -14);
});
