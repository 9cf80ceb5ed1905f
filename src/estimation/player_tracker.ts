// Teammates and opponents from their seen body parts: each player is a constant-velocity Kalman
// track on the numeric core (tracks 1…), with whether it lies on the ground (its head near its
// feet) and how long ago it was seen. A track the referee moves is put where the move lands.

import type { NumericCore } from "../core/numeric_core.ts";
import { TRACK } from "../core/layout.ts";
import { resetTrack } from "./track_reset.ts";
import { type RelocationQuery, relocationTarget } from "./relocation.ts";
import type { Point2 } from "../util/pose.ts";

export interface TrackedPlayer {
  teammate: boolean;
  unum: number;
  x: number;
  y: number;
  vx: number;
  vy: number;
  /** Lying on the ground when last judged (seenFallen). */
  fallen: boolean;
  /** Server time last seen (or put down by the referee). */
  seen: number;
}

/** A standing Nao's head is about 0.5 m above its feet; below this it is on the ground. */
export const FALLEN_HEAD_HEIGHT = 0.3;
/**
 * A head seen without a foot is judged against the ground only this near (m): its height then
 * rests on our own tilt estimate, and 1° of error there is 0.17 m at 10 m. Beyond it, 12 % of
 * standing teammates seen from 10 m and more read as fallen in a game.
 */
export const HEAD_ONLY_RANGE = 3;

/**
 * Whether a seen player lies on the ground, from its head's and lowest foot's heights in our
 * levelled frame (m; null: not seen) and its distance (m); null when it cannot be told. Head
 * against foot: an error in our own tilt moves both alike.
 */
export function seenFallen(
  head: number | null,
  foot: number | null,
  ground: number,
  distance: number,
): boolean | null {
  if (head === null) return null;
  if (foot !== null) return head - foot < FALLEN_HEAD_HEIGHT;
  return distance <= HEAD_ONLY_RANGE ? head + ground < FALLEN_HEAD_HEIGHT : null;
}

/** A track unseen this long (s) starts afresh at its next sighting. */
const TRACK_KEEP = 2;
/**
 * A track the referee moved lies this far (σ, m) about the spot: the server puts a robot down
 * beside any other already there.
 */
const PLACED_SIGMA = 0.5;

const DECAY = 0.5;
const Q_POS = 0.01;
const Q_VEL = 0.5;

export class PlayerTracker {
  /** Index 0 … 10 teammates 1 … 11, 11 … 21 opponents 1 … 11. */
  private readonly players: (TrackedPlayer | null)[] = new Array(22).fill(null);
  private readonly spot: Point2 = { x: 0, y: 0 };

  constructor(private readonly core: NumericCore) {}

  private track(slot: number): number {
    return 1 + slot;
  }

  predict(dt: number): void {
    for (let i = 0; i < this.players.length; i++) {
      if (this.players[i]) this.core.kfPredict(this.track(i), dt, DECAY, Q_POS, Q_VEL);
    }
  }

  observe(
    teammate: boolean,
    unum: number,
    x: number,
    y: number,
    fallen: boolean | null,
    sigma: number,
    now: number,
  ): void {
    if (unum < 1 || unum > 11) return;
    const slot = (teammate ? 0 : 11) + unum - 1;
    const t = this.track(slot);
    const tracks = this.core.tracks;
    let p = this.players[slot];
    if (!p || now - p.seen > TRACK_KEEP) {
      resetTrack(tracks, t, x, y, sigma);
      p = { teammate, unum, x, y, vx: 0, vy: 0, fallen: false, seen: now };
      this.players[slot] = p;
    } else {
      this.core.kfUpdate(t, x, y, sigma * sigma, Infinity);
    }
    const o = t * TRACK;
    p.x = tracks[o];
    p.y = tracks[o + 1];
    p.vx = tracks[o + 2];
    p.vy = tracks[o + 3];
    if (fallen !== null) p.fallen = fallen;
    p.seen = now;
  }

  /**
   * Puts each recent track the referee's rules certainly move (relocationTarget; the opponents by
   * theirs) where the move lands, at server time `now`.
   */
  relocate(q: RelocationQuery, now: number): void {
    const at = this.spot;
    for (let slot = 0; slot < this.players.length; slot++) {
      const p = this.players[slot];
      if (!p || now - p.seen > TRACK_KEEP) continue;
      if (relocationTarget(q, at, p, !p.teammate) !== "certain") continue;
      resetTrack(this.core.tracks, this.track(slot), at.x, at.y, PLACED_SIGMA);
      p.x = at.x;
      p.y = at.y;
      p.vx = p.vy = 0;
      p.seen = now;
    }
  }

  /** Drops any track whose estimate is not finite; the next sighting starts it again. */
  forgetNonFinite(): void {
    for (let i = 0; i < this.players.length; i++) {
      const p = this.players[i];
      if (p && !(Number.isFinite(p.x) && Number.isFinite(p.y))) this.players[i] = null;
    }
  }

  /** Every tracked player (the array is reused; copy what you keep). */
  all(): readonly (TrackedPlayer | null)[] {
    return this.players;
  }
}
