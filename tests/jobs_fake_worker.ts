// A job worker for the tests in jobs_test.ts, run as its own process so that a test can kill it
// in the middle of a job: it scores eval jobs with fakeScore after FAKE_SLEEP_MS milliseconds.
// Usage: deno run -A tests/jobs_fake_worker.ts PORT QUEUE NAME LOCK_SECONDS

import { codeVersion } from "../src/jobs/queue.ts";
import { startWorker } from "../src/scale/worker.ts";
import { Logger } from "../src/util/log.ts";
import { fakeRunner } from "./jobs_fake.ts";

const [port, queue, name, lock] = Deno.args;
const w = startWorker({
  connection: { host: "127.0.0.1", port: Number(port) },
  queue,
  slots: 1,
  lockSeconds: Number(lock),
  name,
  version: await codeVersion(),
  run: fakeRunner(Number(Deno.env.get("FAKE_SLEEP_MS") ?? "0")),
  log: new Logger("warn", `[${name}]`),
});
await w.worker.waitUntilReady();
console.log("ready");
await new Promise(() => {});
