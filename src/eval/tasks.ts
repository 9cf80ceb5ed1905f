// The evaluation tasks, each measured with the server's ground truth: how far the robot walks
// forward in 10 s, how fast it reaches omnidirectional targets, how reliably and quickly it
// gets up, how far and straight it kicks (from a standing start, or after walking up to the ball
// as in a game; and whether it stands flat on its feet afterwards), and how fast it dribbles.
// Every task returns one JSON-able result.

import { soccerOptions } from "../agent/agent.ts";
import { bodyModel } from "../body/body_model.ts";
import { soleEdge } from "../estimation/sole_edge.ts";
import { aimPoint, BallPlayer, LOOK_AROUND } from "../behavior/ball_play.ts";
import { FRESH } from "../world/team_world.ts";
import type { MotionRequest } from "../motion/motion.ts";
import { type KickKind, KICKS, kickSkillName } from "../skills/kicks.ts";
import { walkTo } from "../motion/walk_to.ts";
import { wrapAngle } from "../util/angles.ts";
import { trainer } from "../net/monitor.ts";
import { CYCLE_SECONDS } from "../world/world_state.ts";
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
function millimetres(xs: readonly number[]): number[] {
  return xs.map((d) => Math.round(d * 1000) / 1000);
}

function headPos(s: EvalSession): { x: number; y: number; z: number } {
  const p = s.agent.truth?.myPos;
  if (!p) {
    throw new Error("eval: no ground truth (mypos) in the server's messages; enable setSenseMyPos");
  }
  return p;
}

/** The ball has stopped when it moves less than this (m) in `BALL_REST_SECONDS`. */
const BALL_REST_METRES = 0.01;
const BALL_REST_SECONDS = 0.5;

/**
 * Waits until the ball has come to rest (ground truth, reported to the centimetre), at most
 * `maxSeconds`: a 6 m kick still rolls for about 3 s after the kick skill ends. `eachCycle` runs
 * every cycle meanwhile.
 */
async function ballAtRest(
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

/** Watches for falls while `body` runs; returns how many falls it saw. */
async function watchFalls(s: EvalSession, body: () => Promise<void>): Promise<number> {
  let falls = 0;
  let down = false;
  let done = false;
  const watcher = (async () => {
    while (!done) {
      await s.agent.nextCycle();
      const fallen = s.agent.motion.fall !== "upright";
      if (fallen && !down) falls++;
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

export interface WalkForwardResult {
  task: "walk-forward";
  runs: number;
  speed: RunStats;
  falls: number;
  distances: number[];
}

/** Walks at full forward speed for `seconds` from standstill; metres covered / seconds. */
export async function walkForward(
  s: EvalSession,
  runs: number,
  seconds = 10,
): Promise<WalkForwardResult> {
  const distances: number[] = [];
  let falls = 0;
  await s.playOn();
  for (let r = 0; r < runs; r++) {
    s.agent.motion.set({ kind: "stand" });
    await s.place(-12, 0, 0);
    const start = headPos(s);
    const t0 = s.now;
    falls += await watchFalls(s, async () => {
      s.agent.motion.set({ kind: "walk", vx: 10, vy: 0, vth: 0 });
      await s.until(() => s.now - t0 >= seconds, seconds + 10, "the walk");
    });
    distances.push(headPos(s).x - start.x);
  }
  s.agent.motion.set({ kind: "stand" });
  return {
    task: "walk-forward",
    runs,
    speed: stats(distances.map((d) => d / seconds)),
    falls,
    distances: millimetres(distances),
  };
}

export interface GetupResult {
  task: "getup";
  runs: number;
  successes: number;
  /** Seconds from lying (fall detected) to standing stable. */
  seconds: RunStats | null;
  /** The same per run (null: failed), the falls in turn. */
  times: (number | null)[];
  failures: string[];
}

/** Standing: head high and torso within 20° of upright, held for half a second. */
async function standsStable(s: EvalSession, timeout: number): Promise<boolean> {
  const start = s.now;
  let since = NaN;
  while (s.now - start < timeout) {
    await s.agent.nextCycle();
    const up = s.agent.estimator.tilt.up;
    const z = s.agent.truth?.myPos?.z ?? 0;
    const ok = z > 0.4 && up[2] > Math.cos(20 * Math.PI / 180) && s.agent.motion.fall === "upright";
    if (!ok) since = NaN;
    else if (Number.isNaN(since)) since = s.now;
    else if (s.now - since >= 0.5) return true;
  }
  return false;
}

/** Which way the get-up evaluation knocks the robot down. */
export const FALLS = ["front", "back", "side"] as const;
export type FallKind = typeof FALLS[number];

const FALL_SKILL: Readonly<Record<FallKind, string>> = {
  front: "SKILL_FALL_FRONT",
  back: "SKILL_FALL_BACK",
  side: "SKILL_FALL_SIDE",
};

/** Knocks the robot down (the `falls` in turn) and times the automatic get-up. */
export async function getup(
  s: EvalSession,
  runs: number,
  falls: readonly FallKind[] = ["front", "back"],
): Promise<GetupResult> {
  const times: number[] = [];
  const perRun: (number | null)[] = [];
  const failures: string[] = [];
  await s.playOn();
  for (let r = 0; r < runs; r++) {
    perRun.push(null);
    const fall = falls[r % falls.length];
    s.agent.motion.set({ kind: "stand" });
    await s.place(-5, 0, 0);
    s.agent.motion.set({ kind: "skill", name: FALL_SKILL[fall] });
    try {
      await s.until(() => s.agent.motion.fall !== "upright", 5, "the fall");
    } catch {
      failures.push(`run ${r}: did not fall (${fall})`);
      continue;
    }
    const fell = s.agent.motion.fallenSince;
    s.agent.motion.set({ kind: "stand" });
    if (await standsStable(s, 10)) {
      const seconds = s.now - fell - 0.5;
      times.push(seconds);
      perRun[r] = Math.round(seconds * 100) / 100;
    } else failures.push(`run ${r}: still down 10 s after falling (${fall})`);
  }
  return {
    task: "getup",
    runs,
    successes: times.length,
    seconds: times.length ? stats(times) : null,
    times: perRun,
    failures,
  };
}

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
      const upright = s.agent.motion.fall === "upright";
      if (upright && soleEdge(s.agent.world.feet, soleLength) !== 0) onEdge += s.agent.world.dt;
      if (s.agent.motion.current.kind !== "skill") {
        tilt = Math.max(tilt, Math.acos(Math.min(1, s.agent.estimator.tilt.up[2])));
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
    peakTilt.push(Math.round(tilt * 1800 / Math.PI) / 10);
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

export interface OmniResult {
  task: "walk-omni";
  runs: number;
  /** Seconds to each target (NaN where not reached), per run. */
  times: Record<string, number[]>;
  reached: number;
  targets: number;
  falls: number;
  /** Falls per target, over all runs. */
  fallsAt: Record<string, number>;
}

/** Targets relative to the start pose (−5, 0, facing +x): x, y, heading (radians). */
const OMNI_TARGETS: Record<string, [number, number, number]> = {
  back: [-1, 0, 0],
  left: [0, 1, 0],
  right: [0, -1, 0],
  diagonal: [1, 1, 0],
  turn180: [0, 0, Math.PI],
};

/**
 * Walks to each target with the walk-to-pose helper driven by the agent's own self estimate,
 * and times it against ground truth (head position within 0.2 m, heading within 15°).
 */
export async function walkOmni(s: EvalSession, runs: number, timeout = 20): Promise<OmniResult> {
  const times: Record<string, number[]> = {};
  const fallsAt: Record<string, number> = {};
  let reached = 0, falls = 0;
  const limits = s.agent.motion.walk.params;
  await s.playOn();
  for (let r = 0; r < runs; r++) {
    for (const [name, [tx, ty, tth]] of Object.entries(OMNI_TARGETS)) {
      s.agent.motion.set({ kind: "stand" });
      await s.place(-5, 0, 0, 1.5);
      const target = { x: -5 + tx, y: ty, theta: tth };
      const t0 = s.now;
      let took = NaN;
      let arrived = false;
      const fell = await watchFalls(s, async () => {
        while (s.now - t0 < timeout) {
          await s.agent.nextCycle();
          const self = s.agent.world.self;
          if (self) {
            const cmd = walkTo(self, target, limits, undefined, arrived);
            arrived = cmd.done;
            s.agent.motion.set(
              cmd.done ? { kind: "stand" } : { kind: "walk", vx: cmd.vx, vy: cmd.vy, vth: cmd.vth },
            );
          }
          const p = s.agent.truth?.myPos, yaw = s.agent.truth?.myOrientation;
          if (p && yaw !== null && yaw !== undefined) {
            const dyaw = Math.abs(wrapAngle(yaw - tth));
            if (Math.hypot(p.x - target.x, p.y - target.y) < 0.2 && dyaw < 15 * Math.PI / 180) {
              took = s.now - t0;
              break;
            }
          }
        }
      });
      falls += fell;
      fallsAt[name] = (fallsAt[name] ?? 0) + fell;
      (times[name] ??= []).push(Math.round(took * 100) / 100);
      if (!Number.isNaN(took)) reached++;
    }
  }
  s.agent.motion.set({ kind: "stand" });
  return {
    task: "walk-omni",
    runs,
    times,
    reached,
    targets: runs * Object.keys(OMNI_TARGETS).length,
    falls,
    fallsAt,
  };
}

/** A ball player with the agent's own soccer options, as the soccer behaviour builds it. */
function ballPlayer(s: EvalSession): BallPlayer {
  const a = s.agent;
  return new BallPlayer(soccerOptions(a.options.params, a.motion.walk.params, a.options.core));
}

/**
 * This cycle's request for playing the ball on an empty field, from the agent's own estimates
 * (looking around, as the soccer behaviour does, while the ball is unseen for FRESH.ball s); null
 * while it has no pose or ball, or is down.
 */
function playBallAlone(
  s: EvalSession,
  player: BallPlayer,
  mustKick: boolean,
): MotionRequest | null {
  const a = s.agent;
  const v = a.view();
  if (!v.self || !v.ball || a.motion.fall !== "upright") return null;
  if (v.ballAge > FRESH.ball) return LOOK_AROUND;
  return player.act({
    self: v.self,
    ball: v.ball,
    opponents: [],
    obstacles: [],
    mustKick,
    now: s.now,
  });
}

export interface DribbleResult {
  task: "dribble";
  runs: number;
  /** The ball's progress toward the opponents' goal per second, m/s. */
  speed: RunStats;
  falls: number;
  /** Metres the ball went toward the goal, per run. */
  distances: number[];
  /** How far the ball ended off the start line (y = 0), per run, metres. */
  offLine: number[];
  /** Seconds the player spent on each on-ball action, over all runs. */
  actions: Record<BallPlayer["action"], number>;
}

/** Where the robot starts relative to the ball, per run in turn: behind, beside, diagonal,
 * in front facing back. */
const SHOOT_STARTS = [
  { x: -1.0, y: 0.0, theta: 0 },
  { x: -0.7, y: 0.7, theta: -Math.PI / 2 },
  { x: -0.8, y: -0.5, theta: Math.PI / 4 },
  { x: 0.3, y: 0.6, theta: Math.PI },
];

/** Where a dribble starts: 0.3 m behind the ball facing the goal, or the shoot task's starts. */
export type DribbleStart = "behind" | "mixed";

/**
 * Dribbles for `seconds` toward the opponents' goal on an empty field, playing it as the soccer
 * behaviour does (from the agent's own estimates): from standing 0.3 m behind the ball, or from
 * the shoot task's starts in turn (behind, beside, diagonal, in front facing back), which also
 * times the approach and the lining up.
 */
export async function dribble(
  s: EvalSession,
  runs: number,
  start: DribbleStart = "behind",
  seconds = 20,
): Promise<DribbleResult> {
  const distances: number[] = [];
  const offLine: number[] = [];
  const actions = { approach: 0, fine: 0, dribble: 0, kick: 0 };
  let falls = 0;
  const a = s.agent;
  await s.playOn();
  for (let r = 0; r < runs; r++) {
    const player = ballPlayer(s);
    const ball = { x: -11.7, y: 0, z: 0.042 };
    const from = start === "behind"
      ? { x: -0.3, y: 0, theta: 0 }
      : SHOOT_STARTS[r % SHOOT_STARTS.length];
    a.motion.set({ kind: "stand" });
    await s.place(ball.x + from.x, ball.y + from.y, from.theta);
    await s.monitor.send(trainer.ball(ball, { x: 0, y: 0, z: 0 }));
    await s.cycles(10);
    const x0 = a.truth?.ballPos?.x ?? ball.x;
    const t0 = s.now;
    falls += await watchFalls(s, async () => {
      while (s.now - t0 < seconds) {
        await a.nextCycle();
        const request = playBallAlone(s, player, false);
        if (!request) continue;
        a.motion.set(request);
        actions[player.action] += CYCLE_SECONDS;
      }
    });
    a.motion.set({ kind: "stand" });
    distances.push((a.truth?.ballPos?.x ?? x0) - x0);
    offLine.push(Math.abs(a.truth?.ballPos?.y ?? 0));
  }
  return {
    task: "dribble",
    runs,
    speed: stats(distances.map((d) => d / seconds)),
    falls,
    distances: millimetres(distances),
    offLine: millimetres(offLine),
    actions: {
      approach: Math.round(actions.approach * 10) / 10,
      fine: Math.round(actions.fine * 10) / 10,
      dribble: Math.round(actions.dribble * 10) / 10,
      kick: Math.round(actions.kick * 10) / 10,
    },
  };
}

export interface ShootResult {
  task: "shoot";
  runs: number;
  /** Ball travel per kicked run, metres. */
  distance: RunStats;
  /** Angle between the ball's path and the line from the ball to the aim point, degrees. */
  directionError: RunStats;
  /** Seconds from the start of a run to the start of its kick. */
  seconds: RunStats;
  /** Runs in which no kick started within the time limit. */
  missed: number;
  falls: number;
  distances: number[];
  /** Seconds to the kick per run (null: missed), the starts taken in turn. */
  times: (number | null)[];
}

/**
 * Walks up to a ball and kicks it at the opponents' goal through `BallPlayer` with the kick
 * forced (as at a kick-off or set play), from the agent's own estimates: the kick as a game
 * plays it, after walking rather than from the stand pose.
 */
export async function shoot(s: EvalSession, runs: number, timeout = 20): Promise<ShootResult> {
  const a = s.agent;
  const distances: number[] = [];
  const errors: number[] = [];
  const times: number[] = [];
  const perRun: (number | null)[] = [];
  let missed = 0;
  let falls = 0;
  await s.playOn();
  for (let r = 0; r < runs; r++) {
    const player = ballPlayer(s);
    const start = SHOOT_STARTS[r % SHOOT_STARTS.length];
    const ball = { x: -5, y: 0, z: 0.042 };
    a.motion.set({ kind: "stand" });
    await s.place(ball.x + start.x, ball.y + start.y, start.theta);
    await s.monitor.send(trainer.ball(ball, { x: 0, y: 0, z: 0 }));
    await s.cycles(10);
    const b0 = a.truth?.ballPos ?? ball;
    const t0 = s.now;
    let kickedAt = NaN;
    falls += await watchFalls(s, async () => {
      while (s.now - t0 < timeout && Number.isNaN(kickedAt)) {
        await a.nextCycle();
        const request = playBallAlone(s, player, true);
        if (!request) continue;
        a.motion.set(request);
        if (request.kind === "skill") kickedAt = s.now;
      }
      if (Number.isNaN(kickedAt)) return;
      await s.until(() => a.motion.current.kind !== "skill", 10, "the kick");
      await ballAtRest(s);
    });
    a.motion.set({ kind: "stand" });
    perRun.push(Number.isNaN(kickedAt) ? null : Math.round((kickedAt - t0) * 100) / 100);
    if (Number.isNaN(kickedAt)) {
      missed++;
      continue;
    }
    const b1 = a.truth?.ballPos ?? b0;
    const aim = aimPoint(b0, []);
    const path = Math.atan2(b1.y - b0.y, b1.x - b0.x);
    distances.push(Math.hypot(b1.x - b0.x, b1.y - b0.y));
    errors.push(Math.abs(wrapAngle(path - Math.atan2(aim.y - b0.y, aim.x - b0.x))) * 180 / Math.PI);
    times.push(kickedAt - t0);
  }
  return {
    task: "shoot",
    runs,
    distance: stats(distances),
    directionError: stats(errors),
    seconds: stats(times),
    missed,
    falls,
    distances: millimetres(distances),
    times: perRun,
  };
}
