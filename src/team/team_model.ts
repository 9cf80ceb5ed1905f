// What we know of our teammates from team talk: the latest report of each unum and when it was
// heard, and the freshest ball any teammate reported. Fed from hear perceptions; read by the
// team behaviour. One per agent.

import type { Heard } from "../protocol/perception.ts";
import { decodeRadio, type RadioReport } from "./radio.ts";

export interface HeardTeammate extends RadioReport {
  /** Server time the report was heard (the hear's own time field is game time, which stands
   * still outside play). */
  time: number;
}

export interface HeardBall {
  x: number;
  y: number;
  /** Server time the reporting teammate last saw it. */
  seen: number;
  from: number;
}

export class TeamModel {
  private readonly mates: (HeardTeammate | null)[] = new Array(12).fill(null);

  constructor(private readonly team: string, private readonly unum: () => number | null) {}

  /** Takes our team's reports from this cycle's hear perceptions, heard at server time `now`. */
  hear(heard: readonly Heard[], now: number): void {
    for (const h of heard) {
      if (h.self || (h.team !== null && h.team !== this.team)) continue;
      const r = decodeRadio(h.message);
      if (!r || r.unum === this.unum()) continue;
      this.mates[r.unum] = { ...r, time: now };
    }
  }

  /** The teammate's latest report if it is at most `maxAge` seconds old at `now`. */
  mate(unum: number, now: number, maxAge: number): HeardTeammate | null {
    const m = this.mates[unum];
    return m && now - m.time <= maxAge ? m : null;
  }

  /** The most recently seen ball among the reports, or null. */
  ball(now: number, maxAge: number): HeardBall | null {
    let best: HeardBall | null = null;
    for (const m of this.mates) {
      if (!m?.ball) continue;
      const seen = m.time - m.ball.age;
      if (now - seen > maxAge) continue;
      if (!best || seen > best.seen) best = { x: m.ball.x, y: m.ball.y, seen, from: m.unum };
    }
    return best;
  }

  /** After a beam or kick-off positions change: forget everyone. */
  clear(): void {
    this.mates.fill(null);
  }
}
