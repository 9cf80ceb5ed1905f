// How a rolling ball moves on rcssserver3d, and what follows from a tracked ball: where it stops,
// and when and where it crosses a line (our goal line, the goalie's line), each with its
// uncertainty from the track's covariance. The ball on the ground slows as dv/dt = −k·v: a least-
// squares fit to the ground-truth positions of the two 6.5 m kicks in ../shared/fixtures gave
// k = 1.02 and 1.06 /s (rms 9 mm over 5.3 s; a constant deceleration term came out at
// 0.00–0.02 m/s², left out), so the ball keeps e^−k ≈ 0.35 of its speed per second (param
// ball.decay). Field frame, SI units.

/** Track state and its 4×4 covariance (row-major, x, y, vx, vy), as the core's tracks hold it. */
export interface BallTrack {
  x: number;
  y: number;
  vx: number;
  vy: number;
  /** 16 values, or null when unknown (the predictions then carry no σ). */
  cov: ArrayLike<number> | null;
}

export interface Prediction {
  x: number;
  y: number;
  /** Seconds from now. */
  t: number;
  /** One σ of the predicted position across the line (crossing) or of x and y (stop). */
  sigma: number;
}

/** The friction rate k (1/s) of a ball that keeps `decay` of its speed per second. */
export function frictionRate(decay: number): number {
  return -Math.log(decay);
}

/** Distance covered by time t from speed 1 (m per m/s): (1 − e^−kt)/k. */
export function reach(k: number, t: number): number {
  return (1 - Math.exp(-k * t)) / k;
}

/** Where the ball stops, and the σ of that spot (the larger axis). */
export function stopPoint(b: BallTrack, decay: number): Prediction {
  const k = frictionRate(decay);
  const c = b.cov;
  // stop = p + v/k: var = var(p) + var(v)/k² + 2 cov(p, v)/k, per axis.
  const sx = c ? c[0] + c[10] / (k * k) + 2 * c[2] / k : 0;
  const sy = c ? c[5] + c[15] / (k * k) + 2 * c[7] / k : 0;
  const speed = Math.hypot(b.vx, b.vy);
  return {
    x: b.x + b.vx / k,
    y: b.y + b.vy / k,
    // Practically stopped after the speed has fallen to 1 cm/s.
    t: speed > 0.01 ? Math.log(speed / 0.01) / k : 0,
    sigma: Math.sqrt(Math.max(0, sx, sy)),
  };
}

/**
 * When and where the ball crosses the line x = lineX, or null when it stops short or rolls away
 * from it. σ is that of the crossing's y, from the covariance by the crossing's derivatives.
 */
export function lineCrossing(b: BallTrack, lineX: number, decay: number): Prediction | null {
  const k = frictionRate(decay);
  const gap = lineX - b.x;
  if (gap === 0) return { x: lineX, y: b.y, t: 0, sigma: b.cov ? Math.sqrt(b.cov[5]) : 0 };
  if (b.vx === 0 || Math.sign(b.vx) !== Math.sign(gap)) return null;
  const u = 1 - k * gap / b.vx;
  if (u <= 0) return null;
  const t = -Math.log(u) / k;
  const r = reach(k, t);
  const y = b.y + b.vy * r;
  let sigma = 0;
  const c = b.cov;
  if (c) {
    // y* = y + vy·gap/vx: the derivatives by x, y, vx, vy.
    const g = [-b.vy / b.vx, 1, -b.vy * gap / (b.vx * b.vx), gap / b.vx];
    let v = 0;
    for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) v += g[i] * c[i * 4 + j] * g[j];
    sigma = Math.sqrt(Math.max(0, v));
  }
  return { x: lineX, y, t, sigma };
}
