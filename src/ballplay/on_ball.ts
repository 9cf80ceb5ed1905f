// What the player at the ball does: shoot (or clear) with the kick when in range or under
// pressure, otherwise dribble toward the goal by walking through the ball; no kick is lined up
// with an opponent at the ball or once the caller says the line-up took too long, and none starts
// before the walk has slowed. Both start by getting behind the ball on the line to the target
// (a dribble also on the way we come at it, within a cone of that line or into their goal), going
// around it when we stand on the wrong side; a set play's kick is staged clear of the ball. A
// dribble takes only ways push_ways.ts finds free. Pure: the same inputs give the same action.
// Field frame of our side, metres and radians.
import { FIELD_LENGTH } from "../field/field.ts";
import { wrapAngle } from "../util/angles.ts";
import { type Point2, type Pose2, segmentDistance, toRobot } from "../util/pose.ts";
import { nearestDistance } from "./avoid.ts";
import {
  FREE_CLEAR,
  freeLine,
  goesIn,
  offLineFree,
  type Opponent,
  opponentBetween,
  pushAtKeeper,
  pushAtStanding,
  pushesOut,
  spotRoom,
} from "./push_ways.ts";

/**
 * Where the ball lies relative to the torso estimate, walking up, when a left-foot kick is
 * called for (right: y mirrored); the robot then stands up, which brings it to the skill's spot.
 */
export interface KickSpot {
  /** Where the ball lies (torso frame, left foot; m) when a kick starts from the walk. */
  x: number;
  y: number;
  /**
   * Where the kick needs the ball once the robot has stood up from the walk (the skill's own
   * spot); absent: x, y.
   */
  stand?: StandSpot;
  /** The way the kick sends the ball, radians left of the robot's heading (right foot: right). */
  angle: number;
  /** The kick's skill name without the `_LEFT_LEG` / `_RIGHT_LEG` ending. */
  skill: string;
}

/**
 * The kick's own spot, standing, and how far the ball may lie from it along the heading (m;
 * absent: STAND_AHEAD, STAND_BEHIND): a keyframe kick sends the ball well from a band that
 * differs by robot type (kick.stand_* in the param files).
 */
export interface StandSpot extends Point2 {
  ahead?: number;
  behind?: number;
}

export interface OnBallInput {
  self: Pose2;
  ball: Point2;
  /** Where the ball should go now (the goal, or a waypoint past an opponent on the way). */
  target: Point2;
  /** How far the ball is from the goal, for the shooting range. */
  goalDistance: number;
  opponents: readonly Opponent[];
  kickSpot: KickSpot;
  /** Kick (rather than dribble) when the ball is this close to the goal. */
  shootRange: number;
  /**
   * An opponent this close to the ball contests it: no kick is lined up then, the ball is
   * dribbled (the keyframe kick takes 2.7 s from the line-up to the swing).
   */
  contestRadius: number;
  /** Kick whatever the distance (set plays, clearances decided by the caller). */
  mustKick: boolean;
  /** The foot chosen last cycle, for hysteresis. */
  leftFoot: boolean;
  /**
   * Lining up a kick has taken too long (an opponent at the ball keeps moving it): dribble
   * instead, unless the kick is ready now. Never for set plays, which must be kicked.
   */
  impatient?: boolean;
  /**
   * How far (rad) a dribble may run off the line to the target: a player walking up to the ball
   * within this angle of the line pushes it on along its own way, turning toward the line as it
   * goes, instead of lining up behind the ball first. 0 lines up on the line itself.
   */
  dribbleCone?: number;
  /**
   * A dribble keeps clear of opponents next to the ball: its line turns until the spot behind
   * the ball is free (freeLine), its own way is not taken into one (pushBlocked), and no dribble
   * walks on while one stands between us and the ball (opponentBetween). Not when clearing or
   * shoving (ball_play.ts), where pushing against the opponent wins the ball sooner than walking
   * round it.
   */
  pushAround?: boolean;
  /**
   * The walk has been slow for a moment (no dribble or full-speed approach just now): a kick may
   * start. From full speed the robot drifts on while the walk stops and meets the ball early.
   */
  settled?: boolean;
  /**
   * How fast the walk goes now (m/s; absent: 0): a kick is asked for only once it is at most
   * KICK_WALK_SPEED, since the walk steps to rest before the kick.
   */
  walkSpeed?: number;
  /**
   * Stuck at the ball lately (OnBallAction's `stuck`, held by the caller): the line stays one the
   * dribble may start along while the walk gets going.
   */
  stuck?: boolean;
  /**
   * The side we went around the ball on last cycle (+1 left of the line to the target, -1
   * right, 0 not going around): kept while we stand near the line, where noise would flip it.
   */
  aroundSide?: AroundSide;
  /** Going around, last cycle's target was the point beside the ball (not the spot behind it). */
  aroundVia?: boolean;
  /**
   * A dribble may also push the ball on along the way we come at it whenever that way goes into
   * their goal (goesIn), cone or not. Not for passes, clearances or set plays.
   */
  intoGoal?: boolean;
  /** The way last cycle's dribble line was turned from the target's (freeLine): kept if it may. */
  lineTurn?: AroundSide;
  /**
   * Last cycle's action was a dribble: it goes on past opponents standing ahead (pushAtStanding
   * holds only a dribble's start), not at their keeper.
   */
  dribbling?: boolean;
  /** Where the dribble goes on; absent: DRIBBLE_SHAPE. */
  dribble?: DribbleShape;
}

export type AroundSide = -1 | 0 | 1;

export type OnBallAction =
  /**
   * `kickPose`: the target is the pose a kick starts from (lining up the kick), for the foot
   * `leftFoot` says.
   */
  | {
    kind: "approach";
    target: Pose2;
    fine: boolean;
    kickPose: boolean;
    leftFoot?: boolean;
    /** Going around the ball on this side (+1 left of the line, -1 right); 0 lining up. */
    around?: AroundSide;
    /** Going around via the point beside the ball. */
    via?: boolean;
    /** The way the dribble's line is turned from the target's (freeLine); absent: not. */
    turn?: AroundSide;
    /** Stopped at the ball with the push stopped (OnBallInput.stuck). */
    stuck?: boolean;
  }
  /** Walk on along `heading`; the ball lies `ahead` and `lateral` to the side (robot frame). */
  | { kind: "dribble"; heading: number; ahead: number; lateral: number; turn: AroundSide }
  | { kind: "kick"; leftFoot: boolean };

/** An opponent this close to the ball in our half makes us clear it. */
const PRESSURE_RADIUS = 1.2;
/**
 * Kick when the ball lies this close to the kick spot's line (sideways, in the robot frame)…
 * The torso's distance from the kick pose is no test: facing 10° off, a torso within 3.5 cm of
 * the pose had the ball 7 cm beside the spot, and the kick grazed it twice (a kick-off foul).
 */
const KICK_LATERAL_TOLERANCE = 0.025;
/** …no more than this much farther ahead than the kick pose puts it… */
const KICK_AHEAD_TOLERANCE = 0.03;
/** …and we face the target this well. */
const KICK_HEADING_TOLERANCE = 10 * Math.PI / 180;
/**
 * The kick pose puts the ball KICK_SPOT_MARGIN farther ahead than the kick spot, and the kick
 * waits while the ball is more than KICK_TOO_CLOSE closer than the spot: a ball too close was
 * pulled back by the draw-back and hit again by the swing (a double touch, in 3 of 10
 * kick-offs). Metres.
 */
const KICK_SPOT_MARGIN = 0.015;
const KICK_TOO_CLOSE = 0.005;
/**
 * Stood up for the kick, it goes ahead while the ball lies this close to the stand spot (m),
 * unless the kick says otherwise (StandSpot): a ball beyond it is hit by the toes. Type 2's
 * keyframe kick (spot 0.171 m) went 4.7 m from 0.164-0.169 m and 1.3 m from 0.176-0.179 m.
 */
const STAND_AHEAD = 0.004;
const STAND_BEHIND = 0.035;
const STAND_LATERAL = 0.03;
/**
 * A set play's kick pose lies SET_PLAY_MARGIN farther back, and its kick goes with the ball up to
 * SET_PLAY_AHEAD farther ahead than the kick pose puts it (not KICK_AHEAD_TOLERANCE); the robot
 * turns to the kick's heading STAGE_BACK behind it while it faces more than STAGE_HEADING off:
 * walking up, and turning, next to the ball touched it before the kick in 3 of 3 kick-offs (a
 * free kick for the opponents). With the pose only 1.5 cm back, the feet stepping to rest still
 * moved the ball in 15 of 160 line-ups (`deno task eval shoot`). Metres, radians.
 */
const SET_PLAY_MARGIN = 0.025;
const SET_PLAY_AHEAD = SET_PLAY_MARGIN + 0.015;
const STAGE_BACK = 0.12;
const STAGE_HEADING = 5 * Math.PI / 180;
/**
 * The walk steps to rest before a kick: asked for at 0.15 m/s, a type 2 walked on 4.5 cm into
 * the ball and pushed it away, so the kick waits for the walk to slow to this (m/s).
 */
const KICK_WALK_SPEED = 0.06;
/** Shots (not set plays) are lined up only when the kick pose is this close (m)… */
const KICK_LINE_UP = 0.15;
/**
 * …and the walk goes no faster than this (m/s): dribbling in at speed, the line-up's steps ran into
 * the ball and pushed it astray, at the keeper or past the post (`deno task eval finish`).
 */
const KICK_LINE_UP_SPEED = 0.3;
/**
 * Lining up to dribble from off the line, the spot lies as far behind the ball as we are off the
 * line (at most this far), so that we arrive facing along it: arriving at an angle next to the
 * ball left a robot turning on the spot for seconds.
 */
const LINE_UP_MAX = 1.0;

/** Where the ball may lie for the dribble to go on, and where it is lined up from (dribble.*). */
export interface DribbleShape {
  /**
   * Dribbling goes on while the ball lies ahead, at most `reach` out (m), within a cone: at most
   * `lateral` (m) to the side of the torso's centre line, plus `cone` per metre ahead; and while
   * we face the dribble's way within `headingTolerance` (rad). A ball bounced half a metre ahead
   * and a little aside is caught up with by walking on; lining up again from behind it took
   * seconds.
   */
  reach: number;
  lateral: number;
  cone: number;
  headingTolerance: number;
  /** Lining up to dribble: the torso at least this far behind the ball (m). */
  behind: number;
}

export const DRIBBLE_SHAPE: Readonly<DribbleShape> = {
  reach: 1.0,
  lateral: 0.1,
  cone: 0.25,
  headingTolerance: 30 * Math.PI / 180,
  behind: 0.2,
};
/** Behind the ball means at least this far on our side of it, along the line to the target. */
const BEHIND_MARGIN = 0.12;
/**
 * Beside the ball (within BESIDE of the line, the torso at most BESIDE_AHEAD past the ball's
 * centre, not yet BEHIND_MARGIN behind it) the robot steps straight back to the line-up spot: the
 * way there passes the ball closely but not through it. Going around from there (0.45 m out) cost
 * seconds each time the walk overshot the line-up spot by a few centimetres, and a robot that had
 * walked on level with the ball 11 cm beside it went around and back for good. While going around,
 * stepping back starts only once the torso is behind the ball's centre. Metres.
 */
const BESIDE = 0.3;
const BESIDE_AHEAD = 0.1;
/** Going around the ball: pass it at this distance. */
const AROUND = 0.45;
/**
 * A straight way to the spot behind the ball must pass its centre this wide (m), and this much
 * wider once the way goes via the point beside the ball: at the edge, pose noise flipped the
 * target between the two and left a robot turning on the spot (approach model: 22 target jumps a
 * run, now 8).
 */
const AROUND_CLEAR = 0.3;
const AROUND_CLEAR_HYSTERESIS = 0.05;
/**
 * The side we go around on switches only once we stand this far (m) on the other side, and
 * going around ends only this much farther behind the ball than BEHIND_MARGIN: at the margin
 * itself, noise flipped the target between the two every other cycle.
 */
const AROUND_HYSTERESIS = 0.15;
/**
 * A dribble off the line turns back toward it: it runs along the line plus this share of the
 * angle between the line and the way it started.
 */
const CONE_KEEP = 0.5;
/** Lining up from beyond the cone, on this share of it (inside, so that we arrive within it). */
const LINE_UP_CONE = 0.8;
/** Closer to the ball than this (m), its bearing is no guide to the way we push it. */
const CONE_BEARING_FROM = 0.3;
/** Switch feet only when the ball is this far on the other side. */
const FOOT_HYSTERESIS = 0.03;
/**
 * A set play keeps its foot until the ball lies this far on the other side: with 3 cm, staging
 * for a kick-off switched feet every second for 15 s.
 */
const SET_PLAY_FOOT_HYSTERESIS = 0.12;

/**
 * Nearer the ball than this (m), the kick's line holds though an opponent stands by its spot:
 * one at our side contesting the ball does, and we dribble on.
 */
const ROOM_FROM = 0.5;

/** Which way `way` is turned from `line`: +1 left, -1 right, 0 not at all. */
function turnOf(way: number, line: number): AroundSide {
  const d = wrapAngle(way - line);
  return d > 1e-9 ? 1 : d < -1e-9 ? -1 : 0;
}

/** The way we come at the ball: our bearing to it, or our heading once it is at our feet. */
function comingWay(self: Pose2, ball: Point2): number {
  const d = Math.hypot(ball.x - self.x, ball.y - self.y);
  return d > CONE_BEARING_FROM ? Math.atan2(ball.y - self.y, ball.x - self.x) : self.theta;
}

/**
 * Within this distance (m) of their goal line a dribble that goes in is not stopped for a shot:
 * lining one up there took 2-4 s before the 2.5 s kick, and pushes in scored within 1-2 s. From
 * 2.3 m out, one went 0.35 m past the post: a push strays 10° and more.
 */
const PUSH_IN_REACH = 2;

/**
 * The way a dribble pushes the ball: the line to the target, or the way we come at the ball
 * (`way`, comingWay) when it lies within `cone` of the line or `scores` (it goes in), if that way
 * is free (offLineFree): coming at a ball that lay at a standing robot's feet, with the robot
 * between us and the ball, our players walked into it for 20 s.
 */
function dribbleWay(
  way: number,
  ball: Point2,
  line: number,
  cone: number,
  scores: boolean,
  opponents: readonly Opponent[],
): number {
  const within = Math.abs(wrapAngle(way - line)) <= cone || scores;
  return within && offLineFree(ball, way, opponents) ? way : line;
}

/**
 * The line a dribble lines up on: `way` (dribbleWay's), or, when that is the target's `line`
 * because we come at the ball from beyond the cone, the line LINE_UP_CONE of the cone nearer the
 * way we come, if it is free (offLineFree). Pushed from the walk, the ball rolls off 35-55° and
 * more; lining up behind it on the line again meant turning 60-85° and back, 4 s each time.
 */
function lineUpWay(
  coming: number,
  way: number,
  ball: Point2,
  line: number,
  cone: number,
  opponents: readonly Opponent[],
): number {
  if (way !== line || cone <= 0) return way;
  const up = wrapAngle(line + Math.sign(wrapAngle(coming - line)) * LINE_UP_CONE * cone);
  return offLineFree(ball, up, opponents) ? up : line;
}

export function onBallAction(o: OnBallInput): OnBallAction {
  const { self, ball, target } = o;
  const nearest = nearestDistance(ball, o.opponents);
  const pressured = ball.x < 0 && nearest < PRESSURE_RADIUS;
  const toTarget = Math.atan2(target.y - ball.y, target.x - ball.x);
  const toBall = Math.hypot(ball.x - self.x, ball.y - self.y);
  // A kick needs room behind the ball to stand in: with an opponent there (a ball behind a
  // standing keeper), a player still coming at the ball frees the line for a dribble instead.
  const kick = o.mustKick ||
    ((o.goalDistance < o.shootRange || pressured) &&
      !(o.pushAround && toBall > ROOM_FROM &&
        spotRoom(ball, toTarget, o.opponents) < FREE_CLEAR));
  // A push from here that runs into a robot (or with one between us and the ball) is no dribble.
  const pushAt = o.dribbling ? pushAtKeeper : pushAtStanding;
  const pushStopped = o.pushAround === true &&
    (opponentBetween(self, ball, o.opponents) || pushAt(ball, self.theta, o.opponents));
  // Stopped at the ball with the push stopped (stuck), the line is one the dribble may start
  // along: lined up on the way it came, a robot before their keeper stood still. Walking on, the
  // line may run past standing robots (a crowd before their goal moves and falls). The caller
  // holds `stuck` while the walk gets going: dropped at once, the line swung back and forth and
  // a robot stepped in place for 42 s.
  const stuckNow = pushStopped && (o.walkSpeed ?? 0) <= KICK_WALK_SPEED;
  const stuck = stuckNow || o.stuck === true;
  const line = o.pushAround && !kick
    ? freeLine(ball, toTarget, o.opponents, o.lineTurn ?? 0, stuck ? pushAt : undefined)
    : toTarget;
  const turn = turnOf(line, toTarget);
  const coming = comingWay(self, ball);
  const scores = o.intoGoal === true && !o.mustKick && goesIn(ball, coming, o.opponents);
  const way = dribbleWay(
    coming,
    ball,
    line,
    o.dribbleCone ?? 0,
    scores,
    o.pushAround ? o.opponents : [],
  );
  const ux = Math.cos(way), uy = Math.sin(way);
  const contested = nearest < o.contestRadius;

  const rel = toRobot(self, ball);
  const headingError = Math.abs(wrapAngle(way - self.theta));
  // Under pressure the kick is lined up from close by, as a shot is; from farther, when that
  // takes too long, or next to an opponent, the ball is dribbled away.
  const shape = o.dribble ?? DRIBBLE_SHAPE;
  const mayDribble = !o.mustKick && headingError < shape.headingTolerance &&
    rel.x > 0 && rel.x < shape.reach &&
    Math.abs(rel.y) < shape.lateral + shape.cone * rel.x &&
    !pushesOut(ball, coming) && !pushStopped;

  // On the wrong side of the ball: walk around it first (but a dribbled ball at our feet is
  // played on).
  const along = (self.x - ball.x) * ux + (self.y - ball.y) * uy;
  const across = -(self.x - ball.x) * uy + (self.y - ball.y) * ux;
  const last = o.aroundSide ?? 0;
  const behindBy = BEHIND_MARGIN + (last !== 0 ? AROUND_HYSTERESIS : 0);
  const beside = along < (last !== 0 ? 0 : BESIDE_AHEAD) && Math.abs(across) < BESIDE;
  if (along > -behindBy && !mayDribble && !beside) {
    const side: AroundSide = last !== 0 && Math.abs(across) < AROUND_HYSTERESIS
      ? last
      : across >= 0
      ? 1
      : -1;
    // Straight to the spot behind the ball when that way passes the ball wide enough; else via
    // a point beside it, on our side.
    const spot = { x: ball.x - ux * AROUND, y: ball.y - uy * AROUND };
    const gap = segmentDistance(ball.x, ball.y, self.x, self.y, spot.x, spot.y);
    const clear = gap > AROUND_CLEAR + (o.aroundVia && last !== 0 ? AROUND_CLEAR_HYSTERESIS : 0);
    return {
      kind: "approach",
      target: {
        x: spot.x - (clear ? 0 : side * uy * AROUND),
        y: spot.y + (clear ? 0 : side * ux * AROUND),
        theta: way,
      },
      fine: false,
      kickPose: false,
      around: side,
      via: !clear,
      turn,
    };
  }

  // Near their goal, a dribble whose way goes in pushes on rather than stopping for a shot: the
  // line-up's steps crept the ball on or into the keeper (9 s in front of a standing keeper).
  const pushIn = scores && mayDribble && FIELD_LENGTH / 2 - ball.x < PUSH_IN_REACH;
  if (kick && !pushIn) {
    const a = kickAction(o, line, rel, contested);
    if (a) return a;
  }
  if (mayDribble) {
    // A way into the goal is kept as it is; one in the cone turns back toward the line.
    const heading = scores && way === coming ? way : line + CONE_KEEP * wrapAngle(way - line);
    return { kind: "dribble", heading, ahead: rel.x, lateral: rel.y, turn };
  }
  // Lining up to dribble needs no precision: the fine approach only for the last steps. Coming
  // from beyond the cone, the line-up spot lies inside its near side (lineUpWay); stuck, it
  // lines up on the line.
  const up = lineUpWay(
    coming,
    stuck ? line : way,
    ball,
    line,
    o.dribbleCone ?? 0,
    o.pushAround ? o.opponents : [],
  );
  const vx = Math.cos(up), vy = Math.sin(up);
  const off = -(self.x - ball.x) * vy + (self.y - ball.y) * vx;
  const behind = Math.max(shape.behind, Math.min(LINE_UP_MAX, Math.abs(off)));
  return {
    kind: "approach",
    target: { x: ball.x - vx * behind, y: ball.y - vy * behind, theta: up },
    fine: toBall < 0.3,
    kickPose: false,
    turn,
    stuck: stuckNow,
  };
}

/**
 * Kicking along `line`: the kick when the ball lies at the kick spot (and the walk has settled),
 * else the walk to the kick pose while it is close enough to line up (a set play: always,
 * staged clear of the ball); null leaves the ball to the dribble.
 */
function kickAction(
  o: OnBallInput,
  line: number,
  rel: Point2,
  contested: boolean,
): OnBallAction | null {
  const { self, ball } = o;
  const leftFoot = kickFoot(rel, o.leftFoot, o.mustKick);
  const k = o.kickSpot;
  const sy = leftFoot ? k.y : -k.y;
  // Facing `want`, the kick sends the ball along `line`.
  const want = wrapAngle(line - (leftFoot ? k.angle : -k.angle));
  const wantError = Math.abs(wrapAngle(want - self.theta));
  // The torso pose that puts the ball at the kick spot while facing `want`; once we face it
  // well enough, the one that puts the ball there as we face now, so that the last steps
  // correct where the ball lies under the foot.
  const kx = k.x + KICK_SPOT_MARGIN;
  const face = wantError < KICK_HEADING_TOLERANCE ? self.theta : want;
  const fx = Math.cos(face), fy = Math.sin(face);
  const pose = {
    x: ball.x - (fx * kx - fy * sy),
    y: ball.y - (fy * kx + fx * sy),
    theta: want,
  };
  const off = Math.hypot(pose.x - self.x, pose.y - self.y);
  // A set play's first touch must be the kick: it is staged clear of the ball (below).
  if (o.mustKick) {
    pose.x -= fx * SET_PLAY_MARGIN;
    pose.y -= fy * SET_PLAY_MARGIN;
  }
  const ready = Math.abs(rel.y - sy) < KICK_LATERAL_TOLERANCE && rel.x > k.x - KICK_TOO_CLOSE &&
    rel.x < kx + (o.mustKick ? SET_PLAY_AHEAD : KICK_AHEAD_TOLERANCE) &&
    wantError <= (o.mustKick ? STAGE_HEADING : KICK_HEADING_TOLERANCE);
  if (ready) {
    if (!(o.settled ?? true)) {
      return { kind: "approach", target: pose, fine: true, kickPose: true, leftFoot };
    }
    if ((o.walkSpeed ?? 0) <= KICK_WALK_SPEED) return { kind: "kick", leftFoot };
    // Ready but still walking on: it slows where it is. Walking on to the pose touched the ball
    // at a kick-off, and the taker's next touch gave a free kick away.
    return { kind: "approach", target: self, fine: true, kickPose: true, leftFoot };
  }
  // A shot or a clearance is lined up only from close by and a slow walk; else the dribble
  // carries the ball on (a set play must be kicked, however long the lining up takes).
  const fast = (o.walkSpeed ?? 0) > KICK_LINE_UP_SPEED;
  if (!o.mustKick && (off >= KICK_LINE_UP || fast || o.impatient || contested)) return null;
  // A set play's first touch must be the kick: the robot turns to the kick's heading clear of
  // the ball, then steps straight in and stops short of the spot.
  if (o.mustKick && wantError > STAGE_HEADING) {
    const target = setPlayStage(ball, line, k, leftFoot, face);
    return { kind: "approach", target, fine: true, kickPose: true, leftFoot };
  }
  return { kind: "approach", target: pose, fine: off < 0.4, kickPose: true, leftFoot };
}

/**
 * Where a set play's kick along `line` is staged (kickAction): facing the way the kick with
 * `k` and this foot sends the ball along `line`, STAGE_BACK farther back than the kick pose, on
 * the line through the ball along `face` (absent: that way).
 */
export function setPlayStage(
  ball: Point2,
  line: number,
  k: KickSpot,
  leftFoot: boolean,
  face?: number,
): Pose2 {
  const want = wrapAngle(line - (leftFoot ? k.angle : -k.angle));
  const back = k.x + KICK_SPOT_MARGIN + SET_PLAY_MARGIN + STAGE_BACK;
  const sy = leftFoot ? k.y : -k.y;
  const fx = Math.cos(face ?? want), fy = Math.sin(face ?? want);
  return { x: ball.x - (fx * back - fy * sy), y: ball.y - (fy * back + fx * sy), theta: want };
}

/**
 * The spot a robot standing still lines a kick up for: the middle of the stand band (standCentre)
 * as the walking spot, which kickAction puts KICK_SPOT_MARGIN nearer the foot. Types 1 and 3 walk
 * up 4-6 cm nearer the ball than their bands: lined up for the walking spot, one standing still
 * stayed on that pose, where the kick does not start from standing.
 */
export function standKickSpot(k: KickSpot): KickSpot {
  const c = standCentre(k);
  return { ...k, x: c.x - KICK_SPOT_MARGIN, y: c.y };
}

/** The middle of the band the kick takes the ball from, standing (left foot; right: y mirrored). */
export function standCentre(k: KickSpot): Point2 {
  const spot = k.stand ?? k;
  const ahead = k.stand?.ahead ?? STAND_AHEAD, behind = k.stand?.behind ?? STAND_BEHIND;
  return { x: spot.x + (ahead - behind) / 2, y: spot.y };
}

/**
 * Whether a kick with the ball at `rel` (torso frame) goes with the left foot, given the foot
 * used last (`lastLeft`): the ball's side, switched only past the hysteresis.
 */
export function kickFoot(rel: Point2, lastLeft: boolean, mustKick: boolean): boolean {
  const hysteresis = mustKick ? SET_PLAY_FOOT_HYSTERESIS : FOOT_HYSTERESIS;
  return rel.y >= (lastLeft ? -hysteresis : hysteresis);
}

/**
 * Whether the ball, `rel` in the robot frame, still lies where the kick with this foot needs it
 * once the robot has stood up for it (KickSpot.stand).
 */
export function ballUnderFoot(rel: Point2, k: KickSpot, leftFoot: boolean): boolean {
  const spot = k.stand ?? k;
  const sy = leftFoot ? spot.y : -spot.y;
  return rel.x > spot.x - (k.stand?.behind ?? STAND_BEHIND) &&
    rel.x < spot.x + (k.stand?.ahead ?? STAND_AHEAD) && Math.abs(rel.y - sy) < STAND_LATERAL;
}
