// Fuzzing the parser and the frame decoder with 100k+ mutated real messages: byte flips,
// truncation, unbalanced parentheses, huge and NaN numbers, random garbage, and hostile frame
// headers. The parser must return a result or an error that says what is wrong with the input,
// and never throw (an internal error, such as a TypeError, fails the test).

import assert from "assert";
import { FrameDecoder, FrameError, MAX_FRAME_BYTES } from "../src/net/framing.ts";
import { type ParseResult, PerceptionParser } from "../src/protocol/parser.ts";
import { AGENT1, AGENT9, fixtureTest, serverMessagesOf } from "./fixtures.ts";
import { Rng } from "./rng.ts";

const enc = new TextEncoder();
const NUMBERS = [
  "1e400",
  "-1e400",
  "NaN",
  "nan",
  "inf",
  "-Infinity",
  "1e-400",
  "99999999999999999999999",
  "0x1F",
  "--1",
  ".",
];

function mutate(rng: Rng, base: Uint8Array): Uint8Array {
  let b = base.slice();
  const rounds = rng.int(1, 4);
  for (let r = 0; r < rounds; r++) {
    const kind = rng.int(0, 7);
    if (b.length === 0) b = new Uint8Array([40]);
    const at = rng.int(0, b.length - 1);
    switch (kind) {
      case 0: // flip bits
        b[at] ^= 1 << rng.int(0, 7);
        break;
      case 1: // random byte
        b[at] = rng.int(0, 255);
        break;
      case 2: // truncate
        b = b.slice(0, at);
        break;
      case 3: { // insert or delete a parenthesis
        const out = new Uint8Array(b.length + 1);
        out.set(b.subarray(0, at));
        out[at] = rng.next() < 0.5 ? 40 : 41;
        out.set(b.subarray(at), at + 1);
        b = rng.next() < 0.5 ? out : b.filter((_, i) => i !== at || (b[i] !== 40 && b[i] !== 41));
        break;
      }
      case 4: { // replace a number with a hostile one
        const text = new TextDecoder().decode(b);
        const m = [...text.matchAll(/-?\d+\.\d+/g)];
        if (m.length) {
          const hit = rng.pick(m);
          b = enc.encode(
            text.slice(0, hit.index) + rng.pick(NUMBERS) + text.slice(hit.index! + hit[0].length),
          );
        }
        break;
      }
      case 5: { // duplicate a slice
        const end = Math.min(b.length, at + rng.int(1, 200));
        const out = new Uint8Array(b.length + end - at);
        out.set(b.subarray(0, end));
        out.set(b.subarray(at), end);
        b = out;
        break;
      }
      case 6: // pure garbage
        b = Uint8Array.from({ length: rng.int(0, 300) }, () => rng.int(0, 255));
        break;
      case 7: // deep nesting
        b = enc.encode("(".repeat(rng.int(1, 50000)) + new TextDecoder().decode(b));
        break;
    }
  }
  return b;
}

function checkResult(r: ParseResult, len: number): void {
  if (r.ok) {
    assert.equal(r.perception.joints.length, 24);
    assert.ok(r.perception.unknownExpressions >= 0);
  } else {
    assert.equal(typeof r.error.message, "string");
    assert.ok(r.error.message.length > 0);
    assert.ok(r.error.offset >= 0 && r.error.offset <= len, `offset ${r.error.offset} of ${len}`);
    // Hostile input is reported as what is wrong with it; a caught bug in the parser is not.
    assert.ok(!r.error.message.startsWith("internal"), r.error.message);
  }
}

fixtureTest("fuzz: 100k mutated messages never make the parser throw", async () => {
  const base = [...await serverMessagesOf(AGENT1), ...await serverMessagesOf(AGENT9)].map((m) =>
    enc.encode(m)
  );
  const rng = new Rng(20261122);
  const parser = new PerceptionParser();
  let errors = 0;
  const N = 100_000;
  for (let i = 0; i < N; i++) {
    const msg = mutate(rng, rng.pick(base));
    let r: ParseResult;
    try {
      r = parser.parse(msg);
    } catch (e) {
      assert.fail(`parser threw on case ${i}: ${e}`);
    }
    checkResult(r, msg.length);
    if (!r.ok) errors++;
  }
  // The mutations must actually break messages often, or the test proves nothing.
  assert.ok(errors > N / 4, `only ${errors} of ${N} mutated messages were rejected`);
  // And the parser still works on clean input afterwards.
  assert.ok(parser.parse(base[5]).ok);
});

Deno.test("fuzz: hostile frame headers give frames or a FrameError, and payloads still parse safely", () => {
  const rng = new Rng(7);
  const parser = new PerceptionParser();
  for (let i = 0; i < 20_000; i++) {
    const dec = new FrameDecoder(64);
    const claims = [0, 1, MAX_FRAME_BYTES, MAX_FRAME_BYTES + 1, 0xffffffff, rng.int(0, 5000)];
    const claim = rng.pick(claims);
    const header = new Uint8Array(4);
    new DataView(header.buffer).setUint32(0, claim);
    dec.push(header);
    const body = Uint8Array.from({ length: rng.int(0, 400) }, () => rng.int(0, 255));
    dec.push(body);
    try {
      const f = dec.next();
      if (f !== null) checkResult(parser.parse(f), f.length);
      else assert.ok(claim > body.length);
    } catch (e) {
      assert.ok(e instanceof FrameError, `unexpected ${e}`);
      assert.ok(claim > MAX_FRAME_BYTES);
    }
  }
});
