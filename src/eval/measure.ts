// What every evaluation task measures with: statistics of a series, ground truth of the head, the
// torso's tilt, waiting for the ball to come to rest, and counting falls while a run goes on.

import { FIELD_LENGTH, GOAL_WIDTH } from "../field/field.ts";
import type { EvalSession } from "./session.ts";

export interface RunStats {
  mean: number;
  min: number;
  max: number;
  median: number;
}

export function stats(xs: number[]): RunStats {
  const s = [...xs].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / Math.max(1, s.length);
  return {
    mean,
    min: s[0] ?? NaN,
    max: s[s.length - 1] ?? NaN,
    median: s.length === 0 ? NaN : (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2,
  };
}

/** Metres rounded to the millimetre, for the JSON result. */
export function millimetres(xs: readonly number[]): number[] {
  return xs.map((d) => Math.round(d * 1000) / 1000);
}

export function headPos(s: EvalSession): { x: number; y: number; z: number } {
  const p = s.agent.truth?.myPos;
  if (!p) {
    throw new Error("eval: no ground truth (mypos) in the server's messages; enable setSenseMyPos");
  }
  return p;
}

/** The torso's tilt from the vertical now, by the agent's tilt filter (rad). */
export function torsoTilt(s: EvalSession): number {
  return Math.acos(Math.min(1, s.agent.estimator.tilt.up[2]));
}

/**
 * How far forward the torso leans (rad; below 0: back): torsoTilt's pitch part, signed, from the
 * up vector in the torso frame.
 */
export function forwardLean(s: EvalSession): number {
  const up = s.agent.estimator.tilt.up;
  return Math.atan2(-up[0], up[2]);
}

/** Radians as degrees to a tenth, for the JSON result. */
export function tenthsOfDegree(rad: number): number {
  return Math.round(rad * 1800 / Math.PI) / 10;
}

/** The ball has stopped when it moves less than this (m) in `BALL_REST_SECONDS`. */
const BALL_REST_METRES = 0.01;
const BALL_REST_SECONDS = 0.5;

/**
 * Waits until the ball has come to rest (ground truth, reported to the centimetre), at most
 * `maxSeconds`: a 6 m kick still rolls for about 3 s after the kick skill ends. `eachCycle` runs
 * every cycle meanwhile.
 */
export async function ballAtRest(
  s: EvalSession,
  maxSeconds = 20,
  eachCycle: () => void = () => {},
): Promise<void> {
  const t0 = s.now;
  let mark = s.agent.truth?.ballPos;
  let markTime = t0;
  await s.until(
    () => {
      eachCycle();
      const b = s.agent.truth?.ballPos;
      if (!b || !mark) {
        mark = b;
        return false;
      }
      if (s.now - markTime < BALL_REST_SECONDS) return false;
      const moved = Math.hypot(b.x - mark.x, b.y - mark.y);
      mark = b;
      markTime = s.now;
      return moved < BALL_REST_METRES || s.now - t0 > maxSeconds;
    },
    maxSeconds + 5,
    "the ball to stop",
  );
}

/** Watches for falls while `body` runs; returns how many falls it saw, calling `onFall` at each. */
export async function watchFalls(
  s: EvalSession,
  body: () => Promise<void>,
  onFall: () => void = () => {},
): Promise<number> {
  let falls = 0;
  let down = false;
  let done = false;
  const watcher = (async () => {
    while (!done) {
      await s.agent.nextCycle();
      const fallen = s.agent.falls.state !== "upright";
      if (fallen && !down) {
        falls++;
        onFall();
      }
      down = fallen;
    }
  })();
  try {
    await body();
  } finally {
    done = true;
    await watcher;
  }
  return falls;
}

/**
 * Whether we (the left side) have just scored: the ball is in their goal by ground truth, or the
 * referee has called the goal.
 */
export function weScored(s: EvalSession): boolean {
  const b = s.agent.truth?.ballPos;
  return s.agent.world.playModeName === "Goal_Left" ||
    (b !== undefined && b !== null && b.x > FIELD_LENGTH / 2 && Math.abs(b.y) < GOAL_WIDTH / 2);
}
