// Keeps values physics does not allow out of the world model: every parsed perception passes
// here before it updates the world. A value that fails is dropped (the reading counts as not
// sent), and one rate-limited warning line names it. What it checks: times that advance by about
// a cycle, a game time within a game's length, unum and side that never change once given,
// no play mode after GameOver, joint angles near their limits, gyro, accelerometer and foot
// forces a robot can feel, and sightings at distances and angles a camera on the field can have.

import { JOINTS } from "../body/joints.ts";
import type { Perception, Polar, Side, Vec3 } from "../protocol/perception.ts";
import { PlayMode } from "../protocol/playmode.ts";

/** A message's server time may jump ahead this far (s): a paused server, a dropped stretch. */
const MAX_TIME_STEP = 60;
/** Two dropped times this close (s) in a row are a new timeline, taken from then on. */
const RESYNC_STEP = 0.1;
/** A game lasts at most this long, extra time included (s). */
const MAX_GAME_TIME = 3600;
/** Joint angles may exceed their limits by this much (rad, ~10°). */
const JOINT_SLACK = 0.18;
/**
 * Largest gyro rate (rad/s, ~2300 °/s), accelerometer reading (m/s²) and foot force (N): well
 * above what collisions gave in a game (11 rad/s, 151 m/s², 2.7 kN).
 */
const MAX_GYRO = 40;
const MAX_ACC = 1000;
const MAX_FORCE = 10000;
/** Farthest a camera on the field sees anything (m: the diagonal plus margin). */
const MAX_SIGHT = 45;
/** Warnings of one kind are written at most once per this many seconds. */
const WARN_EVERY = 10;

export type Warn = (line: string) => void;

export class PerceptionGuard {
  private lastTime = NaN;
  /** The last dropped time, which the next message may confirm as a new timeline. */
  private pendingTime = NaN;
  private unum: number | null = null;
  private side: Side | null = null;
  private gameOver = false;
  /** Drops by kind, and when each kind was last warned about (wall-clock ms). */
  readonly dropped = new Map<string, number>();
  /** Values dropped by the current check(). */
  private drops = 0;
  private readonly warnedAt = new Map<string, number>();

  constructor(private readonly warn: Warn) {}

  /** Drops from `p` what cannot be true; returns how many values were dropped. */
  check(p: Perception): number {
    this.drops = 0;
    if (p.time !== null) this.checkTime(p);
    if (p.gameState) this.checkGameState(p.gameState);
    this.checkBody(p);
    if (p.vision) this.checkVision(p.vision);
    return this.drops;
  }

  private drop(kind: string, what: string): void {
    this.drops++;
    this.note(kind, what);
  }

  /** Server time: never backwards, never a wild jump, unless two messages agree on a new one. */
  private checkTime(p: Perception): void {
    const t = p.time!;
    const ok = Number.isFinite(t) && t >= 0 &&
      (Number.isNaN(this.lastTime) || (t >= this.lastTime && t - this.lastTime <= MAX_TIME_STEP));
    // A new timeline that two messages in a row agree on is the server's (a restarted or
    // re-joined server), not a wild value.
    const resync = !ok && Number.isFinite(t) && t > this.pendingTime &&
      t - this.pendingTime <= RESYNC_STEP;
    if (ok || resync) {
      this.lastTime = t;
      this.pendingTime = NaN;
    } else {
      this.drop("time", `server time ${t} after ${this.lastTime}`);
      this.pendingTime = t;
      p.time = null;
    }
  }

  /** Game time, our unum and side (never changing once given), play mode, scores. */
  private checkGameState(gs: NonNullable<Perception["gameState"]>): void {
    if (gs.gameTime !== null && !(gs.gameTime >= 0 && gs.gameTime <= MAX_GAME_TIME)) {
      this.drop("gameTime", `game time ${gs.gameTime}`);
      gs.gameTime = null;
    }
    if (gs.unum !== null) {
      const bad = !Number.isInteger(gs.unum) || gs.unum < 1 || gs.unum > 11 ||
        (this.unum !== null && gs.unum !== this.unum);
      if (bad) {
        this.drop("unum", `unum ${gs.unum} (was ${this.unum})`);
        gs.unum = null;
      } else this.unum = gs.unum;
    }
    if (gs.side !== null) {
      if (this.side !== null && gs.side !== this.side) {
        this.drop("side", `side ${gs.side} (was ${this.side})`);
        gs.side = null;
      } else this.side = gs.side;
    }
    if (gs.playMode !== null) {
      if (this.gameOver && gs.playMode !== PlayMode.GameOver) {
        this.drop("playMode", `play mode ${gs.playModeName} after GameOver`);
        gs.playMode = null;
        gs.playModeName = null;
      } else if (gs.playMode === PlayMode.GameOver) this.gameOver = true;
    }
    if (gs.scoreLeft !== null && !validScore(gs.scoreLeft)) {
      this.drop("score", `scoreLeft ${gs.scoreLeft}`);
      gs.scoreLeft = null;
    }
    if (gs.scoreRight !== null && !validScore(gs.scoreRight)) {
      this.drop("score", `scoreRight ${gs.scoreRight}`);
      gs.scoreRight = null;
    }
  }

  /** Gyro, accelerometer, joint angles within their limits, foot forces. */
  private checkBody(p: Perception): void {
    if (p.gyro && !within(p.gyro, MAX_GYRO)) {
      this.drop("gyro", `gyro ${fmt(p.gyro)}`);
      p.gyro = null;
    }
    if (p.acc && !within(p.acc, MAX_ACC)) {
      this.drop("acc", `accelerometer ${fmt(p.acc)}`);
      p.acc = null;
    }
    for (const j of JOINTS) {
      const q = p.joints[j.index];
      if (Number.isNaN(q)) continue;
      if (!(q >= j.min - JOINT_SLACK && q <= j.max + JOINT_SLACK)) {
        this.drop("joint", `joint ${j.perceptor} at ${q} rad`);
        p.joints[j.index] = NaN;
      }
    }
    for (const name in p.feet) {
      const f = p.feet[name as keyof typeof p.feet];
      if (!f || !within(f.f, MAX_FORCE) || !within(f.c, 1)) {
        this.drop("force", `foot force ${name}`);
        delete p.feet[name as keyof typeof p.feet];
      }
    }
  }

  /** Everything seen: at a distance and angles a camera can see. */
  private checkVision(v: NonNullable<Perception["vision"]>): void {
    this.checkSights(v.flags as Record<string, Polar | undefined>);
    this.checkSights(v.goalPosts as Record<string, Polar | undefined>);
    if (v.ball && !sightable(v.ball)) {
      this.drop("sight", `ball at ${fmtPolar(v.ball)}`);
      v.ball = null;
    }
    for (const pl of v.players) {
      for (const part in pl.parts) {
        const pol = pl.parts[part as keyof typeof pl.parts];
        if (pol && !sightable(pol)) {
          this.drop("sight", `player ${pl.id} ${part} at ${fmtPolar(pol)}`);
          delete pl.parts[part as keyof typeof pl.parts];
        }
      }
    }
    let bad = 0;
    for (const l of v.lines) if (!sightable(l.a) || !sightable(l.b)) bad++;
    if (bad > 0) {
      v.lines = v.lines.filter((l) => sightable(l.a) && sightable(l.b));
      this.drop("sight", `${bad} field line(s)`);
    }
  }

  private checkSights(group: Record<string, Polar | undefined>): void {
    for (const name in group) {
      const pol = group[name];
      if (pol && !sightable(pol)) {
        this.drop("sight", `${name} at ${fmtPolar(pol)}`);
        delete group[name];
      }
    }
  }

  private note(kind: string, what: string): void {
    const count = (this.dropped.get(kind) ?? 0) + 1;
    this.dropped.set(kind, count);
    const now = Date.now();
    const last = this.warnedAt.get(kind);
    if (last !== undefined && now - last < WARN_EVERY * 1000) return;
    this.warnedAt.set(kind, now);
    this.warn(
      `dropped an impossible value from the server: ${what} (${count} of this kind so far)`,
    );
  }
}

function within(v: Vec3, max: number): boolean {
  return Math.abs(v.x) <= max && Math.abs(v.y) <= max && Math.abs(v.z) <= max;
}

function sightable(p: Polar): boolean {
  return p.distance >= 0 && p.distance <= MAX_SIGHT && Math.abs(p.azimuth) <= Math.PI &&
    Math.abs(p.elevation) <= Math.PI / 2;
}

function fmt(v: Vec3): string {
  return `(${v.x}, ${v.y}, ${v.z})`;
}

function fmtPolar(p: Polar): string {
  return `${p.distance} m, ${p.azimuth} rad, ${p.elevation} rad`;
}

function validScore(s: number): boolean {
  return Number.isInteger(s) && s >= 0 && s < 1000;
}
