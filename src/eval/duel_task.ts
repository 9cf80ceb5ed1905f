// `duel`: the player at a ball one opponent field player contests, as a game does. The opponent
// plays its own behaviour: an agent of our own code by default, or another team's agent run by
// `--opponent CMD` (the UT base agent: its single-agent start script). Each run puts our robot
// on one side of the ball facing it and the opponent on the goal side facing back, as against UT
// near their goal (there the ball lay still with both teams at it 40 s a game), and plays until
// the ball is in their goal, or the opponent has carried it DUEL_LOST m toward ours, or play
// stops, or the time limit passes.

import type { RobotType } from "../body/joints.ts";
import type { Point2 } from "../util/pose.ts";
import { ballPlayer, playBallRun } from "./ball_alone.ts";
import { type RunStats, stats, weScored } from "./measure.ts";
import type { EvalSession } from "./session.ts";
import { task } from "./task.ts";

/** A run's start (field frame, we attack +x): the ball, our robot facing it, the opponent's. */
export interface DuelStart {
  name: string;
  ball: Point2;
  robot: Point2;
  opponent: Point2;
}

export const DUEL_STARTS: readonly DuelStart[] = [
  { name: "goal", ball: { x: 12.5, y: 0 }, robot: { x: 11.5, y: 0 }, opponent: { x: 13.5, y: 0 } },
  {
    name: "goal-left",
    ball: { x: 12.8, y: 1.5 },
    robot: { x: 11.8, y: 1.2 },
    opponent: { x: 13.8, y: 1.6 },
  },
  {
    name: "at-ball",
    ball: { x: 13, y: 0.3 },
    robot: { x: 12.6, y: 0.3 },
    opponent: { x: 13.3, y: 0.4 },
  },
  {
    name: "goal-right",
    ball: { x: 12.8, y: -1.5 },
    robot: { x: 11.9, y: -1.9 },
    opponent: { x: 13.8, y: -1.4 },
  },
  {
    name: "side",
    ball: { x: 12.5, y: -0.5 },
    robot: { x: 12, y: -1.4 },
    opponent: { x: 13.3, y: -0.4 },
  },
  { name: "mid", ball: { x: 2, y: 0 }, robot: { x: 1, y: 0 }, opponent: { x: 3, y: 0 } },
];

/** The opponent has the ball once it lies this much (m) nearer our goal than it started. */
export const DUEL_LOST = 3;
/** A run ends without a goal after this long (s). */
export const DUEL_TIMEOUT = 30;
/** The opponent's unum: a field player (our ball play spares unum 1 as their keeper). */
const OPPONENT_UNUM = 2;

export interface DuelResult {
  task: "duel";
  runs: number;
  /** `own`: an agent of our own code with the soccer behaviour; else the command. */
  opponent: string;
  goals: number;
  /** Runs the opponent carried the ball DUEL_LOST m back. */
  lost: number;
  /** Runs play stopped in (the ball out, a foul). */
  stopped: number;
  /** Seconds to the goal of the runs that scored. */
  seconds: RunStats;
  /** Mean seconds per run, a run without a goal counting the whole time limit. */
  meanTime: number;
  /** Mean metres the ball went toward their goal from its start, per run, to the run's end. */
  progress: number;
  falls: number;
  /** Per run: the start's name, seconds to the goal (null: none), what ended it, its progress. */
  results: [string, number | null, string, number][];
}

/** The opponent: where it is put each run, and where its torso is (world frame; null: off). */
interface DuelOpponent {
  place(x: number, y: number, rot: number): Promise<void>;
  torso(): Point2 | null;
}

/**
 * Its own agent (placed once upright) or the process's robot. Our own agent's torso is followed
 * only for the debug trace: following the scene reads every monitor frame.
 */
async function addOpponent(
  s: EvalSession,
  command: string | null,
  type: RobotType,
): Promise<DuelOpponent> {
  if (command !== null) {
    const o = await s.addExternalOpponent(command, OPPONENT_UNUM);
    return { place: (x, y, rot) => s.placeExternal(o, x, y, rot), torso: o.torso };
  }
  const agent = await s.addOwnOpponent("Duel", OPPONENT_UNUM, type, "soccer");
  const traced = s.agent.options.log.enabled("debug");
  return {
    place: (x, y, rot) => s.placeOpponent(agent, x, y, rot),
    torso: traced ? await s.watchOpponent(OPPONENT_UNUM) : () => null,
  };
}

export async function duel(
  s: EvalSession,
  runs: number,
  command: string | null,
  timeout = DUEL_TIMEOUT,
): Promise<DuelResult> {
  const a = s.agent;
  const opponent = await addOpponent(s, command, a.options.type);
  const results: DuelResult["results"] = [];
  const times: number[] = [];
  let goals = 0, lost = 0, stopped = 0, falls = 0, total = 0, progress = 0;
  for (let r = 0; r < runs; r++) {
    await s.goalPauseOver();
    const start = DUEL_STARTS[r % DUEL_STARTS.length];
    const player = ballPlayer(s);
    a.motion.set({ kind: "stand" });
    await opponent.place(start.opponent.x, start.opponent.y, Math.PI);
    const toBall = Math.atan2(start.ball.y - start.robot.y, start.ball.x - start.robot.x);
    await s.place(start.robot.x, start.robot.y, toBall);
    const run = await playBallRun(s, player, start.ball, start.name, timeout, (s) => {
      traceOpponent(s, opponent, start.name);
      if (weScored(s)) return "goal";
      const x = s.agent.truth?.ballPos?.x ?? start.ball.x;
      return x < start.ball.x - DUEL_LOST ? "lost" : null;
    });
    falls += run.falls;
    const moved = (a.truth?.ballPos?.x ?? start.ball.x) - start.ball.x;
    const gone = Math.round(moved * 100) / 100;
    progress += gone;
    if (run.end === "goal") {
      goals++;
      times.push(run.seconds);
      total += run.seconds;
    } else {
      total += timeout;
      if (run.end === "lost") lost++;
      else if (run.end !== "time") stopped++;
    }
    results.push([start.name, run.end === "goal" ? run.seconds : null, run.end, gone]);
  }
  return {
    task: "duel",
    runs,
    opponent: command ?? "own",
    goals,
    lost,
    stopped,
    seconds: stats(times),
    meanTime: Math.round(total / runs * 100) / 100,
    progress: Math.round(progress / runs * 100) / 100,
    falls,
    results,
  };
}

/** Every half second at debug level, where the opponent is (the ball play's trace has ours). */
function traceOpponent(s: EvalSession, o: DuelOpponent, label: string): void {
  const log = s.agent.options.log;
  if (s.agent.world.cycle % 25 !== 0 || !log.enabled("debug")) return;
  const t = o.torso();
  log.debug(
    `${label} t=${s.now.toFixed(1)} opponent ${
      t ? `(${t.x.toFixed(2)}, ${t.y.toFixed(2)})` : "off"
    }`,
  );
}

export const DUEL_TASK = task({
  name: "duel",
  headControl: true,
  flags: ["opponent"],
  run: (s, runs, o) => duel(s, runs, o.opponent),
  score: (r) => -r.meanTime,
});
