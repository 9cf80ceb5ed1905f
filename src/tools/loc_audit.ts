// Localization against ground truth over a recording, as a game judges it: the self error while
// upright, the worst error, the ball's error, how soon the estimate is good again after each
// get-up, and the episodes with the error above EPISODE_ERROR: start, length, peak and what the
// robot was doing when it began (read off ground truth: fallen, getting up, kicking, turning,
// walking, standing). Fed one vision message at a time by the replay tool; the play modes in which
// robots are placed (before kick-offs) are left out.

import { wrapAngle } from "../util/angles.ts";
import { type Percentiles, percentiles } from "../util/quantile.ts";

/**
 * The server moved the robot (a referee's relocation, the sides swapped at half time) when ground
 * truth jumps farther than MOVE_JUMP (m) between two messages at most MOVE_GAP (s) apart. The
 * estimate cannot know before its next vision frame: the worst error is also given without the
 * MOVE_GRACE (s) after each move, and a move counts as followed when the error is below
 * EPISODE_ERROR within that time.
 */
const MOVE_JUMP = 1;
const MOVE_GAP = 0.2;
const MOVE_GRACE = 0.5;
/** An episode is a stretch with the self error above this (m). */
export const EPISODE_ERROR = 0.3;
/** Gaps shorter than this (s) do not end an episode. */
const EPISODE_GAP = 0.5;
/** The camera (mypos) is this high or more when the robot is upright, below DOWN when down (m). */
const UPRIGHT_HEAD = 0.4;
const DOWN_HEAD = 0.25;
/** A get-up ends when the head has been upright this long (s). */
const GETUP_SETTLE = 0.3;
/** After a get-up, the estimate must be within RECOVERED_ERROR (m) by this time (s). */
const RECOVERY_TIME = 1;
const RECOVERED_ERROR = 0.2;

export type Doing = "fallen" | "getting up" | "kicking" | "turning" | "walking" | "standing";

export interface Episode {
  /** Server time and game time of its first message (s). */
  start: number;
  gameTime: number | null;
  length: number;
  peak: number;
  doing: Doing;
}

export interface AuditSample {
  now: number;
  gameTime: number | null;
  /** Whether the play mode lets the server and the agents move robots (before a kick-off). */
  beamMode: boolean;
  /** Ground truth: camera position and yaw, ball. */
  truth: { x: number; y: number; z: number; yaw: number };
  ballTruth: { x: number; y: number } | null;
  /** Estimates: camera position, the ball as estimated, and as the team world believes it. */
  camera: { x: number; y: number } | null;
  ball: { x: number; y: number } | null;
  teamBall: { x: number; y: number } | null;
}

export interface AuditSummary {
  /** Self error while upright (m). */
  uprightSelf: Percentiles | null;
  /** The largest self error at any time (m). */
  maxSelf: number | null;
  /** The largest self error while upright, outside MOVE_GRACE after a server move (m). */
  maxSelfSettled: number | null;
  /** Times the server moved the robot, and how many of those the estimate followed in time. */
  moves: number;
  movesFollowed: number;
  /** Ball error while upright (m). */
  uprightBall: Percentiles | null;
  /** The team world's ball (own sighting or a teammate's report): what play acts on. */
  uprightTeamBall: Percentiles | null;
  /** Get-ups after which the robot stayed up for RECOVERY_TIME, or was placed well before. */
  getUps: number;
  /** Of those, the get-ups after which the estimate was within RECOVERED_ERROR by RECOVERY_TIME. */
  recovered: number;
  /**
   * Get-ups that ended in another fall within RECOVERY_TIME before the estimate was good: the
   * body rocked and fell, so the get-up did not finish (counted apart, not in getUps).
   */
  fellAgain: number;
  /** Server times at which the get-ups that were not recovered ended. */
  missedGetUps: number[];
  episodes: Episode[];
}

export class LocalizationAudit {
  private readonly self: number[] = [];
  private readonly ball: number[] = [];
  private readonly teamBall: number[] = [];
  private maxSelf: number | null = null;
  private readonly episodes: Episode[] = [];
  private open: Episode | null = null;
  private lastBad = -Infinity;
  /** Recent truth, for what the robot is doing. */
  private readonly recent: AuditSample[] = [];
  private down = false;
  private upSince: number | null = null;
  /** Get-ups waiting for their recovery check: when they ended. */
  private readonly pending: number[] = [];
  private readonly missed: number[] = [];
  private getUps = 0;
  private recovered = 0;
  private fellAgain = 0;
  private maxSelfSettled: number | null = null;
  private lastTruth: { x: number; y: number; now: number } | null = null;
  private movedAt = -Infinity;
  /** The last move has not yet been followed. */
  private moveOpen = false;
  private moves = 0;
  private movesFollowed = 0;

  add(s: AuditSample): void {
    // While robots are being placed, truth and estimate part for reasons that are not the
    // estimator's (the server moves the robot first, the agent's beam follows).
    if (s.beamMode) return;
    this.recent.push(s);
    while (this.recent.length > 0 && s.now - this.recent[0].now > 1) this.recent.shift();
    this.trackGetUps(s);
    this.trackMoves(s);
    if (!s.camera) return;
    const err = Math.hypot(s.camera.x - s.truth.x, s.camera.y - s.truth.y);
    this.maxSelf = Math.max(this.maxSelf ?? 0, err);
    const settling = s.now - this.movedAt <= MOVE_GRACE;
    const upright = s.truth.z >= UPRIGHT_HEAD;
    if (!settling && upright) this.maxSelfSettled = Math.max(this.maxSelfSettled ?? 0, err);
    if (this.moveOpen && settling && err < EPISODE_ERROR) {
      this.moveOpen = false;
      this.movesFollowed++;
    }
    if (upright) this.self.push(err);
    if (upright && s.ball && s.ballTruth) {
      this.ball.push(Math.hypot(s.ball.x - s.ballTruth.x, s.ball.y - s.ballTruth.y));
    }
    if (upright && s.teamBall && s.ballTruth) {
      this.teamBall.push(Math.hypot(s.teamBall.x - s.ballTruth.x, s.teamBall.y - s.ballTruth.y));
    }
    this.checkRecovery(s.now, err);
    if (err > EPISODE_ERROR) {
      if (!this.open || s.now - this.lastBad > EPISODE_GAP) {
        this.close();
        this.open = {
          start: s.now,
          gameTime: s.gameTime,
          length: 0,
          peak: err,
          doing: this.doing(),
        };
      }
      this.open.peak = Math.max(this.open.peak, err);
      this.open.length = s.now - this.open.start;
      this.lastBad = s.now;
    } else if (this.open && s.now - this.lastBad > EPISODE_GAP) this.close();
  }

  summary(): AuditSummary {
    this.close();
    return {
      uprightSelf: percentiles(this.self),
      maxSelf: this.maxSelf,
      maxSelfSettled: this.maxSelfSettled,
      moves: this.moves,
      movesFollowed: this.movesFollowed,
      uprightBall: percentiles(this.ball),
      uprightTeamBall: percentiles(this.teamBall),
      getUps: this.getUps,
      recovered: this.recovered,
      fellAgain: this.fellAgain,
      missedGetUps: [...this.missed, ...this.pending],
      episodes: this.episodes,
    };
  }

  private close(): void {
    if (this.open) this.episodes.push(this.open);
    this.open = null;
  }

  private trackMoves(s: AuditSample): void {
    const last = this.lastTruth;
    if (
      last && s.now - last.now <= MOVE_GAP &&
      Math.hypot(s.truth.x - last.x, s.truth.y - last.y) > MOVE_JUMP
    ) {
      this.moves++;
      this.movedAt = s.now;
      this.moveOpen = true;
    }
    this.lastTruth = { x: s.truth.x, y: s.truth.y, now: s.now };
  }

  private trackGetUps(s: AuditSample): void {
    const z = s.truth.z;
    if (z < DOWN_HEAD) {
      if (!this.down) {
        // Down again before the last get-up was judged: it did not finish.
        this.expire(s.now);
        this.fellAgain += this.pending.length;
        this.getUps -= this.pending.length;
        this.pending.length = 0;
      }
      this.down = true;
      this.upSince = null;
    } else if (this.down && z >= UPRIGHT_HEAD) {
      this.upSince ??= s.now;
      if (s.now - this.upSince >= GETUP_SETTLE) {
        this.down = false;
        this.upSince = null;
        this.getUps++;
        this.pending.push(s.now);
      }
    }
  }

  /** Each pending get-up counts as recovered at the first good estimate within RECOVERY_TIME. */
  private checkRecovery(now: number, err: number): void {
    this.expire(now);
    if (err < RECOVERED_ERROR && this.pending.length > 0) {
      this.recovered += this.pending.length;
      this.pending.length = 0;
    }
  }

  /** Pending get-ups whose RECOVERY_TIME has passed are missed. */
  private expire(now: number): void {
    while (this.pending.length > 0 && now - this.pending[0] > RECOVERY_TIME) {
      this.missed.push(this.pending.shift()!);
    }
  }

  /** What the robot was doing over the last second, from ground truth. */
  private doing(): Doing {
    const r = this.recent, last = r[r.length - 1];
    if (last.truth.z < DOWN_HEAD) return "fallen";
    if (this.down || r.some((s) => s.truth.z < DOWN_HEAD)) return "getting up";
    const first = r.find((s) => last.now - s.now <= 0.6) ?? r[0];
    const dt = last.now - first.now;
    if (dt <= 0) return "standing";
    // The ball leaving the robot's feet fast.
    const b0 = first.ballTruth, b1 = last.ballTruth;
    if (
      b0 && b1 && Math.hypot(b0.x - first.truth.x, b0.y - first.truth.y) < 0.5 &&
      Math.hypot(b1.x - b0.x, b1.y - b0.y) / dt > 1
    ) return "kicking";
    if (Math.abs(wrapAngle(last.truth.yaw - first.truth.yaw)) / dt > 0.5) return "turning";
    const speed = Math.hypot(last.truth.x - first.truth.x, last.truth.y - first.truth.y) / dt;
    return speed > 0.1 ? "walking" : "standing";
  }
}
