// The pure-TypeScript twin of core-as/assembly/filters.ts: particle-filter prediction, weighting
// against landmarks and the line distance map, low-variance resampling and the weighted mean,
// and the constant-velocity Kalman filter of the ball and player tracks. It shares the layout
// of core/layout.ts and the same xorshift32 random stream, so both cores agree to 1e-9.

import { LANDMARK, LINE_POINT, OFFSET, PARTICLE, PF, TRACK } from "./layout.ts";

export interface GridShape {
  width: number;
  height: number;
  x0: number;
  y0: number;
  resolution: number;
}

export class TsFilters {
  private rng = 1;
  /** Scratch for the Kalman gain (4×2) and the two covariance rows it reads. */
  private readonly gain = new Float64Array(8);
  private readonly rows = new Float64Array(8);
  private grid: Uint8Array = new Uint8Array(0);
  private shape: GridShape = { width: 0, height: 0, x0: 0, y0: 0, resolution: 1 };

  constructor(readonly m: Float64Array) {}

  setGrid(grid: Uint8Array, shape: GridShape): void {
    this.grid = grid;
    this.shape = { ...shape };
  }

  seed(s: number): void {
    this.rng = (s >>> 0) || 1;
  }

  /** Uniform in (0, 1) from xorshift32. */
  uniform(): number {
    let x = this.rng;
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    this.rng = x;
    return (x + 1) / 4294967297;
  }

  gaussian(): number {
    const u1 = this.uniform(), u2 = this.uniform();
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }

  /** Moves each particle by the odometry (dx, dy in its own frame, dθ) plus Gaussian noise. */
  pfPredict(n: number, dx: number, dy: number, dth: number, sxy: number, sth: number): void {
    const m = this.m;
    for (let i = 0; i < n; i++) {
      const o = OFFSET.particles + i * PARTICLE;
      const th = m[o + 2];
      const c = Math.cos(th), s = Math.sin(th);
      const ex = dx + sxy * this.gaussian(), ey = dy + sxy * this.gaussian();
      m[o] += c * ex - s * ey;
      m[o + 1] += s * ex + c * ey;
      m[o + 2] = th + dth + sth * this.gaussian();
    }
  }

  /**
   * Multiplies each weight by the likelihood of the landmark and line-point observations and
   * normalises. Writes the best log-likelihood to pfOut[PF.BEST] and the effective sample size
   * to pfOut[PF.ESS]; returns the best log-likelihood.
   */
  pfWeight(n: number, nLandmarks: number, nPoints: number): number {
    const m = this.m;
    const g = this.grid;
    const { width, height, x0, y0, resolution } = this.shape;
    const inv = 1 / resolution;
    let best = -Infinity;
    for (let i = 0; i < n; i++) {
      const o = OFFSET.particles + i * PARTICLE;
      const x = m[o], y = m[o + 1], th = m[o + 2];
      const c = Math.cos(th), s = Math.sin(th);
      let logL = 0;
      for (let k = 0; k < nLandmarks; k++) {
        const lo = OFFSET.landmarks + k * LANDMARK;
        const dx = m[lo] - x, dy = m[lo + 1] - y;
        const ex = c * dx + s * dy - m[lo + 2];
        const ey = -s * dx + c * dy - m[lo + 3];
        const sg = m[lo + 4];
        logL -= (ex * ex + ey * ey) / (2 * sg * sg);
      }
      for (let k = 0; k < nPoints; k++) {
        const po = OFFSET.linePoints + k * LINE_POINT;
        const ox = m[po], oy = m[po + 1], sg = m[po + 2];
        const gi = Math.floor((x + c * ox - s * oy - x0) * inv);
        const gj = Math.floor((y + s * ox + c * oy - y0) * inv);
        const cm = gi >= 0 && gi < width && gj >= 0 && gj < height ? g[gj * width + gi] : 255;
        const d = cm * 0.01;
        logL -= (d * d) / (2 * sg * sg);
      }
      m[OFFSET.particlesTmp + i * PARTICLE + 3] = logL;
      if (logL > best) best = logL;
    }
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const o = OFFSET.particles + i * PARTICLE;
      const w = m[o + 3] * Math.exp(m[OFFSET.particlesTmp + i * PARTICLE + 3] - best);
      m[o + 3] = w;
      sum += w;
    }
    let sq = 0;
    for (let i = 0; i < n; i++) {
      const o = OFFSET.particles + i * PARTICLE;
      const w = sum > 0 ? m[o + 3] / sum : 1 / n;
      m[o + 3] = w;
      sq += w * w;
    }
    m[OFFSET.pfOut + PF.BEST] = best;
    m[OFFSET.pfOut + PF.ESS] = 1 / sq;
    return best;
  }

  /** Low-variance resampling; afterwards all weights are 1/n. */
  pfResample(n: number): void {
    const m = this.m;
    const step = 1 / n;
    const r = this.uniform() * step;
    let c = m[OFFSET.particles + 3];
    let i = 0;
    for (let k = 0; k < n; k++) {
      const u = r + k * step;
      while (u > c && i < n - 1) {
        i++;
        c += m[OFFSET.particles + i * PARTICLE + 3];
      }
      const src = OFFSET.particles + i * PARTICLE, dst = OFFSET.particlesTmp + k * PARTICLE;
      m[dst] = m[src];
      m[dst + 1] = m[src + 1];
      m[dst + 2] = m[src + 2];
    }
    for (let k = 0; k < n; k++) {
      const src = OFFSET.particlesTmp + k * PARTICLE, dst = OFFSET.particles + k * PARTICLE;
      m[dst] = m[src];
      m[dst + 1] = m[src + 1];
      m[dst + 2] = m[src + 2];
      m[dst + 3] = step;
    }
  }

  /** Weighted mean and spread into pfOut (PF.X … PF.STHETA). */
  pfMean(n: number): void {
    const m = this.m;
    let sx = 0, sy = 0, sc = 0, ss = 0, sw = 0;
    for (let i = 0; i < n; i++) {
      const o = OFFSET.particles + i * PARTICLE;
      const w = m[o + 3];
      sx += w * m[o];
      sy += w * m[o + 1];
      sc += w * Math.cos(m[o + 2]);
      ss += w * Math.sin(m[o + 2]);
      sw += w;
    }
    const mx = sx / sw, my = sy / sw;
    let vx = 0, vy = 0;
    for (let i = 0; i < n; i++) {
      const o = OFFSET.particles + i * PARTICLE;
      const w = m[o + 3];
      vx += w * (m[o] - mx) * (m[o] - mx);
      vy += w * (m[o + 1] - my) * (m[o + 1] - my);
    }
    const r = Math.sqrt(sc * sc + ss * ss) / sw;
    m[OFFSET.pfOut + PF.X] = mx;
    m[OFFSET.pfOut + PF.Y] = my;
    m[OFFSET.pfOut + PF.THETA] = Math.atan2(ss, sc);
    m[OFFSET.pfOut + PF.SX] = Math.sqrt(vx / sw);
    m[OFFSET.pfOut + PF.SY] = Math.sqrt(vy / sw);
    m[OFFSET.pfOut + PF.STHETA] = Math.sqrt(-2 * Math.log(r > 1e-12 ? (r < 1 ? r : 1) : 1e-12));
  }

  /**
   * Constant-velocity prediction of track t over dt: the velocity decays by `decay` per second
   * (rolling friction); qPos and qVel are process-noise densities.
   */
  kfPredict(t: number, dt: number, decay: number, qPos: number, qVel: number): void {
    const m = this.m;
    const o = OFFSET.tracks + t * TRACK;
    const a = Math.pow(decay, dt);
    // F = [[1,0,dt,0],[0,1,0,dt],[0,0,a,0],[0,0,0,a]]
    m[o] += dt * m[o + 2];
    m[o + 1] += dt * m[o + 3];
    m[o + 2] *= a;
    m[o + 3] *= a;
    const P = o + 4;
    // P ← F P Fᵀ + Q, written out for this F.
    for (let r = 0; r < 2; r++) {
      for (let c = 0; c < 4; c++) m[P + r * 4 + c] += dt * m[P + (r + 2) * 4 + c];
    }
    for (let r = 2; r < 4; r++) for (let c = 0; c < 4; c++) m[P + r * 4 + c] *= a;
    for (let r = 0; r < 4; r++) {
      m[P + r * 4] += dt * m[P + r * 4 + 2];
      m[P + r * 4 + 1] += dt * m[P + r * 4 + 3];
      m[P + r * 4 + 2] *= a;
      m[P + r * 4 + 3] *= a;
    }
    m[P] += qPos * dt;
    m[P + 5] += qPos * dt;
    m[P + 10] += qVel * dt;
    m[P + 15] += qVel * dt;
  }

  /**
   * Position measurement (zx, zy) with variance r. Returns the squared Mahalanobis distance of
   * the innovation; the update is applied only when it is within `gate`.
   */
  kfUpdate(t: number, zx: number, zy: number, r: number, gate: number): number {
    const m = this.m;
    const o = OFFSET.tracks + t * TRACK;
    const P = o + 4;
    const s00 = m[P] + r, s01 = m[P + 1], s10 = m[P + 4], s11 = m[P + 5] + r;
    const det = s00 * s11 - s01 * s10;
    const i00 = s11 / det, i01 = -s01 / det, i10 = -s10 / det, i11 = s00 / det;
    const yx = zx - m[o], yy = zy - m[o + 1];
    const d2 = yx * (i00 * yx + i01 * yy) + yy * (i10 * yx + i11 * yy);
    if (d2 > gate) return d2;
    // K = P Hᵀ S⁻¹ (4×2); H picks the position.
    const k = this.gain, h = this.rows;
    for (let row = 0; row < 4; row++) {
      const p0 = m[P + row * 4], p1 = m[P + row * 4 + 1];
      k[row * 2] = p0 * i00 + p1 * i10;
      k[row * 2 + 1] = p0 * i01 + p1 * i11;
    }
    for (let row = 0; row < 4; row++) m[o + row] += k[row * 2] * yx + k[row * 2 + 1] * yy;
    // P ← (I − K H) P, using the first two rows of the old P.
    for (let c = 0; c < 8; c++) h[c] = m[P + c];
    for (let row = 0; row < 4; row++) {
      for (let c = 0; c < 4; c++) {
        m[P + row * 4 + c] -= k[row * 2] * h[c] + k[row * 2 + 1] * h[4 + c];
      }
    }
    return d2;
  }
}
