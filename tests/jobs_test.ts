// The job queue against a real redis-server that each test starts on a free port in a temp dir
// (.ci/run installs Debian's redis-server): jobs round-trip; a worker killed in the middle of a
// job loses it to another worker, and its result comes back once; an optimization interrupted in
// the middle of a generation resumes from its journal and ends where an uninterrupted run ends,
// evaluating only what it had not. Jobs are scored by tests/jobs_fake.ts, not by a server.

import assert from "assert";
import { codeVersion, type EvalResult, JobQueue } from "../src/jobs/queue.ts";
import { startWorker, type WorkerOptions } from "../src/scale/worker.ts";
import { type Evaluate, optimize, parse, queueEvaluate } from "../src/optimize/main.ts";
import { ParamSet } from "../src/config/params.ts";
import { Logger } from "../src/util/log.ts";
import { FAKE_TARGET, fakeRunner, fakeScore } from "./jobs_fake.ts";

const QUIET = new Logger("error", "[test]");
const NO_SANITIZE = { sanitizeOps: false, sanitizeResources: false };

/** A worker in this process: one slot, 5 s locks, quiet, unless the test says otherwise. */
function testWorker(
  o: Pick<WorkerOptions, "connection" | "version" | "queue" | "run"> & Partial<WorkerOptions>,
) {
  return startWorker({ slots: 1, lockSeconds: 5, name: "w", log: QUIET, ...o });
}

async function startRedis(): Promise<{ port: number; stop(): Promise<void> }> {
  const dir = await Deno.makeTempDir({ prefix: "redis-test-" });
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command("redis-server", {
      args: ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", ""],
      stdout: "null",
      stderr: "null",
    }).spawn();
  } catch (e) {
    throw new Error(`redis-server cannot start (apt-get install redis-server): ${e}`);
  }
  for (let i = 0;; i++) {
    try {
      (await Deno.connect({ hostname: "127.0.0.1", port })).close();
      break;
    } catch (e) {
      if (i > 100) throw e;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    port,
    async stop() {
      child.kill("SIGKILL");
      await child.status;
      await Deno.remove(dir, { recursive: true });
    },
  };
}

function evalJob(params: string, version: string) {
  const spec = {
    task: "walk-forward",
    type: 0,
    runs: 1,
    core: "ts",
    kick: "keyframe",
    jitter: 0,
    fallCost: 0,
    start: "behind",
    falls: ["front", "back"],
  };
  return { kind: "eval" as const, spec, params, version };
}

Deno.test({
  name: "jobs: evaluations and games round-trip through Redis; other code is refused",
  ...NO_SANITIZE,
  async fn() {
    const redis = await startRedis();
    const connection = { host: "127.0.0.1", port: redis.port };
    const version = await codeVersion();
    const w = testWorker({
      connection,
      version,
      queue: "rt",
      slots: 2,
      name: "w1",
      run: fakeRunner(10),
    });
    const q = await JobQueue.connect(connection, "rt");
    try {
      const texts = [0.15, 0.2, 0.25].map((s) => `walk.step_time ${s}\nwalk.torso_height 0.35\n`);
      const results = await Promise.all(texts.map((t) => q.run<EvalResult>(evalJob(t, version))));
      texts.forEach((t, i) => {
        assert.equal(results[i].score, fakeScore(ParamSet.parse(t, "t")));
        assert.equal(results[i].worker, "w1");
      });
      const game = await q.run<Record<string, unknown>>({
        kind: "game",
        left: "L",
        right: "R",
        half: 60,
        stall: 60,
        version,
      });
      assert.deepEqual(game.score, [2, 0]);
      await assert.rejects(() => q.run(evalJob(texts[0], "other")), /code version other/);
      const c = await q.counts();
      assert.deepEqual([c.done, c.failed, c.queued, c.running], [4, 1, 0, 0]);
    } finally {
      await q.close();
      await w.close();
      await redis.stop();
    }
  },
});

Deno.test({
  name: "jobs: a worker killed in the middle of a job loses it to another; one result comes back",
  ...NO_SANITIZE,
  async fn() {
    const redis = await startRedis();
    const connection = { host: "127.0.0.1", port: redis.port };
    const version = await codeVersion();
    const script = new URL("./jobs_fake_worker.ts", import.meta.url).pathname;
    const slow = new Deno.Command("deno", {
      args: ["run", "-A", script, String(redis.port), "kill", "slow", "2"],
      env: { FAKE_SLEEP_MS: "60000" },
      stdout: "piped",
      stderr: "null",
    }).spawn();
    const q = await JobQueue.connect(connection, "kill");
    const ran: string[] = [];
    let w: ReturnType<typeof testWorker> | null = null;
    try {
      const reader = slow.stdout.getReader();
      const { value } = await reader.read();
      assert.match(new TextDecoder().decode(value), /ready/);
      const result = q.run<EvalResult>(
        evalJob("walk.step_time 0.2\nwalk.torso_height 0.3\n", version),
      );
      while ((await q.counts()).running === 0) await new Promise((r) => setTimeout(r, 50));
      slow.kill("SIGKILL");
      await slow.status;
      w = testWorker({
        connection,
        version,
        queue: "kill",
        lockSeconds: 2,
        name: "fast",
        run: fakeRunner(0, ran),
      });
      const r = await result;
      assert.equal(r.worker, "fast");
      assert.equal(
        r.score,
        fakeScore(ParamSet.parse("walk.step_time 0.2\nwalk.torso_height 0.3", "t")),
      );
      // Nothing runs it again, nothing is left over or failed.
      await new Promise((res) => setTimeout(res, 3000));
      assert.equal(ran.length, 1);
      const c = await q.counts();
      assert.deepEqual([c.done, c.failed, c.queued, c.running], [1, 0, 0, 0]);
    } finally {
      await q.close();
      await w?.close();
      await redis.stop();
    }
  },
});

Deno.test({
  name: "jobs: an optimization interrupted mid-generation resumes from its journal",
  ...NO_SANITIZE,
  async fn() {
    const redis = await startRedis();
    const connection = { host: "127.0.0.1", port: redis.port };
    const version = await codeVersion();
    const dir = await Deno.makeTempDir({ prefix: "resume-test-" });
    const space = `${dir}/fake.space`;
    await Deno.writeTextFile(space, "walk.step_time 0.12 0.28\nwalk.torso_height 0.30 0.40\n");
    const ran: string[] = [];
    const w = testWorker({ connection, version, queue: "opt", slots: 3, run: fakeRunner(0, ran) });
    const q = await JobQueue.connect(connection, "opt");
    const args = (
      out: string,
      ...more: string[]
    ) => [
      "walk-forward",
      "--space",
      space,
      "--gens",
      "5",
      "--pop",
      "6",
      "--seed",
      "7",
      "--out",
      out,
      ...more,
    ];
    const run = async (
      out: string,
      evaluate: (o: Awaited<ReturnType<typeof parse>>) => Evaluate,
      ...more: string[]
    ) => {
      const o = await parse(args(out, ...more));
      const lines: string[] = [];
      await optimize(o, evaluate(o), () => q.counts(), (l) => lines.push(l));
      return lines.map((l) => JSON.parse(l));
    };
    try {
      const whole = await run(`${dir}/a.params`, (o) => queueEvaluate(o, q, version));
      const evaluations = ran.length;
      assert.equal(evaluations, 1 + 5 * 6);
      // The same run, stopped after 2 of generation 3's 6 scores.
      let left = 1 + 2 * 6 + 2;
      const stopping = (o: Awaited<ReturnType<typeof parse>>): Evaluate => {
        const inner = queueEvaluate(o, q, version);
        return (cands, done) =>
          inner(cands, async (i, s) => {
            if (left-- <= 0) throw new Error("interrupted");
            await done(i, s);
          });
      };
      await assert.rejects(() => run(`${dir}/b.params`, stopping), /interrupted/);
      // The interrupted generation's other jobs still finish on the worker.
      await new Promise((r) => setTimeout(r, 500));
      await assert.rejects(
        () => run(`${dir}/b.params`, (o) => queueEvaluate(o, q, version)),
        /--resume/,
      );
      ran.length = 0;
      const resumed = await run(`${dir}/b.params`, (o) => queueEvaluate(o, q, version), "--resume");
      // Generations 1-2 replayed; of generation 3 only the 4 scores missing; then 4-5.
      assert.equal(ran.length, 4 + 2 * 6);
      assert.ok(resumed[1].resumed && resumed[2].resumed && !resumed[3].resumed);
      assert.deepEqual(resumed.at(-1), { ...whole.at(-1), out: `${dir}/b.params` });
      assert.equal(
        await Deno.readTextFile(`${dir}/b.params`),
        await Deno.readTextFile(`${dir}/a.params`),
      );
      // It found its way toward the fake optimum.
      const best = whole.at(-1).values;
      assert.ok(Math.abs(best["walk.step_time"] - FAKE_TARGET["walk.step_time"]) < 0.05);
    } finally {
      await q.close();
      await w.close();
      await redis.stop();
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "jobs: a server that dies during a job is started again and the job retried",
  ...NO_SANITIZE,
  async fn() {
    const redis = await startRedis();
    const connection = { host: "127.0.0.1", port: redis.port };
    const version = await codeVersion();
    let launched = 0;
    // Stand-in servers: the first dies during its job.
    const launch = () => {
      launched++;
      const died = Promise.withResolvers<Deno.CommandStatus>();
      const server = {
        host: "127.0.0.1" as const,
        agentPort: 1,
        monitorPort: 2,
        home: "",
        logPath: "",
        pid: 0,
        status: died.promise,
        stop: () => Promise.resolve(),
        die: () => died.resolve({ success: false, code: 1, signal: null }),
      };
      return Promise.resolve(server);
    };
    const runs: number[] = [];
    const w = testWorker({
      connection,
      version,
      queue: "die",
      launch,
      run: async (_data, slot) => {
        const server = await slot.serve({ sync: true }) as Awaited<ReturnType<typeof launch>>;
        runs.push(launched);
        if (launched === 1) server.die();
        await new Promise((r) => setTimeout(r, 20));
        return { score: 1 };
      },
    });
    const q = await JobQueue.connect(connection, "die");
    try {
      const r = await q.run<EvalResult>(evalJob("walk.step_time 0.2\n", version));
      assert.equal(r.score, 1);
      assert.deepEqual(runs, [1, 2], "the retry ran on a second server");
      const c = await q.counts();
      assert.deepEqual([c.done, c.failed], [1, 0]);
    } finally {
      await q.close();
      await w.close();
      await redis.stop();
    }
  },
});
