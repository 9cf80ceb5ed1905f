// The player at the ball, on the kinematic approach model (src/testing/approach_sim.ts): from
// 0.3-2 m out, any bearing and heading, with pose and ball noise, it gets behind a still ball and
// pushes it 1 m toward the goal without circling, alone and with an opponent ahead.

import assert from "assert";
import { SIM_LIMITS, simulateApproach } from "../src/testing/approach_sim.ts";
import type { BallPlayOptions } from "../src/behavior/ball_play.ts";
import type { Point2 } from "../src/util/pose.ts";

const OPTIONS: BallPlayOptions = {
  limits: SIM_LIMITS,
  kickSpot: { x: 0.122, y: 0.066, angle: 0, skill: "SKILL_KICK" },
  shootRange: 3.5,
  contestRadius: 0.7,
  pass: null,
};

/** Every start of the grid: mean and worst seconds, and target jumps per run. */
function grid(opponent: boolean) {
  const ball = { x: 3, y: 0 };
  const times: number[] = [];
  let jumps = 0;
  let n = 0;
  for (const r of [0.3, 0.5, 0.8, 1.2, 2]) {
    for (let b = 0; b < 12; b++) {
      for (let h = 0; h < 4; h++) {
        const a = b * Math.PI / 6, theta = h * Math.PI / 2 + 0.3;
        const opponents: Point2[] = opponent ? [{ x: 3.9, y: 0.15 * ((b + h) % 3 - 1) }] : [];
        const run = simulateApproach(OPTIONS, {
          self: { x: ball.x + r * Math.cos(a), y: r * Math.sin(a), theta },
          ball,
          opponents,
          seed: ++n,
        });
        assert.ok(!run.kicked);
        times.push(run.seconds);
        jumps += run.targetJumps;
      }
    }
  }
  const done = times.filter(Number.isFinite);
  return {
    /** Runs that never got the ball going within the model's 20 s. */
    fails: n - done.length,
    mean: done.reduce((s, t) => s + t, 0) / done.length,
    worst: Math.max(...done),
    jumps: jumps / n,
  };
}

Deno.test("approach model: behind a still ball and pushing it, without circling, from anywhere", () => {
  const alone = grid(false);
  // The approach that circled at the edge of "behind the ball" took 8.5 s on average, with 17
  // runs that never got going and 43 target jumps a run; this one 7.0 s, 1 and 8. That one run
  // (2 m out, ahead of the ball) ends standing on the ball, nudging it sideways.
  assert.ok(alone.fails <= 1, JSON.stringify(alone));
  assert.ok(alone.mean < 7.6, JSON.stringify(alone));
  assert.ok(alone.worst < 18, JSON.stringify(alone));
  assert.ok(alone.jumps < 15, JSON.stringify(alone));
});

Deno.test("approach model: an opponent 0.9 m beyond the ball does not make the player circle", () => {
  const contested = grid(true);
  // Flipping between straight and a detour, 44 of 240 runs never got the ball going in 20 s
  // (10.4 s on average for the others); now 1 (8.5 s).
  assert.ok(contested.fails <= 2, JSON.stringify(contested));
  assert.ok(contested.mean < 9, JSON.stringify(contested));
  assert.ok(contested.jumps < 30, JSON.stringify(contested));
});
