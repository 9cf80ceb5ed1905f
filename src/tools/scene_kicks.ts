// Kicks and shots in a match's scene trace (scene.jsonl): a kick is the ball leaving a robot (its
// torso within KICKER_RADIUS) faster than KICK_SPEED; its run ends when the ball slows, turns or is
// struck again, or play stops. A shot is a kick aimed inside the posts (with SHOT_MARGIN) of the
// goal the kicker's team attacks, and its outcome is the goal, the robot that stopped it, wide, or
// short. The left team attacks +x in both halves.

import type { SceneSample } from "../net/scene_trace.ts";
import { FIELD_LENGTH, GOAL_WIDTH } from "../field/field.ts";

/** A run starts when the ball moves this fast (m/s) from a robot within KICKER_RADIUS (m). */
const KICK_SPEED = 2;
const KICKER_RADIUS = 0.6;
/** A run ends below this speed (m/s), on a turn sharper than END_TURN (rad), or when struck. */
const END_SPEED = 0.3;
const END_TURN = 0.6;
/** A run this much faster (m/s) than the last sample is a new strike. */
const STRIKE_GAIN = 1;
/** Runs shorter than this (m) are pushes, not kicks. */
const MIN_KICK = 1;
/** A shot is aimed within this (m) outside a post. */
const SHOT_MARGIN = 0.5;
/** The robot whose torso is within this (m) of the ball where a run ends stopped it. */
const STOPPER_RADIUS = 0.5;
/** A gap between samples longer than this (s) ends a run. */
const MAX_GAP = 0.25;

export type Side = "left" | "right";

export type ShotOutcome = "goal" | "keeper" | "blocked" | "mate" | "wide" | "short";

export interface SceneKick {
  half: number;
  t: number;
  side: Side;
  unum: number;
  from: [number, number];
  distance: number;
  shot?: ShotOutcome;
}

export interface TeamKicks {
  kicks: number;
  meanDistance: number;
  longest: number;
  shots: Record<ShotOutcome, number> & { total: number; meanDistanceToGoal: number };
}

/** `v` to the hundredth, as the scene figures are printed. */
export const round2 = (v: number) => Math.round(v * 100) / 100;

/** The mean of `v` to the hundredth; 0 for none. */
export function mean2(v: readonly number[]): number {
  return v.length ? round2(v.reduce((a, b) => a + b, 0) / v.length) : 0;
}

/** Every kick in the trace, in order. */
export function sceneKicks(samples: readonly SceneSample[]): SceneKick[] {
  const out: SceneKick[] = [];
  let run: { kick: SceneKick; dir: number; speed: number } | null = null;
  const close = (end: number, ended: SceneSample) => {
    if (!run) return;
    const { kick } = run;
    const b = samples[end].ball!;
    kick.distance = round2(Math.hypot(b[0] - kick.from[0], b[1] - kick.from[1]));
    if (kick.distance >= MIN_KICK) {
      if (kick.shot) kick.shot = outcome(kick, samples[end], ended);
      out.push(kick);
    }
    run = null;
  };
  for (let i = 1; i < samples.length; i++) {
    const s = samples[i], prev = samples[i - 1];
    const dt = s.t - prev.t;
    if (!s.ball || !prev.ball || s.half !== prev.half || dt <= 0 || dt > MAX_GAP) {
      close(i - 1, s);
      continue;
    }
    if (s.pm !== "PlayOn") {
      close(i, s);
      continue;
    }
    const dx = s.ball[0] - prev.ball[0], dy = s.ball[1] - prev.ball[1];
    const speed = Math.hypot(dx, dy) / dt, dir = Math.atan2(dy, dx);
    if (run) {
      const turn = Math.abs(Math.atan2(Math.sin(dir - run.dir), Math.cos(dir - run.dir)));
      const struck = speed > run.speed + STRIKE_GAIN;
      if (speed >= END_SPEED && turn <= END_TURN && !struck) {
        run.speed = speed;
        run.dir = dir;
        continue;
      }
      close(i - 1, s);
      if (!struck) continue;
    }
    if (speed < KICK_SPEED) continue;
    const kicker = nearestRobot(prev, prev.ball[0], prev.ball[1], KICKER_RADIUS);
    if (!kicker) continue;
    const kick: SceneKick = {
      half: s.half,
      t: prev.t,
      side: kicker.side,
      unum: kicker.unum,
      from: [prev.ball[0], prev.ball[1]],
      distance: 0,
    };
    if (aimedAtGoal(kick.side, prev.ball[0], prev.ball[1], dx, dy)) kick.shot = "short";
    run = { kick, dir, speed };
  }
  if (run) close(samples.length - 1, samples[samples.length - 1]);
  return out;
}

/** Each team's kicks: count, distances, and shots by outcome. */
export function kickSummary(kicks: readonly SceneKick[]): { left: TeamKicks; right: TeamKicks } {
  const team = (side: Side): TeamKicks => {
    const mine = kicks.filter((k) => k.side === side);
    const shots = mine.filter((k) => k.shot);
    const count = (o: ShotOutcome) => shots.filter((k) => k.shot === o).length;
    return {
      kicks: mine.length,
      meanDistance: mean2(mine.map((k) => k.distance)),
      longest: Math.max(0, ...mine.map((k) => k.distance)),
      shots: {
        total: shots.length,
        meanDistanceToGoal: mean2(shots.map((k) => goalDistance(k.side, k.from[0], k.from[1]))),
        goal: count("goal"),
        keeper: count("keeper"),
        blocked: count("blocked"),
        mate: count("mate"),
        wide: count("wide"),
        short: count("short"),
      },
    };
  };
  return { left: team("left"), right: team("right") };
}

/** The x of the goal line `side` attacks. */
const attackedGoalX = (side: Side) => side === "left" ? FIELD_LENGTH / 2 : -FIELD_LENGTH / 2;

function goalDistance(side: Side, x: number, y: number): number {
  return Math.hypot(attackedGoalX(side) - x, y);
}

/** Whether the ball moving along (dx, dy) from (x, y) crosses the attacked goal line near the posts. */
function aimedAtGoal(side: Side, x: number, y: number, dx: number, dy: number): boolean {
  const gx = attackedGoalX(side);
  if ((gx - x) * dx <= 0) return false;
  const yAtLine = y + dy * (gx - x) / dx;
  return Math.abs(yAtLine) < GOAL_WIDTH / 2 + SHOT_MARGIN;
}

/**
 * How a shot's run ended: `ended` is the first sample after it (a goal or a goal kick shows in its
 * play mode, a goal also a moment later), `last` the run's last sample in play.
 */
function outcome(kick: SceneKick, last: SceneSample, ended: SceneSample): ShotOutcome {
  const scored = kick.side === "left" ? "Goal_Left" : "Goal_Right";
  if (ended.pm === scored || last.pm === scored) return "goal";
  const b = last.ball!;
  if (ended.pm !== "PlayOn" && Math.abs(b[0]) > FIELD_LENGTH / 2 - 1) return "wide";
  const stopper = nearestRobot(last, b[0], b[1], STOPPER_RADIUS);
  if (!stopper) return "short";
  if (stopper.side === kick.side) return "mate";
  return stopper.unum === 1 ? "keeper" : "blocked";
}

/** A robot stands while its torso is this high (m) or higher. */
export const UPRIGHT_TORSO = 0.25;

/** Whether one of `robots` stands (UPRIGHT_TORSO) with its torso within `radius` of (x, y). */
export function uprightWithin(
  robots: SceneSample["left"],
  x: number,
  y: number,
  radius: number,
): boolean {
  return robots.some(([, rx, ry, z]) => z >= UPRIGHT_TORSO && Math.hypot(rx - x, ry - y) < radius);
}

/** The robot whose torso is nearest (x, y) within `radius`, or null. */
export function nearestRobot(s: SceneSample, x: number, y: number, radius: number) {
  let best: { side: Side; unum: number } | null = null, bestD = radius;
  for (const side of ["left", "right"] as const) {
    for (const [unum, rx, ry] of s[side]) {
      const d = Math.hypot(rx - x, ry - y);
      if (d < bestD) [best, bestD] = [{ side, unum }, d];
    }
  }
  return best;
}
