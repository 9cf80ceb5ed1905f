// What happened in a game, from the match's scene trace (scene.jsonl: SceneTrace, the referee's
// view of both teams): possession, the still ball and who stood at it, the ball's time in each
// third, each team's falls with what was near the robot as it fell, its kicks and shots
// (scene_kicks.ts), the kick-offs (scene_kickoffs.ts) and its stand-stills at the ball
// (scene_stand_stills.ts). PlayOn only; thirds from the left team's side.

import type { SceneSample } from "../net/scene_trace.ts";
import { FIELD_LENGTH } from "../field/field.ts";
import { toRobot } from "../util/pose.ts";
import {
  kickSummary,
  nearestRobot,
  sceneKicks,
  type Side,
  type TeamKicks,
  UPRIGHT_TORSO,
  uprightWithin,
} from "./scene_kicks.ts";
import { type KickOffSummary, sceneKickOffs } from "./scene_kickoffs.ts";
import { sceneStandStills, type StandStills } from "./scene_stand_stills.ts";

/** The robot nearest the ball has it within this distance (m) of its torso; else the last did. */
const POSSESSION_RADIUS = 0.6;
/** The ball is still below this speed (m/s). */
const STILL_SPEED = 0.1;
/**
 * Torso heights (m): a robot up this long (s) at UP_TORSO or more falls when below DOWN_TORSO, the
 * height it stands at (UPRIGHT_TORSO).
 */
const UP_TORSO = 0.3;
const DOWN_TORSO = UPRIGHT_TORSO;
const UP_FOR = 1;
/** A fall with another robot's torso this near (m) in the second before it is a contact fall. */
const CONTACT = 0.45;
const CONTACT_WINDOW = 1;
/**
 * A teammate stands in the lane of a team's player at the ball (nearest of its team, within
 * POSSESSION_RADIUS) when it is upright LANE_AHEAD (m) ahead of the ball toward the goal it
 * attacks and within LANE_ACROSS (m) of that line.
 */
const LANE_AHEAD = [0.3, 2.5] as const;
const LANE_ACROSS = 0.5;
/** A gap (s) between samples longer than this counts as this much. */
const MAX_STEP = 0.2;

export interface TeamFalls {
  total: number;
  /** The nearest robot in the second before was an opponent within CONTACT. */
  withOpponent: number;
  withMate: number;
  alone: number;
  perPlayer: Record<string, number>;
  /**
   * Get-ups that failed: a robot that had lain stood up (torso at UP_TORSO) and went down again
   * within UP_FOR, which `total` does not count; `crowded`, those with a robot of either team
   * within CONTACT in the second before.
   */
  failedGetUps: { total: number; crowded: number; perPlayer: Record<string, number> };
}

/**
 * The still ball's share of PlayOn by who stands at it (upright, within POSSESSION_RADIUS): both
 * teams, one team alone, or nobody. The four add up to ballStill.
 */
export interface StillBy {
  both: number;
  left: number;
  right: number;
  nobody: number;
}

/** Shares of PlayOn by the third the ball lay in, from the left team's side. */
export interface Thirds {
  leftDefence: number;
  middle: number;
  leftAttack: number;
}

export interface SceneAnalysis {
  playOnSeconds: number;
  possession: { left: number; right: number; nobody: number };
  ballStill: number;
  ballStillBy: StillBy;
  /**
   * The still ball with both teams at it (StillBy.both), by the third it lay in: at UT's goal we
   * lost 40 s a game this way, our player behind the ball and theirs ahead of it.
   */
  contestedByThird: Thirds;
  /**
   * Each team's share of PlayOn with a teammate in the lane of its player at the ball (LANE_*):
   * ours 3.5-6.6 % in games against UT, mostly with an opponent at the ball too.
   */
  mateInLane: { left: number; right: number };
  thirds: Thirds;
  falls: { left: TeamFalls; right: TeamFalls };
  /** Kicks and shots (scene_kicks.ts). */
  kicks: { left: TeamKicks; right: TeamKicks };
  /** Kick-offs, the first touch after each and the goal that followed (scene_kickoffs.ts). */
  kickOffs: KickOffSummary;
  /** Each team's player standing at a still ball (scene_stand_stills.ts). */
  standStills: Record<Side, StandStills>;
}

/** Parses scene.jsonl; a bad line names its number. */
export function parseSceneTrace(text: string, path: string): SceneSample[] {
  const out: SceneSample[] = [];
  text.split("\n").forEach((line, i) => {
    if (!line.trim()) return;
    try {
      const s = JSON.parse(line) as SceneSample;
      if (typeof s.t !== "number" || !Array.isArray(s.left) || !Array.isArray(s.right)) throw 0;
      out.push(s);
    } catch {
      throw new Error(`${path}:${i + 1}: not a scene sample`);
    }
  });
  return out;
}

export function analyzeScene(samples: readonly SceneSample[]): SceneAnalysis {
  let playOn = 0, still = 0;
  const poss = { left: 0, right: 0, nobody: 0 };
  const stillBy: StillBy = { both: 0, left: 0, right: 0, nobody: 0 };
  const thirds: Thirds = { leftDefence: 0, middle: 0, leftAttack: 0 };
  const contested: Thirds = { leftDefence: 0, middle: 0, leftAttack: 0 };
  const inLane = { left: 0, right: 0 };
  let holder: Side | null = null;
  for (let i = 1; i < samples.length; i++) {
    const s = samples[i], prev = samples[i - 1];
    if (s.pm !== "PlayOn" || s.half !== prev.half || !s.ball || !prev.ball) continue;
    const dt = Math.min(s.t - prev.t, MAX_STEP);
    if (dt <= 0) continue;
    playOn += dt;
    const [bx, by] = s.ball;
    const third = FIELD_LENGTH / 6;
    const inThird = bx < -third ? "leftDefence" : bx > third ? "leftAttack" : "middle";
    if (Math.hypot(bx - prev.ball[0], by - prev.ball[1]) / (s.t - prev.t) < STILL_SPEED) {
      still += dt;
      const left = uprightWithin(s.left, bx, by, POSSESSION_RADIUS);
      const right = uprightWithin(s.right, bx, by, POSSESSION_RADIUS);
      stillBy[left && right ? "both" : left ? "left" : right ? "right" : "nobody"] += dt;
      if (left && right) contested[inThird] += dt;
    }
    if (mateInLane(s.left, bx, by, 1)) inLane.left += dt;
    if (mateInLane(s.right, bx, by, -1)) inLane.right += dt;
    holder = nearestRobot(s, bx, by, POSSESSION_RADIUS)?.side ?? holder;
    poss[holder ?? "nobody"] += dt;
    thirds[inThird] += dt;
  }
  const share = (x: number) => playOn > 0 ? Math.round(x / playOn * 1000) / 1000 : 0;
  const shares = (t: Thirds): Thirds => ({
    leftDefence: share(t.leftDefence),
    middle: share(t.middle),
    leftAttack: share(t.leftAttack),
  });
  return {
    playOnSeconds: Math.round(playOn * 100) / 100,
    possession: { left: share(poss.left), right: share(poss.right), nobody: share(poss.nobody) },
    ballStill: share(still),
    ballStillBy: {
      both: share(stillBy.both),
      left: share(stillBy.left),
      right: share(stillBy.right),
      nobody: share(stillBy.nobody),
    },
    contestedByThird: shares(contested),
    mateInLane: { left: share(inLane.left), right: share(inLane.right) },
    thirds: shares(thirds),
    falls: falls(samples),
    kicks: kickSummary(sceneKicks(samples)),
    kickOffs: sceneKickOffs(samples),
    standStills: sceneStandStills(samples),
  };
}

/**
 * Whether the player of `robots` nearest the ball has it (upright, within POSSESSION_RADIUS) and
 * another of them stands in its lane toward the goal at x = `attack` × half the length.
 */
function mateInLane(robots: SceneSample["left"], bx: number, by: number, attack: 1 | -1): boolean {
  let at = -1, best = POSSESSION_RADIUS;
  robots.forEach(([, x, y, z], k) => {
    const d = Math.hypot(x - bx, y - by);
    if (z >= DOWN_TORSO && d < best) [at, best] = [k, d];
  });
  if (at < 0) return false;
  const lane = { x: bx, y: by, theta: Math.atan2(-by, attack * FIELD_LENGTH / 2 - bx) };
  return robots.some(([, x, y, z], k) => {
    if (k === at || z < DOWN_TORSO) return false;
    const rel = toRobot(lane, { x, y });
    return rel.x > LANE_AHEAD[0] && rel.x < LANE_AHEAD[1] && Math.abs(rel.y) < LANE_ACROSS;
  });
}

function falls(samples: readonly SceneSample[]): { left: TeamFalls; right: TeamFalls } {
  const none = (): TeamFalls => ({
    total: 0,
    withOpponent: 0,
    withMate: 0,
    alone: 0,
    perPlayer: {},
    failedGetUps: { total: 0, crowded: 0, perPlayer: {} },
  });
  const out = { left: none(), right: none() };
  // A robot is up once its torso has held UP_TORSO for UP_FOR; it stays up until it falls.
  const upSince = new Map<string, number>();
  const up = new Set<string>();
  /** Robots that have lain (below DOWN_TORSO), and those of them standing but not yet up. */
  const lain = new Set<string>();
  const rising = new Set<string>();
  samples.forEach((s, i) => {
    for (const side of ["left", "right"] as const) {
      for (const [unum, , , z] of s[side]) {
        const key = `${side} ${unum}`;
        if (z >= UP_TORSO) {
          const since = upSince.get(key) ?? s.t;
          upSince.set(key, since);
          if (s.t - since >= UP_FOR) {
            up.add(key);
            rising.delete(key);
          } else if (lain.has(key)) rising.add(key);
          continue;
        }
        upSince.delete(key);
        if (z >= DOWN_TORSO) continue;
        lain.add(key);
        const wasUp = up.delete(key), rose = rising.delete(key);
        if (s.pm !== "PlayOn") continue;
        const f = out[side];
        if (!wasUp) {
          if (rose) {
            f.failedGetUps.total++;
            if (nearestBefore(samples, i, side, unum) !== null) f.failedGetUps.crowded++;
            f.failedGetUps.perPlayer[unum] = (f.failedGetUps.perPlayer[unum] ?? 0) + 1;
          }
          continue;
        }
        f.total++;
        f.perPlayer[unum] = (f.perPlayer[unum] ?? 0) + 1;
        const near = nearestBefore(samples, i, side, unum);
        if (near === null) f.alone++;
        else if (near === side) f.withMate++;
        else f.withOpponent++;
      }
    }
  });
  return out;
}

/** The team of the robot nearest (side, unum) within CONTACT over the window before sample i. */
function nearestBefore(
  samples: readonly SceneSample[],
  i: number,
  side: Side,
  unum: number,
): Side | null {
  let best: Side | null = null, bestD = CONTACT;
  const { t, half } = samples[i];
  for (let k = i; k >= 0 && samples[k].half === half && t - samples[k].t <= CONTACT_WINDOW; k--) {
    const s = samples[k];
    const me = s[side].find((r) => r[0] === unum);
    if (!me) continue;
    for (const other of ["left", "right"] as const) {
      for (const [u, x, y] of s[other]) {
        if (other === side && u === unum) continue;
        const d = Math.hypot(x - me[1], y - me[2]);
        if (d < bestD) [best, bestD] = [other, d];
      }
    }
  }
  return best;
}
