// The pure-TypeScript twin of core-as/assembly/roles.ts: the optimal player-to-role mapping by
// dynamic programming over subsets of players, with the seed's cost (distances sorted
// descending, compared lexicographically; equal within 1e-9, then the lower player index).

import { OFFSET, ROLE_MAX } from "./layout.ts";

const EPS = 1e-9;

export class TsRoles {
  constructor(readonly m: Float64Array) {}

  /** dst (len + 1) = src (len, descending) with x merged in; offsets into m. */
  private insert(dst: number, src: number, len: number, x: number): void {
    const m = this.m;
    let i = 0, o = 0;
    while (i < len && m[src + i] >= x) m[dst + o++] = m[src + i++];
    m[dst + o++] = x;
    while (i < len) m[dst + o++] = m[src + i++];
  }

  private compare(a: number, b: number, len: number): number {
    const m = this.m;
    for (let i = 0; i < len; i++) {
      const d = m[a + i] - m[b + i];
      if (d < -EPS) return -1;
      if (d > EPS) return 1;
    }
    return 0;
  }

  /**
   * Compares src (len, descending) with x merged in, without building it, against b (len + 1
   * values), as compare() would. Most candidates lose on the first values.
   */
  private compareMerged(src: number, len: number, x: number, b: number): number {
    const m = this.m;
    let i = 0, placed = false;
    for (let o = 0; o <= len; o++) {
      let v: number;
      if (!placed && (i >= len || m[src + i] < x)) {
        v = x;
        placed = true;
      } else v = m[src + i++];
      const d = v - m[b + o];
      if (d < -EPS) return -1;
      if (d > EPS) return 1;
    }
    return 0;
  }

  assignRoles(players: number, roles: number): number {
    const m = this.m;
    const k = Math.min(players, roles);
    const full = (1 << players) - 1;
    const dist = OFFSET.roleDist, choice = OFFSET.roleChoice;
    const row = (s: number) => OFFSET.roleCost + s * ROLE_MAX;
    let evaluated = 0, bestSet = 0;
    for (let s = 1; s <= full; s++) {
      const size = popcount(s);
      if (size > k) continue;
      const role = size - 1;
      // The best tuple so far is built in place in the subset's own row.
      const best = row(s);
      let bestPlayer = -1;
      for (let p = 0; p < players; p++) {
        if ((s & (1 << p)) === 0) continue;
        const src = row(s ^ (1 << p)), x = m[dist + p * ROLE_MAX + role];
        evaluated++;
        if (bestPlayer < 0 || this.compareMerged(src, role, x, best) < 0) {
          this.insert(best, src, role, x);
          bestPlayer = p;
        }
      }
      m[choice + s] = bestPlayer;
      if (size === k && (bestSet === 0 || this.compare(best, row(bestSet), k) < 0)) bestSet = s;
    }
    let s = bestSet;
    for (let role = k - 1; role >= 0; role--) {
      const p = m[choice + s];
      m[OFFSET.roleOut + role] = p;
      s ^= 1 << p;
    }
    return evaluated;
  }
}

function popcount(s: number): number {
  let n = 0;
  for (let v = s; v !== 0; v &= v - 1) n++;
  return n;
}
