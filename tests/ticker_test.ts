// The shared timer for the agents' periodic checks in one process: every check added runs each
// period, a removed one no longer does, and the timer stops with the last one (the test's
// sanitizer fails on a timer left running).

import assert from "assert";
import { Ticker } from "../src/agent/ticker.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

Deno.test("ticker: each check runs every period until removed; the timer stops with the last", async () => {
  const t = new Ticker(20);
  let a = 0, b = 0;
  const order: string[] = [];
  const removeA = t.add(() => {
    a++;
    order.push("a");
  });
  const removeB = t.add(() => {
    b++;
    order.push("b");
  });
  assert.equal(t.size, 2);
  await sleep(130);
  assert.ok(a >= 3 && a <= 7, `a ran ${a} times in 130 ms`);
  // One timer runs both, one after the other, in the order they were added.
  assert.ok(Math.abs(a - b) <= 1, `a ${a}, b ${b}`);
  assert.equal(order.slice(0, 4).join(""), "abab");
  removeA();
  const aThen = a, bThen = b;
  await sleep(70);
  assert.equal(a, aThen);
  assert.ok(b >= bThen + 2, `b ran ${b - bThen} times after a was removed`);
  removeB();
  assert.equal(t.size, 0);
  const bEnd = b;
  await sleep(50);
  assert.equal(b, bEnd);
  // Added again, it starts again.
  let c = 0;
  const removeC = t.add(() => c++);
  await sleep(50);
  removeC();
  assert.ok(c >= 1, `c ran ${c} times`);
});
