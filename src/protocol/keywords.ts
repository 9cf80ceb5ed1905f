// The vocabulary of server messages, as a read-only table that maps a word's bytes to a small
// integer id without building a string: a hash picks the slot, a byte comparison confirms.
// The table is filled once at module load and never written again.

import { JOINTS } from "../body/joints.ts";

/** Ids of the words the parser understands. Joint perceptor names map to JOINT_BASE + index. */
export const K = {
  time: 1,
  now: 2,
  GS: 3,
  unum: 4,
  team: 5,
  sl: 6,
  sr: 7,
  t: 8,
  pm: 9,
  GYR: 10,
  ACC: 11,
  n: 12,
  rt: 13,
  a: 14,
  HJ: 15,
  ax: 16,
  FRP: 17,
  c: 18,
  f: 19,
  See: 20,
  F1L: 21,
  F1R: 22,
  F2L: 23,
  F2R: 24,
  G1L: 25,
  G1R: 26,
  G2L: 27,
  G2R: 28,
  B: 29,
  P: 30,
  L: 31,
  pol: 32,
  id: 33,
  head: 34,
  llowerarm: 35,
  rlowerarm: 36,
  lfoot: 37,
  rfoot: 38,
  mypos: 39,
  myorien: 40,
  ballpos: 41,
  hear: 42,
  AgentState: 43,
  temp: 44,
  battery: 45,
  self: 46,
  lf: 47,
  rf: 48,
  lf1: 49,
  rf1: 50,
  left: 51,
  right: 52,
} as const;

export const JOINT_BASE = 100;

/** The hash the table is keyed by; word scanners compute it on the fly with the same step. */
export function hashStep(h: number, byte: number): number {
  return (Math.imul(h, 31) + byte) | 0;
}

export function hashBytes(b: Uint8Array, start: number, end: number): number {
  let h = 0;
  for (let i = start; i < end; i++) h = hashStep(h, b[i]);
  return h;
}

// Open-addressing table in typed arrays: slot → hash, id, and the word's bytes in one pool.
const SLOTS = 512;
const MASK = SLOTS - 1;
const slotHash = new Int32Array(SLOTS);
const slotId = new Int32Array(SLOTS);
const slotOffset = new Int32Array(SLOTS);
const slotLength = new Int32Array(SLOTS);
const NAMES = new Map<number, string>();

function buildPool(): Uint8Array {
  const words: [string, number][] = Object.entries(K);
  for (const j of JOINTS) words.push([j.perceptor, JOINT_BASE + j.index]);
  const enc = new TextEncoder();
  const pool = enc.encode(words.map(([w]) => w).join(""));
  let offset = 0;
  for (const [text, id] of words) {
    const h = hashBytes(pool, offset, offset + text.length);
    let s = h & MASK;
    while (slotId[s] !== 0) s = (s + 1) & MASK;
    slotHash[s] = h;
    slotId[s] = id;
    slotOffset[s] = offset;
    slotLength[s] = text.length;
    NAMES.set(id, text);
    offset += text.length;
  }
  return pool;
}

const POOL = buildPool();

/** The id of the word b[start, end) whose hash is h, or 0 when it is not in the vocabulary. */
export function keywordId(b: Uint8Array, start: number, end: number, h: number): number {
  const len = end - start;
  for (let s = h & MASK; slotId[s] !== 0; s = (s + 1) & MASK) {
    if (slotHash[s] !== h || slotLength[s] !== len) continue;
    const o = slotOffset[s];
    let k = 0;
    while (k < len && POOL[o + k] === b[start + k]) k++;
    if (k === len) return slotId[s];
  }
  return 0;
}

/** The text of a keyword id, for messages. */
export function keywordText(id: number): string {
  return NAMES.get(id) ?? "?";
}
