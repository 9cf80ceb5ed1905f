// Parser of server → agent messages into a typed Perception. A single-pass scanner over the
// message bytes, specialised for the rcssserver3d perceptors: keywords are matched by hash and
// byte comparison, so names cost no string allocation. It never throws: malformed input yields
// a ParseError with the offset and what was wrong. Angles become radians and body-frame vectors
// (gyro, accelerometer, foot forces) the agent frame (x forward, y left, z up) here.

import { DEG } from "../util/angles.ts";
import { NUM_JOINTS } from "../body/joints.ts";
import { JOINT_BASE, K, keywordId } from "./keywords.ts";
import { playModeFromName } from "./playmode.ts";
import type {
  FlagName,
  FootName,
  GameState,
  GoalPostName,
  GroundTruth,
  Perception,
  PlayerPartName,
  Polar,
  SeenPlayer,
  Vec3,
  Vision,
} from "./perception.ts";

export interface ParseError {
  /** Byte offset in the message where the problem was found. */
  offset: number;
  message: string;
}

export type ParseResult =
  | { ok: true; perception: Perception }
  | { ok: false; error: ParseError };

const OPEN = 40;
const CLOSE = 41;

class Failure {
  constructor(readonly offset: number, readonly message: string) {}
}

const FLAG_OF: Record<number, FlagName> = {
  [K.F1L]: "F1L",
  [K.F1R]: "F1R",
  [K.F2L]: "F2L",
  [K.F2R]: "F2R",
};
const POST_OF: Record<number, GoalPostName> = {
  [K.G1L]: "G1L",
  [K.G1R]: "G1R",
  [K.G2L]: "G2L",
  [K.G2R]: "G2R",
};
const FOOT_OF: Record<number, FootName> = {
  [K.lf]: "lf",
  [K.rf]: "rf",
  [K.lf1]: "lf1",
  [K.rf1]: "rf1",
};
const PART_OF: Record<number, PlayerPartName> = {
  [K.head]: "head",
  [K.llowerarm]: "llowerarm",
  [K.rlowerarm]: "rlowerarm",
  [K.lfoot]: "lfoot",
  [K.rfoot]: "rfoot",
};

const INTERN_LIMIT = 64;

function isFinitePolar(p: Polar): boolean {
  return Number.isFinite(p.distance) && Number.isFinite(p.azimuth) &&
    Number.isFinite(p.elevation);
}

/** Stores a seen object's polar under `key`, unless the server sent it as "nan". */
function keep<K extends string>(into: Partial<Record<K, Polar>>, key: K, p: Polar): void {
  if (isFinitePolar(p)) into[key] = p;
}

/**
 * One parser per agent. It holds the scan position, a reusable byte buffer the message is
 * copied into, and a small cache of interned names (team names, play modes).
 */
export class PerceptionParser {
  /** The message being parsed, followed by a sentinel ')'. */
  private b: Uint8Array = new Uint8Array(16 * 1024);
  private i = 0;
  private n = 0;
  private unknown = 0;
  /** Start and end of the last word read by word(). */
  private ws0 = 0;
  private we0 = 0;
  private readonly encoder = new TextEncoder();
  private readonly decoder = new TextDecoder();
  private readonly interned: { bytes: Uint8Array; text: string }[] = [];

  parse(input: string | Uint8Array): ParseResult {
    try {
      this.n = typeof input === "string" ? this.load(input) : this.copy(input);
      this.b[this.n] = CLOSE;
      this.i = 0;
      this.unknown = 0;
      return { ok: true, perception: this.message() };
    } catch (e) {
      if (e instanceof Failure) {
        return { ok: false, error: { offset: e.offset, message: e.message } };
      }
      // Anything else (e.g. a stack overflow on hostile input) is still reported, never thrown.
      return { ok: false, error: { offset: this.i, message: `internal parser error: ${e}` } };
    }
  }

  /** Copies bytes in, leaving room for the sentinel; returns the length. */
  private copy(bytes: Uint8Array): number {
    if (bytes.length + 1 > this.b.length) this.b = new Uint8Array(bytes.length * 2 + 1);
    this.b.set(bytes);
    return bytes.length;
  }

  /** Encodes a string in, leaving room for the sentinel; returns the length. */
  private load(text: string): number {
    if (text.length * 3 + 1 > this.b.length) this.b = new Uint8Array(text.length * 3 + 1);
    return this.encoder.encodeInto(text, this.b.subarray(0, this.b.length - 1)).written;
  }

  private message(): Perception {
    const p: Perception = {
      time: null,
      gameState: null,
      gyro: null,
      acc: null,
      joints: new Float64Array(NUM_JOINTS).fill(NaN),
      feet: {},
      vision: null,
      groundTruth: null,
      heard: [],
      agentState: null,
      unknownExpressions: 0,
    };
    for (;;) {
      this.ws();
      if (this.i >= this.n) break;
      this.expectOpen();
      switch (this.word()) {
        case K.time:
          this.time(p);
          break;
        case K.GS:
          this.gameState(p);
          break;
        case K.GYR:
          p.gyro = this.namedVector(K.rt, DEG);
          break;
        case K.ACC:
          p.acc = this.namedVector(K.a, 1);
          break;
        case K.HJ:
          this.hingeJoint(p);
          break;
        case K.FRP:
          this.forceResistance(p);
          break;
        case K.See:
          this.see(p);
          break;
        case K.hear:
          this.hear(p);
          break;
        case K.AgentState:
          this.agentState(p);
          break;
        default:
          this.skipUnknown();
      }
    }
    p.unknownExpressions = this.unknown;
    return p;
  }

  // ---- expressions ------------------------------------------------------------------------

  private time(p: Perception): void {
    while (this.field()) {
      if (this.word() === K.now) {
        p.time = this.num();
        this.expectClose();
      } else this.skipUnknown();
    }
  }

  private gameState(p: Perception): void {
    const gs: GameState = p.gameState ??= {
      unum: null,
      side: null,
      scoreLeft: null,
      scoreRight: null,
      gameTime: null,
      playMode: null,
      playModeName: null,
    };
    while (this.field()) {
      switch (this.word()) {
        case K.unum:
          gs.unum = this.int();
          break;
        case K.team: {
          const side = this.word();
          if (side !== K.left && side !== K.right) {
            throw new Failure(this.ws0, `GS team must be left or right, got '${this.wordText()}'`);
          }
          gs.side = side === K.left ? "left" : "right";
          break;
        }
        case K.sl:
          gs.scoreLeft = this.int();
          break;
        case K.sr:
          gs.scoreRight = this.int();
          break;
        case K.t:
          gs.gameTime = this.num();
          break;
        case K.pm:
          this.word();
          gs.playModeName = this.wordText();
          gs.playMode = playModeFromName(gs.playModeName);
          break;
        default:
          this.skipUnknown();
          continue;
      }
      this.expectClose();
    }
  }

  /** (GYR (n torso) (rt x y z)) and (ACC (n torso) (a x y z)). */
  private namedVector(key: number, scale: number): Vec3 | null {
    let v: Vec3 | null = null;
    while (this.field()) {
      const k = this.word();
      if (k === K.n) {
        this.word();
        this.expectClose();
      } else if (k === key) {
        v = this.bodyVec3(scale);
        this.expectClose();
      } else this.skipUnknown();
    }
    return v;
  }

  private hingeJoint(p: Perception): void {
    let index = -1;
    let named = false;
    let angle = NaN;
    while (this.field()) {
      const k = this.word();
      if (k === K.n) {
        const id = this.word() - JOINT_BASE;
        index = id >= 0 && id < NUM_JOINTS ? id : -1;
        named = true;
        this.expectClose();
      } else if (k === K.ax) {
        angle = this.num() * DEG;
        this.expectClose();
      } else this.skipUnknown();
    }
    if (index >= 0 && !Number.isNaN(angle)) p.joints[index] = angle;
    else if (named) this.unknown++;
  }

  private forceResistance(p: Perception): void {
    let foot: FootName | undefined = undefined;
    let c: Vec3 | null = null;
    let f: Vec3 | null = null;
    while (this.field()) {
      const k = this.word();
      if (k === K.n) foot = FOOT_OF[this.word()];
      else if (k === K.c) c = this.bodyVec3(1);
      else if (k === K.f) f = this.bodyVec3(1);
      else {
        this.skipUnknown();
        continue;
      }
      this.expectClose();
    }
    if (foot !== undefined && c && f) p.feet[foot] = { c, f };
    else this.unknown++;
  }

  private see(p: Perception): void {
    const v: Vision = p.vision ??= { flags: {}, goalPosts: {}, ball: null, players: [], lines: [] };
    while (this.field()) {
      const k = this.word();
      switch (k) {
        case K.F1L:
        case K.F1R:
        case K.F2L:
        case K.F2R:
          keep(v.flags, FLAG_OF[k], this.polarBody());
          break;
        case K.G1L:
        case K.G1R:
        case K.G2L:
        case K.G2R:
          keep(v.goalPosts, POST_OF[k], this.polarBody());
          break;
        case K.B: {
          const ball = this.polarBody();
          if (isFinitePolar(ball)) v.ball = ball;
          break;
        }
        case K.P:
          v.players.push(this.player());
          break;
        case K.L: {
          const a = this.polar();
          const b = this.polar();
          this.expectClose();
          if (isFinitePolar(a) && isFinitePolar(b)) v.lines.push({ a, b });
          break;
        }
        case K.mypos:
          this.truth(p).myPos = this.vec3(1);
          this.expectClose();
          break;
        case K.myorien:
          this.truth(p).myOrientation = this.num() * DEG;
          this.expectClose();
          break;
        case K.ballpos:
          this.truth(p).ballPos = this.vec3(1);
          this.expectClose();
          break;
        default:
          this.skipUnknown();
      }
    }
  }

  private truth(p: Perception): GroundTruth {
    return p.groundTruth ??= { myPos: null, myOrientation: null, ballPos: null };
  }

  private player(): SeenPlayer {
    const pl: SeenPlayer = { team: "", id: 0, parts: {} };
    while (this.field()) {
      const k = this.word();
      if (k === K.team) {
        this.word();
        pl.team = this.wordText();
        this.expectClose();
      } else if (k === K.id) {
        pl.id = this.int();
        this.expectClose();
      } else {
        const part = PART_OF[k];
        if (part !== undefined) keep(pl.parts, part, this.polarBody());
        else this.skipUnknown();
      }
    }
    return pl;
  }

  private hear(p: Perception): void {
    const start = this.i;
    const words: string[] = [];
    for (;;) {
      this.ws();
      if (this.i >= this.n) throw new Failure(this.n, "unterminated hear");
      if (this.b[this.i] === CLOSE) break;
      if (words.length === 4) throw new Failure(this.i, "hear has more than 4 fields");
      this.word();
      words.push(this.decodeWord());
    }
    this.i++;
    if (words.length < 3) throw new Failure(start, "hear needs time, direction and message");
    const team = words.length === 4 ? words[0] : null;
    const [timeWord, dirWord, message] = words.slice(words.length - 3);
    const time = Number(timeWord);
    if (!Number.isFinite(time)) throw new Failure(start, `hear time '${timeWord}' is not a number`);
    const self = dirWord === "self";
    const dir = self ? null : Number(dirWord);
    if (dir !== null && !Number.isFinite(dir)) {
      throw new Failure(start, `hear direction '${dirWord}' is neither self nor a number`);
    }
    p.heard.push({ team, time, self, direction: dir === null ? null : dir * DEG, message });
  }

  private agentState(p: Perception): void {
    const st = p.agentState ??= { temperature: null, battery: null };
    while (this.field()) {
      const k = this.word();
      if (k === K.temp) st.temperature = this.num();
      else if (k === K.battery) st.battery = this.num();
      else {
        this.skipUnknown();
        continue;
      }
      this.expectClose();
    }
  }

  // ---- shared shapes ----------------------------------------------------------------------

  /** The body of `(NAME (pol d a e))` after NAME: reads the polar and the closing paren. */
  private polarBody(): Polar {
    const pol = this.polar();
    this.expectClose();
    return pol;
  }

  /**
   * `(pol d a e)` with angles converted to radians. The server now and then sees something at
   * "nan": such values come back NaN (not an error), and the caller drops that one observation.
   */
  private polar(): Polar {
    this.ws();
    const b = this.b;
    const i = this.i;
    // The hot shape "(pol " is matched on its bytes; anything else goes the general way.
    if (
      b[i] === OPEN && b[i + 1] === 112 && b[i + 2] === 111 && b[i + 3] === 108 && b[i + 4] <= 32
    ) {
      this.i = i + 4;
    } else {
      this.expectOpen();
      if (this.word() !== K.pol) {
        throw new Failure(this.ws0, "expected (pol distance azimuth elevation)");
      }
    }
    const distance = this.num(true);
    const azimuth = this.num(true) * DEG;
    const elevation = this.num(true) * DEG;
    this.expectClose();
    return { distance, azimuth, elevation };
  }

  private vec3(scale: number): Vec3 {
    const x = this.num() * scale;
    const y = this.num() * scale;
    const z = this.num() * scale;
    return { x, y, z };
  }

  /**
   * A vector in a body's own frame. The server uses the model's axes (x right, y forward, z up);
   * the agent frame is x forward, y left, z up, so (x, y, z) becomes (y, −x, z).
   */
  private bodyVec3(scale: number): Vec3 {
    const right = this.num() * scale;
    const forward = this.num() * scale;
    const z = this.num() * scale;
    return { x: forward, y: -right, z };
  }

  // ---- scanner ----------------------------------------------------------------------------
  // The message sits in this.b[0, n) followed by a sentinel ')' at b[n], so that every scanning
  // loop stops without a bounds check; reaching the sentinel where a real ')' was expected is
  // reported as the end of the message.

  private ws(): void {
    const b = this.b;
    let i = this.i;
    while (b[i] <= 32) i++;
    this.i = i;
  }

  /** Inside an expression: true and past '(' when a sub-expression follows; false and past ')' at its end. */
  private field(): boolean {
    const b = this.b;
    let i = this.i;
    let c = b[i];
    while (c <= 32) c = b[++i];
    if (c === OPEN) {
      this.i = i + 1;
      return true;
    }
    if (c === CLOSE) {
      if (i >= this.n) throw new Failure(this.n, "unexpected end of message: missing ')'");
      this.i = i + 1;
      return false;
    }
    throw new Failure(i, `expected '(' or ')', found '${String.fromCharCode(c)}'`);
  }

  private expectOpen(): void {
    this.ws();
    if (this.b[this.i] !== OPEN) {
      throw new Failure(this.i, this.i >= this.n ? "unexpected end of message" : "expected '('");
    }
    this.i++;
  }

  private expectClose(): void {
    const b = this.b;
    let i = this.i;
    while (b[i] <= 32) i++;
    if (b[i] !== CLOSE) throw new Failure(i, "expected ')'");
    if (i >= this.n) throw new Failure(this.n, "unexpected end of message: missing ')'");
    this.i = i + 1;
  }

  /** Reads one word; returns its keyword id (0 when not in the vocabulary). */
  private word(): number {
    const b = this.b;
    let i = this.i;
    let c = b[i];
    while (c <= 32) c = b[++i];
    const start = i;
    let h = 0;
    while (c > 32 && c !== OPEN && c !== CLOSE) {
      h = (Math.imul(h, 31) + c) | 0;
      c = b[++i];
    }
    if (i === start) {
      throw new Failure(
        start,
        start >= this.n ? "unexpected end of message" : "expected a name or value",
      );
    }
    this.i = i;
    this.ws0 = start;
    this.we0 = i;
    return keywordId(b, start, i, h);
  }

  /** The last word as text, interned so that repeated names cost no allocation. */
  private wordText(): string {
    const b = this.b;
    const len = this.we0 - this.ws0;
    outer: for (const e of this.interned) {
      if (e.bytes.length !== len) continue;
      for (let k = 0; k < len; k++) if (e.bytes[k] !== b[this.ws0 + k]) continue outer;
      return e.text;
    }
    const text = this.decodeWord();
    if (this.interned.length < INTERN_LIMIT) {
      this.interned.push({ bytes: b.slice(this.ws0, this.we0), text });
    }
    return text;
  }

  /** The last word's text; short ASCII words (all of them in practice) skip the TextDecoder. */
  private decodeWord(): string {
    const b = this.b;
    let ascii = this.we0 - this.ws0 <= 64;
    for (let k = this.ws0; ascii && k < this.we0; k++) ascii = b[k] < 128;
    if (!ascii) return this.decoder.decode(b.subarray(this.ws0, this.we0));
    let out = "";
    for (let k = this.ws0; k < this.we0; k++) out += String.fromCharCode(b[k]);
    return out;
  }

  private int(): number {
    const at = this.i;
    const v = this.num();
    if (!Number.isInteger(v)) throw new Failure(at, `expected an integer, got ${v}`);
    return v;
  }

  /**
   * A finite decimal number; a fast path for plain decimals, Number() for the rest. With
   * `allowNaN`, the token "nan" (any case, any sign) reads as NaN.
   */
  private num(allowNaN = false): number {
    const b = this.b;
    let i = this.i;
    let c = b[i];
    while (c <= 32) c = b[++i];
    const start = i;
    let neg = false;
    if (c === 45 || c === 43) {
      neg = c === 45;
      c = b[++i];
    }
    let v = 0;
    let digits = 0;
    while (c >= 48 && c <= 57) {
      v = v * 10 + (c - 48);
      digits++;
      c = b[++i];
    }
    let scale = 1;
    if (c === 46) {
      c = b[++i];
      while (c >= 48 && c <= 57) {
        v = v * 10 + (c - 48);
        scale *= 10;
        digits++;
        c = b[++i];
      }
    }
    if (digits > 0 && digits <= 15 && (c <= 32 || c === OPEN || c === CLOSE)) {
      this.i = i;
      const r = v / scale;
      return neg ? -r : r;
    }
    // Exponents, long mantissas and garbage: take the whole token and let Number() judge.
    while (c > 32 && c !== OPEN && c !== CLOSE) c = b[++i];
    const token = this.decoder.decode(b.subarray(start, i));
    const r = token.length > 0 ? Number(token) : NaN;
    if (allowNaN && /^[-+]?nan$/i.test(token)) {
      this.i = i;
      return NaN;
    }
    if (!Number.isFinite(r)) {
      throw new Failure(
        start,
        token ? `'${token.slice(0, 32)}' is not a finite number` : "expected a number",
      );
    }
    this.i = i;
    return r;
  }

  /** Skips to the end of the current expression, counting it as unknown. */
  private skipUnknown(): void {
    this.unknown++;
    const b = this.b;
    let depth = 1;
    let i = this.i;
    while (i < this.n) {
      const c = b[i++];
      if (c === OPEN) depth++;
      else if (c === CLOSE && --depth === 0) {
        this.i = i;
        return;
      }
    }
    throw new Failure(this.n, "unbalanced parentheses: missing ')'");
  }
}
