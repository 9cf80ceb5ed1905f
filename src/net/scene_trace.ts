// A compact trace of a game from the monitor's scene: every SAMPLE_EVERY seconds of game time one
// JSON line with the half, time, play mode, the ball, and each robot's torso (x, y, z: a torso
// below about 0.25 m is a fallen robot), for analysing both teams without ground truth in the
// agents. Metres, rounded to centimetres.

import type { MonitorGameState } from "./monitor_state.ts";
import type { MonitorScene } from "./monitor_scene.ts";

/** Seconds of game time between samples: five cycles. */
const SAMPLE_EVERY = 0.1;

/** One sample: robots as [unum, x, y, z] per team. */
export interface SceneSample {
  half: number;
  t: number;
  pm: string;
  ball: [number, number, number] | null;
  left: [number, number, number, number][];
  right: [number, number, number, number][];
}

const cm = (v: number) => Math.round(v * 100) / 100;

export class SceneTrace {
  readonly samples: SceneSample[] = [];
  private next = 0;
  private half = 1;

  /** After `game` and `scene` took in the same monitor message. */
  update(game: MonitorGameState, scene: MonitorScene): void {
    if (game.half !== this.half) [this.half, this.next] = [game.half, 0];
    if (game.time < this.next) return;
    this.next = (Math.floor(game.time / SAMPLE_EVERY + 1e-6) + 1) * SAMPLE_EVERY;
    const b = scene.ball();
    const sample: SceneSample = {
      half: game.half,
      t: cm(game.time),
      pm: game.playMode,
      ball: b ? [cm(b.x), cm(b.y), cm(b.z)] : null,
      left: [],
      right: [],
    };
    for (const r of scene.robots()) {
      const torso = r.parts[0].at;
      sample[r.team].push([r.unum, cm(torso.x), cm(torso.y), cm(torso.z)]);
    }
    this.samples.push(sample);
  }

  /** The samples as JSON lines. */
  text(): string {
    return this.samples.map((s) => JSON.stringify(s) + "\n").join("");
  }
}
