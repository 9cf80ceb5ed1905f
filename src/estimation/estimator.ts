// One agent's estimation pipeline, run once per server message after the body's kinematics:
// torso tilt, odometry, the particle-filter localizer, the ball filter and the player tracks. It
// also notices where the server moves things itself: the body in a referee's relocation, the ball
// to the centre spot before a kick-off. It reads only perceptors and the play mode (never ground
// truth) and writes self and ball into the world state.

import { DEG } from "../util/angles.ts";
import { type Point2, type Pose2, toField } from "../util/pose.ts";
import { PF } from "../core/layout.ts";
import type { NumericCore } from "../core/numeric_core.ts";
import type { ParamSet } from "../config/params.ts";
import { FLAG, type ParamRange } from "../config/param_ranges.ts";
import type {
  FootName,
  ForceReading,
  Perception,
  PlayerPartName,
  Side,
  Vec3,
} from "../protocol/perception.ts";
import { PlayMode, situation } from "../protocol/playmode.ts";
import { type BallParams, BallTracker } from "./ball_tracker.ts";
import { Localizer, type LocalizerParams, type Pose } from "./localizer.ts";
import {
  fillObservations,
  LevelProjector,
  type ObservationNoise,
  poseFromLandmarks,
} from "./observations.ts";
import { Odometry } from "./odometry.ts";
import { PlayerTracker, seenFallen } from "./player_tracker.ts";
import { DROP_BALL_TIME, type RelocationQuery, relocationTarget } from "./relocation.ts";
import { TiltFilter } from "./tilt.ts";

/** cos 35°: with the torso tilted further, vision is not used. */
const UPRIGHT_FOR_VISION = Math.cos(35 * Math.PI / 180);
/**
 * Roll and pitch rate (rad/s) beyond which the torso is falling or being knocked over: the tilt
 * estimate lags it (a fall's first frames placed a robot 16 m off, outside the field).
 */
const MAX_VISION_SWAY = 1.5;
/** The recent sway peak fades by this factor per cycle (to a fifth in 0.2 s). */
const SWAY_DECAY = 0.85;
/**
 * A relocation by the referee: the server moves the body, and the accelerometer reads exactly
 * nothing for a few cycles (below ZERO_ACC m/s² for MOVED_CYCLES cycles in a row; a single
 * such reading comes now and then in play). Not within BEAM_CYCLES of our own beam.
 */
const ZERO_ACC = 0.05;
const MOVED_CYCLES = 2;
const BEAM_CYCLES = 50;
/**
 * After our beam the position is known to the server's 5 cm of noise, the heading less well: a
 * robot beamed at half time while it turned faced 30° off the beam's heading, no particle of a
 * 10° cloud explained what it saw, and a one-flag re-seed put it 4 m off. Radians.
 */
const BEAM_SPREAD_THETA = 30 * Math.PI / 180;
/**
 * The other relocation: the server lifts the body and holds it still (the gyro reads exactly
 * zero and no foot touches, 25 cycles on 0.7.3) before dropping it at the new spot. The move is
 * taken once such a hold of at least HELD_CYCLES ends.
 */
const HELD_CYCLES = 5;
/** Play modes in which the ball lies on the centre spot. */
const BALL_AT_CENTRE: ReadonlySet<PlayMode> = new Set([
  PlayMode.BeforeKickOff,
  PlayMode.KickOffLeft,
  PlayMode.KickOffRight,
]);
/** How wide the particle cloud is made around the pose once the robot is up again (m, rad). */
const GETUP_SPREAD_XY = 0.3;
const GETUP_SPREAD_THETA = 0.3;
/**
 * Up again, a landmark pose within this distance of the estimate (m) re-seeds half the cloud: a
 * get-up's half-risen camera gave poses 2.7 m off while the estimate itself was 0.5 m off.
 */
const GETUP_REACH = 1.0;

export interface EstimatorParams {
  /** Vision updates of the localizer, ball and players; off leaves only tilt and odometry. */
  enabled: boolean;
  localizer: LocalizerParams;
  noise: ObservationNoise;
  ball: BallParams;
}

/** The estimator's params: localization (loc.*), vision noise (vis.*) and the ball (ball.*). */
export const ESTIMATION_PARAMS: readonly ParamRange[] = [
  { keys: /^loc\.enabled$/, ...FLAG },
  { keys: /^loc\.particles$/, unit: "count", min: 10, max: 1000 },
  { keys: /^loc\.odometry_gain$/, unit: "gain", min: 0.1, max: 5 },
  { keys: /^loc\.noise_xy$/, unit: "m", min: 0, max: 1 },
  { keys: /^loc\.noise_theta_deg$/, unit: "deg", min: 0, max: 45 },
  { keys: /^loc\.noise_(xy_per_m|theta_per_rad)$/, unit: "fraction", min: 0, max: 2 },
  { keys: /^loc\.(collapse|inject_fraction)$/, unit: "fraction", min: 0, max: 1 },
  { keys: /^vis\.(landmark|line)_sigma$/, unit: "m", min: 0.001, max: 2 },
  { keys: /^vis\.(landmark|line)_sigma_per_m$/, unit: "fraction", min: 0, max: 1 },
  { keys: /^vis\.line_max_distance$/, unit: "m", min: 1, max: 40 },
  { keys: /^vis\.line_step$/, unit: "m", min: 0.05, max: 10 },
  { keys: /^ball\.decay$/, unit: "fraction", min: 0.01, max: 1 },
  { keys: /^ball\.(q_pos|sigma|sigma_rel)$/, unit: "m", min: 0.0001, max: 2 },
  { keys: /^ball\.q_vel$/, unit: "m/s", min: 0.0001, max: 20 },
  { keys: /^ball\.(sigma_per_m|sigma_rel_per_m)$/, unit: "fraction", min: 0, max: 1 },
  { keys: /^ball\.gate$/, unit: "gain", min: 1, max: 1000 },
];

/** Estimation parameters from param files (angles there are degrees). */
export function estimatorParams(p: ParamSet): EstimatorParams {
  return {
    enabled: p.get("loc.enabled") !== 0,
    localizer: {
      particles: p.get("loc.particles"),
      odometryGain: p.get("loc.odometry_gain"),
      noiseXY: p.get("loc.noise_xy"),
      noiseXYPerMetre: p.get("loc.noise_xy_per_m"),
      noiseTheta: p.get("loc.noise_theta_deg") * DEG,
      noiseThetaPerRad: p.get("loc.noise_theta_per_rad"),
      collapse: p.get("loc.collapse"),
      injectFraction: p.get("loc.inject_fraction"),
    },
    noise: {
      landmarkBase: p.get("vis.landmark_sigma"),
      landmarkPerMetre: p.get("vis.landmark_sigma_per_m"),
      lineBase: p.get("vis.line_sigma"),
      linePerMetre: p.get("vis.line_sigma_per_m"),
      lineMaxDistance: p.get("vis.line_max_distance"),
      lineStep: p.get("vis.line_step"),
    },
    ball: {
      decay: p.get("ball.decay"),
      qPos: p.get("ball.q_pos"),
      qVel: p.get("ball.q_vel"),
      sigmaBase: p.get("ball.sigma"),
      sigmaPerMetre: p.get("ball.sigma_per_m"),
      gate: p.get("ball.gate"),
      sigmaRelBase: p.get("ball.sigma_rel"),
      sigmaRelPerMetre: p.get("ball.sigma_rel_per_m"),
    },
  };
}

/**
 * What the estimator reads of the agent's world state each cycle, and the estimates it writes
 * back (the world state has these fields; estimation does not depend on it).
 */
export interface EstimatorWorld {
  readonly time: number;
  readonly dt: number;
  readonly playMode: PlayMode;
  readonly side: Side | null;
  readonly unum: number | null;
  readonly gyro: Vec3;
  readonly acc: Vec3;
  readonly feet: Partial<Record<FootName, ForceReading>>;
  self: Pose2 | null;
  ball: { x: number; y: number; vx: number; vy: number } | null;
}

const PARTS: readonly PlayerPartName[] = ["head", "llowerarm", "rlowerarm", "lfoot", "rfoot"];

export class Estimator {
  readonly tilt = new TiltFilter();
  readonly odometry = new Odometry();
  /** The last vision frame came while the robot was down. */
  private wasDown = false;
  /** The roll and pitch rate's recent peak (rad/s), decaying by SWAY_DECAY per cycle. */
  private recentSway = 0;
  /** The play mode of the last update, and the server time it began. */
  private playMode: PlayMode | null = null;
  private modeSince = 0;
  /** Until this server time, a drop ball may clear us from around the ball. */
  private dropBallUntil = -Infinity;
  private readonly relocation: RelocationQuery = {
    situation: "stop",
    mode: PlayMode.BeforeKickOff,
    modeTime: 0,
    self: { x: 0, y: 0 },
    ball: null,
    ballAge: Infinity,
    dropBall: false,
  };
  private readonly relocationSpot: Point2 = { x: 0, y: 0 };
  /** Cycles in a row the accelerometer read nothing, and cycles since our last beam. */
  private zeroAcc = 0;
  private sinceBeam = Infinity;
  /** Cycles in a row the body has been held still in the air. */
  private held = 0;
  readonly localizer: Localizer;
  readonly ball: BallTracker;
  readonly players: PlayerTracker;
  /** Server time of the last vision frame used, or NaN. */
  lastVision = NaN;
  /** Wall-clock milliseconds spent in the last localizer update (vision frames only). */
  lastFilterMs = 0;
  private readonly projector: LevelProjector;
  private readonly levelScratch = new Float64Array(3);
  private readonly fieldScratch: Point2 = { x: 0, y: 0 };
  private readonly predictedScratch: Point2 = { x: 0, y: 0 };

  constructor(
    private readonly core: NumericCore,
    private readonly params: EstimatorParams,
    private readonly team: string,
    seed: number,
  ) {
    core.loadFieldMap();
    this.localizer = new Localizer(core, params.localizer, seed);
    this.ball = new BallTracker(core, params.ball);
    this.players = new PlayerTracker(core);
    this.projector = new LevelProjector(core, this.tilt);
  }

  /** Cycles since our last beam (Infinity before the first). */
  get cyclesSinceBeam(): number {
    return this.sinceBeam;
  }

  /** Our torso pose on the field (we attack +x), or null before the first fix. */
  get self(): Pose | null {
    const o = this.odometry;
    return this.localizer.poseWithOdometry(o.dx, o.dy, o.dth);
  }

  /** Whether the self estimate is trustworthy now (recent vision, confident filter). */
  localized(now: number): boolean {
    return this.localizer.pose !== null && this.localizer.confidence >= 0.2 &&
      now - this.lastVision < 1;
  }

  /** The camera's field position and the yaw of its optical axis, from the self estimate. */
  cameraOnField(): { x: number; y: number; yaw: number } | null {
    const self = this.self;
    if (!self) return null;
    const cam = this.core.camera;
    const v = this.levelScratch;
    this.tilt.toLevel(cam[9], cam[10], cam[11], v, 0);
    const { x, y } = toField(self, v[0], v[1]);
    this.tilt.toLevel(cam[0], cam[3], cam[6], v, 0);
    return { x, y, yaw: self.theta + Math.atan2(v[1], v[0]) };
  }

  /** We just beamed to (x, y, θ): the server adds up to 5 cm and 10° of noise. */
  beamed(x: number, y: number, theta: number): void {
    this.tilt.reset();
    this.odometry.clear();
    this.localizer.placed(x, y, theta, 0.05, BEAM_SPREAD_THETA);
    this.sinceBeam = 0;
  }

  /** Tells the localizer when the inertial sensors say the body was moved (not by our beam). */
  private watchForMove(world: EstimatorWorld): void {
    this.sinceBeam++;
    const { acc, gyro, feet } = world;
    const still = Math.hypot(acc.x, acc.y, acc.z) < ZERO_ACC;
    this.zeroAcc = still ? this.zeroAcc + 1 : 0;
    if (this.zeroAcc === MOVED_CYCLES && this.sinceBeam > BEAM_CYCLES) this.localizer.moved();
    const held = gyro.x === 0 && gyro.y === 0 && gyro.z === 0 && feet.lf === undefined &&
      feet.rf === undefined && feet.lf1 === undefined && feet.rf1 === undefined;
    if (!held && this.held >= HELD_CYCLES && this.sinceBeam > BEAM_CYCLES) this.localizer.moved();
    this.held = held ? this.held + 1 : 0;
  }

  /** One cycle; the core's kinematics must already hold this message's joint angles. */
  update(p: Perception, world: EstimatorWorld): void {
    const dt = world.dt;
    const core = this.core;
    this.watchForMove(world);
    const sway = Math.hypot(world.gyro.x, world.gyro.y);
    this.recentSway = Math.max(sway, this.recentSway * SWAY_DECAY);
    if (world.playMode !== this.playMode) this.modeChanged(world);
    this.tilt.update(world.gyro, world.acc, core.soles, world.feet, dt);
    this.odometry.update(this.tilt, core.soles, dt);
    this.ball.predict(dt);
    this.players.predict(dt);
    this.relocatePlayers(world);
    const v = p.vision;
    if (v && world.side && this.params.enabled) {
      const t0 = performance.now();
      const o = this.odometry;
      const predicted = this.self;
      this.localizer.predict(o.dx, o.dy, o.dth);
      o.clear();
      this.expectRelocation(world);
      // Lying, tipping over or falling, the camera's pose is too uncertain to place anything by.
      const swaying = sway > MAX_VISION_SWAY;
      const upright = this.tilt.up[2] > UPRIGHT_FOR_VISION;
      // Back up after lying: the pose drifted while down, so the cloud is widened around it for
      // the first frames of vision to place.
      if (upright && this.wasDown && this.localizer.pose) {
        const q = this.localizer.pose;
        this.localizer.seedAt(q.x, q.y, q.theta, GETUP_SPREAD_XY, GETUP_SPREAD_THETA);
        this.localizer.moved(this.params.localizer.injectFraction, GETUP_REACH);
      }
      this.wasDown = !upright;
      if (upright && !swaying) {
        const counts = fillObservations(v, world.side, this.projector, core, this.params.noise);
        // Re-seeds only from landmarks seen by a steady body: in a collision the gyro read
        // 4.8, 0.7, 0.5 rad/s on three cycles, and the calm one's landmark pose was 1 m off.
        const steady = this.recentSway <= MAX_VISION_SWAY;
        this.localizer.correct(counts, steady ? poseFromLandmarks(core, counts.landmarks) : null);
        this.lastVision = world.time;
        const pose = this.localizer.pose;
        if (pose) this.observeObjects(p, world, pose, predicted ?? pose);
      }
      this.lastFilterMs = performance.now() - t0;
    }
    // A non-finite estimate starts afresh from the next good observation, never stays NaN.
    if (this.localizer.pose && !finitePose(this.localizer.pose)) this.localizer.forget();
    if (this.ball.state && !finitePose(this.ball.state)) this.ball.forget();
    this.players.forgetNonFinite();
    world.self = this.self;
    world.ball = this.ball.state;
  }

  private modeChanged(world: EstimatorWorld): void {
    const was = this.playMode === null || !world.side
      ? "stop"
      : situation(this.playMode, world.side);
    // A kick-off or set play left untouched for DROP_BALL_TIME ends in a drop ball.
    if (
      world.playMode === PlayMode.PlayOn && was !== "play" && was !== "stop" &&
      world.time - this.modeSince >= DROP_BALL_TIME - 0.1
    ) this.dropBallUntil = world.time + 1;
    this.playMode = world.playMode;
    this.modeSince = world.time;
    // Before a kick-off the server has put the ball on the centre spot (after a goal too).
    if (BALL_AT_CENTRE.has(world.playMode)) this.ball.placed(0, 0, world.time);
  }

  /** The relocation query for this cycle (our pose, the ball, the mode), or null without a pose. */
  private relocationQuery(world: EstimatorWorld): RelocationQuery | null {
    const pose = this.localizer.pose;
    if (!pose || !world.side) return null;
    const q = this.relocation;
    q.situation = situation(world.playMode, world.side);
    q.mode = world.playMode;
    q.modeTime = world.time - this.modeSince;
    q.self.x = pose.x;
    q.self.y = pose.y;
    q.ball = this.ball.state;
    q.ballAge = Number.isNaN(this.ball.lastSeen) ? Infinity : world.time - this.ball.lastSeen;
    q.dropBall = world.time < this.dropBallUntil;
    return q;
  }

  /** Tells the localizer where the referee's rules are about to put us, if anywhere. */
  private expectRelocation(world: EstimatorWorld): void {
    const q = this.relocationQuery(world);
    if (!q) return;
    const at = this.relocationSpot;
    const r = relocationTarget(q, at);
    if (r === "certain") this.localizer.relocate(at.x, at.y);
    else if (r === "possible") this.localizer.expectMove(at.x, at.y);
  }

  /**
   * Moves the player tracks the referee's rules certainly move, each cycle (the opponents by
   * theirs): their kick-off taker, seen at the ball before the kick-off was ours, stands 2.5 m
   * ahead of it from the kick-off's first cycle, when our taker chooses its kick's way.
   */
  private relocatePlayers(world: EstimatorWorld): void {
    const q = this.relocationQuery(world);
    if (q) this.players.relocate(q, world.time);
  }

  /** Places the seen ball and players by `pose` (`predicted`: the pose before this correction). */
  private observeObjects(p: Perception, world: EstimatorWorld, pose: Pose, predicted: Pose): void {
    const v = p.vision!;
    const at = this.fieldScratch, was = this.predictedScratch;
    const spread = Math.hypot(this.core.pfOut[PF.SX], this.core.pfOut[PF.SY]);
    if (v.ball) {
      const r = this.projector.project(v.ball);
      toField(pose, r[0], r[1], at);
      toField(predicted, r[0], r[1], was);
      this.ball.observe(at.x, at.y, Math.hypot(r[0], r[1]), world.time, spread, was.x, was.y);
    }
    for (const pl of v.players) {
      if (pl.team === this.team && pl.id === world.unum) continue;
      let n = 0, sx = 0, sy = 0;
      let head: number | null = null, foot: number | null = null;
      for (const part of PARTS) {
        const pol = pl.parts[part];
        if (!pol) continue;
        const r = this.projector.project(pol);
        sx += r[0];
        sy += r[1];
        n++;
        if (part === "head") head = r[2];
        else if (part === "lfoot" || part === "rfoot") foot = Math.min(foot ?? Infinity, r[2]);
      }
      if (n === 0) continue;
      const rx = sx / n, ry = sy / n, range = Math.hypot(rx, ry);
      toField(pose, rx, ry, at);
      this.players.observe(
        pl.team === this.team,
        pl.id,
        at.x,
        at.y,
        seenFallen(head, foot, this.tilt.torsoHeight, range),
        0.1 + 0.02 * range + spread,
        world.time,
      );
    }
  }
}

function finitePose(
  p: { x: number; y: number; theta?: number; vx?: number; vy?: number },
): boolean {
  return Number.isFinite(p.x) && Number.isFinite(p.y) && Number.isFinite(p.theta ?? 0) &&
    Number.isFinite(p.vx ?? 0) && Number.isFinite(p.vy ?? 0);
}
