// Vision in the level frame: each polar observation (camera frame) goes through the camera pose
// of the body's kinematics and the torso tilt into a vector from the torso centre, with x
// forward, y left (both horizontal) and z up. Fills the particle filter's observation slots.

import type { NumericCore } from "../core/numeric_core.ts";
import { LANDMARK, LINE_POINT, MAX_LANDMARKS, MAX_LINE_POINTS } from "../core/layout.ts";
import {
  FLAG_NAMES,
  GOAL_POST_NAMES,
  type Polar,
  type Side,
  type Vision,
} from "../protocol/perception.ts";
import { landmark, type LandmarkName } from "../field/field.ts";
import type { TiltFilter } from "./tilt.ts";
import { wrapAngle } from "../util/angles.ts";
import { toField } from "../util/pose.ts";

export interface ObservationNoise {
  /** σ of a landmark's horizontal position: base + perMetre · distance. */
  landmarkBase: number;
  landmarkPerMetre: number;
  /** σ of a line point's distance to the nearest line: base + perMetre · distance. */
  lineBase: number;
  linePerMetre: number;
  /** Line points further than this are not used. */
  lineMaxDistance: number;
  /** Spacing of the points sampled along a seen line. */
  lineStep: number;
}

export class LevelProjector {
  private readonly t = new Float64Array(3);
  /** The last projected vector: x forward, y left, z up from the torso centre. */
  readonly v = new Float64Array(3);

  constructor(private readonly core: NumericCore, private readonly tilt: TiltFilter) {}

  /** Projects a camera-frame polar observation into the level frame (result in `v`). */
  project(p: Polar): Float64Array {
    const c = this.core.camera;
    const ce = Math.cos(p.elevation);
    const x = p.distance * ce * Math.cos(p.azimuth);
    const y = p.distance * ce * Math.sin(p.azimuth);
    const z = p.distance * Math.sin(p.elevation);
    const t = this.t;
    t[0] = c[9] + c[0] * x + c[1] * y + c[2] * z;
    t[1] = c[10] + c[3] * x + c[4] * y + c[5] * z;
    t[2] = c[11] + c[6] * x + c[7] * y + c[8] * z;
    this.tilt.toLevel(t[0], t[1], t[2], this.v, 0);
    return this.v;
  }
}

export interface ObservationCounts {
  landmarks: number;
  points: number;
}

/**
 * Writes the landmark observations and the line points of one vision frame into the core's
 * filter slots. Returns how many of each were written.
 */
export function fillObservations(
  vision: Vision,
  side: Side,
  projector: LevelProjector,
  core: NumericCore,
  noise: ObservationNoise,
): ObservationCounts {
  let nl = 0;
  for (const name of FLAG_NAMES) {
    if (addLandmark(name, vision.flags[name], nl, side, projector, core, noise)) nl++;
  }
  for (const name of GOAL_POST_NAMES) {
    if (addLandmark(name, vision.goalPosts[name], nl, side, projector, core, noise)) nl++;
  }

  let np = 0;
  for (const line of vision.lines) {
    const a = projector.project(line.a);
    const ax = a[0], ay = a[1];
    const b = projector.project(line.b);
    const bx = b[0], by = b[1];
    const len = Math.hypot(bx - ax, by - ay);
    const steps = Math.max(1, Math.min(6, Math.ceil(len / noise.lineStep)));
    for (let k = 0; k <= steps && np < MAX_LINE_POINTS; k++) {
      const x = ax + ((bx - ax) * k) / steps, y = ay + ((by - ay) * k) / steps;
      const d = Math.hypot(x, y);
      if (d > noise.lineMaxDistance) continue;
      const o = np * LINE_POINT;
      core.linePoints[o] = x;
      core.linePoints[o + 1] = y;
      core.linePoints[o + 2] = noise.lineBase + noise.linePerMetre * d;
      np++;
    }
  }
  return { landmarks: nl, points: np };
}

function addLandmark(
  name: LandmarkName,
  p: Polar | undefined,
  slot: number,
  side: Side,
  projector: LevelProjector,
  core: NumericCore,
  noise: ObservationNoise,
): boolean {
  if (!p || slot >= MAX_LANDMARKS) return false;
  const v = projector.project(p);
  const f = landmark(name, side);
  const o = slot * LANDMARK;
  core.landmarks[o] = f.x;
  core.landmarks[o + 1] = f.y;
  core.landmarks[o + 2] = v[0];
  core.landmarks[o + 3] = v[1];
  core.landmarks[o + 4] = noise.landmarkBase + noise.landmarkPerMetre * p.distance;
  return true;
}

/** A pose (x, y, θ) from two or more landmark observations in the slots, or null. */
export function poseFromLandmarks(core: NumericCore, n: number): [number, number, number] | null {
  if (n < 2) return null;
  const L = core.landmarks;
  // Heading from the most separated pair, then the position averaged over all landmarks.
  let best = -1, bi = 0, bj = 1;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const d = Math.hypot(
        L[i * LANDMARK] - L[j * LANDMARK],
        L[i * LANDMARK + 1] - L[j * LANDMARK + 1],
      );
      if (d > best) {
        best = d;
        bi = i;
        bj = j;
      }
    }
  }
  if (best < 0.5) return null;
  const i = bi * LANDMARK, j = bj * LANDMARK;
  const th = Math.atan2(L[j + 1] - L[i + 1], L[j] - L[i]) -
    Math.atan2(L[j + 3] - L[i + 3], L[j + 2] - L[i + 2]);
  const c = Math.cos(th), s = Math.sin(th);
  let x = 0, y = 0;
  for (let k = 0; k < n; k++) {
    const o = k * LANDMARK;
    x += L[o] - (c * L[o + 2] - s * L[o + 3]);
    y += L[o + 1] - (s * L[o + 2] + c * L[o + 3]);
  }
  return [x / n, y / n, wrapAngle(th)];
}

/**
 * A pose from the landmark in the first slot alone, given the heading: where we stand if that
 * landmark is seen where it is seen (for when the heading is known and only one landmark shows).
 */
export function poseFromLandmark(core: NumericCore, theta: number): [number, number, number] {
  const L = core.landmarks;
  const seen = toField({ x: 0, y: 0, theta }, L[2], L[3]);
  return [L[0] - seen.x, L[1] - seen.y, theta];
}
