// Team talk over the server's say/hear: one message is 20 characters of the 88 that survive
// rcssserver3d 0.7.3 (`deno task say-alphabet` measures them), read as one number in base 88
// and packed exactly with mixed radices (128.5 of its 129.2 bits). It carries the sender's unum,
// pose and flags (down, took the last set play, going for the ball), its ball estimate with its
// age, and three players it sees, in turn. Field frame of our side (we attack +x), metres,
// radians and seconds. Who speaks when: one teammate per two-cycle slot (the server lets each
// player hear one teammate every two cycles), in unum order; a slot whose owner has gone quiet
// goes to the next unum that talks.

import { CYCLE_SECONDS } from "../protocol/cycle.ts";

/**
 * The characters a say uses, in the order of their digit value: the 88 that rcssserver3d 0.7.3
 * delivered intact to a teammate (`deno task say-alphabet`: of 0x21–0x7E without the
 * parentheses, which the server forbids, it lost only " ' ; and \).
 */
export const ALPHABET =
  "!#$%&*+,-./0123456789:<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}~";
const BASE = ALPHABET.length;
export const RADIO_LENGTH = 20;

/** Players seen by the sender, per message. */
export const RADIO_PLAYERS = 3;

/** Field extents of coordinates that travel, m. */
const X_MAX = 16;
const Y_MAX = 11;
const SELF_STEP = 0.02;
const BALL_STEP = 0.04;
const PLAYER_STEP = 0.1;
const THETA_STEPS = 180;
/** Ball ages in tenths of a second up to 3.9 s; the last code means no ball. */
const BALL_AGE_STEP = 0.1;
const BALL_AGE_CODES = 40;
/** A seen player's age travels as one of three bands of this width (s). */
export const PLAYER_AGE_BAND = 0.3;
const PLAYER_AGE_CODES = 3;
/** Seen players older than this are not sent (s). */
export const PLAYER_MAX_AGE = PLAYER_AGE_BAND * PLAYER_AGE_CODES;

function steps(max: number, step: number): number {
  return Math.round((2 * max) / step) + 1;
}

/** The radices of one message, in packing order. */
const F = {
  unum: 11,
  flags: 8,
  x: steps(X_MAX, SELF_STEP),
  y: steps(Y_MAX, SELF_STEP),
  theta: THETA_STEPS,
  ballAge: BALL_AGE_CODES + 1,
  ballX: steps(X_MAX, BALL_STEP),
  ballY: steps(Y_MAX, BALL_STEP),
  /** 0 none, 1…11 teammates, 12…22 opponents. */
  playerId: 23,
  playerX: steps(X_MAX, PLAYER_STEP),
  playerY: steps(Y_MAX, PLAYER_STEP),
  playerFallen: 2,
  playerAge: PLAYER_AGE_CODES,
} as const;

const RADICES: readonly number[] = [
  F.unum,
  F.flags,
  F.x,
  F.y,
  F.theta,
  F.ballAge,
  F.ballX,
  F.ballY,
  ...Array.from({ length: RADIO_PLAYERS }, () => [
    F.playerId,
    F.playerX,
    F.playerY,
    F.playerFallen,
    F.playerAge,
  ]).flat(),
];

/** Bits one message carries: log2 of the product of its radices. */
export const RADIO_BITS = RADICES.reduce((s, r) => s + Math.log2(r), 0);
/** Bits 20 characters of the alphabet can hold. */
export const RADIO_CAPACITY_BITS = RADIO_LENGTH * Math.log2(BASE);

export interface RadioPlayer {
  teammate: boolean;
  unum: number;
  x: number;
  y: number;
  fallen: boolean;
  /** Seconds since the sender saw it. */
  age: number;
}

export interface RadioReport {
  unum: number;
  x: number;
  y: number;
  theta: number;
  fallen: boolean;
  /** The sender took the last set play and must not touch the ball again yet. */
  taker: boolean;
  /** The sender is the player going for the ball. */
  onBall: boolean;
  /** The sender's ball estimate and how old it was when sent (s), or null. */
  ball: { x: number; y: number; age: number } | null;
  /** Up to RADIO_PLAYERS players the sender sees. */
  players: RadioPlayer[];
}

function quantize(v: number, max: number, step: number): number {
  const c = Math.min(Math.max(Number.isFinite(v) ? v : 0, -max), max);
  return Math.round((c + max) / step);
}

function wrapAngle(a: number): number {
  return a - 2 * Math.PI * Math.floor((a + Math.PI) / (2 * Math.PI));
}

/**
 * Encodes and decodes reports. The message is one number held as RADIO_LENGTH base-88 digits;
 * each field goes in by multiply-and-add and comes out by divide-with-remainder, so the packing
 * is exact. One codec per agent: it reuses its digit and field buffers.
 */
export class RadioCodec {
  private readonly digits = new Float64Array(RADIO_LENGTH);
  private readonly fields = new Float64Array(RADICES.length);

  encode(r: RadioReport): string {
    const f = this.fields;
    let i = 0;
    f[i++] = Math.min(Math.max(Math.round(r.unum), 1), 11) - 1;
    f[i++] = (r.fallen ? 1 : 0) | (r.taker ? 2 : 0) | (r.onBall ? 4 : 0);
    f[i++] = quantize(r.x, X_MAX, SELF_STEP);
    f[i++] = quantize(r.y, Y_MAX, SELF_STEP);
    f[i++] = Math.round((wrapAngle(r.theta) + Math.PI) / (2 * Math.PI) * THETA_STEPS) %
      THETA_STEPS;
    const ageCode = r.ball ? Math.round(Math.max(0, r.ball.age) / BALL_AGE_STEP) : Infinity;
    const known = ageCode < BALL_AGE_CODES;
    f[i++] = known ? ageCode : BALL_AGE_CODES;
    f[i++] = known ? quantize(r.ball!.x, X_MAX, BALL_STEP) : 0;
    f[i++] = known ? quantize(r.ball!.y, Y_MAX, BALL_STEP) : 0;
    for (let k = 0; k < RADIO_PLAYERS; k++) {
      const p = r.players[k];
      const sent = p !== undefined && p.unum >= 1 && p.unum <= 11 && p.age < PLAYER_MAX_AGE;
      f[i++] = sent ? (p.teammate ? 0 : 11) + p.unum : 0;
      f[i++] = sent ? quantize(p.x, X_MAX, PLAYER_STEP) : 0;
      f[i++] = sent ? quantize(p.y, Y_MAX, PLAYER_STEP) : 0;
      f[i++] = sent && p.fallen ? 1 : 0;
      f[i++] = sent
        ? Math.min(PLAYER_AGE_CODES - 1, Math.floor(Math.max(0, p.age) / PLAYER_AGE_BAND))
        : 0;
    }
    const d = this.digits;
    d.fill(0);
    for (let k = RADICES.length - 1; k >= 0; k--) {
      let carry = f[k];
      for (let j = 0; j < RADIO_LENGTH; j++) {
        const t = d[j] * RADICES[k] + carry;
        d[j] = t % BASE;
        carry = Math.floor(t / BASE);
      }
    }
    let text = "";
    for (let j = RADIO_LENGTH - 1; j >= 0; j--) text += ALPHABET[d[j]];
    return text;
  }

  /** The report in a heard text, or null when it is not a message of this format. */
  decode(text: string): RadioReport | null {
    if (text.length !== RADIO_LENGTH) return null;
    const d = this.digits;
    for (let j = 0; j < RADIO_LENGTH; j++) {
      const v = ALPHABET.indexOf(text[RADIO_LENGTH - 1 - j]);
      if (v < 0) return null;
      d[j] = v;
    }
    const f = this.fields;
    for (let k = 0; k < RADICES.length; k++) {
      let rem = 0;
      for (let j = RADIO_LENGTH - 1; j >= 0; j--) {
        const t = rem * BASE + d[j];
        d[j] = Math.floor(t / RADICES[k]);
        rem = t % RADICES[k];
      }
      f[k] = rem;
    }
    // A text of this format is a number below the product of the radices: nothing is left.
    for (let j = 0; j < RADIO_LENGTH; j++) if (d[j] !== 0) return null;
    let i = 0;
    const unum = f[i++] + 1;
    const flags = f[i++];
    const x = f[i++] * SELF_STEP - X_MAX;
    const y = f[i++] * SELF_STEP - Y_MAX;
    const theta = f[i++] / THETA_STEPS * 2 * Math.PI - Math.PI;
    const ageCode = f[i++];
    const bx = f[i++] * BALL_STEP - X_MAX;
    const by = f[i++] * BALL_STEP - Y_MAX;
    const players: RadioPlayer[] = [];
    for (let k = 0; k < RADIO_PLAYERS; k++) {
      const id = f[i++];
      const px = f[i++] * PLAYER_STEP - X_MAX;
      const py = f[i++] * PLAYER_STEP - Y_MAX;
      const fallen = f[i++] === 1;
      const age = (f[i++] + 0.5) * PLAYER_AGE_BAND;
      if (id === 0) continue;
      const teammate = id <= 11;
      players.push({ teammate, unum: teammate ? id : id - 11, x: px, y: py, fallen, age });
    }
    return {
      unum,
      x,
      y,
      theta,
      fallen: (flags & 1) !== 0,
      taker: (flags & 2) !== 0,
      onBall: (flags & 4) !== 0,
      ball: ageCode < BALL_AGE_CODES ? { x: bx, y: by, age: ageCode * BALL_AGE_STEP } : null,
      players,
    };
  }
}

/** A teammate not heard for this long has gone quiet and its slot is free (s): two rounds. */
export const RADIO_QUIET = 1;

/** Cycles per speaking slot: a player hears one teammate every two cycles. */
const SLOT_CYCLES = 2;

/** The unum whose slot the cycle at server time `time` is, or null between slots. */
export function slotOwner(time: number): number | null {
  const cycle = Math.round(time / CYCLE_SECONDS);
  if (cycle % SLOT_CYCLES !== 0) return null;
  return ((cycle / SLOT_CYCLES) % 11) + 1;
}

/**
 * Whether `unum` speaks at server time `time`: in its own slot, and in the slot of an owner that
 * has gone quiet (`talks(owner)` false) when it is the first unum after the owner that talks.
 */
export function speaksAt(time: number, unum: number, talks: (unum: number) => boolean): boolean {
  const owner = slotOwner(time);
  if (owner === null) return false;
  if (owner === unum) return true;
  if (talks(owner)) return false;
  for (let k = 1; k < 11; k++) {
    const u = ((owner - 1 + k) % 11) + 1;
    if (u === unum) return true;
    if (talks(u)) return false;
  }
  return false;
}
