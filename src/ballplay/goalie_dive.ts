// The goalie's dive (seed 002): a shot is the ball heading into our goal mouth faster than a
// threshold and not stopping short of the goal line (the fitted rolling friction says where it
// stops). Where it will cross the goalie's own line, relative to the goalie's sideways axis,
// picks the dive: a split for a ball at the body, a dive to the left or the right otherwise;
// the goalie waits until the crossing is no further ahead than the dive's lead time, so that a
// ball that slows down or is deflected is not dived at too early, and, for a ball just kicked,
// until its velocity rests on enough sightings, as long as that still leaves the dive time.
// Our frame: our goal at −x.

import { FIELD_LENGTH, GOAL_WIDTH } from "../field/field.ts";
import { type BallTrack, lineCrossing, type Prediction } from "../estimation/ball_motion.ts";
import { type Pose2, toRobot } from "../util/pose.ts";

export type Dive = "left" | "right" | "split";

export const DIVE_SKILLS: Readonly<Record<Dive, string>> = {
  left: "SKILL_DIVE_LEFT",
  right: "SKILL_DIVE_RIGHT",
  split: "SKILL_DIVE_SPLIT",
};

export interface DiveParams {
  /** A shot is at least this fast (m/s). */
  shotSpeed: number;
  /** Crossings this far outside a post still count as on goal (m); negative: this far inside. */
  mouthMargin: number;
  /** A ball crossing within this of the goalie's centre is met with the split (m). */
  splitReach: number;
  /** Dive when the ball is this close in time to the goalie's line (s). */
  lead: number;
  /** …or, while the velocity of a ball just kicked is not settled, this close (s). */
  unsettledLead: number;
}

export interface DiveDecision {
  /** The ball heads into the goal mouth as a shot. */
  shot: boolean;
  /** Where it crosses the goalie's line, when it is a shot. */
  crossing: Prediction | null;
  /** The dive to start now, if any. */
  dive: Dive | null;
}

const GOAL_X = -FIELD_LENGTH / 2;
const NONE: DiveDecision = { shot: false, crossing: null, dive: null };

/** The goalie at (x, y) facing theta, and the ball's track, both in our frame. */
export function chooseDive(
  ball: BallTrack,
  goalie: Pose2,
  decay: number,
  p: DiveParams,
  settled = true,
): DiveDecision {
  if (Math.hypot(ball.vx, ball.vy) < p.shotSpeed) return NONE;
  const atGoal = lineCrossing(ball, GOAL_X, decay);
  if (!atGoal || Math.abs(atGoal.y) > GOAL_WIDTH / 2 + p.mouthMargin) return NONE;
  // A ball already past the goalie's line: nothing left to dive at.
  const crossing = lineCrossing(ball, Math.max(goalie.x, GOAL_X), decay);
  if (!crossing) return NONE;
  if (crossing.t > (settled ? p.lead : p.unsettledLead)) {
    return { shot: true, crossing, dive: null };
  }
  // Sideways offset of the crossing in the goalie's frame (+ to its left).
  const side = toRobot(goalie, crossing).y;
  const dive: Dive = Math.abs(side) <= p.splitReach ? "split" : side > 0 ? "left" : "right";
  return { shot: true, crossing, dive };
}

/** The goalie dives only at a ball it saw this recently (s): vision comes every 0.06 s. */
const DIVE_BALL_AGE = 0.2;

/**
 * The dive to start now from what the goalie sees (our frame): its pose and the ball with its
 * velocity, seen within DIVE_BALL_AGE; null when there is no shot to dive at.
 */
export function diveNow(
  view: {
    self: Pose2 | null;
    ball: { x: number; y: number; vx: number; vy: number; settled?: boolean } | null;
    ballAge: number;
  },
  decay: number,
  p: DiveParams,
): Dive | null {
  const b = view.ball;
  if (!view.self || !b || view.ballAge > DIVE_BALL_AGE) return null;
  const track = { x: b.x, y: b.y, vx: b.vx, vy: b.vy, cov: null };
  return chooseDive(track, view.self, decay, p, b.settled ?? true).dive;
}
