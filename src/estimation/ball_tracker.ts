// The ball in the field frame: a constant-velocity Kalman filter on the numeric core (track 0)
// with rolling friction between vision frames. Observations too far from the prediction are
// dropped as outliers, unless they keep coming, which means the ball really is elsewhere.

import type { NumericCore } from "../core/numeric_core.ts";
import { resetTrack } from "./track_reset.ts";

export interface BallParams {
  /** Fraction of its speed the rolling ball keeps per second. */
  decay: number;
  qPos: number;
  qVel: number;
  /** Measurement σ: base + perMetre · distance from the robot. */
  sigmaBase: number;
  sigmaPerMetre: number;
  /** Squared Mahalanobis distance beyond which an observation is an outlier. */
  gate: number;
}

export interface BallState {
  x: number;
  y: number;
  vx: number;
  vy: number;
}

const T = 0;

export class BallTracker {
  /** Server time the ball was last seen, or NaN. */
  lastSeen = NaN;
  private known = false;
  private outliers = 0;

  constructor(private readonly core: NumericCore, private readonly params: BallParams) {}

  get state(): BallState | null {
    if (!this.known) return null;
    const t = this.core.tracks;
    return { x: t[0], y: t[1], vx: t[2], vy: t[3] };
  }

  predict(dt: number): void {
    if (this.known) {
      this.core.kfPredict(T, dt, this.params.decay, this.params.qPos, this.params.qVel);
    }
  }

  /** A field-frame sighting at `distance` metres from the robot, at server time `now`. */
  observe(x: number, y: number, distance: number, now: number, extraSigma: number): void {
    const p = this.params;
    const sigma = p.sigmaBase + p.sigmaPerMetre * distance + extraSigma;
    this.lastSeen = now;
    if (!this.known || this.outliers >= 3) {
      this.reset(x, y, sigma);
      return;
    }
    const d2 = this.core.kfUpdate(T, x, y, sigma * sigma, p.gate);
    this.outliers = d2 > p.gate ? this.outliers + 1 : 0;
  }

  private reset(x: number, y: number, sigma: number): void {
    resetTrack(this.core.tracks, T, x, y, sigma);
    this.known = true;
    this.outliers = 0;
  }
}
