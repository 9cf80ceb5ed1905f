// The team world model: one agent's belief about each teammate, each opponent and the ball,
// fused from its own vision tracks and what teammates said. Each belief has a position, a
// velocity where it is known, the server time the information describes and its source (seen,
// heard, or both within one vision period). A heard report replaces a belief only when it is
// fresher than what this agent saw; our own ball sighting wins while it is younger than
// FRESH.ownBall, because a teammate's ball carries its own localization error too. Field frame of
// our side (we attack +x). Updated once per server message; behaviours read it through the view.

import type { TrackedPlayer } from "../estimation/player_tracker.ts";
import type { HeardReport, TeamModel } from "../team/team_model.ts";

/** How long information counts, seconds: the one place every consumer reads. */
export const FRESH = {
  /** Our own ball sighting beats a fresher heard one this long. */
  ownBall: 1.5,
  /** Any ball belief counts this long. */
  ball: 4,
  /** A player belief counts this long. */
  player: 2,
  /** A teammate's claim of the ball counts this long (it is repeated every 0.44 s). */
  claim: 1,
} as const;

/** Two pieces of information this close in time describe the same moment (one vision period). */
const SAME_MOMENT = 0.06;

export type Source = "seen" | "heard" | "both";

export interface Belief {
  x: number;
  y: number;
  /** Velocity, m/s; 0 where only heard. */
  vx: number;
  vy: number;
  /** Server time the information describes. */
  time: number;
  source: Source;
  fallen: boolean;
}

export interface MateBelief extends Belief {
  /** From the teammate's own latest report (false without one). */
  onBall: boolean;
  taker: boolean;
  /** Server time of that report, NaN without one. */
  reportTime: number;
}

/** What we know of ourselves and our own sightings this cycle. */
export interface OwnPicture {
  now: number;
  unum: number | null;
  /** Our vision tracks of players. */
  players: Iterable<Readonly<TrackedPlayer> | null>;
  /** Our ball estimate and the server time we last saw the ball (NaN: never). */
  ball: { x: number; y: number; vx: number; vy: number } | null;
  ballSeen: number;
}

function newBelief(): Belief {
  return { x: 0, y: 0, vx: 0, vy: 0, time: -Infinity, source: "seen", fallen: false };
}

function newMate(): MateBelief {
  return { ...newBelief(), onBall: false, taker: false, reportTime: NaN };
}

/** Keeps in `b` the freshest of one cycle's own sighting and heard candidates. */
class Fuser {
  private best = -Infinity;
  private seen = -Infinity;
  private heard = -Infinity;

  constructor(private readonly b: Belief) {}

  start(): void {
    this.best = this.seen = this.heard = -Infinity;
  }

  own(x: number, y: number, vx: number, vy: number, fallen: boolean, time: number): void {
    this.seen = time;
    if (time > this.best) this.take(x, y, vx, vy, fallen, time);
  }

  offer(x: number, y: number, fallen: boolean, time: number): void {
    this.heard = Math.max(this.heard, time);
    if (time > this.best) this.take(x, y, 0, 0, fallen, time);
  }

  /** Whether anything was known; fixes the source. */
  finish(): boolean {
    if (this.best === -Infinity) return false;
    const b = this.b;
    const both = Math.abs(this.seen - this.heard) <= SAME_MOMENT;
    b.source = both ? "both" : this.best === this.seen ? "seen" : "heard";
    return true;
  }

  private take(x: number, y: number, vx: number, vy: number, fallen: boolean, t: number): void {
    const b = this.b;
    b.x = x;
    b.y = y;
    b.vx = vx;
    b.vy = vy;
    b.fallen = fallen;
    b.time = t;
    this.best = t;
  }
}

export class TeamWorld {
  private readonly mateBeliefs: MateBelief[] = Array.from({ length: 12 }, newMate);
  private readonly oppBeliefs: Belief[] = Array.from({ length: 12 }, newBelief);
  private readonly ballBelief: Belief = newBelief();
  private readonly known = { mates: new Array(12).fill(false), opps: new Array(12).fill(false) };
  private ballKnown = false;
  private readonly mateFusers = this.mateBeliefs.map((b) => new Fuser(b));
  private readonly oppFusers = this.oppBeliefs.map((b) => new Fuser(b));
  private readonly ballFuser = new Fuser(this.ballBelief);

  update(own: OwnPicture, team: TeamModel): void {
    for (const f of this.mateFusers) f.start();
    for (const f of this.oppFusers) f.start();
    for (const p of own.players) {
      if (!p || p.unum < 1 || p.unum > 11) continue;
      if (p.teammate && p.unum === own.unum) continue;
      (p.teammate ? this.mateFusers : this.oppFusers)[p.unum].own(
        p.x,
        p.y,
        p.vx,
        p.vy,
        p.fallen,
        p.seen,
      );
    }
    const reports = team.all();
    for (let u = 1; u <= 11; u++) {
      const r = reports[u];
      const m = this.mateBeliefs[u];
      m.onBall = r?.onBall ?? false;
      m.taker = r?.taker ?? false;
      m.reportTime = r ? r.time : NaN;
      if (!r || u === own.unum) continue;
      this.mateFusers[u].offer(r.x, r.y, r.fallen, r.time);
      for (const p of r.players) this.heardPlayer(p, r, own.unum);
    }
    for (let u = 1; u <= 11; u++) {
      this.known.mates[u] = u !== own.unum && this.mateFusers[u].finish();
      this.known.opps[u] = this.oppFusers[u].finish();
    }
    this.fuseBall(own, reports);
  }

  private heardPlayer(p: HeardReport["players"][number], r: HeardReport, self: number | null) {
    if (p.teammate && p.unum === self) return;
    (p.teammate ? this.mateFusers : this.oppFusers)[p.unum].offer(
      p.x,
      p.y,
      p.fallen,
      r.time - p.age,
    );
  }

  private fuseBall(own: OwnPicture, reports: readonly (HeardReport | null)[]): void {
    const f = this.ballFuser;
    f.start();
    const ownSeen = Number.isNaN(own.ballSeen) ? -Infinity : own.ballSeen;
    const b = own.ball;
    if (b) f.own(b.x, b.y, b.vx, b.vy, false, ownSeen);
    const ownFresh = own.ball !== null && own.now - ownSeen < FRESH.ownBall;
    if (!ownFresh) {
      for (let u = 1; u <= 11; u++) {
        const r = reports[u];
        if (r?.ball && u !== own.unum) f.offer(r.ball.x, r.ball.y, false, r.time - r.ball.age);
      }
    }
    this.ballKnown = f.finish();
  }

  /** Teammate `unum`'s belief if its information is at most `maxAge` old at `now`. */
  mate(unum: number, now: number, maxAge: number = FRESH.player): Readonly<MateBelief> | null {
    const b = this.mateBeliefs[unum];
    return this.known.mates[unum] && now - b.time <= maxAge ? b : null;
  }

  opponent(unum: number, now: number, maxAge: number = FRESH.player): Readonly<Belief> | null {
    const b = this.oppBeliefs[unum];
    return this.known.opps[unum] && now - b.time <= maxAge ? b : null;
  }

  ball(now: number, maxAge: number = FRESH.ball): Readonly<Belief> | null {
    return this.ballKnown && now - this.ballBelief.time <= maxAge ? this.ballBelief : null;
  }
}
