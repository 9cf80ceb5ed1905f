// Particle-filter self-localization on the numeric core: odometry prediction, weighting against
// landmarks and field lines, low-variance resampling, and recovery — particles are re-seeded
// around a pose computed from the seen landmarks when the best per-observation likelihood
// collapses (kidnapping, re-beams), or spread over the field when nothing better is known. A
// landmark pose off the field is never used, and one far from the last confident estimate only
// once the landmarks have repeated it, or at once after a relocation the estimator detected
// (then a single landmark places us too, with the heading the body kept). The referee's moves
// that the rules announce are taken at their spot: at once when certain, else at the first frame
// the old pose cannot explain.

import type { NumericCore } from "../core/numeric_core.ts";
import { MAX_PARTICLES, PARTICLE, PF } from "../core/layout.ts";
import { FIELD_LENGTH, FIELD_WIDTH } from "../field/field.ts";
import { type ObservationCounts, poseFromLandmark } from "./observations.ts";
import { clamp, wrapAngle } from "../util/angles.ts";
import { type Pose2, toField } from "../util/pose.ts";

/** Confidence at or above which the estimate counts as known. */
const CONFIDENT = 0.5;
/** A landmark pose more than this outside the field lines is wrong (m). */
const MARGIN = 1.5;
/** Near the last confident estimate: within NEAR plus WALK_PER_FRAME per vision frame since (m). */
const NEAR = 1;
const WALK_PER_FRAME = 0.05;
/** How widely particles are put around a landmark pose (m, rad). */
const LANDMARK_SPREAD_XY = 0.2;
const LANDMARK_SPREAD_THETA = 0.1;
/** After a relocation, a landmark pose is looked for in this many vision frames (3 s). */
const MOVED_FRAMES = 50;
/** A move the referee's rules announce is looked for in this many vision frames (1 s). */
const EXPECT_FRAMES = 17;
/** How widely particles are put around the announced spot (m, rad): the heading is kept. */
const EXPECT_SPREAD_XY = 0.1;
const EXPECT_SPREAD_THETA = 0.05;
/** How widely a certain relocation spreads the particles (m). */
const RELOCATE_SPREAD = 0.2;
/** A far landmark pose is trusted once it repeats within AGREE m for REPEAT_FRAMES frames. */
const AGREE = 0.5;
const REPEAT_FRAMES = 4;

export interface LocalizerParams {
  particles: number;
  /**
   * Scale of the kinematic odometry: feet slip on the simulated turf, so the torso travels
   * further than the stance foot's kinematics say (about 2× for the UT base walk).
   */
  odometryGain: number;
  /** Prediction noise: σ of position per metre moved plus a floor, and of heading. */
  noiseXY: number;
  noiseXYPerMetre: number;
  noiseTheta: number;
  noiseThetaPerRad: number;
  /** Below this per-observation likelihood the filter counts as lost and recovers. */
  collapse: number;
  /** Fraction of particles re-seeded around a landmark pose when lost. */
  injectFraction: number;
}

export type Pose = Pose2;

export class Localizer {
  /** The filter mean after the last vision update, or null before the first fix. */
  pose: Pose | null = null;
  /** 0…1: how well the last vision frame was explained and how tight the particles are. */
  confidence = 0;
  private readonly n: number;
  private lostFrames = 0;
  /** Vision frames since the estimate was last confident. */
  private frames = 0;
  /** A far landmark pose and how many frames in a row the landmarks have put us there. */
  private readonly candidate = [0, 0];
  private candidateFrames = 0;
  /** Vision frames left in which a landmark pose is taken at once (we were moved). */
  private movedFrames = 0;
  /** The fraction of particles that landmark pose re-seeds, and how far from the estimate. */
  private movedFraction = 1;
  private movedReach = Infinity;
  /**
   * Whether the heading was known when the move came: only then does one landmark place us (at
   * a kick-off after the half, a heading 68° off put a robot 13 m away).
   */
  private movedHeading = false;
  /** Where the referee's rules are about to put us, for this many more vision frames. */
  private readonly expected = { x: 0, y: 0 };
  private expectedFrames = 0;

  constructor(
    private readonly core: NumericCore,
    private readonly params: LocalizerParams,
    seed: number,
  ) {
    this.n = clamp(Math.round(params.particles), 10, MAX_PARTICLES);
    core.seed(seed);
  }

  /** Puts all particles around a pose (e.g. where we just beamed). */
  seedAt(x: number, y: number, theta: number, sxy: number, sth: number, from = 0): void {
    const p = this.core.particles;
    const w = 1 / this.n;
    for (let i = from; i < this.n; i++) {
      const o = i * PARTICLE;
      p[o] = x + sxy * this.core.gaussian();
      p[o + 1] = y + sxy * this.core.gaussian();
      p[o + 2] = theta + sth * this.core.gaussian();
      p[o + 3] = w;
    }
    this.lostFrames = 0;
    this.core.pfMean(this.n);
    this.readMean();
  }

  /**
   * We know where we stand (our own beam): seeded there, and a move noticed just before no
   * longer re-seeds from the next landmark pose. At half time the server moved a robot, the
   * robot beamed itself, and the pending move took one flag seen through a heading 10° off:
   * 4 m off for 1.2 s.
   */
  placed(x: number, y: number, theta: number, sxy: number, sth: number): void {
    this.seedAt(x, y, theta, sxy, sth);
    this.movedFrames = 0;
  }

  /**
   * We were picked up and put down elsewhere (a referee's relocation), or got up after lying:
   * within the next MOVED_FRAMES vision frames the first landmark pose on the field re-seeds
   * `fraction` of the particles (the rest stay where they are, for the weights to choose) if it
   * lies within `reach` of the estimate, without the checks that guard against single wild poses.
   */
  moved(fraction = 1, reach = Infinity): void {
    this.movedFrames = MOVED_FRAMES;
    this.movedFraction = fraction;
    this.movedReach = reach;
    this.movedHeading = this.confidence >= CONFIDENT;
  }

  /**
   * The referee is about to put us at (x, y), heading kept (a set play clears the area we stand
   * in): the first vision frame within EXPECT_FRAMES that the filter cannot explain re-seeds
   * `injectFraction` of the particles there, for the weights to choose.
   */
  expectMove(x: number, y: number): void {
    this.expected.x = x;
    this.expected.y = y;
    this.expectedFrames = EXPECT_FRAMES;
  }

  /**
   * The referee certainly moves us to about (x, y) now, heading kept: the particles move there,
   * spread by RELOCATE_SPREAD (the server avoids other robots when it puts one down), and the
   * next landmark pose on the field is taken at once as after any relocation.
   */
  relocate(x: number, y: number): void {
    const q = this.pose;
    if (!q) return;
    this.moved();
    const p = this.core.particles;
    const dx = x - q.x, dy = y - q.y;
    for (let i = 0; i < this.n; i++) {
      const o = i * PARTICLE;
      p[o] += dx + RELOCATE_SPREAD * this.core.gaussian();
      p[o + 1] += dy + RELOCATE_SPREAD * this.core.gaussian();
    }
    this.expectedFrames = 0;
    this.core.pfMean(this.n);
    this.readMean();
  }

  /** Drops the estimate: the next vision frame starts the filter again. */
  forget(): void {
    this.pose = null;
    this.confidence = 0;
    this.lostFrames = 0;
  }

  /** Puts `fraction` of the particles around the landmarks' pose; the rest stay. */
  private seedAtLandmarks(lp: readonly number[], fraction: number): void {
    const keep = Math.round(this.n * (1 - fraction));
    this.seedAt(lp[0], lp[1], lp[2], LANDMARK_SPREAD_XY, LANDMARK_SPREAD_THETA, keep);
  }

  /** Spreads all particles uniformly over the field. */
  private spread(): void {
    const p = this.core.particles;
    for (let i = 0; i < this.n; i++) {
      const o = i * PARTICLE;
      p[o] = (this.core.uniform() - 0.5) * FIELD_LENGTH;
      p[o + 1] = (this.core.uniform() - 0.5) * FIELD_WIDTH;
      p[o + 2] = (this.core.uniform() * 2 - 1) * Math.PI;
      p[o + 3] = 1 / this.n;
    }
  }

  /** Applies accumulated odometry (dx, dy in the robot frame, dθ) to the particles. */
  predict(dx: number, dy: number, dth: number): void {
    if (!this.pose) return;
    const P = this.params;
    dx *= P.odometryGain;
    dy *= P.odometryGain;
    const sxy = P.noiseXY + P.noiseXYPerMetre * Math.hypot(dx, dy);
    const sth = P.noiseTheta + P.noiseThetaPerRad * Math.abs(dth);
    this.core.pfPredict(this.n, dx, dy, dth, sxy, sth);
    // The mean moves with the particles also on frames that show nothing to correct by.
    this.core.pfMean(this.n);
    this.readMean();
  }

  /**
   * One vision frame whose observations are in the core's slots. `landmarkPose` is the pose the
   * landmarks alone give (or null). Returns the per-observation likelihood of the best particle.
   */
  correct(counts: ObservationCounts, landmarkPose: [number, number, number] | null): number {
    const obs = counts.landmarks + counts.points;
    if (!this.pose) {
      if (landmarkPose) this.seedAtLandmarks(landmarkPose, 1);
      else if (obs >= 3) this.spread();
      else return 0;
    }
    if (obs === 0) return this.confidence;
    if (this.movedFrames > 0) {
      this.movedFrames--;
      const q = this.pose;
      // Moved by the server, the body keeps its heading: one landmark then places us too.
      const lp = landmarkPose ??
        (q && counts.landmarks === 1 && this.movedReach === Infinity && this.movedHeading
          ? poseFromLandmark(this.core, q.theta)
          : null);
      if (
        lp && onField(lp) && (!q || Math.hypot(lp[0] - q.x, lp[1] - q.y) <= this.movedReach)
      ) {
        this.seedAtLandmarks(lp, this.movedFraction);
        this.movedFrames = 0;
      }
    }
    let quality = Math.exp(this.core.pfWeight(this.n, counts.landmarks, counts.points) / obs);
    if (this.expectedFrames > 0) {
      this.expectedFrames--;
      if (quality < this.params.collapse && this.pose) {
        const e = this.expected, keep = Math.round(this.n * (1 - this.params.injectFraction));
        this.seedAt(e.x, e.y, this.pose.theta, EXPECT_SPREAD_XY, EXPECT_SPREAD_THETA, keep);
        this.expectedFrames = 0;
        quality = Math.exp(this.core.pfWeight(this.n, counts.landmarks, counts.points) / obs);
      }
    }
    if (quality < this.params.collapse) this.lostFrames++;
    else this.lostFrames = 0;
    if (this.lostFrames >= 2 && landmarkPose && this.trustLandmarkPose(landmarkPose)) {
      // Kidnapped or re-beamed: bring part of the cloud to where the landmarks say we are.
      this.seedAtLandmarks(landmarkPose, this.params.injectFraction);
      quality = Math.exp(this.core.pfWeight(this.n, counts.landmarks, counts.points) / obs);
    }
    if (this.core.pfOut[PF.ESS] < this.n / 2) this.core.pfResample(this.n);
    this.core.pfMean(this.n);
    this.readMean();
    const out = this.core.pfOut;
    const tightness = Math.exp(-Math.hypot(out[PF.SX], out[PF.SY]) / 0.3);
    this.confidence = Math.min(1, quality) * tightness;
    if (this.confidence >= CONFIDENT) {
      this.frames = 0;
      this.candidateFrames = 0;
    }
    return quality;
  }

  /**
   * Whether the filter may be re-seeded at the landmarks' pose: on the field, and either near the
   * last confident estimate (allowing for walking since) or seen in the same place for
   * REPEAT_FRAMES frames in a row (a fall's rolling camera gave single wild poses).
   */
  private trustLandmarkPose(lp: [number, number, number]): boolean {
    if (!onField(lp)) return false;
    this.frames++;
    const c = this.candidate;
    if (this.candidateFrames > 0 && Math.hypot(lp[0] - c[0], lp[1] - c[1]) < AGREE) {
      this.candidateFrames++;
    } else {
      c[0] = lp[0];
      c[1] = lp[1];
      this.candidateFrames = 1;
    }
    const last = this.pose;
    const reach = NEAR + WALK_PER_FRAME * this.frames;
    if (last && Math.hypot(lp[0] - last.x, lp[1] - last.y) <= reach) return true;
    return this.candidateFrames >= REPEAT_FRAMES;
  }

  /** The pose: the filter mean moved on by odometry not yet applied to the particles. */
  poseWithOdometry(dx: number, dy: number, dth: number): Pose | null {
    if (!this.pose) return null;
    const { theta } = this.pose;
    dx *= this.params.odometryGain;
    dy *= this.params.odometryGain;
    return toField(this.pose, dx, dy, { x: 0, y: 0, theta: wrapAngle(theta + dth) });
  }

  private readMean(): void {
    const o = this.core.pfOut;
    this.pose = { x: o[PF.X], y: o[PF.Y], theta: o[PF.THETA] };
  }
}

/** Whether a landmark pose lies on the field, give or take MARGIN. */
function onField(lp: readonly number[]): boolean {
  return Math.abs(lp[0]) <= FIELD_LENGTH / 2 + MARGIN &&
    Math.abs(lp[1]) <= FIELD_WIDTH / 2 + MARGIN;
}
