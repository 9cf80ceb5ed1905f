// Small numeric helpers shared by motion and estimation: degrees to radians, clamping and angle
// wrapping.

/** Radians per degree: degrees appear only at the wire and in human-facing files. */
export const DEG = Math.PI / 180;

export function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/** The angle in (−π, π]. */
export function wrapAngle(a: number): number {
  return Math.atan2(Math.sin(a), Math.cos(a));
}
