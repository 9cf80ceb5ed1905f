// Goalie positioning against worked examples: the angle-bisector height, the point on the
// ball–goal line, the Δx floor, facing the ball, and when it leaves its spot.

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

Deno.test("goalie: ball at (−10, 3) — worked example", () => {
  // L1 = |(5, 1.95)| = 5.3668, L2 = |(5, 4.05)| = 6.4347; y = 1.05 − 2.1·L1/(L1+L2) = 0.0950;
  // on the line from (−15, 0) to (−10, 3): t = 0.0950/3, x = −15 + 5t = −14.8417.
  const g = goalieTarget(-10, 3);
  near(g.y, 0.09503, "y", 1e-4);
  near(g.x, -14.84162, "x", 1e-4);
  near(g.theta, Math.atan2(3 - 0.09503, -10 + 14.84162), "heading", 1e-4);
  // The bisector property: equal angles to the two posts seen from the ball.
  const a1 = Math.atan2(1.05 - 3, -15 + 10), a2 = Math.atan2(-1.05 - 3, -15 + 10);
  const ag = Math.atan2(g.y - 3, -15 + 10);
  near(ag - a1, a2 - ag, "splits the angle");
});

Deno.test("goalie: mirror symmetry, and the Δx floor near the corner", () => {
  const a = goalieTarget(-8, 4), b = goalieTarget(-8, -4);
  near(a.x, b.x, "x");
  near(a.y, -b.y, "y");
  const c = goalieTarget(-14.5, 8); // ball near our corner flag
  assert.ok(c.x >= -15 + GOALIE_DX - 1e-12);
  assert.ok(Math.abs(c.y) < 1.05, "stays between the posts");
});

Deno.test("goalie: clears only a ball within 3 m of goal when no one is closer", () => {
  assert.equal(goalieShouldClear(-13, 1, 1.2, 2), true);
  assert.equal(goalieShouldClear(-13, 1, 2.5, 2), false, "a teammate is closer");
  assert.equal(goalieShouldClear(-11, 0, 0.5, 5), false, "4 m from goal");
});
