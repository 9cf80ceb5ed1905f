// `kickoff`: our kick-off's kick from where its taker is beamed, the set play's stage lined up for
// the kick at their goal (BallPlayer.kickOffStage), off it by the server's beam noise; measured as
// the shoot task measures its kicks: seconds to the kick, and the line-ups that moved the ball
// before it (each a free kick for them in a game).

import { SeededRandom } from "../util/random.ts";
import { DEG } from "../util/angles.ts";
import { shoot, type ShootResult, type ShootStart } from "./shoot_task.ts";
import { task } from "./task.ts";
import type { EvalSession } from "./session.ts";

/** The server's beam noise (beameffector.cpp): uniform, at most this far (m) and turned (rad). */
const BEAM_NOISE_XY = 0.05;
const BEAM_NOISE_ANGLE = 10 * DEG;
/** The noise's seed: the same runs for every candidate. */
const SEED = 7;
/** A kick-off not kicked within this long (s) counts as missed. */
const KICK_TIMEOUT = 20;

export type KickOffResult = Omit<ShootResult, "task"> & { task: "kickoff" };

/** Kicks off `runs` times from the taker's stage, off it by the beam noise drawn anew each run. */
export async function kickOff(
  s: EvalSession,
  runs: number,
  timeout = KICK_TIMEOUT,
): Promise<KickOffResult> {
  const noise = new SeededRandom(SEED);
  const off = (max: number) => max * (2 * noise.uniform() - 1);
  const staged: ShootStart = (_r, player) => {
    const stage = player.kickOffStage([], []);
    return {
      ball: { x: 0, y: 0 },
      robot: {
        x: stage.x + off(BEAM_NOISE_XY),
        y: stage.y + off(BEAM_NOISE_XY),
        theta: stage.theta + off(BEAM_NOISE_ANGLE),
      },
    };
  };
  return { ...(await shoot(s, runs, timeout, staged)), task: "kickoff" };
}

export const KICKOFF_TASK = task({
  name: "kickoff",
  headControl: true,
  run: (s, runs) => kickOff(s, runs),
});
