// The penalty shoot-out (rcssserver3d's PenaltyShootout mode): one kicker of the left team
// against one goalie of the right team, the ball on the centre spot. The kicker plays the ball
// alone from its kick-off on: dribbles it toward the goal and shoots beside the goalie once in
// range (the server lets it touch the ball again and again). The goalie guards the goal from
// the seed's spot on the ball–goal line and dives at shots, and never leaves its penalty area:
// the server gives the kicker a goal when it does. Our frame (we attack +x) for both.

import { FIELD_LENGTH, GOAL_WIDTH } from "../field/field.ts";
import type { Pose2 } from "../util/pose.ts";
import { PlayMode } from "../protocol/playmode.ts";
import { DIVE_SKILLS, diveNow } from "../ballplay/goalie_dive.ts";
import { goalieTarget } from "../strategy/goalie.ts";
import { APPROACH, BallPlayer, LOOK_AROUND } from "./ball_play.ts";
import { walkAround } from "./walk_around.ts";
import type { BehaviorContext, BehaviorFactory } from "./decision.ts";
import { soccer, type SoccerOptions } from "./soccer.ts";

/** The shoot-out's penalty area (naosoccersim.rb PenaltyLength 1.8 m, PenaltyWidth 3.9 m). */
const AREA_DEPTH = 1.8;
const AREA_HALF_WIDTH = 3.9 / 2;
/** The goalie's torso stays this far inside the area's lines (its arms and legs reach out). */
const AREA_MARGIN = 0.35;

function playing(mode: PlayMode, kickOff: PlayMode): boolean {
  return mode === PlayMode.PlayOn || mode === kickOff;
}

export const penaltyKicker: BehaviorFactory<SoccerOptions> = {
  name: "penalty-kicker",
  defaults: soccer.defaults,
  create: (o) => {
    const player = new BallPlayer({ ...o, pass: null });
    return {
      name: "penalty-kicker",
      decide(ctx: BehaviorContext) {
        const v = ctx.view;
        const kickOff = v.side === "right" ? PlayMode.KickOffRight : PlayMode.KickOffLeft;
        ctx.outbox.ballAction = null;
        ctx.outbox.target = null;
        if (!playing(v.playMode, kickOff)) return null;
        if (!v.self || !v.ball) return LOOK_AROUND;
        const request = player.act({
          self: v.self,
          ball: v.ball,
          opponents: v.opponents,
          obstacles: v.opponents,
          mustKick: false,
          now: v.time,
          kickDue: ctx.skillDue,
          standing: ctx.standing,
          walkSpeed: ctx.walkSpeed,
        });
        // For the debug trace, as the soccer behaviour's player at the ball.
        ctx.outbox.ballAction = player.tracedAction;
        ctx.outbox.target = player.target;
        return request;
      },
    };
  },
};

/** The goalie's spot for a ball at (x, y), inside the penalty area. */
export function penaltyGoalieSpot(ballX: number, ballY: number): Pose2 {
  const g = goalieTarget(ballX, ballY);
  const goalX = -FIELD_LENGTH / 2;
  const x = Math.min(Math.max(g.x, goalX + AREA_MARGIN), goalX + AREA_DEPTH - AREA_MARGIN);
  const yMax = Math.min(GOAL_WIDTH / 2, AREA_HALF_WIDTH - AREA_MARGIN);
  return { x, y: Math.min(Math.max(g.y, -yMax), yMax), theta: g.theta };
}

export const penaltyGoalie: BehaviorFactory<SoccerOptions> = {
  name: "penalty-goalie",
  defaults: soccer.defaults,
  create: (o) => ({
    name: "penalty-goalie",
    decide(ctx: BehaviorContext) {
      const v = ctx.view;
      if (v.playMode === PlayMode.GameOver) return null;
      if (!v.self) return LOOK_AROUND;
      const dive = o.dive ? diveNow(v, o.ballDecay, o.dive) : null;
      if (dive) return { kind: "skill", name: DIVE_SKILLS[dive] };
      const ball = v.ball ?? { x: 0, y: 0 };
      return walkAround(v.self, penaltyGoalieSpot(ball.x, ball.y), [], o.limits, APPROACH);
    },
  }),
};
