// The ball's aims (src/ballplay/goal_aim.ts): shots past the keeper through the wider gap, the
// kick-off's direction, the corridor a dribble steers along.

import assert from "assert";
import {
  type Aim,
  aimPoint,
  corridorPoint,
  facedKickOffAim,
  keptKickOffAim,
  KICK_OFF_COMMIT,
  kickOffAim,
  kickPathClear,
  kickPathGap,
} from "../src/ballplay/goal_aim.ts";
import type { Point2 } from "../src/util/pose.ts";

Deno.test("goal aim: shots aim along the middle of the widest open angle between the posts and the keeper", () => {
  const deg = (r: number) => r * 180 / Math.PI;
  const bearing = (from: Point2, x: number, y: number) => Math.atan2(y - from.y, x - from.x);
  /** Degrees from the aim's line to the right and left bounds of the gap (posts 0.15 m in). */
  const margins = (ball: Point2, aim: Point2, right: Point2, left: Point2) => {
    const a = bearing(ball, aim.x, aim.y);
    return [deg(a - bearing(ball, right.x, right.y)), deg(bearing(ball, left.x, left.y) - a)];
  };
  const postR = { x: 15, y: -0.9 }, postL = { x: 15, y: 0.9 };
  // No keeper: the middle of the posts' angle, the same room to each post.
  for (const ball of [{ x: 10, y: 2 }, { x: 11, y: -3.5 }, { x: 8.5, y: -2.5 }]) {
    const aim = aimPoint(ball, []);
    const [r, l] = margins(ball, aim, postR, postL);
    assert.ok(Math.abs(r - l) < 1e-6 && r > 6.5, `${JSON.stringify(ball)}: ${r}, ${l}`);
    assert.equal(aim.side, 0);
    assert.equal(aim.x, 15.2);
  }
  // From 4 m out beside the goal the old aim (0.6 m from the centre) left 3 deg to the near post.
  assert.ok(margins({ x: 11, y: -3.5 }, { x: 15.2, y: -0.6 }, postR, postL)[0] < 3.5);
  assert.deepEqual(
    aimPoint({ x: 10, y: 2 }, [{ x: 9, y: 0 }]),
    aimPoint({ x: 10, y: 2 }, []),
    "not a keeper",
  );
  // A keeper off the centre: the wider gap, past its edge (0.3 m to either side of it).
  const ball = { x: 10, y: -1 }, keeper = { x: 14.5, y: -0.5 };
  const aim = aimPoint(ball, [keeper]);
  assert.equal(aim.side, 1);
  const [r, l] = margins(ball, aim, { x: keeper.x, y: keeper.y + 0.3 }, postL);
  assert.ok(Math.abs(r - l) < 1e-6 && r > 2, `${r}, ${l}`);
  assert.equal(aimPoint({ x: 10, y: 1 }, [{ x: 14.5, y: 0.5 }]).side, -1);
  // Of two opponents before the goal the keeper is the one nearest its line, in either order.
  const defender = { x: 12, y: 0.4 };
  assert.deepEqual(aimPoint(ball, [defender, keeper]), aim);
  assert.deepEqual(aimPoint(ball, [keeper, defender]), aim);
  assert.equal(aimPoint(ball, [defender]).side, -1, "alone, the defender is taken for it");
  // A keeper on the centre line, the ball off to one side: the gap on the ball's side is wider.
  assert.equal(aimPoint({ x: 12, y: -2 }, [{ x: 14, y: 0.05 }]).side, -1);
  // Nearly equal gaps: the side aimed at before holds; a clearly wider gap wins.
  const centred = [{ x: 14.5, y: 0 }];
  assert.equal(aimPoint({ x: 10, y: -0.2 }, centred, 1).side, 1);
  assert.equal(aimPoint({ x: 10, y: 0.2 }, centred, -1).side, -1);
  assert.equal(aimPoint({ x: 10, y: -2 }, centred, 1).side, -1);
  // In the goal mouth: straight in, whatever the keeper.
  assert.deepEqual(aimPoint({ x: 14.5, y: 0.5 }, [{ x: 14.8, y: 0.1 }]), {
    x: 15.2,
    y: 0.5,
    side: 0,
  });
  assert.deepEqual(aimPoint({ x: 13.9, y: -0.8 }, []), { x: 15.2, y: -0.6, side: 0 });
  // …unless the keeper stands right ahead (0.3 m across still blocks: the ball met its legs).
  assert.equal(aimPoint({ x: 14.2, y: 0 }, [{ x: 14.6, y: 0.25 }]).side, -1);
  assert.equal(aimPoint({ x: 14.2, y: 0.3 }, [{ x: 14.6, y: 0 }]).side, 1);
  // The ball at a standing keeper's feet: seen from there the keeper covers both gaps, and the
  // widest angle lay 4 m beside the goal. The aim is the middle of the gap on the ball's side,
  // whatever was aimed at before; the other one when the keeper closes it.
  const feet = { x: 14, y: -0.04 };
  for (const last of [1, -1, 0]) {
    assert.deepEqual(aimPoint({ x: 13.89, y: -0.14 }, [feet], last), {
      x: 15.2,
      y: (-0.34 - 0.9) / 2,
      side: -1,
    });
    const left = aimPoint({ x: 13.91, y: 0.2 }, [{ x: 14, y: 0 }], last);
    assert.equal(left.side, 1);
    assert.ok(Math.abs(left.y - 0.6) < 1e-9, JSON.stringify(left));
  }
  assert.equal(aimPoint({ x: 13.8, y: -0.7 }, [{ x: 14, y: -0.65 }]).side, 1, "right gap shut");
});

Deno.test("kick-off aim as the taker faces: within 45° of the goal's line and clear, else none", () => {
  const ball = { x: 0, y: 0 };
  const rad = (d: number) => d * Math.PI / 180;
  const ahead = [{ x: 2.5, y: 0 }];
  const way = facedKickOffAim(ball, rad(30), ahead)!;
  assert.ok(Math.abs(Math.atan2(way.y, way.x) - rad(30)) < 1e-9, JSON.stringify(way));
  assert.ok(Math.hypot(way.x, way.y) > 15, "as far out as their goal line");
  assert.equal(facedKickOffAim(ball, rad(3), ahead), null, "into the robot ahead");
  assert.equal(facedKickOffAim(ball, rad(60), []), null, "too far off the goal's line");
  assert.notEqual(facedKickOffAim(ball, rad(-44), []), null);
});

Deno.test("kick-off aim: straight when clear, else the nearest way past with a mate beyond it", () => {
  const deg = (p: Point2) => Math.round(Math.atan2(p.y, p.x) * 180 / Math.PI);
  const ball = { x: 0, y: 0 };
  assert.equal(deg(kickOffAim(ball, [], [])), 0);
  assert.equal(deg(kickOffAim(ball, [{ x: 1.5, y: 2 }], [])), 0, "off the line");
  // The standing team's taker 2.5 m ahead: 20 degrees off, toward our mate nearer the ball's end.
  const ahead = [{ x: 2.5, y: 0 }];
  assert.equal(deg(kickOffAim(ball, ahead, [{ x: -0.7, y: -2.5 }, { x: -2, y: 4 }])), -20);
  assert.equal(deg(kickOffAim(ball, ahead, [{ x: -0.7, y: 2.5 }])), 20);
  // Blocked at 20 degrees both ways: 35.
  const wall = [...ahead, { x: 2.5, y: 0.9 }, { x: 2.5, y: -0.9 }];
  assert.equal(Math.abs(deg(kickOffAim(ball, wall, []))), 35);
  // Blocked every way: the way nearest the goal's line (5° steps to 45°) that passes every
  // opponent by 0.35 m. The aim lies at their goal line's distance.
  const all = [...wall, { x: 2.3, y: 1.6 }, { x: 2.3, y: -1.6 }];
  const widest = kickOffAim(ball, all, []);
  const way = (d: number) => ({
    x: 15.2 * Math.cos(d * Math.PI / 180),
    y: 15.2 * Math.sin(d * Math.PI / 180),
  });
  assert.ok(kickPathGap(ball, widest, all) >= 0.35);
  for (let d = 0; d < Math.abs(deg(widest)); d += 5) {
    assert.ok(
      kickPathGap(ball, way(d), all) < 0.35 && kickPathGap(ball, way(-d), all) < 0.35,
      `${d}`,
    );
  }
  assert.ok(Math.abs(Math.hypot(widest.x, widest.y) - 15.2) < 1e-9);
  assert.ok(
    Math.hypot(kickOffAim(ball, ahead, []).x, kickOffAim(ball, ahead, []).y) >= 15.2 - 1e-9,
  );
});

Deno.test("kick-off aim: their taker seen at the ball blocks the near ways, 2.5 m ahead only straight on", () => {
  const deg = (p: Point2) => Math.round(Math.atan2(p.y, p.x) * 180 / Math.PI);
  // Seen 0.8 m ahead it blocks every way but 35° to one side; where the referee puts it at our
  // kick-off (the player tracks follow the move: player_tracker_test), only straight on.
  const ball = { x: 0, y: 0 };
  assert.equal(Math.abs(deg(kickOffAim(ball, [{ x: 0.8, y: 0.3 }], []))), 35);
  assert.equal(Math.abs(deg(kickOffAim(ball, [{ x: 2.5, y: 0.3 }], []))), 20);
});

Deno.test("goal aim: a dribble steers onto the aim's line 3 m ahead, at most 34° across", () => {
  const aim = { x: 15.2, y: 0.6 };
  // On the line: 3 m ahead on it.
  assert.deepEqual(corridorPoint({ x: 2, y: 0.6 }, aim), { x: 5, y: 0.6 });
  // Either side of it, within 2 m: still 3 m ahead.
  assert.deepEqual(corridorPoint({ x: 2, y: -0.3 }, aim), { x: 5, y: 0.6 });
  assert.deepEqual(corridorPoint({ x: 2, y: 1.6 }, aim), { x: 5, y: 0.6 });
  // 3 m aside: 4.5 m ahead, 34° across.
  assert.deepEqual(corridorPoint({ x: 5, y: 3.6 }, aim), { x: 9.5, y: 0.6 });
  // Close to the goal the aim itself.
  assert.deepEqual(corridorPoint({ x: 13, y: 2 }, aim), aim);
});

Deno.test("kick-off aim: against UT's ring of robots around the circle it settles and holds", () => {
  // Three kick-offs of ours against the UT base team (tests/data/ut_kickoff_rings.json: their
  // robots every 0.2 s until the kick or the drop ball); our forwards inside the circle.
  const data = JSON.parse(
    Deno.readTextFileSync(new URL("./data/ut_kickoff_rings.json", import.meta.url)),
  ) as { kickOffs: [number, number][][][] };
  const ball = { x: 0, y: 0 }, mates = [{ x: 0.7, y: 1.21 }, { x: 0.7, y: -1.21 }];
  const same = (a: Point2, b: Point2) => a.x === b.x && a.y === b.y;
  for (const frames of data.kickOffs) {
    let kept: Aim | null = null, afresh: Aim | null = null;
    let changes = 0, swings = 0;
    frames.forEach((f, k) => {
      const opponents = f.map(([x, y]) => ({ x, y }));
      const held = k * 0.2 >= KICK_OFF_COMMIT;
      const next = keptKickOffAim(kept, held, ball, opponents, mates);
      if (kept && !same(next, kept)) {
        changes++;
        assert.ok(!held, `changed at ${(k * 0.2).toFixed(1)} s, after the commit`);
      }
      if (!held) assert.ok(kickPathGap(ball, next, opponents) >= 0.35, `frame ${k}`);
      kept = next;
      // Chosen afresh whenever the way was blocked, as before: it swung far more.
      const fresh = afresh && kickPathClear(ball, afresh, opponents)
        ? afresh
        : kickOffAim(ball, opponents, mates);
      if (afresh && !same(fresh, afresh)) swings++;
      afresh = fresh;
    });
    assert.ok(changes <= 4, `${changes} changes`);
    assert.ok(swings >= 7, `${swings} swings before`);
  }
});
