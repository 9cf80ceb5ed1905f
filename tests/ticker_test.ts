// The shared timer for the agents' periodic checks in one process: every check added runs each
// period, a removed one no longer does, and the timer stops with the last one (the test's
// sanitizer fails on a timer left running).

import assert from "assert";
import { Ticker } from "../src/agent/ticker.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until `ok` holds (a loaded machine delays timers; no fixed wait is safe). */
async function until(ok: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 5000;
  while (!ok()) {
    assert.ok(Date.now() < end, `timed out waiting: ${what}`);
    await sleep(5);
  }
}

Deno.test("ticker: each check runs every period until removed; the timer stops with the last", async () => {
  const t = new Ticker(20);
  let a = 0, b = 0;
  const order: string[] = [];
  const start = Date.now();
  const removeA = t.add(() => {
    a++;
    order.push("a");
  });
  const removeB = t.add(() => {
    b++;
    order.push("b");
  });
  assert.equal(t.size, 2);
  await until(() => a >= 3, "a runs 3 times");
  // Not sooner than the period allows.
  assert.ok(Date.now() - start >= 2 * 20, `a ran 3 times in ${Date.now() - start} ms`);
  // One timer runs both, one after the other, in the order they were added.
  assert.ok(Math.abs(a - b) <= 1, `a ${a}, b ${b}`);
  assert.equal(order.slice(0, 4).join(""), "abab");
  removeA();
  const aThen = a, bThen = b;
  await until(() => b >= bThen + 2, "b runs twice more");
  assert.equal(a, aThen);
  removeB();
  assert.equal(t.size, 0);
  const bEnd = b;
  await sleep(50);
  assert.equal(b, bEnd);
  // Added again, it starts again.
  let c = 0;
  const removeC = t.add(() => c++);
  await until(() => c >= 1, "c runs");
  removeC();
});
