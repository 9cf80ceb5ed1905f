// Playing the ball: which way it goes (a shot at goal_aim.ts's aim, a way in past a keeper, a
// pass, a clearance, a shove of a contested ball, the advancing kick), and the turn of the
// on-ball decision (approach, dribble, kick) into a motion request, with what it keeps from cycle
// to cycle (the kicking foot, the side an opponent in the ball's path is passed on, how long a
// shove has left the ball where it lay). The soccer behaviour and the dribble evaluation both play
// the ball through it. Field frame of our side, SI units.
import { FIELD_LENGTH, FIELD_WIDTH } from "../field/field.ts";
import type { MotionRequest } from "../motion/motion.ts";
import type { WalkLimits, WalkToOptions } from "../motion/walk_to.ts";
import { type Point2, type Pose2, toRobot } from "../util/pose.ts";
import { kickSkillName } from "../skills/kicks.ts";
import { nearestDistance } from "../ballplay/avoid.ts";
import {
  type BallPathOptions,
  ballWaypoint,
  DRIBBLE_PATH,
  KICK_PATH,
  type PathSide,
  SHOT_PATH,
} from "../ballplay/ball_path.ts";
import {
  type AroundSide,
  ballUnderFoot,
  DRIBBLE_SHAPE,
  type DribbleShape,
  kickFoot,
  type KickSpot,
  type OnBallAction,
  onBallAction,
  setPlayStage,
  standCentre,
  standKickSpot,
} from "../ballplay/on_ball.ts";
import { type Opponent, opponentBetween, STANDING_SPEED, wayIn } from "../ballplay/push_ways.ts";
import { type Mate, PassChooser, type PassOptions } from "../ballplay/pass.ts";
import {
  type Aim,
  aimPoint,
  awayFromOwnGoal,
  corridorPoint,
  facedKickOffAim,
  fanOut,
  GOAL_X,
  keptKickOffAim,
  KICK_OFF_COMMIT,
  kickOffAim,
  yBehindGoal,
} from "../ballplay/goal_aim.ts";
import { walkAround } from "./walk_around.ts";
import { backInOwnHalf } from "../strategy/formation.ts";
import { clamp, wrapAngle } from "../util/angles.ts";

/** Beyond this distance from the ball, the player at it still avoids other robots. */
const BALL_NEAR = 1.2;
/**
 * Nearer, walking to a spot at the ball it passes opponents this far from their centres (m),
 * unless it clears or shoves (where it pushes through) or the spot lies this close to one: the
 * way to a spot behind a ball lying at a standing robot's feet went through the robot.
 */
const BALL_NEAR_AVOID = 0.35;
/**
 * How the dribble walks (dribble.*, with where it goes on: DribbleShape). Metres, radians,
 * seconds.
 */
export interface DribbleParams extends DribbleShape {
  /** The share of the walk's full forward speed it walks at. */
  speed: number;
  /**
   * The ball is kept this far (m) to the side of the torso's centre line, before the foot on
   * that side (0: between the feet).
   */
  foot: number;
  /** Sideways speed (m/s) per metre the ball lies off that line. */
  sideGain: number;
  /** Turning (rad/s) per radian of heading error from the dribble's way. */
  turnGain: number;
  /**
   * Turning toward a ball bounced ahead, per radian of its bearing, as well as back to the line:
   * the robot settles facing between them. Not at the feet, where a small offset is a large
   * bearing and turning to it pushes the ball aside; the weight grows from 0 at STEER_FROM ahead
   * to 1 at STEER_FULL.
   */
  steer: number;
  /** Walking up to the ball: the walk's deceleration (m/s², WalkToOptions.decel). */
  approachDecel: number;
}

export const DRIBBLE: Readonly<DribbleParams> = {
  ...DRIBBLE_SHAPE,
  speed: 1,
  foot: 0,
  sideGain: 3,
  turnGain: 2,
  steer: 1,
  approachDecel: 0.8,
};

/** Stuck at the ball (OnBallAction's `stuck`), the line-up holds it this long (s). */
const STUCK_HOLD = 2;
/** A kick-off's taker stands this close to the ball (m, centres) when it is lined up. */
const TAKER_AT_BALL = 0.6;
/**
 * A staged kick-off way gives way to one this much nearer the line at their goal (rad) once that
 * is clear: staged while their robots still walked onto their spots, the way kept 45° off in two
 * of three games.
 */
const STAGE_UPGRADE = 5 * Math.PI / 180;
/** Where every kick-off's ball lies. */
const CENTRE_SPOT: Readonly<Point2> = Object.freeze({ x: 0, y: 0 });
/** Our kick-off's aim not asked for this long (s) belongs to an earlier kick-off. */
const KICK_OFF_GAP = 1;
/** A dribble called for within this long (s) before is still under way (two cycles and a half). */
const DRIBBLE_GAP = 0.05;
/**
 * The ball played again after this long (s) is a new play: the side kept for an opponent on its
 * path starts afresh from the side we come from. Kept from the last attack's finish, it turned
 * our player at a drop ball round to the other side of the ball (1.5 s more to the first touch).
 */
const PLAY_GAP = 1;
/** pushSide prefers no side while we stand this close (m) to the ball's path. */
const PUSH_SIDE_FROM = 0.1;
const STEER_FROM = 0.2;
const STEER_FULL = 0.5;
/** The dribbled ball moves to the other foot's side once this far (m) past the centre line. */
const DRIBBLE_SIDE_SWITCH = 0.02;
/**
 * Near the goal, a waypoint around the keeper stays this close to the centre line, inside the
 * posts (±1.05): a dribble drifts, and one aimed 1 m aside went wide.
 */
const GOAL_AREA_X = GOAL_X - 2.5;
const GOAL_WAYPOINT_Y = 0.75;

/**
 * A push along a way in past the keeper (wayIn) starts only facing that way within this: pushed
 * facing 15° off a way 26° off the goal's centre, the ball met the keeper 0.3 m on.
 */
const WAY_IN_HEADING = 8 * Math.PI / 180;
const WAY_IN_CROWD = 1.5;
const WAY_IN_STILL = 0.2;

/** Turning on the spot while the head sweeps: how a player without a pose or a ball looks. */
export const LOOK_AROUND: MotionRequest = Object.freeze({ kind: "walk", vx: 0, vy: 0, vth: 0.6 });

/** Walking to a spot: face the way until 1 m out, then turn to face the target heading. */
export const APPROACH: WalkToOptions = {
  decel: 0.6,
  faceDistance: 1.0,
  positionTolerance: 0.1,
  headingTolerance: 0.2,
};
/**
 * Walking to the ball: walk forward (turning) until close, because stepping sideways is the
 * walk's slowest direction (decel: DribbleParams.approachDecel); the last few centimetres of a
 * kick pose are stepped precisely.
 */
const BALL_APPROACH: WalkToOptions = { ...APPROACH, faceDistance: 0.4 };
const FINE_APPROACH: WalkToOptions = {
  decel: 0.4,
  faceDistance: 0.25,
  /** Below the kick's tolerances (on_ball.ts), so that arriving means the kick can start. */
  positionTolerance: 0.015,
  headingTolerance: 0.08,
};

/**
 * Lining up a kick with an opponent within KICK_CROWD (m) of the ball for longer than
 * KICK_PATIENCE (s), or alone for longer than LINE_UP_PATIENCE, gives it up: the ball is dribbled
 * for KICK_RESPITE s before a kick is lined up again. An opponent at the ball keeps moving it, and
 * the kick's 2.5 cm tolerance is never met; alone, the line-up's own small steps can nudge the
 * ball on for good (a penalty kicker stepped after it for 14 s and ran out of time).
 */
const KICK_PATIENCE = 2;
const LINE_UP_PATIENCE = 6;
const KICK_RESPITE = 2;
const KICK_CROWD = 1.5;
/**
 * A kick called off this many times in a row (stood up for it, the ball did not lie where the
 * kick needs it) gives way to KICK_RESPITE s of dribbling: next to a standing keeper, whose feet
 * kept ours off the kick's spot, a player walked up, stood up and called the kick off every
 * 1.2 s, and the ball lay there for 30 s. Each call-off starts the line-up anew, so
 * KICK_PATIENCE never ran out.
 */
const CALL_OFF_LIMIT = 2;
/**
 * How far a dribble may run off its line (rad, on_ball.ts): clearing, anywhere away from our
 * goal; attacking, up to DRIBBLE_CONE from DRIBBLE_CONE_FULL m out, narrowing to none at
 * DRIBBLE_CONE_NONE m, where the line to the goal has to be kept.
 */
const CLEAR_CONE = 70 * Math.PI / 180;
const DRIBBLE_CONE = 35 * Math.PI / 180;
const DRIBBLE_CONE_FULL = 10;
const DRIBBLE_CONE_NONE = 5;
/**
 * Shoving in their half: with an opponent within the contest radius of the ball, short of SHOVE_X,
 * the ball is pushed on toward the aim from the way we come at it (within CLEAR_CONE), into the
 * opponent if need be, as a clearance is in our half; walking round to a free line gave the
 * opponent time to kick. In ten games against UT, 3 s after such a moment the ball had gone
 * 0.42 m toward their goal on average in our half (clearing) and -0.01 m in theirs (walking round).
 * A shove that leaves the ball within SHOVE_MOVED (m) of one spot for SHOVE_PATIENCE (s), against
 * a robot that stands its ground, gives way to walking round for SHOVE_RESPITE (s).
 */
const SHOVE_X = 11;
const SHOVE_MOVED = 0.3;
const SHOVE_PATIENCE = 3;
const SHOVE_RESPITE = 4;
/**
 * No shove while an opponent's centre lies this close (m) to our way to the ball, short of it:
 * the shove walks straight through the ball, and passing a robot's centre nearer than this meets
 * its body (two robots side by side touch at about 0.2 m).
 */
const SHOVE_CLEAR = 0.3;
/** An opponent within the contest radius of the ball widens the dribble's cone to this (rad). */
const SCRAMBLE_CONE = 60 * Math.PI / 180;
/** After a dribble or a full-speed approach, the walk is slow enough to kick this much later (s). */
const SETTLE = 0.4;
/** Standing at the kick's stand spot, the kick goes now when we face its way this well (rad). */
const STAND_KICK_HEADING = 5 * Math.PI / 180;
/** A shot being lined up goes on this much farther out than the shooting range (m). */
const SHOT_HYSTERESIS = 0.5;

/**
 * The side of the ball's path to `toward` that a push from where we stand sends the ball to (+1
 * left, seen along the path; -1 right): the side away from ours. 0 while we stand within
 * PUSH_SIDE_FROM of the path's line, where either side is as near.
 */
export function pushSide(self: Point2, ball: Point2, toward: Point2): PathSide {
  const dx = toward.x - ball.x, dy = toward.y - ball.y;
  if (Math.hypot(dx, dy) < 1e-6) return 0;
  // Where we stand in the frame at the ball facing along the path: y is left of it.
  const across = toRobot({ x: ball.x, y: ball.y, theta: Math.atan2(dy, dx) }, self).y;
  return across > PUSH_SIDE_FROM ? -1 : across < -PUSH_SIDE_FROM ? 1 : 0;
}

export interface BallPlayOptions {
  limits: WalkLimits;
  /** The kick for passes, clearances, set plays and the kick-off. */
  kickSpot: KickSpot;
  /** The kick for shots; absent: kickSpot's. */
  shotSpot?: KickSpot;
  /** Shoot when the ball is this close to the opponents' goal, metres. */
  shootRange: number;
  /** When to send the ball far toward their goal with a kick; null or absent: never. */
  advance?: AdvanceOptions | null;
  /**
   * Our kick-off's kick along a long way (kickOffLongWay) when one lies clear; null or absent:
   * the kick-off kicks short with kickSpot's kick, as any set play does.
   */
  kickOffLong?: KickSpot | null;
  /** No kick is lined up with an opponent this close to the ball (m): OnBallInput. */
  contestRadius: number;
  /** When to pass to a teammate; null never passes. */
  pass: PassOptions | null;
  /** How the ball is dribbled; absent: DRIBBLE. */
  dribble?: DribbleParams;
}

/**
 * Advancing: with no opponent within `free` (m) of the ball (but one seen not coming at it, which
 * only KICK_CROWD keeps off), at least `from` (m) from their goal and a clear way (ADVANCE_PATH)
 * toward their goal or up to ADVANCE_ANGLES off it, the ball is kicked that way with `spot`'s
 * kick instead of dribbled (a dribble makes about 0.5 m/s; the long kick sends the ball 7-10 m).
 */
export interface AdvanceOptions {
  spot: KickSpot;
  from: number;
  free: number;
}

/**
 * The way an advancing kick's ball runs, to be clear of robots: 8 m, 0.8 m either side. Once the
 * line-up has begun it holds until an opponent comes within KICK_CROWD of the ball.
 */
const ADVANCE_PATH: BallPathOptions = { lookahead: 8, clearance: 0.8, detour: 0, beyond: 0 };
/**
 * The advancing kick's directions off the line at the aim (rad), in order of choice; of a pair,
 * the side with more room where the ball ends (ADVANCE_REACH out) first. Off the line the ball
 * must end ADVANCE_MARGIN inside the touch lines and short of their goal line by as much (a goal
 * kick for them otherwise).
 */
const ADVANCE_ANGLES = [0, 15, 30].map((d) => d * Math.PI / 180);
const ADVANCE_REACH = 9;
const ADVANCE_MARGIN = 1;
/**
 * Our kick-off's long ways, off the line at their goal (rad) toward the side of the foot the
 * line-up kicks with, in order of choice. The long kick sends the ball about 20° off that foot's
 * heading, so the taker beamed facing their goal with the ball at its left foot takes the first
 * without turning; a way on the other side would take a 40° turn at the ball.
 */
const KICK_OFF_LONG_ANGLES = [20, 30, 0].map((d) => d * Math.PI / 180);
/**
 * The long kick-off's way is clear with no robot within 0.6 m of it for 8 m: kicked standing,
 * the long kick goes within 4° of its line (eval kick), 0.2 m off at 2.5 m out.
 */
const KICK_OFF_LONG_PATH: BallPathOptions = { ...ADVANCE_PATH, clearance: 0.6 };
/**
 * An opponent seen moving toward the ball slower than this (m/s) is not coming at it: the tracker
 * reads a standing robot that fast now and then (STANDING_SPEED).
 */
const NOT_COMING = STANDING_SPEED;

export interface BallPlayInput {
  self: Pose2;
  ball: Point2;
  /** Opponents seen lately: the ball's path goes around them. */
  opponents: readonly Opponent[];
  /** Every robot to walk around while still far from the ball. */
  obstacles: readonly Point2[];
  /** A set play or kick-off: kick, however long the lining up takes. */
  mustKick: boolean;
  /**
   * Our kick-off: the kick goes along the direction kickOffAim picks once per kick-off, not around
   * the players at the centre circle anew each cycle (that way switched sides as the taker
   * moved, and it never kicked).
   */
  kickOff?: boolean;
  /** Teammates who may receive a pass. */
  mates?: readonly Mate[];
  /** The server's time, seconds: how long lining up a kick has taken. */
  now: number;
  /**
   * The kick the motion starts next cycle, stood up since we asked for it (Motion.skillDue):
   * asked for again while the ball still lies under the foot, else called off.
   */
  kickDue?: string | null;
  /** The body stands still: a kick asked for now starts at once, from the stand pose. */
  standing?: boolean;
  /** How fast the walk goes now (m/s; OnBallInput.walkSpeed). */
  walkSpeed?: number;
}

/** How the ball is pushed with an opponent at it: cleared, shoved on, or (null) played around. */
type Push = "clear" | "shove" | null;

export class BallPlayer {
  /** Where we walk to this cycle (null while dribbling or kicking). */
  target: Pose2 | null = null;
  /** The teammate we pass to this cycle, or null. */
  passTo: Mate | null = null;
  /** What the last call decided: approach (fine), dribble or kick. */
  action: "approach" | "fine" | "dribble" | "kick" = "approach";
  /** The server time of the last call: `action` tells of the cycle before only just after it. */
  private actedAt = -Infinity;
  private readonly passer: PassChooser | null;
  private leftFoot = true;
  private detourSide: PathSide = 0;
  private aroundSide: AroundSide = 0;
  private aroundVia = false;
  private lineTurn: AroundSide = 0;
  /** The side of the keeper aimed at last (+1 left, -1 right; 0 none). */
  private aimSide = 0;
  /**
   * Where this kick-off's kick goes (null: not our kick-off), chosen first at kickOffFrom; the
   * last call for it at kickOffAt.
   */
  private kickOffTo: Aim | null = null;
  /** Whether kickOffTo is a long way, kicked with kickOffKick. */
  private kickOffLong = false;
  /** The way our taker last stood lined up for (kickOffStage): a fresh kick-off keeps it. */
  private stagedAim: Aim | null = null;
  private kickOffFrom = -Infinity;
  private kickOffAt = -Infinity;
  /** When the current kick line-up began (null: not lining up). */
  private lineUpFrom: number | null = null;
  /** No kick is lined up before this time. */
  private noLineUpUntil = -Infinity;
  /** Kicks called off in a row (CALL_OFF_LIMIT), and no kick at all before this time. */
  private calledOff = 0;
  private noKickUntil = -Infinity;
  /** No kick starts before this time: the walk is still slowing down. */
  private settledAt = -Infinity;
  /** Stuck at the ball until this time (STUCK_HOLD). */
  private stuckUntil = -Infinity;
  /** Shoving in their half: where the ball lay and since when (NaN: not shoving). */
  private shoveX = 0;
  private shoveY = 0;
  private shoveFrom = NaN;
  /** No shove in their half before this time: the last one left the ball where it was. */
  private noShoveUntil = -Infinity;

  /** The side of the torso's centre line the dribbled ball is kept on (+1 left, -1 right). */
  private dribbleSide = 1;
  private readonly dribble: DribbleParams;
  private readonly approach: WalkToOptions;
  private readonly kick: Kick;
  private readonly shotKick: Kick;
  private readonly advanceKick: Kick | null;
  private readonly kickOffKick: Kick | null;
  /** Where the advancing kick chosen last cycle goes (null: none). */
  private advanceTo: Point2 | null = null;
  /** The way into their goal past the keeper pushed along last cycle (wayIn; null: none). */
  private wayIn: number | null = null;
  /** The last call lined up or took a shot: the range to keep it grows by SHOT_HYSTERESIS. */
  shooting = false;
  /** The last call lined up or took an advancing kick (AdvanceOptions). */
  advancing = false;
  /** The last call lined up or took our kick-off's long kick (kickOffLong). */
  private longKickOff = false;

  /**
   * What the last call did as debug traces name it: a shot, an advancing kick, the long kick-off,
   * or the action (">pass7" added).
   */
  get tracedAction(): string {
    if (this.shooting) return "shot";
    if (this.advancing) return "advance";
    if (this.longKickOff) return "long kick-off";
    return this.passTo ? `${this.action}>pass${this.passTo.unum}` : this.action;
  }

  constructor(private readonly o: BallPlayOptions) {
    this.dribble = o.dribble ?? DRIBBLE;
    this.approach = { ...BALL_APPROACH, decel: this.dribble.approachDecel };
    this.kick = kickOf(o.kickSpot);
    this.shotKick = o.shotSpot ? sharedKick(o.shotSpot, [this.kick]) : this.kick;
    this.advanceKick = o.advance ? sharedKick(o.advance.spot, [this.kick, this.shotKick]) : null;
    this.kickOffKick = o.kickOffLong
      ? sharedKick(o.kickOffLong, [
        this.kick,
        this.shotKick,
        ...(this.advanceKick ? [this.advanceKick] : []),
      ])
      : null;
    this.passer = o.pass ? new PassChooser(o.pass) : null;
  }

  /** Whether `skill` is one of our kicks (either foot). */
  isKick(skill: string | null): boolean {
    return skill !== null && this.kickFor(skill) !== null;
  }

  private kickFor(skill: string): Kick | null {
    return kickNamed(this.kick, skill) ?? kickNamed(this.shotKick, skill) ??
      kickNamed(this.advanceKick, skill) ?? kickNamed(this.kickOffKick, skill);
  }

  /**
   * Whether to shove the ball on in their half (SHOVE_X): an opponent is at it, and the last shove
   * did not leave the ball lying where it was for SHOVE_PATIENCE.
   */
  private shove(i: BallPlayInput, nearest: number): boolean {
    const { ball, now } = i;
    if (
      i.mustKick || ball.x < 0 || ball.x >= SHOVE_X || nearest >= this.o.contestRadius ||
      now < this.noShoveUntil
    ) {
      this.shoveFrom = NaN;
      return false;
    }
    if (
      Number.isNaN(this.shoveFrom) ||
      Math.hypot(ball.x - this.shoveX, ball.y - this.shoveY) > SHOVE_MOVED
    ) {
      this.shoveX = ball.x;
      this.shoveY = ball.y;
      this.shoveFrom = now;
    } else if (now - this.shoveFrom > SHOVE_PATIENCE) {
      this.noShoveUntil = now + SHOVE_RESPITE;
      this.shoveFrom = NaN;
      return false;
    }
    return true;
  }

  /**
   * Gives up a kick line-up that has gone on for KICK_PATIENCE s next to an opponent, or for
   * LINE_UP_PATIENCE s alone.
   */
  private pace(a: OnBallAction, now: number, crowded: boolean): void {
    if (a.kind !== "approach" || !a.kickPose) {
      this.lineUpFrom = null;
      return;
    }
    this.lineUpFrom ??= now;
    if (now - this.lineUpFrom > (crowded ? KICK_PATIENCE : LINE_UP_PATIENCE)) {
      this.noLineUpUntil = now + KICK_RESPITE;
      this.lineUpFrom = null;
    }
  }

  /**
   * Our kick-off's aim: a long way while one lies clear (kickOffLongWay, with kickOffKick), else
   * the short kick's, kept from cycle to cycle (keptKickOffAim); whichever was chosen is held
   * after KICK_OFF_COMMIT. A kick-off not played for KICK_OFF_GAP is a new one.
   */
  private kickOffAim(i: BallPlayInput): Aim {
    const fresh = this.kickOffTo === null || i.now - this.kickOffAt > KICK_OFF_GAP;
    if (fresh) this.kickOffFrom = i.now;
    this.kickOffAt = i.now;
    const held = i.now - this.kickOffFrom >= KICK_OFF_COMMIT;
    const last = fresh ? this.facedAim(i) ?? this.stagedAim : this.kickOffTo;
    this.stagedAim = null;
    // The last aim is kept only as what it was: a long way as a long way, a short one as short.
    const wasLong = this.kickOffLong;
    const long = this.kickOffKick === null || (held && !wasLong)
      ? null
      : this.kickOffLongWay(i, wasLong ? last : null, held);
    this.kickOffLong = long !== null;
    if (long) return this.kickOffTo = { ...long, side: 0 };
    const short = wasLong ? null : last;
    return this.kickOffTo = keptKickOffAim(short, held, i.ball, i.opponents, i.mates ?? []);
  }

  /**
   * Where our kick-off's taker stands before the kick-off: at the set play's stage for the short
   * kick along kickOffAim's way from the centre spot, left foot (setPlayStage), slid back into
   * our half (backInOwnHalf), so that the kick-off begins with the last steps in rather than a
   * turn; the line-up keeps that foot (a taker whose last kick was with the right walked around
   * the ball to it, 8.5 s). The long kick-off's way is chosen from where the taker stands, once
   * it has begun.
   */
  kickOffStage(opponents: readonly Point2[], mates: readonly Point2[]): Pose2 {
    const kept = keptKickOffAim(this.stagedAim, false, CENTRE_SPOT, opponents, mates);
    const fresh = kickOffAim(CENTRE_SPOT, opponents, mates);
    const aim = offGoalLine(fresh) < offGoalLine(kept) - STAGE_UPGRADE ? fresh : kept;
    this.stagedAim = aim;
    this.leftFoot = true;
    return backInOwnHalf(
      setPlayStage(CENTRE_SPOT, Math.atan2(aim.y, aim.x), this.kick.walk, true),
    );
  }

  /**
   * A taker at the ball: the kick-off's aim along the way its kick goes as it stands
   * (facedKickOffAim), if that one will do; else null.
   */
  private facedAim(i: BallPlayInput): Aim | null {
    if (Math.hypot(i.ball.x - i.self.x, i.ball.y - i.self.y) > TAKER_AT_BALL) return null;
    const angle = this.kick.walk.angle;
    return facedKickOffAim(i.ball, i.self.theta + (this.leftFoot ? angle : -angle), i.opponents);
  }

  /**
   * Our kick-off's long way: the last one while clear (or once held), else the first of
   * KICK_OFF_LONG_ANGLES toward the side of the foot the line-up kicks with (kickFoot) that is
   * clear (KICK_OFF_LONG_PATH) and ends in the field. null: none.
   */
  private kickOffLongWay(i: BallPlayInput, last: Point2 | null, held: boolean): Point2 | null {
    const { ball } = i;
    const clear = (to: Point2) => longWayClear(ball, to, i.opponents, i.mates, KICK_OFF_LONG_PATH);
    if (last && (held || clear(last))) return last;
    const side = kickFoot(toRobot(i.self, ball), this.leftFoot, true) ? 1 : -1;
    const heading = Math.atan2(-ball.y, GOAL_X - ball.x);
    for (const a of KICK_OFF_LONG_ANGLES) {
      const to = longWayEnd(ball, heading + side * a);
      if (endsInField(to) && clear(to)) return to;
    }
    return null;
  }

  /**
   * Where the ball goes now: a pass's receiver, away from our goal (clearing), the aim (a shot,
   * a shove, our kick-off), or the way to the aim around opponents; with how far a dribble may
   * run off that line (on_ball.ts), and the distance a shot has to go (Infinity: no shot now; 0:
   * kick it like a shot, a pass). `nearest`: the nearest opponent's distance from the ball.
   */
  private ballTarget(i: BallPlayInput, push: Push, nearest: number): {
    target: Point2;
    cone: number;
    goalDistance: number;
    shot: boolean;
    advance?: boolean;
    /** The kick for this target when not the usual one (the advancing or long kick-off kick). */
    kick?: Kick;
  } {
    const { ball } = i;
    const lastWayIn = this.wayIn;
    this.wayIn = null;
    if (!i.kickOff) this.kickOffTo = null;
    const aim = i.kickOff ? this.kickOffAim(i) : aimPoint(ball, i.opponents, this.aimSide);
    this.aimSide = aim.side;
    const goalDistance = Math.hypot(aim.x - ball.x, aim.y - ball.y);
    // In shooting range, with the line to the aim clear, the ball goes straight at it, beside
    // the keeper; otherwise the path goes around opponents.
    const range = this.o.shootRange + (this.shooting ? SHOT_HYSTERESIS : 0);
    const shot = push === null && goalDistance < range &&
      ballWaypoint(ball, aim, i.opponents, 0, SHOT_PATH).side === 0;
    // No pass is lined up while an opponent is at the ball (no kick is: onBallAction).
    const pass = shot || push !== null || i.kickOff || !this.passer || !i.mates ||
        nearest < this.o.contestRadius
      ? null
      : this.passer.choose(ball, i.mates, i.opponents, i.self);
    this.passTo = pass;
    // A blocked shot is no shot: out of range as far as the kick decision goes.
    const kickAt = shot ? goalDistance : pass ? 0 : Infinity;
    if (pass) return { target: pass, cone: 0, goalDistance: kickAt, shot };
    if (push === "clear") {
      return { target: awayFromOwnGoal(ball), cone: CLEAR_CONE, goalDistance: kickAt, shot };
    }
    if (push === "shove") return { target: aim, cone: CLEAR_CONE, goalDistance: kickAt, shot };
    if (i.kickOff && this.kickOffLong) {
      return { target: aim, cone: 0, goalDistance: kickAt, shot, kick: this.kickOffKick! };
    }
    if (shot || i.kickOff) return { target: aim, cone: 0, goalDistance: kickAt, shot };
    // The shot blocked by a keeper standing alone: pushed in past it, along a way that goes in.
    this.wayIn = i.mustKick || !keeperAlone(ball, i.opponents)
      ? null
      : wayIn(ball, i.opponents, lastWayIn);
    if (this.wayIn !== null) {
      const target = { x: GOAL_X, y: yBehindGoal(ball, this.wayIn) };
      return { target, cone: 0, goalDistance: kickAt, shot };
    }
    const advanceTo = this.advanceWay(i, aim, goalDistance, nearest);
    if (advanceTo) {
      return {
        target: advanceTo,
        cone: 0,
        goalDistance: 0,
        shot,
        advance: true,
        kick: this.advanceKick!,
      };
    }
    const toward = i.mustKick ? aim : corridorPoint(ball, aim);
    const way = ballWaypoint(
      ball,
      toward,
      i.opponents,
      this.detourSide,
      i.mustKick ? KICK_PATH : DRIBBLE_PATH,
      i.mustKick || nearest < this.o.contestRadius ? 0 : pushSide(i.self, ball, toward),
    );
    this.detourSide = way.side;
    // An opponent at the ball: whoever pushes it first wins it, so the ball goes on along the
    // way we come at it, within SCRAMBLE_CONE of the line, rather than after a line-up.
    if (nearest < this.o.contestRadius) {
      return { target: way, cone: SCRAMBLE_CONE, goalDistance: kickAt, shot };
    }
    if (way.side !== 0) {
      const target = way.x > GOAL_AREA_X
        ? { x: way.x, y: clamp(way.y, -GOAL_WAYPOINT_Y, GOAL_WAYPOINT_Y) }
        : way;
      return { target, cone: 0, goalDistance: kickAt, shot };
    }
    const open = (goalDistance - DRIBBLE_CONE_NONE) / (DRIBBLE_CONE_FULL - DRIBBLE_CONE_NONE);
    return { target: way, cone: DRIBBLE_CONE * clamp(open, 0, 1), goalDistance: kickAt, shot };
  }

  /**
   * Where to send the ball with the advancing kick (AdvanceOptions), or null: not for set plays;
   * robots of either team on the way stop the ball. The way chosen last cycle holds while it
   * stays clear, so that the line-up does not swing between ways.
   */
  private advanceWay(
    i: BallPlayInput,
    aim: Point2,
    goalDistance: number,
    nearest: number,
  ): Point2 | null {
    const a = this.o.advance;
    const last = this.advanceTo;
    this.advanceTo = null;
    if (!a || i.mustKick || goalDistance < a.from || nearest < KICK_CROWD) return null;
    const { ball } = i;
    if (!this.advancing && i.opponents.some((p) => comingWithin(p, ball, a.free))) return null;
    const clear = (to: Point2) => longWayClear(ball, to, i.opponents, i.mates);
    if (this.advancing && last && clear(last)) return this.advanceTo = last;
    const heading = Math.atan2(aim.y - ball.y, aim.x - ball.x);
    const room = (angle: number) => nearestDistance(longWayEnd(ball, heading + angle), i.opponents);
    for (const angle of fanOut(ADVANCE_ANGLES, (a) => room(a) >= room(-a))) {
      const to = angle === 0 ? aim : longWayEnd(ball, heading + angle);
      if ((angle === 0 || endsInField(to)) && clear(to)) return this.advanceTo = to;
    }
    return null;
  }

  act(i: BallPlayInput): MotionRequest {
    const { self, ball } = i;
    const due = i.kickDue ? this.kickFor(i.kickDue) : null;
    if (due !== null) {
      const rel = toRobot(self, ball);
      learnWalkSpot(due, rel, i.kickDue === due.left);
      if (ballUnderFoot(rel, due.spot, i.kickDue === due.left)) {
        this.action = "kick";
        this.target = null;
        this.calledOff = 0;
        return { kind: "skill", name: i.kickDue! };
      }
      // Called off: the line-up starts again, from the walk; or, called off too often, the ball
      // is dribbled for a while.
      this.settledAt = i.now + SETTLE;
      if (++this.calledOff >= CALL_OFF_LIMIT) {
        this.calledOff = 0;
        this.noKickUntil = i.now + KICK_RESPITE;
      }
    }
    const dribbling = this.action === "dribble" && i.now - this.actedAt < DRIBBLE_GAP;
    if (i.now - this.actedAt > PLAY_GAP) this.detourSide = 0;
    this.actedAt = i.now;
    const nearest = nearestDistance(ball, i.opponents);
    const crowded = nearest < KICK_CROWD;
    // In our half with an opponent at the ball, the ball goes straight away from our goal: the
    // player lines up between the ball and the goal, on the opponent's shot line.
    const clearing = crowded && ball.x < 0 && !i.mustKick;
    // No shove walks into or past an opponent between us and the ball: it goes round.
    const push: Push = clearing
      ? "clear"
      : !opponentBetween(self, ball, i.opponents, SHOVE_CLEAR) && this.shove(i, nearest)
      ? "shove"
      : null;
    const { target, cone, goalDistance: toGoal, shot, advance, kick: special } = this.ballTarget(
      i,
      push,
      nearest,
    );
    // While kicks rest (CALL_OFF_LIMIT), nothing is in kicking range.
    const goalDistance = !i.mustKick && i.now < this.noKickUntil ? Infinity : toGoal;
    // Set plays keep the kick whose staging keeps the first touch the kick.
    const kick = special ?? (shot && !i.mustKick ? this.shotKick : this.kick);
    const input = {
      self,
      ball,
      target,
      goalDistance,
      opponents: i.opponents,
      kickSpot: kick.walk,
      shootRange: this.o.shootRange,
      contestRadius: this.o.contestRadius,
      mustKick: i.mustKick,
      leftFoot: this.leftFoot,
      impatient: i.now < this.noLineUpUntil,
      dribbleCone: i.mustKick ? 0 : cone,
      // A way in already passes the keeper: its line is not turned again.
      pushAround: push === null && this.wayIn === null,
      settled: i.now >= this.settledAt,
      walkSpeed: i.walkSpeed,
      aroundSide: this.aroundSide,
      aroundVia: this.aroundVia,
      lineTurn: this.lineTurn,
      dribble: this.wayIn === null ? this.dribble : {
        ...this.dribble,
        headingTolerance: Math.min(this.dribble.headingTolerance, WAY_IN_HEADING),
      },
      intoGoal: push === null && this.passTo === null,
      dribbling,
      stuck: i.now < this.stuckUntil,
    };
    let a = onBallAction(input);
    // Standing, a kick starts at once: the ball must lie where the kick needs it from the stand
    // pose, or the robot steps up first (beamed behind the ball, the kick-off taker kicked a ball
    // 3 cm too near, touched it twice, and gave away a free kick).
    if (i.standing) {
      const rel = toRobot(self, ball);
      if (a.kind === "kick" && !ballUnderFoot(rel, kick.spot, a.leftFoot)) {
        a = onBallAction({ ...input, settled: false, kickSpot: standKickSpot(kick.spot) });
      } else if (
        a.kind === "approach" && a.kickPose && a.leftFoot !== undefined &&
        Math.abs(wrapAngle(a.target.theta - self.theta)) < STAND_KICK_HEADING &&
        ballUnderFoot(rel, kick.spot, a.leftFoot)
      ) {
        // Lining up, and already standing where the kick needs the ball: it goes now.
        a = { kind: "kick", leftFoot: a.leftFoot };
      }
    }
    if (a.kind !== "approach") this.stuckUntil = -Infinity;
    else if (a.stuck) this.stuckUntil = i.now + STUCK_HOLD;
    this.aroundSide = a.kind === "approach" ? a.around ?? 0 : 0;
    this.aroundVia = a.kind === "approach" && a.via === true;
    this.lineTurn = a.kind === "kick" ? 0 : a.turn ?? 0;
    const kicking = a.kind === "kick" || (a.kind === "approach" && a.kickPose);
    this.shooting = shot && kicking;
    this.advancing = advance === true && kicking;
    this.longKickOff = i.kickOff === true && this.kickOffLong && kicking;
    this.pace(a, i.now, crowded);
    if (a.kind === "dribble" || (a.kind === "approach" && !a.fine)) this.settledAt = i.now + SETTLE;
    if (a.kind === "approach" && a.leftFoot !== undefined) this.leftFoot = a.leftFoot;
    const l = this.o.limits;
    this.action = a.kind === "approach" && a.fine ? "fine" : a.kind;
    switch (a.kind) {
      case "kick":
        this.leftFoot = a.leftFoot;
        this.target = null;
        return { kind: "skill", name: a.leftFoot ? kick.left : kick.right };
      case "dribble": {
        this.target = null;
        const d = this.dribble;
        if (a.lateral > DRIBBLE_SIDE_SWITCH) this.dribbleSide = 1;
        else if (a.lateral < -DRIBBLE_SIDE_SWITCH) this.dribbleSide = -1;
        const lateral = a.lateral - this.dribbleSide * d.foot;
        const steer = clamp((a.ahead - STEER_FROM) / (STEER_FULL - STEER_FROM), 0, 1);
        return {
          kind: "walk",
          vx: d.speed * l.maxForward,
          vy: clamp(d.sideGain * lateral, -l.maxSideways, l.maxSideways),
          vth: clamp(
            d.turnGain * wrapAngle(a.heading - self.theta) +
              d.steer * steer * Math.atan2(lateral, a.ahead),
            -l.maxTurn,
            l.maxTurn,
          ),
        };
      }
      case "approach": {
        this.target = a.target;
        const options = a.fine ? FINE_APPROACH : this.approach;
        if (Math.hypot(ball.x - self.x, ball.y - self.y) >= BALL_NEAR) {
          return walkAround(self, a.target, i.obstacles, l, options, { sprint: true });
        }
        const t = a.target;
        const inWay = push !== null
          ? []
          : i.opponents.filter((p) => Math.hypot(p.x - t.x, p.y - t.y) > BALL_NEAR_AVOID);
        return walkAround(self, t, inWay, l, options, { radius: BALL_NEAR_AVOID });
      }
    }
  }
}

/**
 * A kick the ball player plays: where it needs the ball, its skills by foot, and `walk`: its spot
 * with the walking spot (x, y) as learned by this robot (learnWalkSpot).
 */
interface Kick {
  spot: KickSpot;
  walk: KickSpot;
  left: string;
  right: string;
}

/**
 * Whether opponent `p` stands within `radius` of the ball and may be coming at it: not seen
 * moving, or seen moving toward it at NOT_COMING or faster.
 */
function comingWithin(p: Opponent, ball: Point2, radius: number): boolean {
  const dx = ball.x - p.x, dy = ball.y - p.y;
  const d = Math.hypot(dx, dy);
  if (d >= radius) return false;
  if (p.vx === undefined || p.vy === undefined || d < 1e-6) return true;
  return (p.vx * dx + p.vy * dy) / d >= NOT_COMING;
}

/** How far (rad) a kick-off's aim lies off the line from the centre spot to their goal. */
function offGoalLine(aim: Point2): number {
  return Math.abs(Math.atan2(aim.y - CENTRE_SPOT.y, aim.x - CENTRE_SPOT.x));
}

/** Whether a long kick's way from `ball` to `to` is clear of robots of both teams. */
function longWayClear(
  ball: Point2,
  to: Point2,
  opponents: readonly Point2[],
  mates: readonly Point2[] = [],
  path = ADVANCE_PATH,
): boolean {
  return ballWaypoint(ball, to, opponents, 0, path).side === 0 &&
    ballWaypoint(ball, to, mates, 0, path).side === 0;
}

/** Where a long kick from `ball` along `way` (rad) ends: ADVANCE_REACH out. */
function longWayEnd(ball: Point2, way: number): Point2 {
  return { x: ball.x + ADVANCE_REACH * Math.cos(way), y: ball.y + ADVANCE_REACH * Math.sin(way) };
}

/** Whether a long kick's end lies ADVANCE_MARGIN inside the touch lines and their goal line. */
function endsInField(p: Point2): boolean {
  return Math.abs(p.y) < FIELD_WIDTH / 2 - ADVANCE_MARGIN &&
    p.x < FIELD_LENGTH / 2 - ADVANCE_MARGIN;
}

/**
 * Whether at most one opponent stands within WAY_IN_CROWD (m) of the ball, and it stands still
 * (slower than WAY_IN_STILL m/s when seen; one heard of counts as still): a way in past the
 * keeper is pushed along only then: in a game against UT, a way in was pushed along at 15
 * moments in their goal mouth among their defenders (36 s) and none of them scored.
 */
function keeperAlone(ball: Point2, opponents: readonly Opponent[]): boolean {
  let near = 0;
  for (const p of opponents) {
    if (Math.hypot(p.x - ball.x, p.y - ball.y) >= WAY_IN_CROWD) continue;
    if (++near > 1 || Math.hypot(p.vx ?? 0, p.vy ?? 0) >= WAY_IN_STILL) return false;
  }
  return true;
}

/** `k` if `skill` is its skill for either foot, else null. */
function kickNamed(k: Kick | null, skill: string): Kick | null {
  return k !== null && (skill === k.left || skill === k.right) ? k : null;
}

/**
 * The kick of `known` that plays `spot`'s skill, or a new one: one skill learns one walking spot
 * (learnWalkSpot). Given a spot of its own, a shot never walked to what its call-offs taught, and
 * a type 3 stood up 0.5 cm short of the band shot after shot.
 */
function sharedKick(spot: KickSpot, known: readonly Kick[]): Kick {
  return known.find((k) => k.spot.skill === spot.skill) ?? kickOf(spot);
}

function kickOf(spot: KickSpot): Kick {
  return {
    spot,
    walk: { ...spot },
    left: kickSkillName(spot.skill, true),
    right: kickSkillName(spot.skill, false),
  };
}

/**
 * Each time a kick asked for while walking is due, the walking spot moves WALK_SPOT_GAIN of the
 * way that puts the ball where it lay, stood up, onto the middle of the stand band: how far
 * standing up moves the torso differs by robot and by gait (3 cm on average for type 4, 0.2 cm
 * for type 3), and a type 3 that stood up 1 cm too close asked for the kick, called it off and
 * walked in place for 16 s. The spot moves away from the ball only, at most WALK_SPOT_MAX_X
 * (nearer, the feet stepping to rest pushed the ball away: type 4 from 0.146 m), and at most
 * WALK_SPOT_MAX_Y sideways; a ball farther than WALK_SPOT_JUMP off the band was moved, and
 * teaches nothing. Metres.
 */
const WALK_SPOT_GAIN = 0.7;
const WALK_SPOT_MAX_X = 0.05;
const WALK_SPOT_MAX_Y = 0.03;
const WALK_SPOT_JUMP = 0.08;

function learnWalkSpot(k: Kick, rel: Point2, leftFoot: boolean): void {
  const c = standCentre(k.spot);
  const ex = c.x - rel.x, ey = c.y - (leftFoot ? rel.y : -rel.y);
  if (Math.hypot(ex, ey) > WALK_SPOT_JUMP) return;
  const w = k.walk, s = k.spot;
  w.x = clamp(w.x + WALK_SPOT_GAIN * ex, s.x, s.x + WALK_SPOT_MAX_X);
  w.y = clamp(w.y + WALK_SPOT_GAIN * ey, s.y - WALK_SPOT_MAX_Y, s.y + WALK_SPOT_MAX_Y);
}
