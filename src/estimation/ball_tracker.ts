// The ball in the field frame: a constant-velocity Kalman filter on the numeric core (track 0)
// with rolling friction between vision frames. Observations too far from the prediction are
// dropped as outliers, unless they keep coming, which means the ball really is elsewhere; two
// outliers in a row that agree on a motion restart the track moving (a kicked ball jumps 0.2-0.6
// m a vision frame, and a restart at rest lost the speed of every fast shot). Within the gate, a
// kick shows in the last two sightings: their motion, given the server's small frame-to-frame
// noise (`sigmaRel*`, far below the pose error in `sigma*`), disagrees with the track's. After
// a kick the track is the rolling-ball motion fitted to the sightings since, for six of them;
// then the filter carries on (alone it took 0.3-0.6 s to pick up a 4 m/s shot).

import type { NumericCore } from "../core/numeric_core.ts";
import { resetTrack } from "./track_reset.ts";
import { TRACK } from "../core/layout.ts";
import { type BallTrack, frictionRate, reach } from "./ball_motion.ts";

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
  /** σ of a sighting relative to the next one (same pose error): base + perMetre · distance. */
  sigmaRelBase: number;
  sigmaRelPerMetre: number;
}

export interface BallState {
  x: number;
  y: number;
  vx: number;
  vy: number;
  settled: boolean;
}

const T = 0;
/** Two outliers this close in time (s) can show a motion: two vision frames. */
const MOTION_WINDOW = 0.13;
/** Faster than any kick on this server (m/s): two such outliers are noise, not motion. */
const MAX_BALL_SPEED = 15;
/** Sightings a motion fit uses before the filter takes over again. */
const MOTION_FIT = 6;
/** From this many sightings on, a motion fit leaves out the one from before the kick. */
const MOTION_SETTLED = 4;
/** The fitted motion restarts the track past this χ² (2 dof, ~1 %) and this change (m/s). */
const MOTION_CHI2 = 9;
const MOTION_MIN_CHANGE = 0.5;

/** How well a ball the server placed is known (m). */
const PLACED_SIGMA = 0.02;

export class BallTracker {
  /** Server time the ball was last seen, or NaN. */
  lastSeen = NaN;
  private known = false;
  private outliers = 0;
  /** The last outlier: where and when (NaN: none since the last accepted sighting). */
  private readonly lastOutlier = { x: 0, y: 0, t: NaN, sigma: 0 };
  /** The last sightings as x, y, t triples, oldest first; `sightings` of them are valid. */
  private readonly recent = new Float64Array(3 * MOTION_FIT);
  private sightings = 0;
  /** A kick was seen: the track is fitted to the sightings since, until MOTION_FIT of them. */
  private fitting = false;

  constructor(private readonly core: NumericCore, private readonly params: BallParams) {}

  get state(): BallState | null {
    if (!this.known) return null;
    const t = this.core.tracks;
    return { x: t[0], y: t[1], vx: t[2], vy: t[3], settled: this.settled };
  }

  /**
   * Whether the velocity rests on enough sightings: false in a motion fit until the sighting
   * from before the kick is left out of it.
   */
  get settled(): boolean {
    return !this.fitting || this.sightings >= MOTION_SETTLED;
  }

  /** The state with its covariance (a view on the core), for predictions (ball_motion.ts). */
  track(): BallTrack | null {
    const s = this.state;
    return s ? { ...s, cov: this.core.tracks.subarray(T * TRACK + 4, T * TRACK + TRACK) } : null;
  }

  /** The server put the ball still at (x, y) at `now` (the centre spot before a kick-off). */
  placed(x: number, y: number, now: number): void {
    this.lastSeen = now;
    this.reset(x, y, PLACED_SIGMA);
  }

  /** Drops the track: the next sighting starts it again. */
  forget(): void {
    this.known = false;
    this.fitting = false;
    this.sightings = 0;
  }

  predict(dt: number): void {
    if (this.known) {
      this.core.kfPredict(T, dt, this.params.decay, this.params.qPos, this.params.qVel);
    }
  }

  /**
   * A field-frame sighting at `distance` metres from the robot, at server time `now`. (ox, oy)
   * is the same sighting placed by the self pose before this frame's correction: the kick test
   * compares it with the last sighting, so that the correction's jump does not look like a kick.
   */
  observe(
    x: number,
    y: number,
    distance: number,
    now: number,
    extraSigma: number,
    ox = x,
    oy = y,
  ): void {
    const p = this.params;
    const sigma = p.sigmaBase + p.sigmaPerMetre * distance + extraSigma;
    const sigmaRel = p.sigmaRelBase + p.sigmaRelPerMetre * distance;
    this.lastSeen = now;
    if (!this.known || this.outliers >= 3) {
      this.reset(x, y, sigma);
      return;
    }
    // The motion test reads the track before this sighting pulls it along.
    this.remember(ox, oy, now);
    const kicked = this.motionTest(sigmaRel);
    const last = 3 * (this.sightings - 1);
    this.recent[last] = x;
    this.recent[last + 1] = y;
    if (kicked) {
      this.fitMotion(sigma, sigmaRel);
      return;
    }
    if (this.fitting) {
      this.fitMotion(sigma, sigmaRel);
      if (this.sightings === MOTION_FIT) this.fitting = false;
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
    if (dt > 0 && dt <= MOTION_WINDOW && Math.hypot(x - o.x, y - o.y) / dt <= MAX_BALL_SPEED) {
      // Two outliers that agree on a motion: the ball was kicked out of the gate.
      this.sightings = 0;
      this.remember(o.x, o.y, o.t);
      this.remember(x, y, now);
      this.fitMotion(sigma, sigmaRel);
      return;
    }
    o.x = x;
    o.y = y;
    o.t = now;
    o.sigma = sigma;
  }

  private reset(x: number, y: number, sigma: number): void {
    resetTrack(this.core.tracks, T, x, y, sigma);
    this.known = true;
    this.outliers = 0;
    this.lastOutlier.t = NaN;
    this.fitting = false;
    this.sightings = 0;
    this.remember(x, y, this.lastSeen);
  }

  /** Keeps the sighting; outside a motion fit only the last two are kept. */
  private remember(x: number, y: number, t: number): void {
    const r = this.recent;
    const keep = this.fitting ? MOTION_FIT : 2;
    while (this.sightings >= keep) {
      r.copyWithin(0, 3, 3 * this.sightings);
      this.sightings--;
    }
    const o = 3 * this.sightings++;
    r[o] = x;
    r[o + 1] = y;
    r[o + 2] = t;
  }

  /**
   * Whether the last two sightings move unlike the track's predicted velocity, beyond what the
   * noise of both explains: then the ball was kicked, and a motion fit starts from those two.
   */
  private motionTest(sigmaRel: number): boolean {
    const n = this.sightings, r = this.recent;
    if (n < 2) return false;
    const b = 3 * (n - 1), a = b - 3, dt = r[b + 2] - r[a + 2];
    if (dt <= 0 || dt > MOTION_WINDOW) return false;
    const vx = (r[b] - r[a]) / dt, vy = (r[b + 1] - r[a + 1]) / dt;
    if (Math.hypot(vx, vy) > MAX_BALL_SPEED) return false;
    const t = this.core.tracks, o = T * TRACK;
    const dvx = vx - t[o + 2], dvy = vy - t[o + 3];
    const pairVar = 2 * sigmaRel * sigmaRel / (dt * dt);
    const chi2 = dvx * dvx / (pairVar + t[o + 14]) + dvy * dvy / (pairVar + t[o + 19]);
    if (Math.hypot(dvx, dvy) < MOTION_MIN_CHANGE || chi2 < MOTION_CHI2) return false;
    r.copyWithin(0, a, b + 3);
    this.sightings = 2;
    this.fitting = true;
    this.outliers = 0;
    this.lastOutlier.t = NaN;
    return true;
  }

  /**
   * The track from the sightings since the kick: per axis, least squares of x = x0 + v0·φ(t)
   * with φ the rolling ball's distance per unit speed since the kick, (1 − e^(−k(t − t0)))/k;
   * its velocity variance from the sightings' relative noise.
   */
  private fitMotion(sigma: number, sigmaRel: number): void {
    // The kick came after the first sighting: once three others hold the motion, it is left out.
    const first = this.sightings >= MOTION_SETTLED ? 1 : 0, n = this.sightings - first;
    const r = this.recent, o = 3 * first;
    const k = frictionRate(this.params.decay), t0 = r[o + 2], tn = r[o + 3 * (n - 1) + 2];
    let pm = 0, xm = 0, ym = 0;
    for (let i = o; i < o + 3 * n; i += 3) {
      pm += reach(k, r[i + 2] - t0) / n;
      xm += r[i] / n;
      ym += r[i + 1] / n;
    }
    let spp = 0, spx = 0, spy = 0;
    for (let i = o; i < o + 3 * n; i += 3) {
      const d = reach(k, r[i + 2] - t0) - pm;
      spp += d * d;
      spx += d * (r[i] - xm);
      spy += d * (r[i + 1] - ym);
    }
    if (spp <= 0) return;
    const v0x = spx / spp,
      v0y = spy / spp,
      pn = reach(k, tn - t0) - pm,
      fade = Math.exp(-k * (tn - t0));
    const velVar = sigmaRel * sigmaRel / spp * fade * fade;
    resetTrack(
      this.core.tracks,
      T,
      xm + v0x * pn,
      ym + v0y * pn,
      sigma,
      v0x * fade,
      v0y * fade,
      velVar,
    );
    this.outliers = 0;
    this.lastOutlier.t = NaN;
  }
}
