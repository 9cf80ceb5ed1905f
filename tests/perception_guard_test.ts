// The perception guard on its own: a single wild server time is dropped and warned about once,
// while a new timeline that two messages in a row agree on is taken (a recording that skips
// ahead, a server that restarted).

import assert from "assert";
import { PerceptionParser } from "../src/protocol/parser.ts";
import { PerceptionGuard } from "../src/world/perception_guard.ts";
import { cycleMessage } from "./helpers.ts";

Deno.test("perception guard: a wild time is dropped, a new timeline two messages agree on is taken", () => {
  const warnings: string[] = [];
  const guard = new PerceptionGuard((l) => warnings.push(l));
  const parser = new PerceptionParser();
  const time = (t: number) => {
    const r = parser.parse(cycleMessage(t, "PlayOn"));
    assert.ok(r.ok);
    guard.check(r.perception);
    return r.perception.time;
  };
  assert.equal(time(10), 10);
  assert.equal(time(10.02), 10.02);
  assert.equal(time(1e15), null);
  assert.equal(time(10.06), 10.06, "back on the old timeline");
  assert.equal(time(400), null, "one message alone is not a new timeline");
  assert.equal(time(400.02), 400.02, "two in a row are");
  assert.equal(time(400.04), 400.04);
  assert.equal(warnings.length, 1, "rate-limited: one line per kind");
  assert.match(warnings[0], /server time 1000000000000000 after 10\.02/);
});
