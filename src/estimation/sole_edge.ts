// Where the feet carry the robot, from the foot force perceptors: flat on its soles, or on their
// edges, the heels or the tips. A robot rocked back onto its heels (or up onto its toes) stands
// on an edge for a moment; left there, it topples over. The tilt filter cannot tell: it takes a
// sole within 25° of its estimate for flat on the ground.

import type { FootName, ForceReading } from "../protocol/perception.ts";

/** On the heels (−1), flat on the soles (0), on the tips (1). */
export type SoleEdge = -1 | 0 | 1;

/** A contact point this close (m) to the end of a sole is on its edge. */
const EDGE_MARGIN = 0.01;

/**
 * On the heels: every loaded sole is loaded at its back end, and no toe. On the tips: every
 * loaded sole is loaded at its front end, or only toes are. Nothing loaded (in the air, lying on
 * the body): 0. `soleLength`: heel to tip of a sole (to the toe joint with toes), metres.
 */
export function soleEdge(
  feet: Partial<Record<FootName, ForceReading>>,
  soleLength: number,
): SoleEdge {
  const end = soleLength / 2 - EDGE_MARGIN;
  const toes = feet.lf1 !== undefined || feet.rf1 !== undefined;
  const soles = loaded(feet.lf) + loaded(feet.rf);
  const heels = atOrBehind(feet.lf, -end) + atOrBehind(feet.rf, -end);
  const tips = atOrAhead(feet.lf, end) + atOrAhead(feet.rf, end);
  if (soles > 0 && heels === soles && !toes) return -1;
  if ((soles > 0 && tips === soles) || (soles === 0 && toes)) return 1;
  return 0;
}

function loaded(f: ForceReading | undefined): number {
  return f === undefined ? 0 : 1;
}

function atOrBehind(f: ForceReading | undefined, x: number): number {
  return f !== undefined && f.c.x <= x ? 1 : 0;
}

function atOrAhead(f: ForceReading | undefined, x: number): number {
  return f !== undefined && f.c.x >= x ? 1 : 0;
}
