// Role targets and assignment: targets stay on the field and obey kick-off rules, the greedy
// assignment is a pure function with stable ties, and roles are held for a minimum time.

import assert from "assert";
import {
  assignGreedy,
  dropWaitSpot,
  onBallCost,
  outOfLane,
  type PlayerSpot,
  type Role,
  RoleKeeper,
  ROLES,
  roleTargets,
  supportSide,
} from "../src/strategy/roles.ts";
import { Rng } from "./rng.ts";

function team(rng: Rng, n = 11): PlayerSpot[] {
  return Array.from(
    { length: n },
    (_, i) => ({ unum: i + 1, x: rng.uniform(-14, 14), y: rng.uniform(-9, 9) }),
  );
}

Deno.test("roles: every target is on the field; kick-off targets are legal", () => {
  const rng = new Rng(11);
  for (let i = 0; i < 500; i++) {
    const ball = { x: rng.uniform(-15, 15), y: rng.uniform(-10, 10) };
    for (const ctx of ["play", "ourKickOff", "theirKickOff"] as const) {
      const t = roleTargets(ball, ctx);
      for (const role of ROLES) {
        const p = t[role];
        assert.ok(Math.abs(p.x) <= 14.5 && Math.abs(p.y) <= 9.5, `${role} ${ctx}`);
        if (ctx === "play" || (ctx === "ourKickOff" && role === "onBall")) continue;
        if (ctx === "ourKickOff" && (role === "forwardLeft" || role === "forwardRight")) {
          // Ours may stand wholly inside the circle (a bounding box of ±0.3 m, 0.3 m spare).
          assert.ok(Math.hypot(p.x, p.y) <= 1.4 + 1e-9, `${role} ${ctx} at ${p.x}, ${p.y}`);
          continue;
        }
        // The server moves a robot whose body enters the 2 m circle; at the ball 0.3 m spare.
        const keep = role === "onBall" ? 2.3 : 2.6;
        assert.ok(
          p.x < 0 && Math.hypot(p.x, p.y) >= keep - 1e-9,
          `${role} ${ctx} at ${p.x}, ${p.y}`,
        );
      }
    }
  }
});

Deno.test("roles: with laneClear the forwards stand out of the ball's lane to their goal", () => {
  const rng = new Rng(5);
  const clear = 1;
  for (let i = 0; i < 500; i++) {
    const ball = { x: rng.uniform(-14, 12), y: rng.uniform(-8, 8) };
    const t = roleTargets(ball, "play", 1, clear);
    const off = roleTargets(ball, "play", 1, 0);
    const gx = 15 - ball.x, gy = -ball.y, len = Math.hypot(gx, gy);
    for (const [role, side] of [["forwardLeft", 1], ["forwardRight", -1]] as const) {
      const p = t[role], q = off[role];
      const rx = p.x - ball.x, ry = p.y - ball.y;
      const ahead = (rx * gx + ry * gy) / len, across = (ry * gx - rx * gy) / len;
      // Ahead of the ball, a forward stands on its own side at least `clear` across (clamped to
      // the field, and still as far ahead); elsewhere its spot is the one without the rule.
      const edge = Math.abs(p.x) >= 14.4 || Math.abs(p.y) >= 8.9;
      if (ahead > 0 && ahead < len && !edge) {
        assert.ok(side * across >= clear - 1e-6, `${role} ${JSON.stringify({ ball, p })}`);
      }
      const qx = q.x - ball.x, qy = q.y - ball.y;
      const qAhead = (qx * gx + qy * gy) / len, qAcross = (qy * gx - qx * gy) / len;
      if (qAhead <= 0 || side * qAcross >= clear) assert.deepEqual(p, q);
      else assert.ok(Math.abs(ahead - qAhead) < 1e-6 || edge, `${role}`);
    }
  }
  // The forward 2 m ahead at y = −2 of a ball at (1.26, −1.81), 0.45 m off its lane, moves out.
  const p = outOfLane({ x: 3.26, y: -2 }, { x: 1.26, y: -1.81 }, -1, 1);
  assert.ok(p.y < -2.5 && p.y > -2.6 && p.x > 3.3 && p.x < 3.4, JSON.stringify(p));
});

Deno.test("roles: at their kick-off the player at the ball waits 2.5 m behind it", () => {
  const t = roleTargets({ x: 0, y: 0 }, "theirKickOff");
  assert.ok(Math.abs(t.onBall.x + 2.5) < 1e-9 && Math.abs(t.onBall.y) < 1e-9, JSON.stringify(t));
  assert.ok(Math.hypot(t.supporter.x, t.supporter.y) >= 2.6 - 1e-9);
});

Deno.test("assignment: all eleven roles once, goalie to unum 1, same on every agent", () => {
  const rng = new Rng(3);
  for (let i = 0; i < 200; i++) {
    const players = team(rng);
    const targets = roleTargets({ x: rng.uniform(-10, 10), y: rng.uniform(-8, 8) });
    const a = assignGreedy(players, targets, new Map());
    const shuffled = [...players].sort(() => rng.next() - 0.5);
    assert.deepEqual([...assignGreedy(shuffled, targets, new Map())].sort(), [...a].sort());
    assert.equal(a.get(1), "goalie");
    assert.deepEqual(new Set(a.values()), new Set(ROLES));
  }
});

Deno.test("assignment: the nearest player takes the on-ball role; ties go to the lower unum", () => {
  const targets = roleTargets({ x: 0, y: 0 });
  const at = (unum: number, x: number, y: number) => ({ unum, x, y });
  const players = [at(1, -14, 0), at(7, -0.3, 1), at(4, -0.3, -1), at(9, 5, 5)];
  const a = assignGreedy(players, targets, new Map());
  assert.equal(a.get(4), "onBall", "4 and 7 are equally near: the lower unum wins");
  assert.equal(a.get(1), "goalie");
  assert.equal(a.size, 4);
  const noKeeper = assignGreedy(players.slice(1), targets, new Map());
  assert.ok(![...noKeeper.values()].includes("goalie"), "only unum 1 keeps goal");
  assert.equal(noKeeper.get(4), "onBall");
});

Deno.test("role targets: only the goalie and the player at the ball are in our penalty area", () => {
  const t = roleTargets({ x: -14, y: 0.5 });
  const inside = (p: { x: number; y: number }) => p.x < -13.2 && Math.abs(p.y) < 3;
  assert.ok(inside(t.goalie) && inside(t.onBall));
  for (const role of ROLES) {
    if (role === "goalie" || role === "onBall") continue;
    const p = t[role];
    assert.ok(!(p.x < -13.2 + 0.6 && Math.abs(p.y) < 3 + 0.6), `${role} at ${JSON.stringify(p)}`);
  }
});

Deno.test("role keeper: a fresh role is held for the minimum time, then reassigned", () => {
  const keeper = new RoleKeeper(2);
  const at = (unum: number, x: number, y: number) => ({ unum, x, y });
  const t0 = roleTargets({ x: 0, y: 0 });
  const far = [at(1, -14, 0), at(2, -0.5, 0), at(3, -20, -10), at(4, -20, 10)];
  let r = keeper.update(0, far, t0);
  assert.equal(r.get(3), "supporter");
  // Player 4 is now the nearer to the supporter's spot, but 3 got its role 1 s ago: it keeps it.
  const moved = [at(1, -14, 0), at(2, -0.5, 0), at(3, -20, -10), at(4, -1.5, -1)];
  r = keeper.update(1, moved, t0);
  assert.equal(r.get(3), "supporter" as Role);
  r = keeper.update(2.5, moved, t0);
  assert.equal(r.get(4), "supporter");
});

Deno.test("role keeper: the ball goes at once to a clearly nearer player, else stays", () => {
  const keeper = new RoleKeeper(2);
  const at = (unum: number, x: number, y: number) => ({ unum, x, y });
  const t0 = roleTargets({ x: 0, y: 0 });
  let r = keeper.update(0, [at(1, -14, 0), at(2, -0.5, 0), at(3, -5, 0)], t0);
  assert.equal(r.get(2), "onBall");
  // Player 3 is nearer, but by less than the margin: 2 keeps the ball (no swapping to and fro).
  r = keeper.update(0.5, [at(1, -14, 0), at(2, -0.8, 0), at(3, -0.6, 0)], t0);
  assert.equal(r.get(2), "onBall" as Role);
  assert.notEqual(r.get(3), "onBall");
  // Clearly nearer: 3 takes it within the hold time, and 2 gets another role.
  r = keeper.update(1, [at(1, -14, 0), at(2, -6, 0), at(3, -0.4, 0)], t0);
  assert.equal(r.get(3), "onBall" as Role);
  assert.ok(r.get(2) !== undefined && r.get(2) !== "onBall");
});

Deno.test("role keeper: the ball stays only with a player who still claims it", () => {
  const at = (unum: number, x: number, y: number) => ({ unum, x, y });
  const t0 = roleTargets({ x: 0, y: 0 });
  // Two agents' keepers: one last saw 3 at the ball, the other 2.
  const pair = () => {
    const a = new RoleKeeper(2), b = new RoleKeeper(2);
    a.update(0, [at(1, -14, 0), at(2, -3, 0), at(3, -0.5, 0)], t0);
    b.update(0, [at(1, -14, 0), at(2, -0.5, 0), at(3, -3, 0)], t0);
    return [a, b];
  };
  // Now 2 is 0.1 m nearer the spot than 3: within the margin, each keeps the one it knew.
  const now = [at(1, -14, 0), at(2, -1.4, 0), at(3, -1.5, 0)];
  let [a, b] = pair();
  assert.equal(a.update(0.5, now, t0).get(3), "onBall", "a keeps 3 without claims");
  assert.equal(b.update(0.5, now, t0).get(2), "onBall", "b keeps 2 without claims");
  // Neither claims the ball: both keepers give it to the nearer, 2.
  [a, b] = pair();
  assert.equal(a.update(0.5, now, t0, new Set()).get(2), "onBall");
  assert.equal(b.update(0.5, now, t0, new Set()).get(2), "onBall");
  // 3 claims it: it keeps it within the margin.
  [a] = pair();
  assert.equal(a.update(0.5, now, t0, new Set([3])).get(3), "onBall");
});

Deno.test("role keeper: a player beyond the ball pays for walking around it", () => {
  const at = (unum: number, x: number, y: number) => ({ unum, x, y });
  const t0 = roleTargets({ x: 0, y: 0 });
  // 2 stands 0.5 m beyond the ball, 3 stands 1.0 m behind it: 3 goes for the ball.
  const r = new RoleKeeper(2).update(0, [at(1, -14, 0), at(2, 0.5, 0), at(3, -1.0, 0)], t0);
  assert.equal(r.get(3), "onBall");
  // Beside the ball, 2 pays half (1.5 m): 3 goes from 0.7 m off the spot, not from 2.2 m.
  const s = new RoleKeeper(2).update(0, [at(1, -14, 0), at(2, 0, 0.4), at(3, -1.0, 0)], t0);
  assert.equal(s.get(3), "onBall");
  const u = new RoleKeeper(2).update(0, [at(1, -14, 0), at(2, 0, 0.4), at(3, -2.5, 0)], t0);
  assert.equal(u.get(2), "onBall");
  assert.ok(onBallCost({ x: 1, y: 0 }, t0.onBall) > 1.3 + 2.99, "straight ahead: all of it");
  assert.ok(Math.abs(onBallCost({ x: -1, y: 0 }, t0.onBall) - 0.7) < 1e-9, "behind: none");
});

Deno.test("role keeper: a player lying down keeps its place in the mapping but not the ball", () => {
  const at = (unum: number, x: number, y: number, down = false) => ({ unum, x, y, down });
  const t0 = roleTargets({ x: 0, y: 0 });
  const keeper = new RoleKeeper(2);
  const up = [at(1, -14, 0), at(2, -0.5, 0), at(3, -1.5, -1), at(4, 2, 2), at(5, -6, 3)];
  const before = keeper.update(0, up, t0);
  assert.equal(before.get(2), "onBall");
  // 2 falls at the ball: 3 goes for it; 4 and 5 keep their roles, though the hold is over.
  const fallen = up.map((p) => p.unum === 2 ? { ...p, down: true } : p);
  const after = keeper.update(5, fallen, t0);
  assert.equal(after.get(3), "onBall");
  assert.ok(after.has(2) && after.get(2) !== "onBall");
  assert.deepEqual([after.get(4), after.get(5)], [before.get(4), before.get(5)]);
});

Deno.test("roles: the supporter changes sides of the ball only 0.5 m across the long axis", () => {
  // No side yet: the ball's own side of y = 0.
  assert.equal(supportSide(0.01, 0), 1);
  assert.equal(supportSide(-0.01, 0), -1);
  // A ball jittering about y = 0 keeps the side; 0.5 m across changes it.
  let side = supportSide(0.02, 0);
  for (const y of [-0.03, 0.01, -0.2, -0.49]) {
    side = supportSide(y, side);
    assert.equal(side, 1, `at y ${y}`);
  }
  assert.equal(supportSide(-0.5, side), -1);
  assert.equal(supportSide(0.3, -1), -1);
  // The spot itself: 1.2 m behind the ball, 0.9 m to the side given.
  const ball = { x: 2, y: -0.25 };
  assert.deepEqual(roleTargets(ball, "play", 1).supporter, { x: 0.8, y: -1.15 });
  assert.deepEqual(roleTargets(ball, "play", -1).supporter, { x: 0.8, y: 0.65 });
  assert.deepEqual(roleTargets(ball).supporter, roleTargets(ball, "play", -1).supporter);
});

Deno.test("dropWaitSpot: 2.5 m out, 20° off behind the ball, on the side of the opponent at it", () => {
  const ball = { x: 0, y: 0 };
  const near = (y: number) => [{ x: 0.25, y }, { x: 5, y: -4.5 }, { x: 2.5, y: -8 }];
  for (const [opponents, side] of [[near(0.1), 1], [near(-0.1), -1], [[], 1]] as const) {
    const p = dropWaitSpot(ball, opponents);
    assert.ok(Math.abs(Math.hypot(p.x, p.y) - 2.5) < 1e-9, `${p.x}, ${p.y}`);
    assert.ok(p.x < -2.3, `${p.x}`);
    assert.equal(Math.sign(p.y), side);
    // The push from there through the ball passes their taker, moved to (2.5, y), 0.8 m or more
    // across.
    const at = p.y + (2.5 - p.x) * (0 - p.y) / (0 - p.x);
    const taker = opponents[0]?.y ?? 0;
    assert.ok(Math.abs(at - taker) > 0.8, `${at.toFixed(2)} against ${taker}`);
  }
});
