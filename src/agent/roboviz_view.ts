// What an agent draws in RoboViz each vision frame (with --draw-host): its pose and heading, the
// ball it believes in, the line to its target, and its role and what the body does.

import type { Outbox } from "../behavior/decision.ts";
import type { RoboVizDrawer } from "../net/roboviz.ts";
import type { WorldState } from "../world/world_state.ts";

const SELF = [0, 0.6, 1] as const;
const BALL = [1, 0.5, 0] as const;
const TARGET = [1, 1, 0] as const;
const TEXT = [1, 1, 1] as const;

export function drawAgent(d: RoboVizDrawer, w: WorldState, outbox: Outbox, activity: string): void {
  const s = w.self;
  if (s) {
    d.circle("self", s.x, s.y, 0.2, SELF);
    d.line("heading", s.x, s.y, s.x + 0.5 * Math.cos(s.theta), s.y + 0.5 * Math.sin(s.theta), SELF);
  }
  if (w.ball) d.sphere("ball", w.ball.x, w.ball.y, 0.042, 0.06, BALL);
  const t = outbox.target;
  if (s && t) d.line("target", s.x, s.y, t.x, t.y, TARGET);
  const role = outbox.role;
  d.agentText(role ? `${role}: ${activity}` : activity, TEXT);
  d.swap();
}
