// Kick-off formation: one beam spot per uniform number on our own half, in our side's frame
// (we attack +x; the server mirrors beams for the right team). Metres and radians.

export interface Spot {
  x: number;
  y: number;
  theta: number;
}

/** Spots for unums 1–11; all at x < 0 and outside the 2 m centre circle. */
const KICK_OFF_SPOTS: readonly Spot[] = Object.freeze([
  { x: -14.0, y: 0.0, theta: 0 },
  { x: -11.0, y: -3.5, theta: 0 },
  { x: -11.0, y: 3.5, theta: 0 },
  { x: -8.5, y: -7.0, theta: 0 },
  { x: -8.5, y: 7.0, theta: 0 },
  { x: -7.0, y: 0.0, theta: 0 },
  { x: -5.0, y: -4.5, theta: 0 },
  { x: -5.0, y: 4.5, theta: 0 },
  { x: -2.5, y: -8.0, theta: 0 },
  { x: -2.5, y: 8.0, theta: 0 },
  { x: -2.5, y: 0.0, theta: 0 },
]);

export function kickOffSpot(unum: number): Spot {
  const i = Math.min(Math.max(Math.round(unum), 1), KICK_OFF_SPOTS.length) - 1;
  return KICK_OFF_SPOTS[i];
}
