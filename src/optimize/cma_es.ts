// CMA-ES (covariance matrix adaptation evolution strategy, Hansen's (μ/μ_w, λ) form with rank-one
// and rank-μ updates and cumulative step-size adaptation) for minimizing a black-box function of
// a few dozen variables: the optimizer of walk and skill parameters. Deterministic for a seed.

import { SeededRandom } from "../util/random.ts";

export interface CmaOptions {
  /** Start point. */
  mean: ArrayLike<number>;
  /** Initial step size, in the same units as the variables (scale them to comparable ranges). */
  sigma: number;
  /** Population size λ; default 4 + ⌊3 ln n⌋. */
  lambda?: number;
  seed?: number;
}

/**
 * Symmetric eigendecomposition by cyclic Jacobi rotations: a (n×n, row-major) is destroyed;
 * on return `values` holds the eigenvalues and the columns of `vectors` the eigenvectors.
 */
export function symmetricEigen(
  a: Float64Array,
  n: number,
  values: Float64Array,
  vectors: Float64Array,
): void {
  vectors.fill(0);
  for (let i = 0; i < n; i++) vectors[i * n + i] = 1;
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q] ** 2;
    if (off < 1e-30) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q];
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q * n + q] - a[p * n + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p];
          const akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k];
          const aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = vectors[k * n + p];
          const vkq = vectors[k * n + q];
          vectors[k * n + p] = c * vkp - s * vkq;
          vectors[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  for (let i = 0; i < n; i++) values[i] = a[i * n + i];
}

export class CmaEs {
  readonly n: number;
  readonly lambda: number;
  readonly mu: number;
  readonly mean: Float64Array;
  sigma: number;
  generation = 0;
  /** Best point seen and its value. */
  best: Float64Array;
  bestValue = Infinity;

  private readonly weights: Float64Array;
  private readonly mueff: number;
  private readonly cc: number;
  private readonly cs: number;
  private readonly c1: number;
  private readonly cmu: number;
  private readonly damps: number;
  private readonly chiN: number;
  private readonly pc: Float64Array;
  private readonly ps: Float64Array;
  /** Covariance C = B diag(D²) Bᵀ, row-major. */
  private readonly C: Float64Array;
  private readonly B: Float64Array;
  private readonly D: Float64Array;
  private readonly rng: SeededRandom;
  /** The current population: candidates and the standard normal steps behind them. */
  private population: Float64Array[] = [];
  private steps: Float64Array[] = [];

  constructor(o: CmaOptions) {
    const n = (this.n = o.mean.length);
    if (n < 1) throw new Error("cma-es: no variables");
    if (!(o.sigma > 0)) throw new Error(`cma-es: sigma ${o.sigma} is not positive`);
    this.lambda = o.lambda ?? 4 + Math.floor(3 * Math.log(n));
    if (this.lambda < 2) throw new Error(`cma-es: population ${this.lambda} is below 2`);
    this.mu = Math.floor(this.lambda / 2);
    this.mean = Float64Array.from(o.mean);
    this.best = Float64Array.from(o.mean);
    this.sigma = o.sigma;
    this.rng = new SeededRandom(o.seed ?? 1);

    const w = new Float64Array(this.mu);
    for (let i = 0; i < this.mu; i++) w[i] = Math.log(this.mu + 0.5) - Math.log(i + 1);
    const sum = w.reduce((a, b) => a + b, 0);
    for (let i = 0; i < this.mu; i++) w[i] /= sum;
    this.weights = w;
    this.mueff = 1 / w.reduce((a, b) => a + b * b, 0);
    const me = this.mueff;
    this.cc = (4 + me / n) / (n + 4 + 2 * me / n);
    this.cs = (me + 2) / (n + me + 5);
    this.c1 = 2 / ((n + 1.3) ** 2 + me);
    this.cmu = Math.min(1 - this.c1, 2 * (me - 2 + 1 / me) / ((n + 2) ** 2 + me));
    this.damps = 1 + 2 * Math.max(0, Math.sqrt((me - 1) / (n + 1)) - 1) + this.cs;
    this.chiN = Math.sqrt(n) * (1 - 1 / (4 * n) + 1 / (21 * n * n));
    this.pc = new Float64Array(n);
    this.ps = new Float64Array(n);
    this.C = new Float64Array(n * n);
    this.B = new Float64Array(n * n);
    this.D = new Float64Array(n).fill(1);
    for (let i = 0; i < n; i++) {
      this.C[i * n + i] = 1;
      this.B[i * n + i] = 1;
    }
  }

  /** λ new candidates: mean + σ B D z with z standard normal. */
  ask(): Float64Array[] {
    const n = this.n;
    this.population = [];
    this.steps = [];
    for (let k = 0; k < this.lambda; k++) {
      const z = new Float64Array(n);
      for (let i = 0; i < n; i++) z[i] = this.rng.normal();
      const y = this.bd(z);
      const x = new Float64Array(n);
      for (let i = 0; i < n; i++) x[i] = this.mean[i] + this.sigma * y[i];
      this.population.push(x);
      this.steps.push(z);
    }
    return this.population;
  }

  /** Takes the values (lower is better) of the candidates ask() returned, in that order. */
  tell(values: readonly number[]): void {
    const n = this.n;
    if (values.length !== this.population.length) {
      throw new Error(`cma-es: ${values.length} values for ${this.population.length} candidates`);
    }
    const order = values.map((v, i) => [Number.isNaN(v) ? Infinity : v, i]).sort((a, b) =>
      a[0] - b[0]
    );
    if (order[0][0] < this.bestValue) {
      this.bestValue = order[0][0];
      this.best = Float64Array.from(this.population[order[0][1]]);
    }
    const old = Float64Array.from(this.mean);
    const zmean = new Float64Array(n);
    this.mean.fill(0);
    for (let r = 0; r < this.mu; r++) {
      const k = order[r][1];
      const w = this.weights[r];
      for (let i = 0; i < n; i++) {
        this.mean[i] += w * this.population[k][i];
        zmean[i] += w * this.steps[k][i];
      }
    }
    // ps ← (1 − cs) ps + √(cs (2 − cs) μeff) B zmean
    const bz = this.b(zmean);
    const csn = Math.sqrt(this.cs * (2 - this.cs) * this.mueff);
    let psNorm = 0;
    for (let i = 0; i < n; i++) {
      this.ps[i] = (1 - this.cs) * this.ps[i] + csn * bz[i];
      psNorm += this.ps[i] ** 2;
    }
    psNorm = Math.sqrt(psNorm);
    this.generation++;
    const hsig = psNorm / Math.sqrt(1 - (1 - this.cs) ** (2 * this.generation)) / this.chiN <
        1.4 + 2 / (n + 1)
      ? 1
      : 0;
    const ccn = Math.sqrt(this.cc * (2 - this.cc) * this.mueff);
    for (let i = 0; i < n; i++) {
      this.pc[i] = (1 - this.cc) * this.pc[i] + hsig * ccn * (this.mean[i] - old[i]) / this.sigma;
    }
    const C = this.C;
    const c1 = this.c1;
    const cmu = this.cmu;
    const keep = 1 - c1 - cmu + (1 - hsig) * c1 * this.cc * (2 - this.cc);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j <= i; j++) {
        let rankMu = 0;
        for (let r = 0; r < this.mu; r++) {
          const x = this.population[order[r][1]];
          rankMu += this.weights[r] * ((x[i] - old[i]) / this.sigma) *
            ((x[j] - old[j]) / this.sigma);
        }
        const v = keep * C[i * n + j] + c1 * this.pc[i] * this.pc[j] + cmu * rankMu;
        C[i * n + j] = v;
        C[j * n + i] = v;
      }
    }
    this.sigma *= Math.exp((this.cs / this.damps) * (psNorm / this.chiN - 1));
    const a = Float64Array.from(C);
    symmetricEigen(a, n, this.D, this.B);
    for (let i = 0; i < n; i++) this.D[i] = Math.sqrt(Math.max(this.D[i], 1e-20));
  }

  /** B D z. */
  private bd(z: Float64Array): Float64Array {
    const n = this.n;
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let j = 0; j < n; j++) s += this.B[i * n + j] * this.D[j] * z[j];
      y[i] = s;
    }
    return y;
  }

  /** B z. */
  private b(z: Float64Array): Float64Array {
    const n = this.n;
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let j = 0; j < n; j++) s += this.B[i * n + j] * z[j];
      y[i] = s;
    }
    return y;
  }
}
