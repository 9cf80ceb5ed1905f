// Who scored each goal, from the monitor stream: the last robot to touch the ball before it went
// in, and whether that robot's own team conceded it (an own goal). A touch is a torso, shank or
// foot within contact distance of the ball while the ball is in the field; of several at once
// the nearest counts. The scores come from the game-state header (monitor_state.ts).

import type { MonitorGameState } from "./monitor_state.ts";
import type { MonitorScene, ScenePartKind, ScenePoint } from "./monitor_scene.ts";
import { FIELD_LENGTH, FIELD_WIDTH } from "../field/field.ts";

/** Centre-to-centre distance (m) at which a part touches the ball: the ball's radius, 0.042,
 * plus the part's half-size. */
const CONTACT: Readonly<Record<ScenePartKind, number>> = { torso: 0.15, shank: 0.12, foot: 0.13 };

export interface Toucher {
  team: "left" | "right";
  unum: number;
}

export interface CreditedGoal {
  /** The team the goal counts for. */
  team: "left" | "right";
  half: number;
  time: number;
  /** The last robot to touch the ball before it went in; null: none since the kick-off. */
  by: Toucher | null;
  /** The last toucher's team conceded the goal. */
  own: boolean;
}

export class GoalCredit {
  readonly goals: CreditedGoal[] = [];
  /** The last robot to touch the ball since the last goal. */
  last: Toucher | null = null;
  private scored: [number, number] = [0, 0];

  /** After `game` and `scene` took in the same monitor message. */
  update(game: MonitorGameState, scene: MonitorScene): void {
    const ball = scene.ball();
    if (ball && inField(ball)) this.last = touching(ball, scene) ?? this.last;
    for (const [side, now] of [["left", game.scoreLeft], ["right", game.scoreRight]] as const) {
      const k = side === "left" ? 0 : 1;
      if (now <= this.scored[k]) continue;
      this.scored[k] = now;
      const by = this.last;
      const own = by !== null && by.team !== side;
      this.goals.push({ team: side, half: game.half, time: game.time, by, own });
      this.last = null;
    }
  }

  /** Own goals by each team's players: [left's, right's]. */
  ownGoals(): [number, number] {
    const by = (t: "left" | "right") => this.goals.filter((g) => g.own && g.by!.team === t).length;
    return [by("left"), by("right")];
  }
}

function inField(p: ScenePoint): boolean {
  return Math.abs(p.x) <= FIELD_LENGTH / 2 && Math.abs(p.y) <= FIELD_WIDTH / 2;
}

/** The robot with a part nearest the ball within its contact distance, or null. */
function touching(ball: ScenePoint, scene: MonitorScene): Toucher | null {
  let best: Toucher | null = null, bestGap = 0;
  for (const r of scene.robots()) {
    for (const p of r.parts) {
      const gap = Math.hypot(p.at.x - ball.x, p.at.y - ball.y, p.at.z - ball.z) - CONTACT[p.kind];
      if (gap < bestGap) [best, bestGap] = [{ team: r.team, unum: r.unum }, gap];
    }
  }
  return best;
}
