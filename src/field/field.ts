// The soccer field of rcssserver3d 0.7.x, for the numeric core, estimation and play alike: its
// dimensions, landmark positions (flags and goal posts) and the line segments vision reports, in
// our own frame (we attack +x; for the right team every (x, y) is negated), and a distance map of
// the lines for fast matching.

import type { Side } from "../protocol/perception.ts";
import type { FlagName, GoalPostName } from "../protocol/perception.ts";
import { segmentDistance } from "../util/pose.ts";

export const FIELD_LENGTH = 30;
export const FIELD_WIDTH = 20;
export const GOAL_WIDTH = 2.1;
export const GOAL_POST_HEIGHT = 0.8;
export const PENALTY_DEPTH = 1.8;
export const PENALTY_WIDTH = 6;
export const CENTER_CIRCLE_RADIUS = 2;
/**
 * The referee's FreeKickDistance and FreeKickMoveDist (naosoccersim.rb), metres: at a set play,
 * a kick-off or a drop ball it moves a robot of the side not taking it from within the first of
 * the ball to the second behind it, along x.
 */
export const FREE_KICK_DIST = 2.0;
export const FREE_KICK_MOVE = 2.5;

export type LandmarkName = FlagName | GoalPostName;

interface Point3 {
  x: number;
  y: number;
  z: number;
}

/** Landmarks in the world frame (the left team's frame), as the server places them. */
const WORLD_LANDMARKS: Readonly<Record<LandmarkName, Point3>> = {
  F1L: { x: -15, y: 10, z: 0 },
  F2L: { x: -15, y: -10, z: 0 },
  F1R: { x: 15, y: 10, z: 0 },
  F2R: { x: 15, y: -10, z: 0 },
  G1L: { x: -15, y: 1.05, z: GOAL_POST_HEIGHT },
  G2L: { x: -15, y: -1.05, z: GOAL_POST_HEIGHT },
  G1R: { x: 15, y: 1.05, z: GOAL_POST_HEIGHT },
  G2R: { x: 15, y: -1.05, z: GOAL_POST_HEIGHT },
};

/**
 * Field line segments [x1, y1, x2, y2]: borders, halfway, boxes, circle. The field is symmetric,
 * so the set is the same in our frame for either side.
 */
export function fieldLines(): number[][] {
  const h = FIELD_LENGTH / 2, w = FIELD_WIDTH / 2, bx = h - PENALTY_DEPTH, by = PENALTY_WIDTH / 2;
  const lines = [
    [0, -w, 0, w],
    [h, -w, h, w],
    [-h, -w, -h, w],
    [h, w, -h, w],
    [h, -w, -h, -w],
    [bx, by, bx, -by],
    [bx, by, h, by],
    [bx, -by, h, -by],
    [-bx, by, -bx, -by],
    [-bx, by, -h, by],
    [-bx, -by, -h, -by],
  ];
  for (let k = 0; k < 10; k++) {
    const a = (k * Math.PI) / 5, b = ((k + 1) * Math.PI) / 5;
    const r = CENTER_CIRCLE_RADIUS;
    lines.push([r * Math.cos(a), r * Math.sin(a), r * Math.cos(b), r * Math.sin(b)]);
  }
  return lines;
}

/** A landmark's position in our frame. */
export function landmark(name: LandmarkName, side: Side): Point3 {
  const p = WORLD_LANDMARKS[name];
  return side === "left" ? { ...p } : { x: -p.x, y: -p.y, z: p.z };
}

/** Grid geometry of the distance map: it covers the field plus a margin. */
export const GRID = {
  /** Cell size, metres. */
  resolution: 0.05,
  x0: -FIELD_LENGTH / 2 - 1,
  y0: -FIELD_WIDTH / 2 - 1,
  width: Math.round((FIELD_LENGTH + 2) / 0.05),
  height: Math.round((FIELD_WIDTH + 2) / 0.05),
  /** Distances are stored in centimetres and saturate here. */
  maxCm: 255,
} as const;

/** Distance (cm, saturating at 255) from each grid cell centre to the nearest field line. */
export function buildDistanceMap(out: Uint8Array): void {
  const { resolution, x0, y0, width, height, maxCm } = GRID;
  if (out.length < width * height) throw new RangeError("distance map buffer too small");
  out.fill(maxCm, 0, width * height);
  const reach = maxCm / 100;
  // Each segment only touches the cells within saturation distance of it.
  for (const l of fieldLines()) {
    const i0 = Math.max(0, Math.floor((Math.min(l[0], l[2]) - reach - x0) / resolution));
    const i1 = Math.min(width - 1, Math.ceil((Math.max(l[0], l[2]) + reach - x0) / resolution));
    const j0 = Math.max(0, Math.floor((Math.min(l[1], l[3]) - reach - y0) / resolution));
    const j1 = Math.min(height - 1, Math.ceil((Math.max(l[1], l[3]) + reach - y0) / resolution));
    for (let j = j0; j <= j1; j++) {
      const y = y0 + (j + 0.5) * resolution;
      for (let i = i0; i <= i1; i++) {
        const cm = Math.round(
          segmentDistance(x0 + (i + 0.5) * resolution, y, l[0], l[1], l[2], l[3]) * 100,
        );
        if (cm < out[j * width + i]) out[j * width + i] = cm;
      }
    }
  }
}
