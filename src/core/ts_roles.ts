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

  assignRoles(players: number, roles: number): number {
    const m = this.m;
    const k = Math.min(players, roles);
    const full = (1 << players) - 1;
    const dist = OFFSET.roleDist, choice = OFFSET.roleChoice;
    const row = (s: number) => OFFSET.roleCost + s * ROLE_MAX;
    const a = OFFSET.roleScratch, b = OFFSET.roleScratch + ROLE_MAX;
    let evaluated = 0, bestSet = 0;
    for (let s = 1; s <= full; s++) {
      const size = popcount(s);
      if (size > k) continue;
      const role = size - 1;
      let cand = a, best = b, bestPlayer = -1;
      for (let p = 0; p < players; p++) {
        if ((s & (1 << p)) === 0) continue;
        this.insert(cand, row(s ^ (1 << p)), role, m[dist + p * ROLE_MAX + role]);
        evaluated++;
        if (bestPlayer < 0 || this.compare(cand, best, size) < 0) {
          const t = cand;
          cand = best;
          best = t;
          bestPlayer = p;
        }
      }
      const r = row(s);
      for (let i = 0; i < size; i++) m[r + i] = m[best + i];
      m[choice + s] = bestPlayer;
      if (size === k && (bestSet === 0 || this.compare(r, row(bestSet), k) < 0)) bestSet = s;
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
