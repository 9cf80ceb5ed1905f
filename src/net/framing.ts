// Length-prefixed framing of the rcssserver3d protocol: every message in either direction is a
// 4-byte big-endian byte count followed by that many bytes. The decoder copes with frames split
// across reads and with several frames in one read, and refuses claims above MAX_FRAME_BYTES
// without allocating for them.

export const MAX_FRAME_BYTES = 1 << 20;

export class FrameError extends Error {
  override name = "FrameError";
}

/** Encodes text (or bytes) into one frame. Allocates; use FrameEncoder on hot paths. */
export function encodeFrame(payload: string | Uint8Array): Uint8Array {
  const body = typeof payload === "string" ? new TextEncoder().encode(payload) : payload;
  if (body.length > MAX_FRAME_BYTES) {
    throw new FrameError(`outgoing message of ${body.length} bytes exceeds the 1 MiB frame limit`);
  }
  const out = new Uint8Array(body.length + 4);
  new DataView(out.buffer).setUint32(0, body.length);
  out.set(body, 4);
  return out;
}

/** Reuses one buffer to frame outgoing text; the returned view is valid until the next call. */
export class FrameEncoder {
  private buf = new Uint8Array(8192);
  private readonly encoder = new TextEncoder();

  encode(text: string): Uint8Array {
    // UTF-8 needs at most 3 bytes per UTF-16 unit.
    const need = text.length * 3 + 4;
    if (need > this.buf.length) {
      this.buf = new Uint8Array(Math.max(need, this.buf.length * 2));
    }
    const { written } = this.encoder.encodeInto(text, this.buf.subarray(4));
    if (written > MAX_FRAME_BYTES) {
      throw new FrameError(`outgoing message of ${written} bytes exceeds the 1 MiB frame limit`);
    }
    new DataView(this.buf.buffer).setUint32(0, written);
    return this.buf.subarray(0, written + 4);
  }
}

/**
 * Incremental decoder. push() appends received bytes; next() returns the next complete payload
 * (a view valid until the following push) or null when more bytes are needed.
 */
export class FrameDecoder {
  private buf: Uint8Array;
  private start = 0;
  private end = 0;

  constructor(initialCapacity = 64 * 1024) {
    this.buf = new Uint8Array(initialCapacity);
  }

  /** Bytes received but not yet returned as a frame. */
  get pending(): number {
    return this.end - this.start;
  }

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    if (this.end + chunk.length > this.buf.length) {
      const live = this.end - this.start;
      if (live + chunk.length > this.buf.length) {
        const grown = new Uint8Array(Math.max(this.buf.length * 2, live + chunk.length));
        grown.set(this.buf.subarray(this.start, this.end));
        this.buf = grown;
      } else {
        this.buf.copyWithin(0, this.start, this.end);
      }
      this.start = 0;
      this.end = live;
    }
    this.buf.set(chunk, this.end);
    this.end += chunk.length;
  }

  /** Throws FrameError when the next header claims more than MAX_FRAME_BYTES. */
  next(): Uint8Array | null {
    const avail = this.end - this.start;
    if (avail < 4) return null;
    const b = this.buf;
    const s = this.start;
    const len = ((b[s] << 24) | (b[s + 1] << 16) | (b[s + 2] << 8) | b[s + 3]) >>> 0;
    if (len > MAX_FRAME_BYTES) {
      throw new FrameError(`incoming frame claims ${len} bytes, above the 1 MiB limit`);
    }
    if (avail < len + 4) return null;
    this.start = s + 4 + len;
    if (this.start === this.end) {
      this.start = 0;
      this.end = 0;
    }
    return b.subarray(s + 4, s + 4 + len);
  }
}
