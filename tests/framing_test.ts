// Length-prefix framing: random splits and coalescing of frames across reads, the 1 MiB limit,
// empty frames, and the reusable encoder.

import assert from "assert";
import {
  encodeFrame,
  FrameDecoder,
  FrameEncoder,
  FrameError,
  MAX_FRAME_BYTES,
} from "../src/net/framing.ts";
import { Rng } from "./rng.ts";

function randomPayload(rng: Rng): Uint8Array {
  const len = rng.next() < 0.05 ? 0 : rng.int(1, rng.next() < 0.1 ? 70000 : 3000);
  const b = new Uint8Array(len);
  for (let i = 0; i < len; i++) b[i] = rng.int(0, 255);
  return b;
}

Deno.test("framing: random split and coalesce reproduce every frame exactly", () => {
  const rng = new Rng(42);
  for (let trial = 0; trial < 200; trial++) {
    const payloads = Array.from({ length: rng.int(1, 20) }, () => randomPayload(rng));
    const stream = new Uint8Array(payloads.reduce((a, p) => a + p.length + 4, 0));
    let off = 0;
    for (const p of payloads) {
      stream.set(encodeFrame(p), off);
      off += p.length + 4;
    }
    const dec = new FrameDecoder(rng.int(1, 4) * 1024);
    const got: Uint8Array[] = [];
    let pos = 0;
    while (pos < stream.length) {
      // Chunks from 1 byte (headers split) to many frames at once.
      const size = rng.next() < 0.3 ? rng.int(1, 5) : rng.int(1, 20000);
      dec.push(stream.subarray(pos, Math.min(stream.length, pos + size)));
      pos += size;
      for (let f = dec.next(); f !== null; f = dec.next()) got.push(f.slice());
    }
    assert.equal(got.length, payloads.length, `trial ${trial}`);
    for (let i = 0; i < payloads.length; i++) assert.deepEqual(got[i], payloads[i]);
    assert.equal(dec.pending, 0);
  }
});

Deno.test("framing: a claim above 1 MiB is a FrameError without allocating for it", () => {
  const dec = new FrameDecoder(16);
  dec.push(new Uint8Array([0xff, 0xff, 0xff, 0xff, 1, 2, 3]));
  assert.throws(
    () => dec.next(),
    (e) => e instanceof FrameError && /above the 1 MiB limit/.test(e.message),
  );
  const exact = new FrameDecoder(16);
  const header = new Uint8Array(4);
  new DataView(header.buffer).setUint32(0, MAX_FRAME_BYTES + 1);
  exact.push(header);
  assert.throws(() => exact.next(), FrameError);
});

Deno.test("framing: exactly 1 MiB is allowed, zero-length frames are empty payloads", () => {
  const dec = new FrameDecoder();
  dec.push(encodeFrame(new Uint8Array(MAX_FRAME_BYTES)));
  assert.equal(dec.next()!.length, MAX_FRAME_BYTES);
  dec.push(new Uint8Array([0, 0, 0, 0, 0, 0, 0, 2, 0x28, 0x29]));
  assert.equal(dec.next()!.length, 0);
  assert.equal(new TextDecoder().decode(dec.next()!), "()");
  assert.equal(dec.next(), null);
});

Deno.test("framing: FrameEncoder writes the same bytes as encodeFrame and refuses > 1 MiB", () => {
  const enc = new FrameEncoder();
  for (const text of ["(syn)", "(he1 0.5)(syn)", "x".repeat(20000), ""]) {
    assert.deepEqual(enc.encode(text).slice(), encodeFrame(text));
  }
  assert.throws(() => enc.encode("y".repeat(MAX_FRAME_BYTES + 1)), FrameError);
});
