// The levelled logger: levels filter, prefixes chain, and a line that cannot be written to
// stderr is dropped rather than thrown into the agent's cycle.

import assert from "assert";
import { Logger } from "log";

Deno.test("log: lines below the level are dropped; children add to the prefix", () => {
  const lines: string[] = [];
  const log = new Logger("info", "[7]", (l) => lines.push(l));
  log.debug("not shown");
  log.info("shown");
  log.child("eval").warn("careful");
  assert.deepEqual(lines, ["INFO [7] shown", "WARN [7] eval careful"]);
  assert.ok(log.enabled("warn") && !log.enabled("debug"));
});

Deno.test("log: a stderr that cannot be written (a full disk) loses the line, not the agent", () => {
  const original = console.error;
  console.error = () => {
    throw new Error("No space left on device (os error 28)");
  };
  try {
    new Logger("debug").error("link to 127.0.0.1:3100 failed");
  } finally {
    console.error = original;
  }
});
