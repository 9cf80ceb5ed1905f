// The ball in the field frame: a constant-velocity Kalman filter on the numeric core (track 0)
// with rolling friction between vision frames. Observations too far from the prediction are
// dropped as outliers, unless they keep coming, which means the ball really is elsewhere; two
// outliers in a row that agree on a motion restart the track moving (a kicked ball jumps 0.2-0.6
// m a vision frame, and a restart at rest lost the speed of every fast shot).

import type { NumericCore } from "../core/numeric_core.ts";
import { resetTrack } from "./track_reset.ts";
import { TRACK } from "../core/layout.ts";
import type { BallTrack } from "./ball_motion.ts";

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
/** Two outliers this close in time (s) can show a motion: two vision frames. */
const MOTION_WINDOW = 0.13;
/** Faster than any kick on this server (m/s): two such outliers are noise, not motion. */
const MAX_BALL_SPEED = 15;

export class BallTracker {
  /** Server time the ball was last seen, or NaN. */
  lastSeen = NaN;
  private known = false;
  private outliers = 0;
  /** The last outlier: where and when (NaN: none since the last accepted sighting). */
  private readonly lastOutlier = { x: 0, y: 0, t: NaN, sigma: 0 };

  constructor(private readonly core: NumericCore, private readonly params: BallParams) {}

  get state(): BallState | null {
    if (!this.known) return null;
    const t = this.core.tracks;
    return { x: t[0], y: t[1], vx: t[2], vy: t[3] };
  }

  /** The state with its covariance (a view on the core), for predictions (ball_motion.ts). */
  track(): BallTrack | null {
    const s = this.state;
    return s ? { ...s, cov: this.core.tracks.subarray(T * TRACK + 4, T * TRACK + TRACK) } : null;
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
    if (d2 <= p.gate) {
      this.outliers = 0;
      this.lastOutlier.t = NaN;
      return;
    }
    this.outliers++;
    const o = this.lastOutlier;
    const dt = now - o.t;
    if (dt > 0 && dt <= MOTION_WINDOW) {
      const vx = (x - o.x) / dt, vy = (y - o.y) / dt;
      if (Math.hypot(vx, vy) <= MAX_BALL_SPEED) {
        const velSigma = Math.hypot(sigma, o.sigma) / dt;
        this.reset(x, y, sigma, vx, vy, velSigma * velSigma);
        return;
      }
    }
    o.x = x;
    o.y = y;
    o.t = now;
    o.sigma = sigma;
  }

  private reset(x: number, y: number, sigma: number, vx = 0, vy = 0, velVar = 1): void {
    resetTrack(this.core.tracks, T, x, y, sigma, vx, vy, velVar);
    this.known = true;
    this.outliers = 0;
    this.lastOutlier.t = NaN;
  }
}
