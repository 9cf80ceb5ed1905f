// The kick evaluation from a standing start: how far and how straight each kick sends the ball,
// with the ball placed off the kick spot in turn, and whether the robot stays flat on its feet.

import { bodyModel } from "../body/body_model.ts";
import { soleEdge } from "../estimation/sole_edge.ts";
import { type KickKind, KICKS, kickSkillName } from "../skills/kicks.ts";
import { wrapAngle } from "../util/angles.ts";
import { trainer } from "../net/monitor.ts";
import {
  ballAtRest,
  headPos,
  millimetres,
  type RunStats,
  stats,
  tenthsOfDegree,
  torsoTilt,
  watchFalls,
} from "./measure.ts";
import type { EvalSession } from "./session.ts";
import { task } from "./task.ts";

export interface KickResult {
  task: "kick";
  skill: string;
  runs: number;
  distance: RunStats;
  /**
   * Absolute angle between the kick's direction (the robot's heading turned by the kick's
   * `angle` param) and the ball's path, degrees.
   */
  directionError: RunStats;
  falls: number;
  /** The runs (from 0) in which the robot fell. */
  fallRuns: number[];
  /**
   * Each run's seconds on the edges of the soles (heels or tips, by the foot forces) from the
   * kick's start to the ball's rest: a robot left rocking on its heels topples over.
   */
  edgeSeconds: number[];
  /**
   * Each run's largest torso tilt from the vertical (degrees, by the tilt filter) from the kick's
   * end to the ball's rest: the landing's rocking, whose tail is the rare fall.
   */
  peakTilt: number[];
  /** Each run's distance, metres. */
  distances: number[];
}

/**
 * Ball placement offsets of the kick runs in turn, in units of the jitter: the spot itself, then
 * ahead, behind, and to either side of it. A game never puts the ball on the spot exactly.
 */
const KICK_JITTER: readonly (readonly [number, number])[] = [
  [0, 0],
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];

/**
 * Puts the ball in front of the kicking foot (`jitter` metres off the kick's spot in turn, see
 * KICK_JITTER), plays the kick, measures the ball's travel.
 */
export async function kick(
  s: EvalSession,
  runs: number,
  kind: KickKind = "keyframe",
  leftFoot = true,
  jitter = 0,
): Promise<KickResult> {
  const name = kickSkillName(KICKS[kind].skill, leftFoot);
  const key = KICKS[kind].params;
  const side = leftFoot ? 1 : -1;
  const params = s.agent.options.params;
  // The way the kick sends the ball, off the robot's heading (left-foot kick; mirrored).
  const angle = params.get(`${key}.angle`) * Math.PI / 180;
  const distances: number[] = [];
  const errors: number[] = [];
  const fallRuns: number[] = [];
  const edgeSeconds: number[] = [];
  const peakTilt: number[] = [];
  const soleLength = bodyModel(s.agent.options.type).soleLength;
  let falls = 0;
  await s.playOn();
  for (let r = 0; r < runs; r++) {
    s.agent.motion.set({ kind: "stand" });
    await s.place(-5, 0, 0);
    // The ball where the kick expects it relative to the torso (the head stands above it).
    const head = headPos(s);
    const [jx, jy] = KICK_JITTER[r % KICK_JITTER.length];
    const ball = {
      x: head.x + params.get(`${key}.ball_x`) + jitter * jx,
      y: head.y + side * params.get(`${key}.ball_y`) + jitter * jy,
      z: 0.042,
    };
    await s.monitor.send(trainer.ball(ball, { x: 0, y: 0, z: 0 }));
    await s.cycles(10);
    const b0 = s.agent.truth?.ballPos ?? ball;
    let onEdge = 0, tilt = 0;
    const watchLanding = () => {
      const upright = s.agent.falls.state === "upright";
      if (upright && soleEdge(s.agent.world.feet, soleLength) !== 0) onEdge += s.agent.world.dt;
      if (s.agent.motion.current.kind !== "skill") {
        tilt = Math.max(tilt, torsoTilt(s));
      }
    };
    const fell = await watchFalls(s, async () => {
      s.agent.motion.set({ kind: "skill", name });
      await s.until(
        () => {
          watchLanding();
          return s.agent.motion.current.kind !== "skill";
        },
        10,
        "the kick",
      );
      await ballAtRest(s, undefined, watchLanding);
    });
    falls += fell;
    if (fell > 0) fallRuns.push(r);
    edgeSeconds.push(Math.round(onEdge * 100) / 100);
    peakTilt.push(tenthsOfDegree(tilt));
    const b1 = s.agent.truth?.ballPos ?? b0;
    const d = Math.hypot(b1.x - b0.x, b1.y - b0.y);
    distances.push(d);
    const path = Math.atan2(b1.y - b0.y, b1.x - b0.x);
    errors.push(Math.abs(wrapAngle(path - side * angle)) * 180 / Math.PI);
  }
  return {
    task: "kick",
    skill: name,
    runs,
    distance: stats(distances),
    directionError: stats(errors),
    falls,
    fallRuns,
    edgeSeconds,
    peakTilt,
    distances: millimetres(distances),
  };
}

/** What a kick candidate loses per fall and run (m), unless the optimizer is told otherwise. */
export const KICK_FALL_COST = 6;

/**
 * Median kick distance (m), minus 0.1 m per degree of median direction error beyond 10°, minus
 * `fallCost` m per fall and run, minus 2 m per second on the sole edges (mean of the runs): a
 * robot left standing on its heels or toes for a second often toppled over, and the edge seconds
 * show it in runs that did not fall. A kick with metres to spare trades them for fewer falls under
 * a higher `fallCost`.
 */
export function kickScore(r: KickResult, fallCost = KICK_FALL_COST): number {
  const miss = Math.max(0, r.directionError.median - 10);
  const edge = r.edgeSeconds.reduce((a, b) => a + b, 0) / Math.max(1, r.edgeSeconds.length);
  return r.distance.median - 0.1 * miss - fallCost * r.falls / r.runs - 2 * edge;
}

export const KICK_TASK = task({
  name: "kick",
  flags: ["kick", "leftFoot", "jitter", "fallCost"],
  run: (s, runs, o) => kick(s, runs, o.kick, o.leftFoot, o.jitter),
  score: (r, o) => kickScore(r, o.fallCost),
});
