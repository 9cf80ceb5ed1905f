// Test helper: the project's seeded random stream (src/util/random.ts) with the draws property
// and fuzz tests need, so that they are repeatable.

import { SeededRandom } from "../src/util/random.ts";

export class Rng {
  private readonly r: SeededRandom;

  constructor(seed: number) {
    this.r = new SeededRandom(seed);
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.r.uniform();
  }

  /** Integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
  }
}
