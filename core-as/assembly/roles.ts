// AssemblyScript role-assignment kernel: the optimal player-to-role mapping of the UT Austin
// Villa role system (seed 001). A mapping's cost is its player-to-target distances sorted
// descending and compared lexicographically; the dynamic programme over subsets of players maps
// every subset S of size k to roles 0…k−1 at its best, from the best mappings of S without one
// player. Same steps as src/core/ts_roles.ts.

import { ld, st } from "./memory";
import {
  OFFSET_ROLE_CHOICE,
  OFFSET_ROLE_COST,
  OFFSET_ROLE_DIST,
  OFFSET_ROLE_OUT,
  ROLE_MAX,
} from "./layout";

/** Players and roles at most. */
const MAX: i32 = ROLE_MAX;
/** Costs closer than this are equal; the lower player index then wins. */
const EPS: f64 = 1e-9;

let DIST: usize = 0;
let COST: usize = 0;
let CHOICE: usize = 0;
let OUT: usize = 0;

/** Places the role slots of the layout table from `base`, a byte address. */
export function setRoleBase(base: usize): void {
  DIST = base + (<usize> OFFSET_ROLE_DIST << 3);
  COST = base + (<usize> OFFSET_ROLE_COST << 3);
  CHOICE = base + (<usize> OFFSET_ROLE_CHOICE << 3);
  OUT = base + (<usize> OFFSET_ROLE_OUT << 3);
}

function row(s: i32): usize {
  return COST + (<usize> (s * MAX) << 3);
}

/** dst (len + 1) = src (len, descending) with x merged in. */
function insert(dst: usize, src: usize, len: i32, x: f64): void {
  let i = 0, o = 0;
  while (i < len && ld(src, i) >= x) st(dst, o++, ld(src, i++));
  st(dst, o++, x);
  while (i < len) st(dst, o++, ld(src, i++));
}

/** −1, 0 or 1 as tuple a is lexicographically below, equal to or above b (len values). */
function compare(a: usize, b: usize, len: i32): i32 {
  for (let i = 0; i < len; i++) {
    const d = ld(a, i) - ld(b, i);
    if (d < -EPS) return -1;
    if (d > EPS) return 1;
  }
  return 0;
}

/**
 * Compares the tuple src (len, descending) with x merged in, without building it, against b
 * (len + 1 values): −1, 0 or 1 as compare() would. Most candidates lose on the first values.
 */
function compareMerged(src: usize, len: i32, x: f64, b: usize): i32 {
  let i = 0, placed = false;
  for (let o = 0; o <= len; o++) {
    let v: f64;
    if (!placed && (i >= len || ld(src, i) < x)) {
      v = x;
      placed = true;
    } else v = ld(src, i++);
    const d = v - ld(b, o);
    if (d < -EPS) return -1;
    if (d > EPS) return 1;
  }
  return 0;
}

/**
 * Best mapping of `players` players to the first min(players, roles) roles, from the distance
 * matrix (player-major, MAX per row) into OUT[role] = player index; returns the mappings
 * evaluated.
 */
export function assignRoles(players: i32, roles: i32): i32 {
  const k = players < roles ? players : roles;
  const full = (1 << players) - 1;
  let evaluated = 0;
  let bestSet = 0;
  for (let s = 1; s <= full; s++) {
    const size = <i32> popcnt(s);
    if (size > k) continue;
    const role = size - 1;
    // The best tuple so far is built in place in the subset's own row.
    const best = row(s);
    let bestPlayer = -1;
    for (let p = 0; p < players; p++) {
      if ((s & (1 << p)) == 0) continue;
      const src = row(s ^ (1 << p)), x = ld(DIST, p * MAX + role);
      evaluated++;
      if (bestPlayer < 0 || compareMerged(src, role, x, best) < 0) {
        insert(best, src, role, x);
        bestPlayer = p;
      }
    }
    st(CHOICE, s, <f64> bestPlayer);
    if (size == k && (bestSet == 0 || compare(best, row(bestSet), k) < 0)) bestSet = s;
  }
  let s = bestSet;
  for (let role = k - 1; role >= 0; role--) {
    const p = <i32> ld(CHOICE, s);
    st(OUT, role, <f64> p);
    s ^= 1 << p;
  }
  return evaluated;
}
