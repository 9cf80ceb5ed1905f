// What an agent tells its team in its say slot: where it is, whether it is down, the ball as it
// sees it, who takes the set piece and who goes for the ball, and RADIO_PLAYERS of the players
// it sees, taken in turn from one report to the next (opponents first).

import type { Outbox } from "../behavior/decision.ts";
import {
  PLAYER_MAX_AGE,
  RADIO_PLAYERS,
  type RadioPlayer,
  type RadioReport,
} from "../team/radio.ts";
import type { WorldView } from "../world/world_view.ts";

export class TeamReporter {
  /** Where the next report starts in the list of seen players. */
  private cursor = 0;

  /** This cycle's report, or null before we know our unum and pose. */
  report(view: WorldView, outbox: Outbox, fallen: boolean): RadioReport | null {
    const self = view.self, unum = view.unum;
    if (unum === null || !self) return null;
    const ball = view.ball ? { x: view.ball.x, y: view.ball.y, age: view.ballAge } : null;
    const seen = [...view.opponents, ...view.teammates].filter((p) =>
      view.time - p.seen < PLAYER_MAX_AGE && !(p.teammate && p.unum === unum)
    );
    const players: RadioPlayer[] = [];
    for (let k = 0; k < Math.min(RADIO_PLAYERS, seen.length); k++) {
      const p = seen[(this.cursor + k) % seen.length];
      players.push({ ...p, age: view.time - p.seen });
    }
    this.cursor = seen.length > 0 ? (this.cursor + players.length) % seen.length : 0;
    const { taker, onBall } = outbox;
    return { unum, x: self.x, y: self.y, theta: self.theta, fallen, taker, onBall, ball, players };
  }
}
