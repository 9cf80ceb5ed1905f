// Coordinate search (a compass pattern search) for minimizing a black-box function of variables
// scaled to [0, 1]: each generation tries one variable at a few steps either side of the best
// point, keeps the best if it is lower, and moves on to the next variable; a whole sweep with no
// gain halves the steps. The optimizer's alternative to CMA-ES where the task is nearly
// deterministic and good points lie next to cliffs (the get-up keyframes: one slot's wait 0.12 s
// shorter and no run stands).

/** The steps tried either side of the best point, as fractions of each variable's range. */
export const COORDINATE_STEPS: readonly number[] = [0.07, 0.15, 0.3];

export class CoordinateSearch {
  /** The best point so far, and its value (lower is better). */
  readonly best: Float64Array;
  bestValue: number;
  /** The variable the next ask() varies. */
  private dim = 0;
  /** Its steps now: COORDINATE_STEPS times a half per sweep without a gain. */
  private scale = 1;
  private gainInSweep = false;
  private asked: Float64Array[] = [];

  /** From `start` (values in [0, 1]), whose value is `startValue`. */
  constructor(start: ArrayLike<number>, startValue: number) {
    if (start.length === 0) throw new Error("coordinate search: no variables");
    this.best = Float64Array.from(start);
    this.bestValue = startValue;
  }

  /** The largest step tried now, as a fraction of a range (CMA-ES's sigma in the progress). */
  get sigma(): number {
    return COORDINATE_STEPS[COORDINATE_STEPS.length - 1] * this.scale;
  }

  /** The best point with one variable moved by each step either way, kept within [0, 1]. */
  ask(): Float64Array[] {
    const d = this.dim, now = this.best[d];
    const values = new Set<number>();
    for (const s of COORDINATE_STEPS) {
      for (const v of [now - s * this.scale, now + s * this.scale]) {
        const inside = Math.min(1, Math.max(0, v));
        if (inside !== now) values.add(inside);
      }
    }
    this.asked = [...values].sort((a, b) => a - b).map((v) => {
      const x = Float64Array.from(this.best);
      x[d] = v;
      return x;
    });
    return this.asked;
  }

  /** Takes the values (lower is better) of the points ask() returned, in that order. */
  tell(values: readonly number[]): void {
    if (values.length !== this.asked.length) {
      throw new Error(`coordinate search: ${values.length} values for ${this.asked.length} points`);
    }
    values.forEach((v, i) => {
      if (v < this.bestValue) {
        this.bestValue = v;
        this.best.set(this.asked[i]);
        this.gainInSweep = true;
      }
    });
    this.dim = (this.dim + 1) % this.best.length;
    if (this.dim === 0) {
      if (!this.gainInSweep) this.scale /= 2;
      this.gainInSweep = false;
    }
  }
}
