// The team behaviour: every cycle it reads the situation from the play mode, assigns roles to
// the team (ourselves from our estimate, teammates from team talk or vision), and acts out our
// role — the goalie guards the goal, the player at the ball shoots or dribbles, everyone else
// walks to the role's spot facing the ball, around other players, and away from the ball
// during the opponents' set plays.

import { DIVE_SKILLS, diveNow, type DiveParams } from "../ballplay/goalie_dive.ts";
import type { MotionRequest } from "../motion/motion.ts";
import type { WalkLimits } from "../motion/walk_to.ts";
import { type Point2, type Pose2, toRobot } from "../util/pose.ts";
import { goalieShouldClear, goalieTarget } from "../strategy/goalie.ts";
import {
  assignGreedy,
  type AssignRoles,
  dropWaitSpot,
  fieldSpot,
  onBallCost,
  type PlayerSpot,
  type Role,
  RoleKeeper,
  roleTargets,
  supportSide,
} from "../strategy/roles.ts";
import { keepAway } from "../strategy/situation.ts";
import { KICK_OFF_TAKER } from "../strategy/formation.ts";
import { atOurKickOff, DROP_BALL_TIME } from "../estimation/relocation.ts";
import { type Situation, situation } from "../protocol/playmode.ts";
import { FRESH, type MateBelief, type TeamWorld } from "../world/team_world.ts";
import type { Mate } from "../ballplay/pass.ts";
import { keepClear } from "../ballplay/avoid.ts";
import { spareKeeper } from "../ballplay/keeper_contact.ts";
import { stopPoint } from "../estimation/ball_motion.ts";
import { KICKS } from "../skills/kicks.ts";
import { APPROACH, BallPlayer, type BallPlayOptions, LOOK_AROUND } from "./ball_play.ts";
import { holdContact, walkAround } from "./walk_around.ts";
import type { Opponent } from "../ballplay/push_ways.ts";
import type { Behavior, BehaviorContext, BehaviorFactory } from "./decision.ts";
import { FLAG, type ParamRange, TIME } from "../config/param_ranges.ts";

export interface SoccerOptions extends BallPlayOptions {
  /** Minimum time a player keeps its role, seconds. */
  roleHold: number;
  /** Metres of walking a player's present role is worth over another (RoleKeeper). */
  roleStick: number;
  /** How far (m) the forwards' spots keep across from the ball's lane to their goal; 0: off. */
  laneClear: number;
  /** How players are mapped to roles (greedy, or the optimal DP on the numeric core). */
  assign: AssignRoles;
  /** Fraction of its speed a rolling ball keeps per second (where it stops). */
  ballDecay: number;
  /** When the goalie dives at shots; null: never. */
  dive: DiveParams | null;
  /** Players walking to their spots (not at the ball) walk at this share of the walk's limits… */
  positionSpeed: number;
  /**
   * …and step sideways (m/s) and turn (rad/s) no faster than these: with the walk's 0.3 m/s and
   * 90°/s for everyone, a 2×120 s game had 79 falls instead of 34, most of them on the way to a
   * spot. The player at the ball and the goalie use the walk's full limits.
   */
  positionSideways: number;
  positionTurn: number;
  /**
   * Players walking to their spots keep the spot this far (m) from every other robot seen or
   * heard of: most falls happen within 1 m of another robot.
   */
  positionSpace: number;
  /**
   * A field player stands rather than walk forward while an opponent's centre lies within this
   * (m) ahead (holdContact); 0: off. Two robots walking into each other nearly always both fall,
   * one that stands far less often (`deno task eval contact`).
   */
  contactHold: number;
}

/** A player this close to the ball (torso, m) has likely touched it. */
const AT_BALL = 0.3;
/**
 * A set play's taker stays this far from the ball until someone else plays it, and walks around
 * it: as a supporter it walked onto the ball and gave away a free kick.
 */
const TAKER_KEEP = 1.0;
/**
 * Nearer the ball than this (m), the taker backs straight off it without turning: turning on the
 * spot beside a kick-off ball its line-up had nudged, a taker touched it again (a free kick for
 * them).
 */
const TAKER_BACK_OFF = 0.5;
/**
 * Their kick-off, left untouched, ends in a drop ball DROP_BALL_TIME after it began: our player at
 * the ball sets off toward it this long before (s), from the circle's edge plus DROP_CLEARANCE,
 * so that it is walking when play starts. Standing there at the drop, it took 3.5 s to its first
 * touch; in the lead the walk covers about 0.2 m, short of the circle.
 */
const DROP_LEAD = 0.6;
/**
 * …and from this long before the drop (s) it steps over toward its spot off the line behind the
 * ball (dropWaitSpot), 0.9 m along the circle's edge: it gets a third of the way and is walking
 * when it sets off. Given time to get there (8 s), it lined up back on the line after the drop
 * and touched the ball later (5.5 s against 3.2-3.8 s). The UT base team takes its kick-offs
 * within 6 s, so this never moves a player in a game against it.
 */
const DROP_SHIFT = 3;

/**
 * Walking to its spot, a field player with a robot or the ball nearer than this (m, centres) ahead
 * on its way steps out from it first (escapeFrom): against UT, 6-14 falls a game were two of ours
 * in contact, a supporter passing 0.3 m behind our player at the ball among them.
 */
const POSITION_ESCAPE = 0.5;

export class SoccerBehavior implements Behavior {
  readonly name = "soccer";
  /** The role we played last cycle (for drawing and tests). */
  role: Role | null = null;
  /** Where we were going last cycle. */
  target: Pose2 | null = null;
  private readonly keeper: RoleKeeper;
  private readonly ballPlayer: BallPlayer;
  /**
   * We took one of our set plays: we may not touch the ball again before another player has
   * (the server gives the opponents a free kick), however long that takes — a 10 s limit ended
   * in exactly that foul. The server forgets the taker when a new set play starts.
   */
  private takerHold = false;
  /** The held set play has gone over to PlayOn. */
  private takerPlaying = false;
  /** Last cycle we played the ball in one of our set plays (lining up its kick). */
  private liningUpSetPlay = false;

  /** The walk limits for walking to a spot. */
  private readonly positionLimits: WalkLimits;
  /** The side of the ball the supporter's spot is on (roles.ts supportSide; 0: none yet). */
  private supportSide: 1 | -1 | 0 = 0;

  constructor(private readonly o: SoccerOptions) {
    const l = o.limits, f = o.positionSpeed;
    this.positionLimits = {
      maxForward: l.maxForward * f,
      maxBackward: l.maxBackward * f,
      maxSideways: Math.min(l.maxSideways * f, o.positionSideways),
      maxTurn: Math.min(l.maxTurn * f, o.positionTurn),
    };
    this.keeper = new RoleKeeper(o.roleHold, o.assign, o.roleStick);
    this.ballPlayer = new BallPlayer(o);
  }

  decide(ctx: BehaviorContext): MotionRequest | null {
    ctx.outbox.pass = null;
    ctx.outbox.ballAction = null;
    let request = this.act(ctx);
    const self = ctx.view.self;
    if (request && this.o.contactHold > 0 && self && this.role !== "goalie") {
      request = holdContact(
        request,
        self,
        believedOpponents(ctx.team, ctx.view.time),
        this.o.contactHold,
      );
    }
    ctx.outbox.role = request ? this.role : null;
    ctx.outbox.target = request ? this.target : null;
    return request;
  }

  /**
   * Our kick-off's taker stands lined up for the kick-off's way (BallPlayer.kickOffStage) around
   * the opponents where they will stand once it begins (atOurKickOff).
   */
  kickOffBeam(ctx: BehaviorContext): Pose2 | null {
    if (ctx.view.unum !== KICK_OFF_TAKER) return null;
    return this.ballPlayer.kickOffStage(
      believedOpponents(ctx.team, ctx.view.time).map(atOurKickOff),
      this.passMates(ctx),
    );
  }

  private act(ctx: BehaviorContext): MotionRequest | null {
    const v = ctx.view;
    if (v.side === null || v.unum === null) return null;
    const s = situation(v.playMode, v.side);
    if (s === "stop") return null;
    const self = v.self;
    if (!self) return LOOK_AROUND;
    const ball = this.ball(ctx);
    // Once play runs, the taker waits until another player has played the ball: also when play
    // began with the line-up's own steps touching the ball, before the kick.
    if (this.liningUpSetPlay && s === "play") this.takerHold = true;
    this.liningUpSetPlay = false;
    if (this.takerHold && s === "play") this.takerPlaying = true;
    else if (this.takerHold && this.takerPlaying) this.takerHold = false;
    const taker = this.takerHold && s === "play" && !this.otherAtBall(ctx, ball);
    ctx.outbox.taker = taker;
    if (!taker && s === "play") this.takerHold = false;
    const players = this.players(ctx, self, taker);
    // Roles follow where a rolling ball will stop: a pass's receiver goes to meet it.
    const rest = ball ? restingBall(ball, this.o.ballDecay) : { x: 0, y: 0 };
    this.supportSide = supportSide(rest.y, this.supportSide);
    const targets = roleTargets(
      rest,
      s === "ourKickOff" ? "ourKickOff" : s === "theirKickOff" ? "theirKickOff" : "play",
      this.supportSide,
      this.o.laneClear,
    );
    // The goalie at the ball says so by team talk; everyone then fills a substitute goalie.
    const goalieClears = v.unum === 1 && s === "play" && ball !== null &&
      goalieShouldClear(ball.x, ball.y, dist(self, ball), this.closestMateToBall(players, ball, 1));
    const goalieOut = goalieClears || this.goalieClaims(ctx);
    const roles = this.keeper.update(v.gameTime, players, targets, this.claims(ctx), goalieOut);
    let role = roles.get(v.unum) ?? "supporter";
    // Two players who both think they are at the ball: the one better placed to take it (by its
    // own report) keeps it, so they do not crowd it together.
    if (role === "onBall" && ball && this.betterClaim(ctx, targets.onBall, self)) {
      role = "supporter";
    }
    this.role = role;
    ctx.outbox.onBall = role === "onBall" || goalieClears;
    if (!ball) {
      this.target = null;
      return LOOK_AROUND;
    }
    if (taker && dist(self, ball) < TAKER_BACK_OFF) {
      this.target = null;
      return backOff(self, ball, this.positionLimits);
    }
    const keep = Math.max(taker ? TAKER_KEEP : 0, keepAway(v.playMode, s));
    const dive = role === "goalie" && s === "play" && this.o.dive
      ? diveNow(v, this.o.ballDecay, this.o.dive)
      : null;
    if (dive) return { kind: "skill", name: DIVE_SKILLS[dive] };
    if ((role === "onBall" && canPlayBall(s)) || goalieClears) {
      const r = this.playBall(ctx, self, ball, s);
      ctx.outbox.ballAction = this.ballPlayer.tracedAction;
      if (r.kind === "skill") ctx.outbox.pass = this.ballPlayer.passTo?.unum ?? null;
      if (r.kind === "skill" && s !== "play") {
        this.takerHold = true;
        this.takerPlaying = false;
      }
      this.liningUpSetPlay = s !== "play";
      return r;
    }
    const goalie = role === "goalie" || role === "subGoalie";
    if (role === "onBall" && s === "theirKickOff" && v.modeTime >= DROP_BALL_TIME - DROP_LEAD) {
      this.target = { x: ball.x, y: ball.y, theta: Math.atan2(ball.y - self.y, ball.x - self.x) };
      return walkAround(self, this.target, [], this.o.limits, APPROACH);
    }
    let spot: Point2 = goalie ? goalieTarget(ball.x, ball.y) : targets[role];
    if (role === "onBall" && s === "theirKickOff" && v.modeTime >= DROP_BALL_TIME - DROP_SHIFT) {
      spot = dropWaitSpot(ball, believedOpponents(ctx.team, v.time));
    }
    const obstacles = this.obstacles(ctx);
    if (!goalie && s === "play" && this.o.positionSpace > 0) {
      spot = fieldSpot(keepClear(spot, obstacles, this.o.positionSpace));
    }
    if (keep > 0) spot = outside(spot, ball, keep);
    // At our kick-off the field players face their goal, the way the kick sends the ball: facing
    // the centre spot, the forward beside it turned 80° before it could follow the kick.
    const facing = s === "ourKickOff" && !goalie ? 0 : Math.atan2(ball.y - spot.y, ball.x - spot.x);
    this.target = { ...spot, theta: facing };
    // Walking to its spot, a field player goes around the ball too: one that lost the ball to a
    // teammate walked on through it and carried it 2 m off the goal's line. The goalies stay on
    // their line to the ball, unless one took a set play.
    if (taker || !goalie) obstacles.push(ball);
    return walkAround(
      self,
      this.target,
      obstacles,
      goalie ? this.o.limits : this.positionLimits,
      APPROACH,
      { escape: goalie ? 0 : POSITION_ESCAPE, sprint: !goalie },
    );
  }

  /**
   * The team world's ball: our own while fresh, else the freshest heard; null once nobody has
   * seen it for FRESH.ball s (then we look for it: walking to where it lay long ago left a
   * player standing at an empty spot).
   */
  private ball(ctx: BehaviorContext): Readonly<Point2 & { vx: number; vy: number }> | null {
    return ctx.team.ball(ctx.view.time);
  }

  /**
   * Everyone we can place: us (unless we took the set play), then teammates from the team world
   * (marked down while they lie), unless the set play's taker.
   */
  private players(ctx: BehaviorContext, self: Pose2, taker: boolean): PlayerSpot[] {
    const v = ctx.view;
    const out: PlayerSpot[] = taker ? [] : [{ unum: v.unum!, x: self.x, y: self.y }];
    for (let unum = 1; unum <= 11; unum++) {
      if (unum === v.unum) continue;
      const m = ctx.team.mate(unum, v.time);
      if (m && !(m.taker && claimFresh(m, v.time))) {
        out.push({ unum, x: m.x, y: m.y, down: m.fallen });
      }
    }
    return out;
  }

  /**
   * Whether a teammate claims the ball from better placed than we are (onBallCost to the onBall
   * spot; within 0.1 m, the lower unum).
   */
  private betterClaim(ctx: BehaviorContext, spot: Point2, self: Point2): boolean {
    const v = ctx.view;
    const mine = onBallCost(self, spot);
    for (let unum = 1; unum <= 11; unum++) {
      if (unum === v.unum) continue;
      const m = ctx.team.mate(unum, v.time);
      if (!m?.onBall || m.fallen || !claimFresh(m, v.time)) continue;
      const theirs = onBallCost(m, spot);
      if (theirs < mine - 0.1 || (Math.abs(theirs - mine) <= 0.1 && unum < v.unum!)) return true;
    }
    return false;
  }

  /** Whether the goalie (unum 1, not us) says by a fresh report that it plays the ball. */
  private goalieClaims(ctx: BehaviorContext): boolean {
    if (ctx.view.unum === 1) return false;
    const g = ctx.team.mate(1, ctx.view.time);
    return g !== null && g.onBall && !g.fallen && claimFresh(g, ctx.view.time);
  }

  /** Who says they play the ball: we if we did last cycle, teammates by fresh reports. */
  private claims(ctx: BehaviorContext): Set<number> {
    const v = ctx.view;
    const out = new Set<number>();
    if (this.role === "onBall") out.add(v.unum!);
    for (let unum = 1; unum <= 11; unum++) {
      const m = unum === v.unum ? null : ctx.team.mate(unum, v.time);
      if (m?.onBall && claimFresh(m, v.time)) out.add(unum);
    }
    return out;
  }

  /**
   * Whether another player stands within reach of the ball, so has likely played it: a teammate
   * other than a set play's taker, or an opponent at a ball that no longer rolls (the kick-off
   * rolled past the opponent at the centre circle, and the taker's next touch was a foul).
   */
  private otherAtBall(
    ctx: BehaviorContext,
    ball: Readonly<Point2 & { vx: number; vy: number }> | null,
  ): boolean {
    if (!ball) return false;
    const v = ctx.view;
    const rolling = Math.hypot(ball.vx, ball.vy) >= ROLLING;
    for (let unum = 1; unum <= 11; unum++) {
      const m = unum === v.unum ? null : ctx.team.mate(unum, v.time);
      if (m && !(m.taker && claimFresh(m, v.time)) && dist(m, ball) < AT_BALL) return true;
      const o = rolling ? null : ctx.team.opponent(unum, v.time);
      if (o && dist(o, ball) < AT_BALL) return true;
    }
    return false;
  }

  private closestMateToBall(players: readonly PlayerSpot[], ball: Point2, me: number): number {
    let best = Infinity;
    for (const p of players) if (p.unum !== me && !p.down) best = Math.min(best, dist(p, ball));
    return best;
  }

  private obstacles(ctx: BehaviorContext): Point2[] {
    const out = believedOpponents(ctx.team, ctx.view.time);
    for (let unum = 1; unum <= 11; unum++) {
      const m = unum === ctx.view.unum ? null : ctx.team.mate(unum, ctx.view.time);
      if (m) out.push(m);
    }
    return out;
  }

  /** Teammates who may take a pass: up, not the goalie, not a set play's taker. */
  private passMates(ctx: BehaviorContext): Mate[] {
    const out: Mate[] = [];
    for (let unum = 2; unum <= 11; unum++) {
      const m = unum === ctx.view.unum ? null : ctx.team.mate(unum, ctx.view.time);
      if (m && !m.fallen && !(m.taker && claimFresh(m, ctx.view.time))) {
        out.push({ unum, x: m.x, y: m.y });
      }
    }
    return out;
  }

  private playBall(ctx: BehaviorContext, self: Pose2, ball: Point2, s: Situation): MotionRequest {
    // Our kick-off keeps their team out of our half and the centre circle (atOurKickOff): a track
    // of their taker at the ball still seen there as it began set the kick-off's way 45° off.
    const believed = believedOpponents(ctx.team, ctx.view.time);
    const request = this.ballPlayer.act({
      self,
      ball,
      opponents: s === "ourKickOff" ? believed.map(atOurKickOff) : believed,
      obstacles: this.obstacles(ctx),
      mates: this.passMates(ctx),
      mustKick: s === "ourSetPlay" || s === "ourKickOff",
      kickOff: s === "ourKickOff",
      now: ctx.view.time,
      kickDue: ctx.skillDue,
      standing: ctx.standing,
      walkSpeed: ctx.walkSpeed,
    });
    this.target = this.ballPlayer.target;
    return spareKeeper(request, self, ctx.team.opponent(1, ctx.view.time));
  }
}

/** Opponents believed in: with a velocity only those we saw ourselves (heard ones have none). */
export function believedOpponents(team: TeamWorld, now: number): Opponent[] {
  const out: Opponent[] = [];
  for (let unum = 1; unum <= 11; unum++) {
    const o = team.opponent(unum, now);
    if (o) out.push(o.source === "heard" ? { x: o.x, y: o.y } : o);
  }
  return out;
}

/** Whether a teammate's flags (going for the ball, set-play taker) are recent enough to count. */
function claimFresh(m: Readonly<MateBelief>, now: number): boolean {
  return now - m.reportTime <= FRESH.claim;
}

/** A ball slower than this is taken as lying still (the track's velocity is noisy), m/s. */
const ROLLING = 0.6;
/**
 * A roll that ends nearer than this (m) is a dribble's push, not a kick (passes go 2.5 m and
 * more): the roles stay on the ball. Set by where a push would stop, the player at the ball lost
 * its role to one nearer that spot, and walked on through the ball to its new spot.
 */
const SHORT_ROLL = 2;

/** Where the ball will lie, for the roles: where a kicked ball stops, else where it is. */
export function restingBall(b: Point2 & { vx: number; vy: number }, decay: number): Point2 {
  if (Math.hypot(b.vx, b.vy) < ROLLING) return b;
  const s = stopPoint({ ...b, cov: null }, decay);
  return Math.hypot(s.x - b.x, s.y - b.y) < SHORT_ROLL ? b : { x: s.x, y: s.y };
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

/** A param naming a kick (or none). */
const KICK_WORD = { unit: "word", min: 0, max: 0 } as const;

/**
 * Team play's params: shooting and kicking (soccer.*), the role assignment (roles.assign),
 * passing (pass.*), dribbling (dribble.*) and the goalie's dive (goalie.*);
 * src/agent/play_options.ts reads them.
 */
export const SOCCER_PARAMS: readonly ParamRange[] = [
  { keys: /^soccer\.(shoot_range|contest_radius)$/, unit: "m", min: 0, max: 30 },
  { keys: /^soccer\.advance_(from|free)$/, unit: "m", min: 0, max: 30 },
  { keys: /^soccer\.(kick|shot_kick)$/, ...KICK_WORD, words: ["keyframe", "long"] },
  {
    keys: /^soccer\.(advance_kick|kick_off_long)$/,
    ...KICK_WORD,
    words: ["none", "keyframe", "long"],
  },
  { keys: /^soccer\.role_hold$/, ...TIME },
  { keys: /^roles\.(stick|lane_clear)$/, unit: "m", min: 0, max: 10 },
  { keys: /^roles\.assign$/, unit: "word", min: 0, max: 0, words: ["dp", "greedy"] },
  { keys: /^pass\.enabled$/, ...FLAG },
  { keys: /^pass\.(min_distance|max_distance|min_gain)$/, unit: "m", min: 0, max: 30 },
  { keys: /^soccer\.position_speed$/, unit: "fraction", min: 0.1, max: 1 },
  { keys: /^soccer\.position_sideways$/, unit: "m/s", min: 0.01, max: 1 },
  { keys: /^soccer\.position_turn_deg$/, unit: "deg", min: 1, max: 360 },
  { keys: /^soccer\.(position_space|contact_hold)$/, unit: "m", min: 0, max: 5 },
  { keys: /^dribble\.(reach|lateral|cone|behind|foot)$/, unit: "m", min: 0, max: 3 },
  { keys: /^dribble\.heading_tolerance_deg$/, unit: "deg", min: 1, max: 90 },
  { keys: /^dribble\.speed$/, unit: "fraction", min: 0.1, max: 1 },
  { keys: /^dribble\.(side_gain|turn_gain|steer)$/, unit: "gain", min: 0, max: 10 },
  { keys: /^dribble\.approach_decel$/, unit: "m/s²", min: 0.05, max: 5 },
  { keys: /^goalie\.dive$/, ...FLAG },
  { keys: /^goalie\.shot_speed$/, unit: "m/s", min: 0, max: 20 },
  { keys: /^goalie\.mouth_margin$/, unit: "m", min: -0.5, max: 2 },
  { keys: /^goalie\.split_reach$/, unit: "m", min: 0, max: 2 },
  { keys: /^goalie\.(dive_lead|unsettled_lead)$/, ...TIME },
];

export const soccer: BehaviorFactory<SoccerOptions> = {
  name: "soccer",
  defaults: {
    limits: { maxForward: 0.5, maxBackward: 0.3, maxSideways: 0.15, maxTurn: 1 },
    kickSpot: { x: 0.19, y: 0.08, angle: 0, skill: KICKS.keyframe.skill },
    shootRange: 8,
    contestRadius: 0.7,
    roleHold: 2,
    roleStick: 0,
    laneClear: 0,
    positionSpeed: 1,
    positionSideways: 0.15,
    positionTurn: Math.PI / 3,
    positionSpace: 0,
    contactHold: 0,
    assign: assignGreedy,
    pass: null,
    ballDecay: 0.35,
    dive: null,
  },
  create: (o) => new SoccerBehavior(o),
};

/** A step straight away from `ball`, facing as we do, at the walk's speed that way. */
export function backOff(self: Pose2, ball: Point2, limits: WalkLimits): MotionRequest {
  const rel = toRobot(self, ball);
  const d = Math.hypot(rel.x, rel.y) || 1;
  const ux = -rel.x / d, uy = -rel.y / d;
  const speed = Math.min(
    ux < 0 ? limits.maxBackward / -ux : Infinity,
    ux > 0 ? limits.maxForward / ux : Infinity,
    Math.abs(uy) > 1e-9 ? limits.maxSideways / Math.abs(uy) : Infinity,
  );
  return { kind: "walk", vx: ux * speed, vy: uy * speed, vth: 0 };
}
