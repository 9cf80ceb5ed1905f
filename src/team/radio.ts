// Team talk over the server's say/hear: each message packs the sender's unum, its pose estimate,
// whether it is down, whether it took the last set play (and so may not touch the ball again
// before someone else has), whether it is going for the ball, and its ball estimate with the
// estimate's age into 12 characters of the 87 that survive the server. Field frame of our side
// (we attack +x), metres and seconds. Who speaks when: one teammate per two-cycle slot, in unum
// order.

/**
 * The characters a say uses, in the order of their digit value: 0x21–0x7E without the
 * parentheses, and without the quotes, backslash and semicolon, which rcssserver3d 0.7.3 takes
 * apart (a message with ' in it arrives cut off before it).
 */
const ALPHABET = (() => {
  let s = "";
  for (let c = 0x21; c <= 0x7e; c++) {
    const ch = String.fromCharCode(c);
    if (!"()'\"`\\;".includes(ch)) s += ch;
  }
  return s;
})();
const BASE = ALPHABET.length;
const DIGIT = new Map([...ALPHABET].map((ch, i) => [ch, i]));

/** First character of every message of ours: tells it from other teams' talk. */
const MAGIC = "D";
export const RADIO_LENGTH = 12;

/** Coordinates travel as multiples of 2 cm from these minima, in two digits each. */
const STEP = 0.02;
const X_MIN = -16;
const Y_MIN = -11;
const X_MAX = 16;
const Y_MAX = 11;
/** Ball ages travel in tenths of a second, one digit; older is "unknown". */
const AGE_STEP = 0.1;
const MAX_AGE = (BASE - 1) * AGE_STEP;

export interface RadioReport {
  unum: number;
  x: number;
  y: number;
  fallen: boolean;
  /** The sender took the last set play and must not touch the ball again yet. */
  taker: boolean;
  /** The sender is the player going for the ball. */
  onBall: boolean;
  /** The sender's ball estimate and how old it was when sent (s), or null. */
  ball: { x: number; y: number; age: number } | null;
}

function digits(value: number, n: number, out: string[]): void {
  let v = value;
  const part: string[] = [];
  for (let i = 0; i < n; i++) {
    part.push(ALPHABET[v % BASE]);
    v = Math.floor(v / BASE);
  }
  out.push(part.reverse().join(""));
}

function coord(v: number, min: number, max: number, out: string[]): void {
  const c = Math.min(Math.max(v, min), max);
  digits(Math.round((c - min) / STEP), 2, out);
}

/** The say text for a report (always RADIO_LENGTH characters). */
export function encodeRadio(r: RadioReport): string {
  const out: string[] = [MAGIC];
  digits(Math.min(Math.max(Math.round(r.unum), 1), 11), 1, out);
  coord(r.x, X_MIN, X_MAX, out);
  coord(r.y, Y_MIN, Y_MAX, out);
  const known = r.ball !== null && r.ball.age < MAX_AGE;
  digits((r.fallen ? 1 : 0) | (known ? 2 : 0) | (r.taker ? 4 : 0) | (r.onBall ? 8 : 0), 1, out);
  coord(known ? r.ball!.x : 0, X_MIN, X_MAX, out);
  coord(known ? r.ball!.y : 0, Y_MIN, Y_MAX, out);
  digits(known ? Math.round(r.ball!.age / AGE_STEP) : 0, 1, out);
  return out.join("");
}

/** The report in a heard text, or null when it is not one of ours (or is damaged). */
export function decodeRadio(text: string): RadioReport | null {
  if (text.length !== RADIO_LENGTH || text[0] !== MAGIC) return null;
  const v: number[] = [];
  for (let i = 1; i < text.length; i++) {
    const d = DIGIT.get(text[i]);
    if (d === undefined) return null;
    v.push(d);
  }
  const two = (i: number) => v[i] * BASE + v[i + 1];
  const unum = v[0];
  const flags = v[5];
  if (unum < 1 || unum > 11 || flags > 15) return null;
  const x = X_MIN + two(1) * STEP;
  const y = Y_MIN + two(3) * STEP;
  const bx = X_MIN + two(6) * STEP;
  const by = Y_MIN + two(8) * STEP;
  if (x > X_MAX + 1e-9 || y > Y_MAX + 1e-9 || bx > X_MAX + 1e-9 || by > Y_MAX + 1e-9) return null;
  return {
    unum,
    x,
    y,
    fallen: (flags & 1) !== 0,
    taker: (flags & 4) !== 0,
    onBall: (flags & 8) !== 0,
    ball: (flags & 2) !== 0 ? { x: bx, y: by, age: v[10] * AGE_STEP } : null,
  };
}

/** Whether unum speaks at server time `time`: one slot of two cycles each, in unum order. */
export function speaksAt(time: number, unum: number): boolean {
  const cycle = Math.round(time / 0.02);
  return cycle % 2 === 0 && (cycle / 2) % 11 === unum - 1;
}
