// The fall context: the ring keeps the last cycles in order once it has wrapped, and the lines
// thin out from the latest back.

import assert from "assert";
import { FallContext } from "../src/agent/fall_context.ts";

function filled(ring: FallContext, cycles: number): void {
  for (let k = 0; k < cycles; k++) {
    const asked = { vx: k / 100, vy: 0, vth: -k / 100 };
    const walked = { vx: k / 200, vy: 0.01, vth: 0 };
    ring.record(k * 0.02, k % 2 === 0 ? "walk" : "stand", asked, walked, [k / 1000, 0]);
  }
}

Deno.test("fall context: a wrapped ring gives the last cycles, oldest first", () => {
  const ring = new FallContext(5);
  filled(ring, 12);
  const lines = ring.lines();
  assert.equal(lines.length, 5);
  assert.deepEqual(lines.map((l) => l.split(" ")[0]), [
    "t=0.14",
    "t=0.16",
    "t=0.18",
    "t=0.20",
    "t=0.22",
  ]);
  assert.equal(
    lines[4],
    "t=0.22 stand asked (0.11, 0.00, -0.11) walked (0.06, 0.01, 0.00) up (0.01, 0.00)",
  );
});

Deno.test("fall context: every n-th line ends with the latest, also before the ring is full", () => {
  const ring = new FallContext(50);
  filled(ring, 7);
  assert.deepEqual(ring.lines(3).map((l) => l.split(" ")[0]), ["t=0.00", "t=0.06", "t=0.12"]);
  assert.deepEqual(ring.lines(4).map((l) => l.split(" ")[0]), ["t=0.04", "t=0.12"]);
  assert.deepEqual(new FallContext(3).lines(2), []);
});
