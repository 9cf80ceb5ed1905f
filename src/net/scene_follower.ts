// Follows a game through the monitor's scene graph: the scene itself, who scored each goal
// (GoalCredit) and the 0.1 s trace (SceneTrace), each fed the same message once the game state
// (monitor_state.ts) has taken it in.

import type { MonitorGameState } from "./monitor_state.ts";
import { MonitorScene } from "./monitor_scene.ts";
import { GoalCredit } from "./goal_credit.ts";
import { SceneTrace } from "./scene_trace.ts";

export class SceneFollower {
  readonly scene = new MonitorScene();
  readonly goals = new GoalCredit();
  readonly trace = new SceneTrace();

  /** One monitor message, after `game` took it in. */
  update(game: MonitorGameState, message: string): void {
    this.scene.update(message);
    this.goals.update(game, this.scene);
    this.trace.update(game, this.scene);
  }
}
