// AssemblyScript particle filter and Kalman kernels over the host-assigned region (see
// src/core/layout.ts): prediction, weighting against landmarks and the line distance map,
// low-variance resampling, weighted mean, and the constant-velocity track filter. Same steps and
// the same xorshift32 stream as the TypeScript twin in src/core/ts_filters.ts.

import { ld, st } from "./memory";
import {
  LANDMARK,
  LINE_POINT,
  OFFSET_LANDMARKS,
  OFFSET_LINE_POINTS,
  OFFSET_PARTICLES,
  OFFSET_PARTICLES_TMP,
  OFFSET_PF_OUT,
  OFFSET_TRACKS,
  PARTICLE,
  PF_BEST,
  PF_ESS,
  PF_STHETA,
  PF_SX,
  PF_SY,
  PF_THETA,
  PF_X,
  PF_Y,
  TRACK,
} from "./layout";

let PARTICLES: usize = 0;
let TMP: usize = 0;
let LANDMARKS: usize = 0;
let POINTS: usize = 0;
let PF_OUT: usize = 0;
let TRACKS: usize = 0;
let GRID: usize = 0;
let gridW: i32 = 0;
let gridH: i32 = 0;
let gridX0: f64 = 0;
let gridY0: f64 = 0;
let gridInv: f64 = 1;
let rng: u32 = 1;

// Kalman scratch: gain (4×2) and the two covariance rows it reads.
let k0: f64 = 0, k1: f64 = 0, k2: f64 = 0, k3: f64 = 0;
let k4: f64 = 0, k5: f64 = 0, k6: f64 = 0, k7: f64 = 0;

/** Places the filter slots of the layout table from `base`, a byte address. */
export function setFilterBase(base: usize): void {
  PARTICLES = base + (<usize> OFFSET_PARTICLES << 3);
  TMP = base + (<usize> OFFSET_PARTICLES_TMP << 3);
  LANDMARKS = base + (<usize> OFFSET_LANDMARKS << 3);
  POINTS = base + (<usize> OFFSET_LINE_POINTS << 3);
  PF_OUT = base + (<usize> OFFSET_PF_OUT << 3);
  TRACKS = base + (<usize> OFFSET_TRACKS << 3);
}

/** The line distance map: bytes at `ptr`, width × height cells of `resolution` from (x0, y0). */
export function setGrid(
  ptr: usize,
  width: i32,
  height: i32,
  x0: f64,
  y0: f64,
  resolution: f64,
): void {
  GRID = ptr;
  gridW = width;
  gridH = height;
  gridX0 = x0;
  gridY0 = y0;
  gridInv = 1 / resolution;
}

export function seed(s: u32): void {
  rng = s != 0 ? s : 1;
}

export function uniform(): f64 {
  let x = rng;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  rng = x;
  return (<f64> x + 1) / 4294967297.0;
}

export function gaussian(): f64 {
  const u1 = uniform(), u2 = uniform();
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

export function pfPredict(n: i32, dx: f64, dy: f64, dth: f64, sxy: f64, sth: f64): void {
  for (let i = 0; i < n; i++) {
    const o = PARTICLES + (<usize> (i * PARTICLE) << 3);
    const th = ld(o, 2);
    const c = Math.cos(th), s = Math.sin(th);
    const ex = dx + sxy * gaussian();
    const ey = dy + sxy * gaussian();
    st(o, 0, ld(o, 0) + c * ex - s * ey);
    st(o, 1, ld(o, 1) + s * ex + c * ey);
    st(o, 2, th + dth + sth * gaussian());
  }
}

export function pfWeight(n: i32, nLandmarks: i32, nPoints: i32): f64 {
  let best = -Infinity;
  for (let i = 0; i < n; i++) {
    const o = PARTICLES + (<usize> (i * PARTICLE) << 3);
    const x = ld(o, 0), y = ld(o, 1), th = ld(o, 2);
    const c = Math.cos(th), s = Math.sin(th);
    let logL: f64 = 0;
    for (let k = 0; k < nLandmarks; k++) {
      const lo = LANDMARKS + (<usize> (k * LANDMARK) << 3);
      const dx = ld(lo, 0) - x, dy = ld(lo, 1) - y;
      const ex = c * dx + s * dy - ld(lo, 2);
      const ey = -s * dx + c * dy - ld(lo, 3);
      const sg = ld(lo, 4);
      logL -= (ex * ex + ey * ey) / (2 * sg * sg);
    }
    for (let k = 0; k < nPoints; k++) {
      const po = POINTS + (<usize> (k * LINE_POINT) << 3);
      const ox = ld(po, 0), oy = ld(po, 1), sg = ld(po, 2);
      const gi = <i32> Math.floor((x + c * ox - s * oy - gridX0) * gridInv);
      const gj = <i32> Math.floor((y + s * ox + c * oy - gridY0) * gridInv);
      const cm: f64 = gi >= 0 && gi < gridW && gj >= 0 && gj < gridH
        ? <f64> load<u8>(GRID + <usize> (gj * gridW + gi))
        : 255.0;
      const d = cm * 0.01;
      logL -= (d * d) / (2 * sg * sg);
    }
    st(TMP + (<usize> (i * PARTICLE) << 3), 3, logL);
    if (logL > best) best = logL;
  }
  let sum: f64 = 0;
  for (let i = 0; i < n; i++) {
    const o = PARTICLES + (<usize> (i * PARTICLE) << 3);
    const w = ld(o, 3) * Math.exp(ld(TMP + (<usize> (i * PARTICLE) << 3), 3) - best);
    st(o, 3, w);
    sum += w;
  }
  let sq: f64 = 0;
  for (let i = 0; i < n; i++) {
    const o = PARTICLES + (<usize> (i * PARTICLE) << 3);
    const w = sum > 0 ? ld(o, 3) / sum : 1.0 / <f64> n;
    st(o, 3, w);
    sq += w * w;
  }
  st(PF_OUT, PF_BEST, best);
  st(PF_OUT, PF_ESS, 1 / sq);
  return best;
}

export function pfResample(n: i32): void {
  const step = 1.0 / <f64> n;
  const r = uniform() * step;
  let c = ld(PARTICLES, 3);
  let i = 0;
  for (let k = 0; k < n; k++) {
    const u = r + <f64> k * step;
    while (u > c && i < n - 1) {
      i++;
      c += ld(PARTICLES + (<usize> (i * PARTICLE) << 3), 3);
    }
    const src = PARTICLES + (<usize> (i * PARTICLE) << 3);
    const dst = TMP + (<usize> (k * PARTICLE) << 3);
    st(dst, 0, ld(src, 0));
    st(dst, 1, ld(src, 1));
    st(dst, 2, ld(src, 2));
  }
  for (let k = 0; k < n; k++) {
    const src = TMP + (<usize> (k * PARTICLE) << 3);
    const dst = PARTICLES + (<usize> (k * PARTICLE) << 3);
    st(dst, 0, ld(src, 0));
    st(dst, 1, ld(src, 1));
    st(dst, 2, ld(src, 2));
    st(dst, 3, step);
  }
}

export function pfMean(n: i32): void {
  let sx: f64 = 0, sy: f64 = 0, sc: f64 = 0, ss: f64 = 0, sw: f64 = 0;
  for (let i = 0; i < n; i++) {
    const o = PARTICLES + (<usize> (i * PARTICLE) << 3);
    const w = ld(o, 3);
    sx += w * ld(o, 0);
    sy += w * ld(o, 1);
    sc += w * Math.cos(ld(o, 2));
    ss += w * Math.sin(ld(o, 2));
    sw += w;
  }
  const mx = sx / sw, my = sy / sw;
  let vx: f64 = 0, vy: f64 = 0;
  for (let i = 0; i < n; i++) {
    const o = PARTICLES + (<usize> (i * PARTICLE) << 3);
    const w = ld(o, 3);
    vx += w * (ld(o, 0) - mx) * (ld(o, 0) - mx);
    vy += w * (ld(o, 1) - my) * (ld(o, 1) - my);
  }
  const r = Math.sqrt(sc * sc + ss * ss) / sw;
  st(PF_OUT, PF_X, mx);
  st(PF_OUT, PF_Y, my);
  st(PF_OUT, PF_THETA, Math.atan2(ss, sc));
  st(PF_OUT, PF_SX, Math.sqrt(vx / sw));
  st(PF_OUT, PF_SY, Math.sqrt(vy / sw));
  st(PF_OUT, PF_STHETA, Math.sqrt(-2 * Math.log(r > 1e-12 ? (r < 1 ? r : 1) : 1e-12)));
}

export function kfPredict(t: i32, dt: f64, decay: f64, qPos: f64, qVel: f64): void {
  const o = TRACKS + (<usize> (t * TRACK) << 3);
  const P = o + 32;
  const a = Math.pow(decay, dt);
  st(o, 0, ld(o, 0) + dt * ld(o, 2));
  st(o, 1, ld(o, 1) + dt * ld(o, 3));
  st(o, 2, ld(o, 2) * a);
  st(o, 3, ld(o, 3) * a);
  for (let r = 0; r < 2; r++) {
    for (let c = 0; c < 4; c++) st(P, r * 4 + c, ld(P, r * 4 + c) + dt * ld(P, (r + 2) * 4 + c));
  }
  for (let r = 2; r < 4; r++) for (let c = 0; c < 4; c++) st(P, r * 4 + c, ld(P, r * 4 + c) * a);
  for (let r = 0; r < 4; r++) {
    st(P, r * 4, ld(P, r * 4) + dt * ld(P, r * 4 + 2));
    st(P, r * 4 + 1, ld(P, r * 4 + 1) + dt * ld(P, r * 4 + 3));
    st(P, r * 4 + 2, ld(P, r * 4 + 2) * a);
    st(P, r * 4 + 3, ld(P, r * 4 + 3) * a);
  }
  st(P, 0, ld(P, 0) + qPos * dt);
  st(P, 5, ld(P, 5) + qPos * dt);
  st(P, 10, ld(P, 10) + qVel * dt);
  st(P, 15, ld(P, 15) + qVel * dt);
}

export function kfUpdate(t: i32, zx: f64, zy: f64, r: f64, gate: f64): f64 {
  const o = TRACKS + (<usize> (t * TRACK) << 3);
  const P = o + 32;
  const s00 = ld(P, 0) + r, s01 = ld(P, 1), s10 = ld(P, 4), s11 = ld(P, 5) + r;
  const det = s00 * s11 - s01 * s10;
  const i00 = s11 / det, i01 = -s01 / det, i10 = -s10 / det, i11 = s00 / det;
  const yx = zx - ld(o, 0), yy = zy - ld(o, 1);
  const d2 = yx * (i00 * yx + i01 * yy) + yy * (i10 * yx + i11 * yy);
  if (d2 > gate) return d2;
  k0 = ld(P, 0) * i00 + ld(P, 1) * i10;
  k1 = ld(P, 0) * i01 + ld(P, 1) * i11;
  k2 = ld(P, 4) * i00 + ld(P, 5) * i10;
  k3 = ld(P, 4) * i01 + ld(P, 5) * i11;
  k4 = ld(P, 8) * i00 + ld(P, 9) * i10;
  k5 = ld(P, 8) * i01 + ld(P, 9) * i11;
  k6 = ld(P, 12) * i00 + ld(P, 13) * i10;
  k7 = ld(P, 12) * i01 + ld(P, 13) * i11;
  st(o, 0, ld(o, 0) + k0 * yx + k1 * yy);
  st(o, 1, ld(o, 1) + k2 * yx + k3 * yy);
  st(o, 2, ld(o, 2) + k4 * yx + k5 * yy);
  st(o, 3, ld(o, 3) + k6 * yx + k7 * yy);
  for (let c = 0; c < 4; c++) {
    const h0 = ld(P, c), h1 = ld(P, 4 + c);
    st(P, c, h0 - (k0 * h0 + k1 * h1));
    st(P, 4 + c, h1 - (k2 * h0 + k3 * h1));
    st(P, 8 + c, ld(P, 8 + c) - (k4 * h0 + k5 * h1));
    st(P, 12 + c, ld(P, 12 + c) - (k6 * h0 + k7 * h1));
  }
  return d2;
}
