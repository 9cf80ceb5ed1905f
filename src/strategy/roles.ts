// Roles and where they stand: eleven roles, each with a target that follows the ball, clamped
// to the field and to the kick-off rules (the two backs on the ball–goal line, as in seed 001);
// two assignments of players to roles, greedy by distance and the seed's optimal one on the
// numeric core (both pure: same inputs, same result on every agent; ties go to the lower unum);
// and a keeper that settles the player at the ball first, then holds each player's role for a
// minimum time so that two players do not swap back and forth.
// Only the goalie and the player at the ball go into our penalty area (the referee calls illegal
// defence on a fourth player there). Our frame: we attack +x.

import {
  CENTER_CIRCLE_RADIUS,
  FIELD_LENGTH,
  FIELD_WIDTH,
  PENALTY_DEPTH,
  PENALTY_WIDTH,
} from "../field/field.ts";
import type { NumericCore } from "../core/numeric_core.ts";
import { ROLE_MAX } from "../core/layout.ts";
import { goalieTarget } from "./goalie.ts";
import { type Point2, toField, toRobot } from "../util/pose.ts";

export const ROLES = [
  "goalie",
  "onBall",
  "supporter",
  "forwardLeft",
  "forwardRight",
  "midLeft",
  "midRight",
  "wingLeft",
  "wingRight",
  "backLeft",
  "backRight",
] as const;
/**
 * The substitute goalie of seed 001: while the goalie plays the ball, one field player guards
 * the goal from the goalie's spot. Filled only then (`rolesToFill`).
 */
export type Role = typeof ROLES[number] | "subGoalie";

/**
 * The roles to fill, in priority order: ROLES, or, while the goalie is out at the ball, the
 * substitute goalie right after onBall (so the lowest-priority role stays empty with 10 field
 * players).
 */
export function rolesToFill(goalieOut: boolean): readonly Role[] {
  return goalieOut ? GOALIE_OUT_ROLES : ROLES;
}

const GOALIE_OUT_ROLES: readonly Role[] = Object.freeze([
  "goalie",
  "onBall",
  "subGoalie",
  ...ROLES.slice(2),
]);

/** Which kick-off rules bind the targets. */
export type RoleContext = "play" | "ourKickOff" | "theirKickOff";

const HALF_L = FIELD_LENGTH / 2 - 0.5;
const HALF_W = FIELD_WIDTH / 2 - 0.5;

function clampField(p: Point2): Point2 {
  return {
    x: Math.max(-HALF_L, Math.min(HALF_L, p.x)),
    y: Math.max(-HALF_W, Math.min(HALF_W, p.y)),
  };
}

/**
 * How far the torso keeps clear of a line the referee enforces: the server tests the robot's
 * whole bounding box (arms and legs), not its centre.
 */
const BODY_CLEARANCE = 0.6;
/**
 * Their kick-off: our player at the ball waits this far outside the centre circle (m), where the
 * server moves a robot whose bounding box enters the circle, and sets off toward the ball shortly
 * before the drop (soccer.ts DROP_LEAD).
 */
export const DROP_CLEARANCE = 0.5;

/**
 * Their kick-off left untouched ends in a drop ball where it lies, and the referee moves every
 * robot within the circle's radius of it out to 2.5 m, along the field's length: their taker to
 * straight ahead of it. Our player at the ball waits this far (rad) off the line behind it, on
 * the side of the opponent nearest the ball, so that a push from there goes past that robot on
 * the other side (about 0.9 m across at 2.5 m) instead of into it; the ball play still picks the
 * way after the drop (ballWaypoint).
 */
const DROP_ANGLE = 20 * Math.PI / 180;

/** Where our player at the ball waits for the drop of their untouched kick-off (DROP_ANGLE). */
export function dropWaitSpot(ball: Point2, opponents: readonly Point2[]): Point2 {
  let near: Point2 | null = null, nearest = Infinity;
  for (const p of opponents) {
    const d = Math.hypot(p.x - ball.x, p.y - ball.y);
    if (d < nearest) [near, nearest] = [p, d];
  }
  const side = near !== null && near.y < ball.y ? -1 : 1;
  const r = CENTER_CIRCLE_RADIUS + DROP_CLEARANCE;
  return { x: ball.x - r * Math.cos(DROP_ANGLE), y: ball.y + side * r * Math.sin(DROP_ANGLE) };
}

/**
 * Before a kick-off everyone stays in our half and out of the centre circle, with `clearance`
 * (m) to spare.
 */
function kickOffLegal(p: Point2, clearance = BODY_CLEARANCE): Point2 {
  let { x, y } = p;
  x = Math.min(x, -clearance);
  const r = Math.hypot(x, y);
  const keep = CENTER_CIRCLE_RADIUS + clearance;
  if (r < keep) {
    const k = keep / Math.max(r, 1e-9);
    x = r > 1e-9 ? x * k : -keep;
    y = r > 1e-9 ? y * k : 0;
  }
  return { x, y };
}

/**
 * Our kick-off: the server leaves a robot of the kicking team where it is while its whole bounding
 * box lies inside the centre circle, in either half (not before the kick-off, when our half
 * binds). The forwards wait there, this far from the centre spot and this angle (rad) either side
 * of the line to their goal: 1-1.5 m nearer where the kick-off's kick ends (4-5 m out, 20-35° off
 * that line) than from outside the circle, and 0.6 m or more off the kick's path.
 */
const KICK_OFF_INSIDE_R = 1.4;
const KICK_OFF_INSIDE_ANGLE = Math.PI / 3;

/** A forward's spot inside the centre circle at our kick-off; `side` 1 left, −1 right. */
export function kickOffInsideSpot(side: 1 | -1): Point2 {
  return {
    x: KICK_OFF_INSIDE_R * Math.cos(KICK_OFF_INSIDE_ANGLE),
    y: side * KICK_OFF_INSIDE_R * Math.sin(KICK_OFF_INSIDE_ANGLE),
  };
}

/** A spot in our penalty area moved out of it, past its front line, with BODY_CLEARANCE. */
function outsideOwnArea(p: Point2): Point2 {
  const front = -FIELD_LENGTH / 2 + PENALTY_DEPTH + BODY_CLEARANCE;
  if (p.x >= front || Math.abs(p.y) >= PENALTY_WIDTH / 2 + BODY_CLEARANCE) return p;
  return { x: front, y: p.y };
}

/** A field player's spot in play: on the field, out of our penalty area. */
export function fieldSpot(p: Point2): Point2 {
  return outsideOwnArea(clampField(p));
}

/** How far the backs stand from our goal's centre: half the ball's distance, within these (m). */
const BACK_MIN = 3.5;
const BACK_MAX = 6;
/** Each back stands this far to its side of the ball–goal line (m). */
const BACK_SPREAD = 0.6;

/** A back's spot on the line from our goal's centre to the ball; `side` 1 left, −1 right. */
function backSpot(bx: number, by: number, side: 1 | -1): Point2 {
  const gx = -FIELD_LENGTH / 2;
  const len = Math.max(Math.hypot(bx - gx, by), 1e-6);
  const ux = (bx - gx) / len, uy = by / len;
  const r = Math.max(BACK_MIN, Math.min(BACK_MAX, len / 2));
  return { x: gx + r * ux - side * BACK_SPREAD * uy, y: r * uy + side * BACK_SPREAD * ux };
}

/**
 * The forwards wait no nearer their goal line than this (m; their penalty area begins at 13.2):
 * at the goal line beside the posts, one forward fell 8 times in a game among their defenders.
 */
const FORWARD_MAX_X = 12.5;

/**
 * The supporter stands 0.9 m to one side of the ball (side +1: toward y < 0, as for a ball at
 * y ≥ 0), and changes sides only once the ball lies this far (m) across the field's long axis
 * (y = 0): changed at y = 0, its spot jumped 1.8 m back and forth while the ball lay near the
 * axis (in 6 % of its traces in a game against UT).
 */
const SUPPORT_SWITCH = 0.5;

/** The supporter's side for a ball at `by`, given the side it stood on before (0: none yet). */
export function supportSide(by: number, last: number): 1 | -1 {
  if (last !== 0 && Math.abs(by) < SUPPORT_SWITCH) return last > 0 ? 1 : -1;
  return by >= 0 ? 1 : -1;
}

/**
 * `p` (a spot on `side` of the line, 1 left, −1 right) moved out of the ball's lane: the line from
 * the ball to their goal's centre, ahead of the ball. A spot in the lane less than `clear` (m)
 * across is moved out to `clear` on its side; 0 leaves every spot as it is.
 */
export function outOfLane(p: Point2, ball: Point2, side: 1 | -1, clear: number): Point2 {
  if (clear <= 0) return p;
  const gx = FIELD_LENGTH / 2 - ball.x, gy = -ball.y;
  // The lane's frame: x ahead toward the goal, y across to its left.
  const lane = { x: ball.x, y: ball.y, theta: Math.atan2(gy, gx) };
  const rel = toRobot(lane, p);
  if (rel.x <= 0 || rel.x >= Math.hypot(gx, gy) || side * rel.y >= clear) return p;
  return toField(lane, rel.x, side * clear);
}

/**
 * Every role's target for a ball at (bx, by); `side`: the supporter's (supportSide), by default
 * from the ball's side of the long axis; `laneClear`: how far (m) the forwards keep across from
 * the ball's lane (outOfLane), 0 not at all.
 */
export function roleTargets(
  ball: Point2,
  context: RoleContext = "play",
  side: 1 | -1 = ball.y >= 0 ? 1 : -1,
  laneClear = 0,
): Record<Role, Point2> {
  const { x: bx, y: by } = ball;
  const g = goalieTarget(bx, by);
  const raw: Record<Role, Point2> = {
    goalie: { x: g.x, y: g.y },
    onBall: { x: bx - ON_BALL_BEHIND, y: by },
    supporter: { x: bx - 1.2, y: by - side * 0.9 },
    forwardLeft: outOfLane({ x: Math.min(bx + 2, FORWARD_MAX_X), y: 2 }, ball, 1, laneClear),
    forwardRight: outOfLane({ x: Math.min(bx + 2, FORWARD_MAX_X), y: -2 }, ball, -1, laneClear),
    midLeft: { x: bx - 3.5, y: 3 + 0.4 * by },
    midRight: { x: bx - 3.5, y: -3 + 0.4 * by },
    wingLeft: { x: bx - 1, y: 6 },
    wingRight: { x: bx - 1, y: -6 },
    backLeft: backSpot(bx, by, 1),
    backRight: backSpot(bx, by, -1),
    subGoalie: { x: g.x, y: g.y },
  };
  const out = {} as Record<Role, Point2>;
  for (const role of rolesToFill(true)) {
    let p = clampField(raw[role]);
    if (role !== "goalie" && role !== "onBall" && role !== "subGoalie") p = outsideOwnArea(p);
    // Our kick-off taker may stand at the ball, and the forwards inside the centre circle;
    // everyone else obeys the kick-off rules.
    if (context === "ourKickOff" && (role === "forwardLeft" || role === "forwardRight")) {
      p = kickOffInsideSpot(role === "forwardLeft" ? 1 : -1);
    } else if (context !== "play" && !(context === "ourKickOff" && role === "onBall")) {
      p = kickOffLegal(p, role === "onBall" ? DROP_CLEARANCE : BODY_CLEARANCE);
    }
    out[role] = p;
  }
  return out;
}

export interface PlayerSpot {
  unum: number;
  x: number;
  y: number;
  /**
   * Lying down (getting up takes 1-2 s): it keeps its place in the mapping but does not go for
   * the ball. Left out altogether, each fall (about 100 a game) moved the lowest-priority role's
   * player to another role and the rest along with it, and back once it was up.
   */
  down?: boolean;
}

/**
 * Assigns `roles` (priority order, default ROLES) to players; `locked` pairs are kept as they
 * are, and a player's `current` role counts as `stick` metres nearer than it is. Swappable by
 * design.
 */
export type AssignRoles = (
  players: readonly PlayerSpot[],
  targets: Readonly<Record<Role, Point2>>,
  locked: ReadonlyMap<number, Role>,
  roles?: readonly Role[],
  current?: Sticky,
) => Map<number, Role>;

/** The roles players hold now, and how many metres of walking keeping one is worth. */
export interface Sticky {
  roles: ReadonlyMap<number, Role>;
  stick: number;
}

/** The walk from `p` to `role`'s target, less the stick when `p` holds that role now. */
function roleCost(p: PlayerSpot, role: Role, t: Point2, current?: Sticky): number {
  const d = Math.hypot(p.x - t.x, p.y - t.y);
  return current?.roles.get(p.unum) === role ? Math.max(0, d - current.stick) : d;
}

/** The roles `locked` keeps, and the goalie's role for unum 1 when present (nobody else). */
function fixedRoles(
  sorted: readonly PlayerSpot[],
  locked: ReadonlyMap<number, Role>,
): { result: Map<number, Role>; taken: Set<Role> } {
  const result = new Map<number, Role>();
  const taken = new Set<Role>();
  for (const p of sorted) {
    const r = locked.get(p.unum);
    if (r !== undefined && !taken.has(r)) {
      result.set(p.unum, r);
      taken.add(r);
    }
  }
  if (!taken.has("goalie") && sorted.some((p) => p.unum === 1) && !result.has(1)) {
    result.set(1, "goalie");
    taken.add("goalie");
  }
  return { result, taken };
}

function byUnum(players: readonly PlayerSpot[]): PlayerSpot[] {
  return [...players].sort((a, b) => a.unum - b.unum);
}

/**
 * Greedy by distance: the goalie role goes to unum 1 when present (and to nobody else); then,
 * role by role in priority order (ROLES), the nearest unassigned player takes it; equal
 * distances go to the lower unum. Players beyond the number of roles get none.
 */
export const assignGreedy: AssignRoles = (players, targets, locked, roles = ROLES, current) => {
  const sorted = byUnum(players);
  const { result, taken } = fixedRoles(sorted, locked);
  for (const role of roles) {
    if (taken.has(role) || role === "goalie") continue;
    let best: PlayerSpot | null = null, bestD = Infinity;
    for (const p of sorted) {
      if (result.has(p.unum)) continue;
      const d = roleCost(p, role, targets[role], current);
      if (d < bestD - 1e-9) {
        best = p;
        bestD = d;
      }
    }
    if (!best) break;
    result.set(best.unum, role);
    taken.add(role);
  }
  return result;
};

/**
 * The optimal assignment of seed 001 on a numeric core: after the locked roles and the goalie
 * (as in the greedy one), the remaining players take the remaining roles so that the longest
 * walk is as short as it can be, then the second longest, and so on (the core's dynamic
 * programme). With fewer players than roles, the roles of lowest priority (ROLES order) stay
 * empty. Players enter by unum, so equal costs resolve the same way on every agent.
 */
export function dpAssigner(core: NumericCore): AssignRoles {
  return (players, targets, locked, roles = ROLES, current) => {
    const sorted = byUnum(players);
    const { result, taken } = fixedRoles(sorted, locked);
    const free = sorted.filter((p) => !result.has(p.unum)).slice(0, ROLE_MAX);
    const open = roles.filter((r) => r !== "goalie" && !taken.has(r)).slice(0, ROLE_MAX);
    const d = core.roleDist;
    for (let i = 0; i < free.length; i++) {
      for (let j = 0; j < open.length; j++) {
        d[i * ROLE_MAX + j] = roleCost(free[i], open[j], targets[open[j]], current);
      }
    }
    core.assignRoles(free.length, open.length);
    const k = Math.min(free.length, open.length);
    for (let j = 0; j < k; j++) result.set(free[core.roleOut[j]].unum, open[j]);
    return result;
  };
}

/** The assignment a param names: `roles.assign` 0 greedy, 1 the optimal DP. */
export const ASSIGNERS = ["greedy", "dp"] as const;
export type AssignerName = typeof ASSIGNERS[number];

/**
 * Who goes for the ball is settled by distance to the onBall spot plus, for walking around the
 * ball to get behind it, WRONG_SIDE_COST metres times (1 + cos b) / 2, b the player's bearing
 * from the ball against the way to the opponents' goal: nothing from straight behind, half
 * beside it, all of it from straight ahead. On the approach model (src/testing/approach_sim.ts,
 * 0.3-2 m out) getting the ball going took 3.9 s from behind, 6.6 s from beside and 8.8 s from
 * ahead, and each metre farther out 1.4 s. The spot lies ON_BALL_BEHIND behind the ball.
 */
const WRONG_SIDE_COST = 3.0;
const ON_BALL_BEHIND = 0.3;

/** How far `p` is from taking the ball at `spot`, in metres of walking (see WRONG_SIDE_COST). */
export function onBallCost(p: Point2, spot: Point2): number {
  const gx = FIELD_LENGTH / 2 - spot.x, gy = -spot.y;
  const g = Math.max(Math.hypot(gx, gy), 1e-6);
  const bx = spot.x + ON_BALL_BEHIND * gx / g, by = spot.y + ON_BALL_BEHIND * gy / g;
  const r = Math.max(Math.hypot(p.x - bx, p.y - by), 1e-6);
  const cos = ((p.x - bx) * gx + (p.y - by) * gy) / (r * g);
  return Math.hypot(p.x - spot.x, p.y - spot.y) + WRONG_SIDE_COST * (1 + cos) / 2;
}

/** The player at the ball gives way at once to one this much nearer its spot (m). */
const ON_BALL_MARGIN = 0.3;

/**
 * Keeps each player's role for at least `minHold` seconds of game time, except the player at the
 * ball, who is settled before the others are assigned: that role goes at once to whoever is
 * ON_BALL_MARGIN nearer it, and otherwise stays (a player held a role 1.7 m from the ball for
 * seconds while another stood 0.9 m from it).
 * It stays only with a player who still says it plays the ball (`claims`): each agent remembers
 * the last player at the ball on its own, and two who each remembered the other left a ball
 * alone for 10 s in a game. Without a valid last player, the nearest one takes the ball.
 */
export class RoleKeeper {
  private roles = new Map<number, Role>();
  private since = new Map<number, number>();

  /**
   * `stick`: metres of walking a player's present role is worth over another (roles.stick): a
   * role changed every 2.4 s per player in a game against UT, each a new walk target up to 4 m
   * from the last, once the hold ran out.
   */
  constructor(
    private readonly minHold: number,
    private readonly assign: AssignRoles = assignGreedy,
    private readonly stick = 0,
  ) {}

  /**
   * `claims`: the players who say they play the ball (ourselves if we did last cycle, teammates
   * by team talk); undefined trusts this keeper's own memory. `goalieOut`: the goalie plays the
   * ball, so a substitute goalie is assigned (at once, like onBall).
   */
  update(
    now: number,
    players: readonly PlayerSpot[],
    targets: Readonly<Record<Role, Point2>>,
    claims?: ReadonlySet<number>,
    goalieOut = false,
  ): Map<number, Role> {
    const locked = new Map<number, Role>();
    for (const [unum, role] of this.roles) {
      if (role === "onBall" || role === "subGoalie") continue;
      if (now - (this.since.get(unum) ?? -Infinity) < this.minHold) locked.set(unum, role);
    }
    const onBall = this.onBallPlayer(players, targets.onBall, claims);
    if (onBall !== undefined) locked.set(onBall, "onBall");
    const next = this.assign(players, targets, locked, rolesToFill(goalieOut), {
      roles: this.roles,
      stick: this.stick,
    });
    for (const [unum, role] of next) {
      if (this.roles.get(unum) !== role) this.since.set(unum, now);
    }
    this.roles = next;
    return next;
  }

  /**
   * Who plays the ball: the last player at it (if it still claims it), unless someone is
   * ON_BALL_MARGIN nearer its spot; else the nearest player. Never unum 1, the goalie, who
   * clears the ball from its own role. Ties go to the lower unum.
   */
  private onBallPlayer(
    players: readonly PlayerSpot[],
    spot: Point2,
    claims: ReadonlySet<number> | undefined,
  ): number | undefined {
    const field = byUnum(players).filter((p) => p.unum !== 1 && !p.down);
    if (field.length === 0) return undefined;
    const d = (p: PlayerSpot) => onBallCost(p, spot);
    let last = onBallPlayer(this.roles);
    if (last !== undefined && claims !== undefined && !claims.has(last)) last = undefined;
    const margin = last === undefined ? 0 : ON_BALL_MARGIN;
    let chosen = field.find((p) => p.unum === last) ?? field[0];
    for (const p of field) if (d(p) < d(chosen) - margin - 1e-9) chosen = p;
    return chosen.unum;
  }
}

function onBallPlayer(roles: ReadonlyMap<number, Role>): number | undefined {
  for (const [unum, role] of roles) if (role === "onBall") return unum;
  return undefined;
}
