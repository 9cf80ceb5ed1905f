// The optimal role assignment of seed 001 on both numeric cores: equal to brute force, the twins
// agree, the mapping stays put while players walk to it, no two players meet on the way,
// the soccer-level assigner built on it, and the substitute goalie.

import assert from "assert";
import { ROLE_MAX } from "../src/core/layout.ts";
import { type NumericCore } from "../src/core/numeric_core.ts";
import { createCore } from "../src/core/create_core.ts";
import { compileCore } from "../src/core/wasm_core.ts";
import {
  assignGreedy,
  dpAssigner,
  fieldSpot,
  type PlayerSpot,
  RoleKeeper,
  ROLES,
  roleTargets,
} from "../src/strategy/roles.ts";
import { Rng } from "./rng.ts";

const module = await compileCore();
const CORES: NumericCore[] = [await createCore("wasm", 0, module), await createCore("ts", 0)];

interface P {
  x: number;
  y: number;
}

/** The seed's cost: distances sorted descending. */
function cost(players: readonly P[], targets: readonly P[], roleOf: readonly number[]): number[] {
  return roleOf.map((p, r) => Math.hypot(players[p].x - targets[r].x, players[p].y - targets[r].y))
    .sort((a, b) => b - a);
}

function lexCompare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i] < b[i] - 1e-9) return -1;
    if (a[i] > b[i] + 1e-9) return 1;
  }
  return 0;
}

/** Every injective mapping of k = min(n, m) roles to players: the best and second-best cost. */
function bruteForce(players: readonly P[], targets: readonly P[]) {
  const k = Math.min(players.length, targets.length);
  let best: number[] | null = null, second: number[] | null = null;
  let bestMap: number[] = [];
  const pick: number[] = [];
  const used = new Set<number>();
  const walk = () => {
    if (pick.length === k) {
      const c = cost(players, targets, pick);
      if (!best || lexCompare(c, best) < 0) {
        second = best;
        best = c;
        bestMap = [...pick];
      } else if (!second || lexCompare(c, second) < 0) second = c;
      return;
    }
    for (let p = 0; p < players.length; p++) {
      if (used.has(p)) continue;
      used.add(p);
      pick.push(p);
      walk();
      pick.pop();
      used.delete(p);
    }
  };
  walk();
  return { best: best!, second: second as number[] | null, map: bestMap };
}

function solve(core: NumericCore, players: readonly P[], targets: readonly P[]) {
  for (let p = 0; p < players.length; p++) {
    for (let r = 0; r < targets.length; r++) {
      core.roleDist[p * ROLE_MAX + r] = Math.hypot(
        players[p].x - targets[r].x,
        players[p].y - targets[r].y,
      );
    }
  }
  const evaluated = core.assignRoles(players.length, targets.length);
  const k = Math.min(players.length, targets.length);
  return { map: Array.from(core.roleOut.subarray(0, k)), evaluated };
}

function points(rng: Rng, n: number): P[] {
  return Array.from({ length: n }, () => ({ x: rng.uniform(-14, 14), y: rng.uniform(-9, 9) }));
}

Deno.test("role DP: equal to brute force on 1200 random instances (n ≤ 8), on both cores", () => {
  const rng = new Rng(19);
  let unique = 0;
  for (let i = 0; i < 1200; i++) {
    const players = points(rng, rng.int(1, 8));
    const targets = points(rng, i % 3 === 0 ? rng.int(1, 8) : players.length);
    const brute = bruteForce(players, targets);
    const outs = CORES.map((c) => solve(c, players, targets));
    assert.deepEqual(outs[0], outs[1], "wasm and ts agree exactly");
    const got = cost(players, targets, outs[0].map);
    assert.equal(new Set(outs[0].map).size, outs[0].map.length, "one role per player");
    assert.equal(lexCompare(got, brute.best), 0, `instance ${i}: ${got} vs ${brute.best}`);
    if (!brute.second || lexCompare(brute.second, brute.best) > 0) {
      unique++;
      assert.deepEqual(outs[0].map, brute.map);
    }
  }
  assert.ok(unique > 1100, `${unique} unique optima`);
});

Deno.test("role DP: n players to n roles evaluates n·2^(n−1) mappings", () => {
  const rng = new Rng(5);
  for (const n of [1, 4, 10, 11]) {
    const p = points(rng, n);
    for (const c of CORES) assert.equal(solve(c, p, points(rng, n)).evaluated, n * 2 ** (n - 1));
  }
});

Deno.test("role DP: players walking straight to their targets at one speed keep the mapping", () => {
  const rng = new Rng(7);
  for (let i = 0; i < 200; i++) {
    const players = points(rng, 10), targets = points(rng, 10);
    const core = CORES[i % 2];
    const { map } = solve(core, players, targets);
    const start = players.map((p) => ({ ...p }));
    for (let step = 1; step <= 20; step++) {
      const travelled = step * 1.0;
      const now = start.map((p, idx) => {
        const t = targets[map.indexOf(idx)];
        const d = Math.hypot(t.x - p.x, t.y - p.y);
        const f = d < 1e-12 ? 1 : Math.min(1, travelled / d);
        return { x: p.x + (t.x - p.x) * f, y: p.y + (t.y - p.y) * f };
      });
      if (
        now.every((p, idx) =>
          Math.hypot(p.x - targets[map.indexOf(idx)].x, p.y - targets[map.indexOf(idx)].y) < 1e-9
        )
      ) break;
      assert.deepEqual(solve(core, now, targets).map, map, `instance ${i}, ${travelled} m on`);
    }
  }
});

/** Closest two players come on their paths, walking at one speed and stopping at their targets. */
function closestApproach(a: P, ta: P, b: P, tb: P): number {
  const la = Math.hypot(ta.x - a.x, ta.y - a.y), lb = Math.hypot(tb.x - b.x, tb.y - b.y);
  const at = (p: P, t: P, l: number, s: number) => {
    const f = l < 1e-12 ? 1 : Math.min(1, s / l);
    return { x: p.x + (t.x - p.x) * f, y: p.y + (t.y - p.y) * f };
  };
  let best = Infinity;
  const end = Math.max(la, lb);
  for (let s = 0; s <= end + 1e-9; s += end / 4000) {
    const pa = at(a, ta, la, s), pb = at(b, tb, lb, s);
    best = Math.min(best, Math.hypot(pa.x - pb.x, pa.y - pb.y));
  }
  return best;
}

Deno.test("role DP: two players whose straight paths would meet are never sent along them", () => {
  const rng = new Rng(23);
  for (let i = 0; i < 300; i++) {
    // A collision course: A and B reach X at the same time on the way to TA and TB.
    const x = { x: rng.uniform(-8, 8), y: rng.uniform(-5, 5) };
    const r = rng.uniform(1, 5), u = rng.uniform(0, 2 * Math.PI), v = u + rng.uniform(0.5, 2.6);
    const a = { x: x.x + r * Math.cos(u), y: x.y + r * Math.sin(u) };
    const b = { x: x.x + r * Math.cos(v), y: x.y + r * Math.sin(v) };
    const sa = rng.uniform(0.5, 5), sb = rng.uniform(0.5, 5);
    const ta = { x: x.x - sa * Math.cos(u), y: x.y - sa * Math.sin(u) };
    const tb = { x: x.x - sb * Math.cos(v), y: x.y - sb * Math.sin(v) };
    const players = [a, b, ...points(rng, 4)], targets = [ta, tb, ...points(rng, 4)];
    const { map } = solve(CORES[i % 2], players, targets);
    for (let i1 = 0; i1 < map.length; i1++) {
      for (let i2 = i1 + 1; i2 < map.length; i2++) {
        const d = closestApproach(players[map[i1]], targets[i1], players[map[i2]], targets[i2]);
        assert.ok(d > 1e-3, `instance ${i}: players ${map[i1]} and ${map[i2]} meet (${d})`);
      }
    }
  }
});

function team(rng: Rng, n = 11): PlayerSpot[] {
  return Array.from(
    { length: n },
    (_, i) => ({ unum: i + 1, x: rng.uniform(-14, 14), y: rng.uniform(-9, 9) }),
  );
}

Deno.test("dp assigner: every role once, goalie to unum 1, shuffle-proof, never a longer walk than greedy", () => {
  const rng = new Rng(3);
  for (const core of CORES) {
    const assign = dpAssigner(core);
    for (let i = 0; i < 200; i++) {
      const players = team(rng, i % 4 === 0 ? rng.int(2, 11) : 11);
      const targets = roleTargets({ x: rng.uniform(-10, 10), y: rng.uniform(-8, 8) });
      const a = assign(players, targets, new Map([[players[1].unum, "onBall"]]));
      const shuffled = [...players].sort(() => rng.next() - 0.5);
      const b = assign(shuffled, targets, new Map([[players[1].unum, "onBall"]]));
      assert.deepEqual([...b].sort(), [...a].sort());
      assert.equal(a.get(1), "goalie");
      assert.equal(a.get(players[1].unum), "onBall");
      assert.equal(a.size, players.length);
      assert.equal(new Set(a.values()).size, a.size);
      if (players.length === 11) assert.deepEqual(new Set(a.values()), new Set(ROLES));
      const longest = (m: Map<number, string>) =>
        Math.max(
          ...players.filter((p) => p.unum !== 1).map((p) => {
            const t = targets[m.get(p.unum) as keyof typeof targets];
            return Math.hypot(p.x - t.x, p.y - t.y);
          }),
        );
      const g = assignGreedy(players, targets, new Map([[players[1].unum, "onBall"]]));
      if (players.length === 11) assert.ok(longest(a) <= longest(g) + 1e-9);
    }
  }
});

Deno.test("dp assigner: with fewer players than roles the roles of lowest priority stay empty", () => {
  const assign = dpAssigner(CORES[0]);
  const at = (unum: number, x: number, y: number) => ({ unum, x, y });
  const r = assign(
    [at(1, -14, 0), at(5, -3, 2), at(8, 4, -4)],
    roleTargets({ x: 0, y: 0 }),
    new Map(),
  );
  assert.deepEqual(new Set(r.values()), new Set(["goalie", "onBall", "supporter"]));
});

Deno.test("role targets: the forwards wait outside their penalty area; spots stay out of ours", () => {
  const near = roleTargets({ x: 14, y: 0.5 });
  assert.equal(near.forwardLeft.x, 12.5);
  assert.equal(near.forwardRight.x, 12.5);
  assert.equal(roleTargets({ x: 5, y: 0 }).forwardLeft.x, 7);
  assert.deepEqual(fieldSpot({ x: -14, y: 1 }), { x: -15 + 1.8 + 0.6, y: 1 });
  assert.deepEqual(fieldSpot({ x: 20, y: -20 }), { x: 14.5, y: -9.5 });
});

Deno.test("role keeper: a substitute goalie guards the goal only while the goalie is out", () => {
  const at = (unum: number, x: number, y: number) => ({ unum, x, y });
  const ball = { x: -13, y: 1.5 };
  const t = roleTargets(ball);
  assert.deepEqual(t.subGoalie, { x: t.goalie.x, y: t.goalie.y });
  // The goalie has left its spot for the ball; 3 stands nearest the goal, 2 nearest the ball.
  const players = [at(1, -13.4, 1.3), at(2, -12.5, 2), at(3, -13.5, -1), at(4, -8, 0)];
  for (const assign of [assignGreedy, ...CORES.map(dpAssigner)]) {
    const keeper = new RoleKeeper(2, assign);
    let r = keeper.update(0, players, t, new Set(), true);
    const subs = [...r].filter(([, role]) => role === "subGoalie");
    assert.deepEqual(subs, [[3, "subGoalie"]]);
    assert.equal(r.get(1), "goalie");
    assert.equal(r.get(2), "onBall");
    // The goalie is back: the substitute role goes at once, within the hold time.
    r = keeper.update(0.1, players, t, new Set(), false);
    assert.ok(![...r.values()].includes("subGoalie"));
  }
});

Deno.test("role keeper: after the hold a role changes hands only for a gain beyond the stick", () => {
  const at = (unum: number, x: number, y: number) => ({ unum, x, y });
  const t = roleTargets({ x: 0, y: 0 });
  // 3 takes the supporter's spot (-1.2, -0.9), 4 forwardLeft's (2, 2); 2 is at the ball.
  const start = [at(1, -14, 0), at(2, -0.3, 0), at(3, -1.2, -0.9), at(4, 2, 2)];
  // Later, swapping would cut the longest walk from 3.1 m to 2.1 m: less than a 1.5 m stick.
  const later = [at(1, -14, 0), at(2, -0.3, 0), at(3, 0.5, 0.5), at(4, -0.6, 0.3)];
  for (const assign of [assignGreedy, ...CORES.map(dpAssigner)]) {
    for (const stick of [0, 1.5]) {
      const keeper = new RoleKeeper(2, assign, stick);
      const r0 = keeper.update(0, start, t);
      assert.deepEqual([r0.get(3), r0.get(4)], ["supporter", "forwardLeft"]);
      const r = keeper.update(5, later, t);
      const want = stick > 0 ? ["supporter", "forwardLeft"] : ["forwardLeft", "supporter"];
      assert.deepEqual([r.get(3), r.get(4)], want, `stick ${stick}`);
    }
  }
});
