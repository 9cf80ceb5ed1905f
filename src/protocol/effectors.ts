// Builders of agent → server messages: scene, init, beam, hinge velocities, say, syn.
// Radians inside; beam rotation becomes degrees here. Hinge velocities are rad/s on the wire.

import { JOINTS, jointsOfType, type RobotType } from "../body/joints.ts";

const RAD = 180 / Math.PI;

export const SAY_MAX_LENGTH = 20;

export function sceneMessage(type: RobotType): string {
  return `(scene rsg/agent/nao/nao_hetero.rsg ${type})`;
}

/** Team names the server accepts safely: letters, digits, '_' and '-'. */
export function teamNameError(team: string): string | null {
  if (team.length === 0) return "team name is empty";
  if (team.length > 64) return "team name is longer than 64 characters";
  if (!/^[A-Za-z0-9_-]+$/.test(team)) return `team name '${team}' may only use A-Z a-z 0-9 _ -`;
  return null;
}

export function initMessage(unum: number, team: string): string {
  return `(init (unum ${unum})(teamname ${team}))`;
}

/** Beam to (x, y) in metres on our own side's frame, facing `rot` radians. */
export function beamMessage(x: number, y: number, rot: number): string {
  return `(beam ${fmt(x)} ${fmt(y)} ${fmt(rot * RAD)})`;
}

/**
 * The server's rule for say: 1 to 20 characters from 0x21–0x7E except '(' and ')'.
 * Returns null when the text may be sent, otherwise why not.
 */
export function sayError(text: string): string | null {
  if (text.length === 0) return "say text is empty";
  if (text.length > SAY_MAX_LENGTH) return `say text has ${text.length} characters, max 20`;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x21 || c > 0x7e || c === 0x28 || c === 0x29) {
      return `say text has a forbidden character at ${i} (code ${c})`;
    }
  }
  return null;
}

export const SYN = "(syn)";

function fmt(v: number): string {
  return Number.isFinite(v) ? String(Math.round(v * 1e4) / 1e4) : "0";
}

/**
 * Writes one reply per cycle. It owns the effector names of one robot type, so that the toes
 * (lle7/rle7) are only ever sent for type 4.
 */
export class ReplyWriter {
  private readonly indices: readonly number[];
  private readonly prefixes: readonly string[];
  private parts: string[] = [];

  constructor(type: RobotType) {
    this.indices = jointsOfType(type);
    this.prefixes = this.indices.map((i) => `(${JOINTS[i].effector} `);
  }

  /** Joint indices this writer sends velocities for. */
  get joints(): readonly number[] {
    return this.indices;
  }

  add(expr: string): void {
    this.parts.push(expr);
  }

  /** Adds a say; an invalid text is never sent, and its error is returned instead. */
  say(text: string): string | null {
    const err = sayError(text);
    if (err === null) this.parts.push(`(say ${text})`);
    return err;
  }

  /** Hinge velocities in rad/s, indexed by joint index. */
  velocities(v: Float64Array): void {
    for (let k = 0; k < this.indices.length; k++) {
      this.parts.push(this.prefixes[k] + fmt(v[this.indices[k]]) + ")");
    }
  }

  /** Drops what this reply holds so far. */
  clear(): void {
    this.parts.length = 0;
  }

  /** The finished reply, always ending in (syn); resets the writer. */
  finish(): string {
    this.parts.push(SYN);
    const out = this.parts.join("");
    this.parts.length = 0;
    return out;
  }
}
