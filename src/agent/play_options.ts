// The options the agent's parts are built with, read from the param files: the stand pose, the
// calm before a get-up, the joint gains, the kick a game plays, the soccer behaviour's options and
// the goalie's dive thresholds. The agent and the evaluation tasks both build theirs here.

import { DEG } from "../util/angles.ts";
import { JOINTS, NUM_JOINTS } from "../body/joints.ts";
import type { JointGains } from "../control/joint_controller.ts";
import type { NumericCore } from "../core/numeric_core.ts";
import type { WalkParams } from "../motion/walk_engine.ts";
import { KICKS } from "../skills/kicks.ts";
import type { SoccerOptions } from "../behavior/soccer.ts";
import type { DribbleParams } from "../behavior/ball_play.ts";
import type { ParamSet } from "../config/params.ts";
import { ANGLE, type ParamRange } from "../config/param_ranges.ts";
import { ASSIGNERS, assignGreedy, dpAssigner } from "../strategy/roles.ts";
import type { DiveParams } from "../ballplay/goalie_dive.ts";
import type { KickSpot } from "../ballplay/on_ball.ts";

/** The stand pose (stand.<joint perceptor>): joint angles in degrees. */
export const STAND_PARAMS: readonly ParamRange[] = [{ keys: /^stand\.[lr]?[ahl]j\d$/, ...ANGLE }];

/** Reads `stand.<perceptor>` angles (degrees in the file) into radians by joint index. */
export function standPoseFromParams(params: ParamSet): Float64Array {
  const pose = new Float64Array(NUM_JOINTS);
  for (const j of JOINTS) pose[j.index] = params.get(`stand.${j.perceptor}`) * DEG;
  return pose;
}

/** How calm the body must be before a get-up off the front or the back (degrees per second). */
export const GETUP_PARAMS: readonly ParamRange[] = [
  { keys: /^getup\.calm_(front|back)_deg_s$/, unit: "deg/s", min: 0, max: 1000 },
];

/** `getup.calm_<side>_deg_s` in radians per second: Motion's calmRate. */
export function getupCalmRate(params: ParamSet): { front: number; back: number } {
  return {
    front: params.get("getup.calm_front_deg_s") * DEG,
    back: params.get("getup.calm_back_deg_s") * DEG,
  };
}

/**
 * The kicks a game may play (soccer.kick, soccer.shot_kick, soccer.advance_kick,
 * soccer.kick_off_long).
 */
const GAME_KICKS = ["keyframe", "long"] as const;
type GameKickName = "kick" | "shot_kick" | "advance_kick" | "kick_off_long";

/**
 * The kick `soccer.<name>` names (keyframe: skills/kick_left.skl, long: kick_long_left.skl),
 * with the ball spot to call for it from walking and the way it sends the ball.
 */
export function gameKick(params: ParamSet, name: GameKickName = "kick"): KickSpot {
  const { skill, params: key } = KICKS[params.word(`soccer.${name}`, GAME_KICKS)];
  return {
    x: params.get(`${key}.walk_ball_x`),
    y: params.get(`${key}.walk_ball_y`),
    stand: {
      x: params.get(`${key}.ball_x`),
      y: params.get(`${key}.ball_y`),
      ahead: params.get(`${key}.stand_ahead`),
      behind: params.get(`${key}.stand_behind`),
    },
    angle: params.get(`${key}.angle`) * DEG,
    skill,
  };
}

/** The kick `soccer.<name>` names, or null where it says none (an option played only then). */
function optionalKick(params: ParamSet, name: "advance_kick" | "kick_off_long"): KickSpot | null {
  return params.word(`soccer.${name}`, ["none", ...GAME_KICKS]) === "none"
    ? null
    : gameKick(params, name);
}

/**
 * The soccer behaviour's options: walk limits from the walk, the kick's ball spot, the role
 * assignment `roles.assign` names (the optimal one runs on `core`).
 */
export function soccerOptions(
  params: ParamSet,
  walk: WalkParams,
  core: NumericCore,
): SoccerOptions {
  const advanceSpot = optionalKick(params, "advance_kick");
  return {
    limits: {
      maxForward: walk.maxForward,
      maxBackward: walk.maxBackward,
      maxSideways: walk.maxSideways,
      maxTurn: walk.maxTurn,
    },
    kickSpot: gameKick(params),
    shotSpot: gameKick(params, "shot_kick"),
    shootRange: params.get("soccer.shoot_range"),
    advance: advanceSpot && {
      spot: advanceSpot,
      from: params.get("soccer.advance_from"),
      free: params.get("soccer.advance_free"),
    },
    kickOffLong: optionalKick(params, "kick_off_long"),
    contestRadius: params.get("soccer.contest_radius"),
    roleHold: params.get("soccer.role_hold"),
    roleStick: params.get("roles.stick"),
    laneClear: params.get("roles.lane_clear"),
    positionSpeed: params.get("soccer.position_speed"),
    positionSideways: params.get("soccer.position_sideways"),
    positionTurn: params.get("soccer.position_turn_deg") * DEG,
    positionSpace: params.get("soccer.position_space"),
    contactHold: params.get("soccer.contact_hold"),
    pass: params.get("pass.enabled") !== 0
      ? {
        minDistance: params.get("pass.min_distance"),
        maxDistance: params.get("pass.max_distance"),
        minGain: params.get("pass.min_gain"),
      }
      : null,
    ballDecay: params.get("ball.decay"),
    dive: params.get("goalie.dive") !== 0 ? diveParams(params) : null,
    dribble: dribbleParams(params),
    assign: params.word("roles.assign", ASSIGNERS) === "dp" ? dpAssigner(core) : assignGreedy,
  };
}

/** How the ball is dribbled (dribble.*): metres, degrees in the file, factors. */
export function dribbleParams(params: ParamSet): DribbleParams {
  return {
    reach: params.get("dribble.reach"),
    lateral: params.get("dribble.lateral"),
    cone: params.get("dribble.cone"),
    headingTolerance: params.get("dribble.heading_tolerance_deg") * DEG,
    behind: params.get("dribble.behind"),
    speed: params.get("dribble.speed"),
    foot: params.get("dribble.foot"),
    sideGain: params.get("dribble.side_gain"),
    turnGain: params.get("dribble.turn_gain"),
    steer: params.get("dribble.steer"),
    approachDecel: params.get("dribble.approach_decel"),
  };
}

/** The goalie's dive thresholds (goalie.*), whether or not the dive is played. */
export function diveParams(params: ParamSet): DiveParams {
  return {
    shotSpeed: params.get("goalie.shot_speed"),
    mouthMargin: params.get("goalie.mouth_margin"),
    splitReach: params.get("goalie.split_reach"),
    lead: params.get("goalie.dive_lead"),
    unsettledLead: params.get("goalie.unsettled_lead"),
  };
}

export function jointGainsFromParams(params: ParamSet): JointGains {
  return { kp: params.get("joint.kp"), kd: params.get("joint.kd") };
}
