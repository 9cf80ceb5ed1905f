// Kick-off formation: one beam spot per uniform number on our own half, in our side's frame
// (we attack +x; the server mirrors beams for the right team). Metres and radians. The kick-off
// taker stands right behind the ball, so the kick starts from the stand pose after a step or two;
// at our kick-off the forwards wait inside the centre circle, near where the kick goes. The test
// opponents keep a fixed formation of their own.

import type { Pose2 } from "../util/pose.ts";
import { PlayMode } from "../protocol/playmode.ts";
import type { Side } from "../protocol/perception.ts";
import { roleTargets } from "./roles.ts";

export type Spot = Pose2;

/**
 * The test opponents' formation (the stand and walk-test behaviours) for unums 1–11: the kick-off
 * formation of every standing-robot series through stop 63, kept fixed so that changes to ours
 * leave that benchmark as it was. All at x < 0 and outside the 2 m centre circle.
 */
const TEST_SPOTS: readonly Spot[] = Object.freeze([
  { x: -14.0, y: 0.0, theta: 0 },
  { x: -11.0, y: -3.5, theta: 0 },
  { x: -11.0, y: 3.5, theta: 0 },
  { x: -8.5, y: -7.0, theta: 0 },
  { x: -8.5, y: 7.0, theta: 0 },
  { x: -7.0, y: 0.0, theta: 0 },
  { x: -5.0, y: -4.5, theta: 0 },
  { x: -5.0, y: 4.5, theta: 0 },
  { x: -2.5, y: -8.0, theta: 0 },
  { x: -2.5, y: 8.0, theta: 0 },
  { x: -2.5, y: 0.0, theta: 0 },
]);

/**
 * Where each unum beams to: `spots` (by unum − 1) hold at either side's kick-off, in our half and
 * outside the centre circle; `ourKickOff` gives some unums another spot when the kick-off is ours.
 */
export interface Formation {
  spots: readonly Spot[];
  ourKickOff: ReadonlyMap<number, Spot>;
}

/** The kick-off taker's unum. */
export const KICK_OFF_TAKER = 11;
/** The kick-off taker's spot, behind the ball and a little right of it (left foot). */
const TAKER_SPOT: Spot = Object.freeze({ x: -0.3, y: -0.06, theta: 0 });

/** The forwards' spots at their kick-off (roleTargets), right then left: unums 7 and 8. */
const THEIR_KICK_OFF_ROLES = roleTargets({ x: 0, y: 0 }, "theirKickOff");
const FORWARDS = [THEIR_KICK_OFF_ROLES.forwardRight, THEIR_KICK_OFF_ROLES.forwardLeft];
/**
 * At our kick-off the forwards beam to their spots inside the centre circle (roleTargets), kept in
 * our half by this much (m): the server clamps a beam to our half and, until the kick-off, moves a
 * robot whose bounding box reaches into theirs. They walk on in once the kick-off begins.
 */
const OWN_HALF_MARGIN = 0.3;
const OUR_KICK_OFF_ROLES = roleTargets({ x: 0, y: 0 }, "ourKickOff");
const INSIDE = [OUR_KICK_OFF_ROLES.forwardRight, OUR_KICK_OFF_ROLES.forwardLeft].map((p) =>
  Object.freeze({ x: Math.min(p.x, -OWN_HALF_MARGIN), y: p.y, theta: 0 })
);

/** The test opponents' formation, whose taker alone waits at the ball at its own kick-off. */
export const TEST_FORMATION: Formation = Object.freeze({
  spots: TEST_SPOTS,
  ourKickOff: new Map([[KICK_OFF_TAKER, TAKER_SPOT]]),
});

/**
 * Ours: the test spots with unums 7 and 8 at the forwards' spots, the taker at the ball and the
 * forwards inside the centre circle at our kick-off.
 */
export const KICK_OFF_FORMATION: Formation = Object.freeze({
  spots: Object.freeze(
    TEST_SPOTS.map((s, i) => i === 6 || i === 7 ? { ...FORWARDS[i - 6], theta: 0 } : s),
  ),
  ourKickOff: new Map([[KICK_OFF_TAKER, TAKER_SPOT], [7, INSIDE[0]], [8, INSIDE[1]]]),
});

/**
 * Where `unum` beams to in `formation`. `theirKickOff` (kickOffIsTheirs) keeps everyone at the
 * formation's spots; when the kick-off is ours or unknown the taker waits at the ball (and the
 * forwards of our formation in the circle), and if it turns out theirs, the server moves them to
 * the centre circle's edge.
 */
export function kickOffSpot(
  unum: number,
  theirKickOff = false,
  formation: Formation = KICK_OFF_FORMATION,
): Spot {
  const i = Math.min(Math.max(Math.round(unum), 1), formation.spots.length) - 1;
  return (!theirKickOff && formation.ourKickOff.get(i + 1)) || formation.spots[i];
}

/**
 * Whether the kick-off the beam in `mode` prepares is theirs: after our goal it is, and a second
 * half (BeforeKickOff once the clock has run) starts with the kick-off of the team that did not
 * take the first (`firstKickOff`, the server's rule unless it swaps sides at half-time). False
 * when it is ours or unknown.
 */
export function kickOffIsTheirs(
  mode: PlayMode,
  side: Side,
  gameTime: number,
  firstKickOff: Side | null,
): boolean {
  if (mode === PlayMode.GoalLeft || mode === PlayMode.GoalRight) {
    return (mode === PlayMode.GoalLeft) === (side === "left");
  }
  return mode === PlayMode.BeforeKickOff && gameTime > 0 && firstKickOff === side;
}

/** What an agent plays: a game, or one side of a penalty shoot-out. */
export const MODES = ["game", "penalty-kicker", "penalty-goalie"] as const;
export type Mode = typeof MODES[number];

/** The shoot-out's beam spots: the kicker behind the ball on the centre spot, the goalie on its line. */
const PENALTY_SPOTS: Readonly<Record<Exclude<Mode, "game">, Spot>> = Object.freeze({
  "penalty-kicker": TAKER_SPOT,
  "penalty-goalie": { x: -14.5, y: 0, theta: 0 },
});

/**
 * `spot`, slid back along its heading until it lies OWN_HALF_MARGIN inside our half: a lined-up
 * kick-off taker's beam, facing their half (|theta| < 90°).
 */
export function backInOwnHalf(spot: Spot): Spot {
  const over = spot.x + OWN_HALF_MARGIN;
  const c = Math.cos(spot.theta);
  if (over <= 0 || c < 1e-3) return spot;
  return { x: spot.x - over, y: spot.y - over * Math.tan(spot.theta), theta: spot.theta };
}

/** Where an agent in `mode` beams to (kickOffSpot in a game, `formation` as there). */
export function beamSpot(
  mode: Mode,
  unum: number,
  theirKickOff = false,
  formation: Formation = KICK_OFF_FORMATION,
): Spot {
  return mode === "game" ? kickOffSpot(unum, theirKickOff, formation) : PENALTY_SPOTS[mode];
}
