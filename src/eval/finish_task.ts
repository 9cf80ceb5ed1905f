// `finish`: the player at a ball near their goal plays it as a game does, against a keeper that
// stands on its goal line's middle (an opponent agent with the stand behaviour): how long until
// the ball is in, from ball spots around the keeper that games left it at (in front, at its
// feet, behind it, beside it near the line, wide). The time is the score the optimizer would
// minimize; a run without a goal counts its whole time limit.

import { loadParams } from "../agent/params.ts";
import { createCore } from "../core/create_core.ts";
import { FIELD_LENGTH } from "../field/field.ts";
import { trainer } from "../net/monitor.ts";
import { bundledSkillFiles } from "../config/paramfiles.ts";
import { loadSkillFiles } from "../skills/skill_compiler.ts";
import { ballPlayer, playBallAlone, traceBallPlay } from "./ball_alone.ts";
import { type RunStats, stats, watchFalls, weScored } from "./measure.ts";
import type { EvalSession } from "./session.ts";
import { task } from "./task.ts";

/** Their keeper's spot: the middle of their goal line, 1 m out, facing up the field. */
export const KEEPER = { x: FIELD_LENGTH / 2 - 1, y: 0, theta: Math.PI };

/** A run's start: the ball, and our robot facing their goal (field frame, we attack +x). */
export interface FinishStart {
  name: string;
  ball: { x: number; y: number };
  robot: { x: number; y: number };
}

export const FINISH_STARTS: readonly FinishStart[] = [
  { name: "front", ball: { x: 12.6, y: -0.35 }, robot: { x: 11.6, y: -0.35 } },
  { name: "blocked", ball: { x: 13.6, y: 0.1 }, robot: { x: 12.6, y: 0.3 } },
  { name: "feet", ball: { x: 13.83, y: -0.05 }, robot: { x: 12.8, y: -0.3 } },
  { name: "behind", ball: { x: 14.45, y: 0.1 }, robot: { x: 13.3, y: -0.6 } },
  { name: "beside", ball: { x: 14.35, y: -0.65 }, robot: { x: 13.3, y: -0.9 } },
  { name: "wide", ball: { x: 13, y: 1.3 }, robot: { x: 12, y: 1 } },
];

/** A run ends without a goal after this long (s). */
export const FINISH_TIMEOUT = 40;

export interface FinishResult {
  task: "finish";
  runs: number;
  goals: number;
  /** Seconds to the goal of the runs that scored. */
  seconds: RunStats;
  /** Mean seconds per run, a run without a goal counting the whole time limit. */
  meanTime: number;
  falls: number;
  /** Runs play stopped in without a goal (the ball out, a foul). */
  stopped: number;
  /** Per run: the start's name, seconds to the goal (null: none) and what ended it. */
  results: [string, number | null, string][];
}

export async function finish(
  s: EvalSession,
  runs: number,
  timeout = FINISH_TIMEOUT,
): Promise<FinishResult> {
  const a = s.agent;
  const o = a.options;
  const keeperParams = await loadParams(0, []);
  const keeper = await s.addOpponent({
    team: "Keeper",
    unum: 1,
    type: 0,
    params: keeperParams,
    log: o.log,
    core: await createCore("wasm", 0),
    skills: await loadSkillFiles(bundledSkillFiles(), keeperParams),
    behaviour: "stand",
  });
  const results: [string, number | null, string][] = [];
  const times: number[] = [];
  let goals = 0, falls = 0, stopped = 0, total = 0;
  for (let r = 0; r < runs; r++) {
    await s.goalPauseOver();
    const start = FINISH_STARTS[r % FINISH_STARTS.length];
    const player = ballPlayer(s);
    a.motion.set({ kind: "stand" });
    await s.placeOpponent(keeper, KEEPER.x, KEEPER.y, KEEPER.theta);
    await s.place(start.robot.x, start.robot.y, 0);
    await s.monitor.send(trainer.ball({ ...start.ball, z: 0.042 }, { x: 0, y: 0, z: 0 }));
    await s.cycles(10);
    await s.resumePlay();
    a.estimator.ball.placed(start.ball.x, start.ball.y, a.world.time);
    const t0 = s.now;
    let end = "time";
    falls += await watchFalls(s, async () => {
      while (s.now - t0 < timeout) {
        await a.nextCycle();
        if (weScored(s)) {
          end = "goal";
          return;
        }
        if (a.world.playModeName !== "PlayOn") {
          end = a.world.playModeName;
          return;
        }
        const request = playBallAlone(s, player, false);
        if (request) a.motion.set(request);
        traceBallPlay(s, player, start.name);
      }
    });
    a.motion.set({ kind: "stand" });
    const seconds = Math.round((s.now - t0) * 100) / 100;
    if (end === "goal") {
      goals++;
      times.push(seconds);
      total += seconds;
    } else {
      total += timeout;
      if (end !== "time") stopped++;
    }
    results.push([start.name, end === "goal" ? seconds : null, end]);
  }
  return {
    task: "finish",
    runs,
    goals,
    seconds: stats(times),
    meanTime: Math.round(total / runs * 100) / 100,
    falls,
    stopped,
    results,
  };
}

export const FINISH_TASK = task({
  name: "finish",
  headControl: true,
  run: (s, runs) => finish(s, runs),
  score: (r) => -r.meanTime,
});
