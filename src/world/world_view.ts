// The read-only view of the world that behaviours get once per cycle: game state, our pose, the
// ball and the other players, all in our side-normalised frame (we always attack +x; the
// estimator works in it from the start, so nothing here needs flipping).

import type { Estimator } from "../estimation/estimator.ts";
import type { TrackedPlayer } from "../estimation/player_tracker.ts";
import type { Side } from "../protocol/perception.ts";
import type { PlayMode } from "../protocol/playmode.ts";
import type { BallEstimate, PoseEstimate, WorldState } from "./world_state.ts";

export interface WorldView {
  readonly time: number;
  readonly gameTime: number;
  readonly playMode: PlayMode;
  readonly playModeName: string;
  /** Seconds since the play mode began (as first perceived). */
  readonly modeTime: number;
  readonly side: Side | null;
  readonly unum: number | null;
  readonly goalDifference: number;
  /** Our torso pose on the field, or null before the first fix. */
  readonly self: Readonly<PoseEstimate> | null;
  /** 0…1 confidence of the self estimate. */
  readonly selfConfidence: number;
  readonly localized: boolean;
  readonly ball: Readonly<BallEstimate> | null;
  /** Seconds since the ball was last seen (Infinity if never). */
  readonly ballAge: number;
  readonly teammates: readonly Readonly<TrackedPlayer>[];
  readonly opponents: readonly Readonly<TrackedPlayer>[];
}

/** Builds this cycle's view from the world state and the estimator. */
export function worldView(w: WorldState, est: Estimator): WorldView {
  const teammates: TrackedPlayer[] = [];
  const opponents: TrackedPlayer[] = [];
  for (const p of est.players.all()) {
    if (!p) continue;
    (p.teammate ? teammates : opponents).push({ ...p });
  }
  const seen = est.ball.lastSeen;
  return Object.freeze({
    time: w.time,
    gameTime: w.gameTime,
    playMode: w.playMode,
    playModeName: w.playModeName,
    modeTime: w.time - w.playModeSince,
    side: w.side,
    unum: w.unum,
    goalDifference: w.goalDifference,
    self: w.self ? Object.freeze({ ...w.self }) : null,
    selfConfidence: est.localizer.confidence,
    localized: est.localized(w.time),
    ball: w.ball ? Object.freeze({ ...w.ball }) : null,
    ballAge: Number.isNaN(seen) ? Infinity : w.time - seen,
    teammates: Object.freeze(teammates),
    opponents: Object.freeze(opponents),
  });
}

/** A point given in the world frame (the left team's, as trainer commands use) in our frame. */
export function toOwnFrame(x: number, y: number, side: Side): { x: number; y: number } {
  return side === "left" ? { x, y } : { x: -x, y: -y };
}
