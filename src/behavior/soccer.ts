// The team behaviour: every cycle it reads the situation from the play mode, assigns roles to
// the team (ourselves from our estimate, teammates from team talk or vision), and acts out our
// role — the goalie guards the goal, the player at the ball shoots or dribbles, everyone else
// walks to the role's spot facing the ball, around other players, and away from the ball
// during the opponents' set plays.

import { type Pose2, type WalkLimits, walkTo } from "../motion/walk_to.ts";
import type { MotionRequest } from "../motion/motion.ts";
import { FIELD_LENGTH } from "../estimation/field.ts";
import { avoidObstacles, type Point2 } from "../strategy/avoid.ts";
import { goalieShouldClear, goalieTarget } from "../strategy/goalie.ts";
import { type KickSpot, onBallAction } from "../strategy/on_ball.ts";
import { type PlayerSpot, type Role, RoleKeeper, roleTargets } from "../strategy/roles.ts";
import { keepAway, type Situation, situation } from "../strategy/situation.ts";
import { clamp, wrapAngle } from "../util/angles.ts";
import type { WorldView } from "../world/world_view.ts";
import type { Behavior, BehaviorContext, BehaviorFactory } from "./decision.ts";

export interface SoccerOptions {
  limits: WalkLimits;
  kickSpot: KickSpot;
  /** Shoot when the ball is this close to the opponents' goal, metres. */
  shootRange: number;
  /** Minimum time a player keeps its role, seconds. */
  roleHold: number;
}

/** Our own ball estimate counts for this long; after that, a teammate's fresher report. */
const OWN_BALL_FRESH = 1.5;
const HEARD_BALL_FRESH = 4;
/** Teammates' reported positions count for this long. */
const MATE_FRESH = 2;
/** The point in the opponents' goal we aim at. */
const GOAL: Point2 = { x: FIELD_LENGTH / 2 + 0.2, y: 0 };
/** Beyond this distance from the ball, the player at it still avoids other robots. */
const BALL_NEAR = 1.2;

const FINE_APPROACH = {
  decel: 0.4,
  faceDistance: 0.6,
  positionTolerance: 0.02,
  headingTolerance: 0.08,
};
const APPROACH = { decel: 0.6, faceDistance: 1.0, positionTolerance: 0.1, headingTolerance: 0.2 };

export class SoccerBehavior implements Behavior {
  readonly name = "soccer";
  /** The role we played last cycle (for drawing and tests). */
  role: Role | null = null;
  /** Where we were going last cycle. */
  target: Pose2 | null = null;
  private readonly keeper: RoleKeeper;
  private leftFoot = true;

  constructor(private readonly o: SoccerOptions) {
    this.keeper = new RoleKeeper(o.roleHold);
  }

  decide(ctx: BehaviorContext): MotionRequest | null {
    const v = ctx.view;
    if (v.side === null || v.unum === null) return null;
    const s = situation(v.playMode, v.side);
    if (s === "stop") return null;
    const self = v.self;
    if (!self) return { kind: "walk", vx: 0, vy: 0, vth: 0.6 };
    const ball = this.ball(ctx);
    const players = this.players(ctx, self);
    const targets = roleTargets(
      ball ?? { x: 0, y: 0 },
      s === "ourKickOff" ? "ourKickOff" : s === "theirKickOff" ? "theirKickOff" : "play",
    );
    const roles = this.keeper.update(v.gameTime, players, targets);
    const role = roles.get(v.unum) ?? "supporter";
    this.role = role;
    if (!ball) {
      this.target = null;
      return { kind: "walk", vx: 0, vy: 0, vth: 0.6 };
    }
    const keep = keepAway(v.playMode, s);
    const goalieClears = role === "goalie" && s === "play" &&
      goalieShouldClear(
        ball.x,
        ball.y,
        dist(self, ball),
        this.closestMateToBall(players, ball, v.unum),
      );
    if ((role === "onBall" && canPlayBall(s)) || goalieClears) {
      return this.playBall(v, self, ball, s);
    }
    let spot: Point2 = role === "goalie" ? goalieTarget(ball.x, ball.y) : targets[role];
    if (keep > 0) spot = outside(spot, ball, keep);
    const facing = Math.atan2(ball.y - spot.y, ball.x - spot.x);
    return this.walk(self, { ...spot, theta: facing }, this.obstacles(v), APPROACH);
  }

  /** Our ball estimate while fresh, else the freshest teammate report, else our old one. */
  private ball(ctx: BehaviorContext): Point2 | null {
    const v = ctx.view;
    if (v.ball && v.ballAge < OWN_BALL_FRESH) return v.ball;
    const heard = ctx.team.ball(v.time, HEARD_BALL_FRESH);
    if (heard && (!v.ball || heard.seen > v.time - v.ballAge)) return heard;
    return v.ball;
  }

  /** Everyone we can place and who is on their feet: us, then teammates by report or sight. */
  private players(ctx: BehaviorContext, self: Pose2): PlayerSpot[] {
    const v = ctx.view;
    const out: PlayerSpot[] = [{ unum: v.unum!, x: self.x, y: self.y }];
    for (let unum = 1; unum <= 11; unum++) {
      if (unum === v.unum) continue;
      const heard = ctx.team.mate(unum, v.time, MATE_FRESH);
      if (heard) {
        if (!heard.fallen) out.push({ unum, x: heard.x, y: heard.y });
        continue;
      }
      const seen = v.teammates.find((p) => p.unum === unum && v.time - p.seen < MATE_FRESH);
      if (seen && !seen.fallen) out.push({ unum, x: seen.x, y: seen.y });
    }
    return out;
  }

  private closestMateToBall(players: readonly PlayerSpot[], ball: Point2, me: number): number {
    let best = Infinity;
    for (const p of players) if (p.unum !== me) best = Math.min(best, dist(p, ball));
    return best;
  }

  private obstacles(v: WorldView): Point2[] {
    const out: Point2[] = [];
    for (const p of v.teammates) if (v.time - p.seen < MATE_FRESH) out.push(p);
    for (const p of v.opponents) if (v.time - p.seen < MATE_FRESH) out.push(p);
    return out;
  }

  private playBall(v: WorldView, self: Pose2, ball: Point2, s: Situation): MotionRequest {
    const opponents = v.opponents.filter((p) => v.time - p.seen < MATE_FRESH);
    const a = onBallAction({
      self,
      ball,
      target: GOAL,
      opponents,
      kickSpot: this.o.kickSpot,
      shootRange: this.o.shootRange,
      mustKick: s === "ourSetPlay",
      leftFoot: this.leftFoot,
    });
    switch (a.kind) {
      case "kick":
        this.leftFoot = a.leftFoot;
        this.target = null;
        return { kind: "skill", name: a.leftFoot ? "SKILL_KICK_LEFT_LEG" : "SKILL_KICK_RIGHT_LEG" };
      case "dribble": {
        this.target = null;
        const l = this.o.limits;
        return {
          kind: "walk",
          vx: l.maxForward,
          vy: clamp(3 * a.lateral, -l.maxSideways, l.maxSideways),
          vth: clamp(2 * wrapAngle(a.heading - self.theta), -l.maxTurn, l.maxTurn),
        };
      }
      case "approach": {
        const near = dist(self, ball) < BALL_NEAR;
        return this.walk(
          self,
          a.target,
          near ? [] : this.obstacles(v),
          a.fine ? FINE_APPROACH : APPROACH,
        );
      }
    }
  }

  private walk(
    self: Pose2,
    target: Pose2,
    obstacles: readonly Point2[],
    options: typeof APPROACH,
  ): MotionRequest {
    this.target = target;
    const via = avoidObstacles(self, target, obstacles);
    const goal = via === target ? target : { ...via, theta: target.theta };
    const c = walkTo(self, goal, this.o.limits, options);
    return { kind: "walk", vx: c.vx, vy: c.vy, vth: c.vth };
  }
}

/** Whether the player at the ball may go for it in this situation. */
function canPlayBall(s: Situation): boolean {
  return s === "play" || s === "ourKickOff" || s === "ourSetPlay";
}

function dist(a: Point2, b: Point2): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** `p`, pushed out to at least `r` from `c`. */
function outside(p: Point2, c: Point2, r: number): Point2 {
  const d = dist(p, c);
  if (d >= r) return p;
  if (d < 1e-6) return { x: c.x - r, y: c.y };
  return { x: c.x + (p.x - c.x) * r / d, y: c.y + (p.y - c.y) * r / d };
}

export const soccer: BehaviorFactory<SoccerOptions> = {
  name: "soccer",
  defaults: {
    limits: { maxForward: 0.5, maxBackward: 0.3, maxSideways: 0.15, maxTurn: 1 },
    kickSpot: { x: 0.19, y: 0.08 },
    shootRange: 8,
    roleHold: 2,
  },
  create: (o) => new SoccerBehavior(o),
};
