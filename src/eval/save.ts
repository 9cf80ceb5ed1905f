// `deno task eval save`: the goalie against shots. The trainer rolls the ball at our goal from
// 4-11 m out, aimed anywhere from post to post and a little wide, fast enough to reach the goal
// line at 0.3-2.5 m/s (or the --arrival range); every shot is played twice, first against the
// goalie standing on its spot (the baseline) and then with its dives on. Ground truth judges each
// shot: a goal, wide, or saved (stopped or turned away before the line). The result counts the
// baseline's goals the dives save, the dives at shots that would miss, and own goals (a shot that
// would have missed, turned into the goal).

import { type Dive, DIVE_SKILLS, diveNow, type DiveParams } from "../ballplay/goalie_dive.ts";
import { goalieTarget } from "../strategy/goalie.ts";
import { frictionRate, lineCrossing } from "../estimation/ball_motion.ts";
import { FIELD_LENGTH, GOAL_WIDTH } from "../field/field.ts";
import { CYCLE_SECONDS } from "../protocol/cycle.ts";
import { trainer } from "../net/monitor.ts";
import { SeededRandom } from "../util/random.ts";
import type { Pose2 } from "../util/pose.ts";
import { toOwnFrame } from "../world/world_view.ts";
import type { EvalSession } from "./session.ts";
import { task } from "./task.ts";
import { diveParams } from "../agent/play_options.ts";

const GOAL_X = -FIELD_LENGTH / 2;
/** How long (s) the goalie watches the still ball before the shot, and the shot at most. */
const WATCH = 1;
const SHOT_TIME = 6;
/**
 * A ball the trainer sets moving without spin slides until it rolls, at 5/7 of the speed (a
 * solid sphere; measured on the server: 6 m/s set, 4.3 m/s rolling).
 */
const ROLLING = 5 / 7;

export interface Shot {
  /** Start in our frame, and the rolling ball's velocity (m/s). */
  x: number;
  y: number;
  vx: number;
  vy: number;
  /** Whether the ball, untouched, ends in the goal (by the fitted friction). */
  onTarget: boolean;
}

export type Outcome = "goal" | "wide" | "saved";

/** The speeds (m/s) at which the shots reach the goal line, unless --arrival says otherwise. */
export const SHOT_ARRIVAL: readonly [number, number] = [0.3, 2.5];

/**
 * Shots of one seed: from 4-11 m out within ±45°, at the goal mouth ± 0.3 m, reaching the goal
 * line at `arrival` m/s (uniform within the range).
 */
export function shots(
  n: number,
  decay: number,
  seed = 1,
  arrival: readonly [number, number] = SHOT_ARRIVAL,
): Shot[] {
  const rng = new SeededRandom(seed);
  const k = frictionRate(decay);
  const out: Shot[] = [];
  for (let i = 0; i < n; i++) {
    const d = 4 + 7 * rng.uniform(), a = (rng.uniform() - 0.5) * Math.PI / 2;
    const x = GOAL_X + d * Math.cos(a), y = d * Math.sin(a);
    const aimY = (rng.uniform() - 0.5) * (GOAL_WIDTH + 0.6);
    const dist = Math.hypot(GOAL_X - x, aimY - y);
    // Speed falls by k per metre rolled: arriving at vEnd needs vEnd + k·dist.
    const speed = arrival[0] + (arrival[1] - arrival[0]) * rng.uniform() + k * dist;
    const vx = speed * (GOAL_X - x) / dist, vy = speed * (aimY - y) / dist;
    const c = lineCrossing({ x, y, vx, vy, cov: null }, GOAL_X, decay);
    out.push({ x, y, vx, vy, onTarget: c !== null && Math.abs(c.y) < GOAL_WIDTH / 2 });
  }
  return out;
}

interface Played {
  outcome: Outcome;
  dive: Dive | null;
}

/**
 * Puts the goalie at `spot` and the ball at the shot's start (our frame), lets the goalie watch
 * the still ball, then rolls it and judges the shot by ground truth. `each` runs every cycle of
 * the shot with the ball's true position (our frame) and the seconds since it was rolled.
 */
export async function rollAtGoal(
  s: EvalSession,
  spot: Pose2,
  shot: { x: number; y: number; vx: number; vy: number },
  each: (ball: { x: number; y: number } | null, t: number) => void,
): Promise<Outcome> {
  const a = s.agent;
  const side = a.world.side ?? "left";
  const world = (x: number, y: number) => toOwnFrame(x, y, side);
  await s.goalPauseOver();
  const g = world(spot.x, spot.y);
  await s.place(g.x, g.y, side === "left" ? spot.theta : spot.theta + Math.PI);
  const b = world(shot.x, shot.y);
  await s.monitor.send(trainer.ball({ x: b.x, y: b.y, z: 0.042 }, { x: 0, y: 0, z: 0 }));
  // The goalie is told where the trainer put the ball, as it would have watched it played
  // there: its head looked for the ball where the last shot had left it, and in a third of the
  // shots it first saw the ball 0.6-1.4 s after the shot.
  a.estimator.ball.placed(shot.x, shot.y, a.world.time);
  await s.cycles(Math.round(WATCH / CYCLE_SECONDS));
  // The ball that crossed a line in the last shot stopped play, and the referee holds a ball
  // for a goal kick or a corner on its spot.
  await s.resumePlay();
  await s.monitor.send(trainer.ball({ x: b.x, y: b.y, z: 0.042 }, { x: 0, y: 0, z: 0 }));
  await s.cycles(2);
  const v = world(shot.vx / ROLLING, shot.vy / ROLLING);
  await s.monitor.send(trainer.ball({ x: b.x, y: b.y, z: 0.042 }, { x: v.x, y: v.y, z: 0 }));
  const t0 = a.world.time;
  let last = { x: shot.x, y: shot.y, t: t0 };
  for (;;) {
    await a.nextCycle();
    const truth = a.truth?.ballPos;
    const now = a.world.time;
    const p = truth ? world(truth.x, truth.y) : null;
    each(p, now - t0);
    if (!p) continue;
    if (p.x < GOAL_X) return Math.abs(p.y) < GOAL_WIDTH / 2 ? "goal" : "wide";
    if (now - last.t >= 0.2) {
      const vx = (p.x - last.x) / (now - last.t),
        speed = Math.hypot(p.x - last.x, p.y - last.y) / (now - last.t);
      // Stopped, or turned back up the field, short of the line: saved.
      if (now - t0 > 0.3 && (speed < 0.05 || vx > 0.1)) return "saved";
      last = { x: p.x, y: p.y, t: now };
    }
    if (now - t0 > SHOT_TIME) return "saved";
  }
}

/** Plays one shot with the goalie on its spot; dives when `dive` is given. */
async function play(
  s: EvalSession,
  shot: Shot,
  dive: DiveParams | null,
  decay: number,
): Promise<Played> {
  const a = s.agent;
  let chosen: Dive | null = null;
  const outcome = await rollAtGoal(s, goalieTarget(shot.x, shot.y), shot, () => {
    if (!dive || chosen) return;
    chosen = diveNow(a.view(), decay, dive);
    if (chosen) a.motion.set({ kind: "skill", name: DIVE_SKILLS[chosen] });
  });
  return { outcome, dive: chosen };
}

export interface SaveResult {
  task: "save";
  runs: number;
  onTarget: number;
  baseline: Record<Outcome, number>;
  diving: Record<Outcome, number>;
  dives: Record<Dive, number>;
  /** Of the shots the baseline let in, the fraction the diving goalie kept out. */
  savedOfBaselineGoals: number | null;
  divesAtMisses: number;
  ownGoals: number;
  /** Per shot: the baseline's outcome, the diving outcome and its dive. */
  shots: [Outcome, Outcome, Dive | null][];
}

export async function save(
  s: EvalSession,
  runs: number,
  dive: DiveParams,
  decay: number,
  arrival?: readonly [number, number],
): Promise<SaveResult> {
  const list = shots(runs, decay, 1, arrival);
  await s.playOn();
  const count = () => ({ goal: 0, wide: 0, saved: 0 });
  const baseline = count(), diving = count();
  const dives = { left: 0, right: 0, split: 0 };
  const per: [Outcome, Outcome, Dive | null][] = [];
  let keptOut = 0, baselineGoals = 0, divesAtMisses = 0, ownGoals = 0;
  for (const shot of list) {
    const base = await play(s, shot, null, decay);
    const withDive = await play(s, shot, dive, decay);
    baseline[base.outcome]++;
    diving[withDive.outcome]++;
    if (withDive.dive) dives[withDive.dive]++;
    if (base.outcome === "goal") {
      baselineGoals++;
      if (withDive.outcome !== "goal") keptOut++;
    }
    if (!shot.onTarget && withDive.dive) divesAtMisses++;
    if (!shot.onTarget && withDive.outcome === "goal") ownGoals++;
    per.push([base.outcome, withDive.outcome, withDive.dive]);
  }
  return {
    task: "save",
    runs,
    onTarget: list.filter((x) => x.onTarget).length,
    baseline,
    diving,
    dives,
    savedOfBaselineGoals: baselineGoals ? Math.round(keptOut / baselineGoals * 1000) / 1000 : null,
    divesAtMisses,
    ownGoals,
    shots: per,
  };
}

/**
 * The optimizer's score: the share of the standing goalie's goals kept out, less 0.1 per own
 * goal and 0.02 per dive at a shot that would miss.
 */
export function saveScore(r: SaveResult): number {
  return (r.savedOfBaselineGoals ?? 0) - 0.1 * r.ownGoals - 0.02 * r.divesAtMisses;
}

export const SAVE_TASK = task({
  name: "save",
  headControl: true,
  flags: ["arrival"],
  run: (s, runs, o) => {
    const p = s.agent.options.params;
    return save(s, runs, diveParams(p), p.get("ball.decay"), o.arrival);
  },
  score: saveScore,
});
