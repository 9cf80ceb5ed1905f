// CPU time per simulated cycle over a game, as the agent's own process used it (its share, when
// several agents play in one process): from the first cycle out of BeforeKickOff to the first
// GameOver, counting the cycles the server ran by its `now` stamps (the half-time break
// included), however fast or slow the server went.

import process from "node:process";
import { PlayMode } from "../protocol/playmode.ts";
import { CYCLE_SECONDS } from "../protocol/cycle.ts";

export interface CpuReport {
  /** Milliseconds of CPU (user + system) per simulated cycle. */
  msPerCycle: number;
  cycles: number;
}

export class CpuMeter {
  private fromMicros: number | null = null;
  private fromNow = 0;
  private done = false;

  /** `share`: the agents playing in this process, which split its CPU evenly. */
  constructor(private readonly share = 1) {}

  /** Called each cycle; returns the report once, on the first GameOver after a kick-off. */
  update(now: number, playMode: PlayMode): CpuReport | null {
    if (this.done) return null;
    if (this.fromMicros === null) {
      if (playMode !== PlayMode.BeforeKickOff && playMode !== PlayMode.GameOver) {
        this.fromMicros = cpuMicros();
        this.fromNow = now;
      }
      return null;
    }
    if (playMode !== PlayMode.GameOver) return null;
    this.done = true;
    const cycles = Math.round((now - this.fromNow) / CYCLE_SECONDS);
    if (cycles <= 0) return null;
    return {
      msPerCycle: (cpuMicros() - this.fromMicros) / 1000 / cycles / this.share,
      cycles,
    };
  }
}

/** The line an agent logs, and the match tool reads back from the team's log. */
export function cpuLine(r: CpuReport): string {
  return `cpu ${r.msPerCycle.toFixed(3)} ms per simulated cycle over ${r.cycles} cycles`;
}

/** Every cpuLine in `log`, read back. */
export function cpuReports(log: string): CpuReport[] {
  return [...log.matchAll(/cpu ([\d.]+) ms per simulated cycle over (\d+) cycles/g)].map((m) => ({
    msPerCycle: Number(m[1]),
    cycles: Number(m[2]),
  }));
}

function cpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}
