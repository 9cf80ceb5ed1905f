// Role assignment, WASM against its TS twin: the optimal DP for 10 field players to 10 roles
// (10·2^9 = 5120 partial mappings), and the greedy assignment of the whole team for scale.

import { ROLE_MAX } from "../src/core/layout.ts";
import { createCore } from "../src/core/create_core.ts";
import { compileCore } from "../src/core/wasm_core.ts";
import { assignGreedy, type PlayerSpot, roleTargets } from "../src/strategy/roles.ts";
import { Rng } from "./rng.ts";

const module = await compileCore();
const rng = new Rng(2);
const cores = [await createCore("ts", 0), await createCore("wasm", 0, module)];
for (const c of cores) {
  for (let p = 0; p < 10; p++) {
    for (let r = 0; r < 10; r++) c.roleDist[p * ROLE_MAX + r] = rng.uniform(0, 20);
  }
  Deno.bench(`role dp 10x10 ${c.kind}`, { group: "role-dp", baseline: c.kind === "ts" }, () => {
    c.assignRoles(10, 10);
  });
}

const players: PlayerSpot[] = Array.from(
  { length: 11 },
  (_, i) => ({ unum: i + 1, x: rng.uniform(-14, 14), y: rng.uniform(-9, 9) }),
);
const targets = roleTargets({ x: 1, y: 2 });
Deno.bench("role greedy 11", { group: "role-greedy" }, () => {
  assignGreedy(players, targets, new Map());
});
