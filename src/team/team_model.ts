// What teammates said: the latest report of each unum and the server time it was heard. Fed from
// hear perceptions; the team world (src/world/team_world.ts) fuses it with what we see. One per
// agent.

import type { Heard } from "../protocol/perception.ts";
import { RadioCodec, type RadioReport } from "./radio.ts";

export interface HeardReport extends RadioReport {
  /**
   * Server time the report was heard (the hear's own time field is game time, which stands
   * still outside play).
   */
  time: number;
}

export class TeamModel {
  private readonly reports: (HeardReport | null)[] = new Array(12).fill(null);
  private readonly codec = new RadioCodec();

  constructor(private readonly team: string, private readonly unum: () => number | null) {}

  /** Takes our team's reports from this cycle's hear perceptions, heard at server time `now`. */
  hear(heard: readonly Heard[], now: number): void {
    for (const h of heard) {
      if (h.self || (h.team !== null && h.team !== this.team)) continue;
      const r = this.codec.decode(h.message);
      if (!r || r.unum === this.unum()) continue;
      this.reports[r.unum] = { ...r, time: now };
    }
  }

  /** The teammate's latest report if it is at most `maxAge` seconds old at `now`. */
  report(unum: number, now: number, maxAge: number): HeardReport | null {
    const m = this.reports[unum];
    return m && now - m.time <= maxAge ? m : null;
  }

  /** Every teammate's latest report, by unum (index 0 unused). */
  all(): readonly (HeardReport | null)[] {
    return this.reports;
  }

  /** After a beam or kick-off positions change: forget everyone. */
  clear(): void {
    this.reports.fill(null);
  }
}
