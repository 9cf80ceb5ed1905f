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
  private readonly warnedAt = new Map<string, number>();

  constructor(private readonly warn: Warn) {}

  /** Drops from `p` what cannot be true; returns how many values were dropped. */
  check(p: Perception): number {
    let n = 0;
    const drop = (kind: string, what: string) => {
      n++;
      this.note(kind, what);
    };
    if (p.time !== null) {
      const t = p.time;
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
        drop("time", `server time ${t} after ${this.lastTime}`);
        this.pendingTime = t;
        p.time = null;
      }
    }
    const gs = p.gameState;
    if (gs) {
      if (gs.gameTime !== null && !(gs.gameTime >= 0 && gs.gameTime <= MAX_GAME_TIME)) {
        drop("gameTime", `game time ${gs.gameTime}`);
        gs.gameTime = null;
      }
      if (gs.unum !== null) {
        const bad = !Number.isInteger(gs.unum) || gs.unum < 1 || gs.unum > 11 ||
          (this.unum !== null && gs.unum !== this.unum);
        if (bad) {
          drop("unum", `unum ${gs.unum} (was ${this.unum})`);
          gs.unum = null;
        } else this.unum = gs.unum;
      }
      if (gs.side !== null) {
        if (this.side !== null && gs.side !== this.side) {
          drop("side", `side ${gs.side} (was ${this.side})`);
          gs.side = null;
        } else this.side = gs.side;
      }
      if (gs.playMode !== null) {
        if (this.gameOver && gs.playMode !== PlayMode.GameOver) {
          drop("playMode", `play mode ${gs.playModeName} after GameOver`);
          gs.playMode = null;
          gs.playModeName = null;
        } else if (gs.playMode === PlayMode.GameOver) this.gameOver = true;
      }
      for (const k of ["scoreLeft", "scoreRight"] as const) {
        const s = gs[k];
        if (s !== null && !(Number.isInteger(s) && s >= 0 && s < 1000)) {
          drop("score", `${k} ${s}`);
          gs[k] = null;
        }
      }
    }
    if (p.gyro && !within(p.gyro, MAX_GYRO)) {
      drop("gyro", `gyro ${fmt(p.gyro)}`);
      p.gyro = null;
    }
    if (p.acc && !within(p.acc, MAX_ACC)) {
      drop("acc", `accelerometer ${fmt(p.acc)}`);
      p.acc = null;
    }
    for (const j of JOINTS) {
      const q = p.joints[j.index];
      if (Number.isNaN(q)) continue;
      if (!(q >= j.min - JOINT_SLACK && q <= j.max + JOINT_SLACK)) {
        drop("joint", `joint ${j.perceptor} at ${q} rad`);
        p.joints[j.index] = NaN;
      }
    }
    for (const [name, f] of Object.entries(p.feet)) {
      if (!f || !within(f.f, MAX_FORCE) || !within(f.c, 1)) {
        drop("force", `foot force ${name}`);
        delete p.feet[name as keyof typeof p.feet];
      }
    }
    const v = p.vision;
    if (v) {
      for (const group of [v.flags, v.goalPosts] as Record<string, Polar | undefined>[]) {
        for (const [name, pol] of Object.entries(group)) {
          if (pol && !sightable(pol)) {
            drop("sight", `${name} at ${fmtPolar(pol)}`);
            delete group[name];
          }
        }
      }
      if (v.ball && !sightable(v.ball)) {
        drop("sight", `ball at ${fmtPolar(v.ball)}`);
        v.ball = null;
      }
      for (const pl of v.players) {
        for (const [part, pol] of Object.entries(pl.parts)) {
          if (pol && !sightable(pol)) {
            drop("sight", `player ${pl.id} ${part} at ${fmtPolar(pol)}`);
            delete pl.parts[part as keyof typeof pl.parts];
          }
        }
      }
      const before = v.lines.length;
      v.lines = v.lines.filter((l) => sightable(l.a) && sightable(l.b));
      if (v.lines.length < before) drop("sight", `${before - v.lines.length} field line(s)`);
    }
    return n;
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
