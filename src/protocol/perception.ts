// The typed result of parsing one server message. SI units, radians and the agent frame
// (x forward, y left, z up) throughout: the parser converts the server's degrees and body axes
// at the boundary. Ground truth is kept apart in `groundTruth`, which only evaluation and
// optimization code may read.

import { PlayMode } from "./playmode.ts";

export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

/** A polar observation relative to the camera: metres and radians. */
export interface Polar {
  distance: number;
  azimuth: number;
  elevation: number;
}

export type Side = "left" | "right";

export interface GameState {
  /** Our uniform number, sent by the server only in the first GS messages after init. */
  unum: number | null;
  /** Our team side, sent together with unum. */
  side: Side | null;
  scoreLeft: number | null;
  scoreRight: number | null;
  /** Game time in seconds. */
  gameTime: number | null;
  playMode: PlayMode | null;
  /** The play mode as the server spelled it (also kept for unknown names). */
  playModeName: string | null;
}

export interface ForceReading {
  /** Centre of pressure relative to the foot body's centre, metres, foot frame. */
  c: Vec3;
  /** Force vector, newtons, foot frame (x forward, y left, z up). */
  f: Vec3;
}

export type FootName = "lf" | "rf" | "lf1" | "rf1";
export type FlagName = "F1L" | "F1R" | "F2L" | "F2R";
export type GoalPostName = "G1L" | "G1R" | "G2L" | "G2R";
export type PlayerPartName = "head" | "llowerarm" | "rlowerarm" | "lfoot" | "rfoot";

export const FLAG_NAMES: readonly FlagName[] = ["F1L", "F1R", "F2L", "F2R"];
export const GOAL_POST_NAMES: readonly GoalPostName[] = ["G1L", "G1R", "G2L", "G2R"];
export const PLAYER_PART_NAMES: readonly PlayerPartName[] = [
  "head",
  "llowerarm",
  "rlowerarm",
  "lfoot",
  "rfoot",
];

export interface SeenPlayer {
  team: string;
  id: number;
  parts: Partial<Record<PlayerPartName, Polar>>;
}

export interface SeenLine {
  a: Polar;
  b: Polar;
}

export interface Vision {
  flags: Partial<Record<FlagName, Polar>>;
  goalPosts: Partial<Record<GoalPostName, Polar>>;
  ball: Polar | null;
  players: SeenPlayer[];
  lines: SeenLine[];
}

/** Server ground truth (mypos/myorien/ballpos). Evaluation and optimization code only. */
export interface GroundTruth {
  myPos: Vec3 | null;
  /** The head's yaw in the field frame, radians (the torso's plus the head's pan). */
  myOrientation: number | null;
  ballPos: Vec3 | null;
}

export interface Heard {
  /** Sender's team; null for servers that do not send it. */
  team: string | null;
  time: number;
  /** True when we hear our own say. */
  self: boolean;
  /** Horizontal direction of the sound, radians; null when self. */
  direction: number | null;
  message: string;
}

export interface AgentStateReading {
  temperature: number | null;
  battery: number | null;
}

export interface Perception {
  /** Server time (now), seconds; null when absent. */
  time: number | null;
  gameState: GameState | null;
  /** Torso angular velocity, rad/s, torso frame (x forward, y left, z up). */
  gyro: Vec3 | null;
  /** Torso specific force, m/s², torso frame (+9.81 on z when upright at rest). */
  acc: Vec3 | null;
  /** Joint angles in radians by joint index (body/joints.ts); NaN where not sent. */
  joints: Float64Array;
  feet: Partial<Record<FootName, ForceReading>>;
  vision: Vision | null;
  groundTruth: GroundTruth | null;
  heard: Heard[];
  agentState: AgentStateReading | null;
  /** Expressions the parser did not recognise and skipped. */
  unknownExpressions: number;
}
