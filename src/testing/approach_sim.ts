// A kinematic stand-in for the player at the ball: the ball-play decision (BallPlayer) drives a
// point robot whose walk reaches its commanded velocity with a lag, under the walk's speed
// limits, with noise on the pose and ball it believes. It measures how long getting behind a
// still ball and pushing it toward the goal takes from a start pose, and how often the walk
// target jumps on the way (a target that flips turns the robot back and forth on the spot).
// No physics: the ball stays put until the robot's foot pushes it or its legs shove it aside.
// Field frame, SI units.

import { BallPlayer, type BallPlayOptions } from "../behavior/ball_play.ts";
import type { Point2, Pose2 } from "../util/pose.ts";
import { toRobot } from "../util/pose.ts";
import { wrapAngle } from "../util/angles.ts";
import { limitVelocity } from "../motion/walk_engine.ts";
import { CYCLE_SECONDS } from "../protocol/cycle.ts";
import { SeededRandom } from "../util/random.ts";

/** Type 0's walk limits (commanded) and the share of it the robot reaches (0.8 of 1.1 m/s). */
export const SIM_LIMITS = {
  maxForward: 1.1,
  maxBackward: 0.25,
  maxSideways: 0.15,
  maxTurn: Math.PI / 3,
};
const REACHED = 0.75;
/** The walk follows its command with this time constant (s): a step takes 0.2-0.25 s. */
const LAG = 0.3;
/** A ball this far ahead of the torso, within FOOT_WIDTH of its centre line, is pushed. */
const PUSH_REACH = 0.13;
const FOOT_WIDTH = 0.1;
/** The legs' footprint around the torso's centre (m): a ball inside it is shoved out. */
const BODY_RADIUS = 0.1;

export interface ApproachRun {
  /** Seconds until the ball had been pushed PUSHED m toward the goal; Infinity if never. */
  seconds: number;
  /** Cycles in which the walk target moved more than TARGET_JUMP m. */
  targetJumps: number;
  /** Whether a kick skill was asked for (the run stops there). */
  kicked: boolean;
}

export interface ApproachSetup {
  self: Pose2;
  ball: Point2;
  opponents?: readonly Point2[];
  /** Pose noise (m, rad) and ball noise (m), standard deviations. */
  poseSigma?: number;
  headingSigma?: number;
  ballSigma?: number;
  seed?: number;
  maxSeconds?: number;
  /** Called every cycle with the true pose, the ball and the decision. */
  trace?: (t: number, pose: Pose2, ball: Point2, action: string, target: Pose2 | null) => void;
}

/** How far the ball must go toward the goal (+x) for the run to count as done. */
export const PUSHED = 1;
const TARGET_JUMP = 0.2;

export function simulateApproach(options: BallPlayOptions, s: ApproachSetup): ApproachRun {
  const player = new BallPlayer(options);
  const rng = new SeededRandom(s.seed ?? 1);
  const pose = { ...s.self };
  const ball = { ...s.ball };
  const v = { x: 0, y: 0, th: 0 };
  const l = options.limits;
  let last: Pose2 | null = null;
  let jumps = 0;
  const max = s.maxSeconds ?? 20;
  for (let t = 0; t < max; t += CYCLE_SECONDS) {
    const seen = {
      x: pose.x + (s.poseSigma ?? 0.03) * rng.normal(),
      y: pose.y + (s.poseSigma ?? 0.03) * rng.normal(),
      theta: pose.theta + (s.headingSigma ?? 0.05) * rng.normal(),
    };
    const r = player.act({
      self: seen,
      ball: {
        x: ball.x + (s.ballSigma ?? 0.02) * rng.normal(),
        y: ball.y + (s.ballSigma ?? 0.02) * rng.normal(),
      },
      opponents: s.opponents ?? [],
      obstacles: s.opponents ?? [],
      mustKick: false,
      now: t,
    });
    if (r.kind === "skill") return { seconds: t, targetJumps: jumps, kicked: true };
    const target = player.target;
    s.trace?.(t, pose, ball, player.action, target);
    if (target && last && Math.hypot(target.x - last.x, target.y - last.y) > TARGET_JUMP) jumps++;
    last = target;
    const cmd = r.kind === "walk" ? r : { vx: 0, vy: 0, vth: 0 };
    const c = limitVelocity(l, cmd.vx, cmd.vy, cmd.vth);
    const k = CYCLE_SECONDS / LAG;
    v.x += (REACHED * c.vx - v.x) * k;
    v.y += (REACHED * c.vy - v.y) * k;
    v.th += (c.vth - v.th) * k;
    const cos = Math.cos(pose.theta), sin = Math.sin(pose.theta);
    pose.x += (cos * v.x - sin * v.y) * CYCLE_SECONDS;
    pose.y += (sin * v.x + cos * v.y) * CYCLE_SECONDS;
    pose.theta = wrapAngle(pose.theta + v.th * CYCLE_SECONDS);
    // The foot pushes a ball right ahead of it on at the walk's speed, a little farther.
    const rel = toRobot(pose, ball);
    if (rel.x > 0 && rel.x < PUSH_REACH && Math.abs(rel.y) < FOOT_WIDTH && v.x > 0) {
      const push = 1.3 * v.x * CYCLE_SECONDS + (PUSH_REACH - rel.x);
      ball.x += cos * push;
      ball.y += sin * push;
    }
    // Nothing walks through the ball: the legs shove it out of the body's footprint.
    const dx = ball.x - pose.x, dy = ball.y - pose.y, d = Math.hypot(dx, dy);
    if (d < BODY_RADIUS) {
      const out = d > 1e-9 ? BODY_RADIUS / d : 0;
      ball.x = pose.x + (out > 0 ? dx * out : BODY_RADIUS * cos);
      ball.y = pose.y + (out > 0 ? dy * out : BODY_RADIUS * sin);
    }
    if (ball.x - s.ball.x >= PUSHED) return { seconds: t, targetJumps: jumps, kicked: false };
  }
  return { seconds: Infinity, targetJumps: jumps, kicked: false };
}
