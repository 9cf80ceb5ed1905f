// Poisoned values in a real stream: one absurd but well-formed value at a time is planted in the
// recorded messages of agent 9, and the agent must end the recording where the clean run ends:
// same side and unum, the same clock, its own pose and the ball within a few centimetres of
// the clean estimates, and a warning line that names what was dropped.

import assert from "assert";
import { AGENT9, fixtureTest, HAVE_FIXTURES, serverMessagesOf } from "./fixtures.ts";
import { makeAgent } from "./helpers.ts";
import { Rng } from "./rng.ts";

/** Each poison rewrites one message; null when the message has nothing to rewrite. */
const POISONS: Record<string, (m: string) => string | null> = {
  "far ball": (m) => sub(m, /\(B \(pol [^ ]+/, "(B (pol 1e160"),
  "far flag": (m) => sub(m, /\(F1L \(pol [^ ]+/, "(F1L (pol 1e160"),
  "clock jump": (m) => sub(m, /\(now [^)]+\)/, "(now 1e15)"),
  "clock back": (m) => sub(m, /\(now [^)]+\)/, "(now 0.02)"),
  "game time": (m) => sub(m, /\(t [^)]+\)/, "(t 1e15)"),
  "other unum and side": (m) => m.replace(/^/, "(GS (unum 99) (team right))"),
  "valid other unum": (m) => m.replace(/^/, "(GS (unum 7) (team left))"),
  "gyro": (m) => sub(m, /\(rt [^)]+\)/, "(rt 1e30 0 0)"),
  "accelerometer": (m) => sub(m, /\(a [^)]+\)/, "(a 0 0 1e30)"),
  "joint": (m) => sub(m, /\(ax [^)]+\)/, "(ax 1e200)"),
  "foot force": (m) => sub(m, /\(f [^)]+\)/, "(f 0 0 1e30)"),
};

function sub(m: string, re: RegExp, by: string): string | null {
  return re.test(m) ? m.replace(re, by) : null;
}

function deviation(x: number, y: number, cx: number, cy: number): number {
  if (Number.isNaN(x) && Number.isNaN(cx)) return 0;
  const d = Math.hypot(x - cx, y - cy);
  return Number.isNaN(d) ? Infinity : d;
}

const messages = HAVE_FIXTURES ? await serverMessagesOf(AGENT9) : [];

async function play(poison?: (m: string) => string | null, at?: Set<number>) {
  const { agent, lines } = await makeAgent(9, 4, "UTAustinVilla_Base", "warn");
  let planted = 0, pending = 0;
  const trace: number[][] = [];
  messages.forEach((m, i) => {
    // Each chosen index poisons the first message from there on that has the value.
    if (at?.has(i)) pending++;
    const bad = poison && pending > 0 ? poison(m) : null;
    if (bad !== null) {
      planted++;
      pending--;
    }
    agent.onMessage(bad ?? m);
    const w = agent.world;
    trace.push([w.self?.x ?? NaN, w.self?.y ?? NaN, w.ball?.x ?? NaN, w.ball?.y ?? NaN]);
  });
  return { view: agent.view(), world: agent.world, lines, planted, trace };
}

const clean = await play();

for (const [name, poison] of Object.entries(POISONS)) {
  fixtureTest(`agent fuzz: ${name} is dropped and the agent plays on`, async () => {
    const rng = new Rng(name.length * 7919);
    const at = new Set<number>();
    // Three poisoned messages in the first two thirds of the recording.
    while (at.size < 3) at.add(Math.floor(rng.uniform(100, messages.length * 2 / 3)));
    const run = await play(poison, at);
    assert.equal(run.planted, 3, `${name}: planted`);
    // At every message, the pose and the ball stay where the clean run has them (both NaN, or
    // both known and near).
    let selfDev = 0, ballDev = 0;
    run.trace.forEach(([sx, sy, bx, by], i) => {
      const [cx, cy, cbx, cby] = clean.trace[i];
      selfDev = Math.max(selfDev, deviation(sx, sy, cx, cy));
      ballDev = Math.max(ballDev, deviation(bx, by, cbx, cby));
    });
    assert.ok(selfDev < 0.3, `self deviates ${selfDev} m`);
    assert.ok(ballDev < 0.5, `ball deviates ${ballDev} m`);
    const v = run.view, c = clean.view;
    assert.equal(v.unum, c.unum);
    assert.equal(v.side, c.side);
    assert.equal(run.world.time, clean.world.time, "clock");
    assert.ok(v.self && c.self, "self estimate");
    assert.ok(Math.hypot(v.self.x - c.self.x, v.self.y - c.self.y) < 0.1, `self ${v.self.x}`);
    assert.ok(v.ball && c.ball, "ball estimate");
    assert.ok(Math.hypot(v.ball.x - c.ball.x, v.ball.y - c.ball.y) < 0.1, `ball ${v.ball.x}`);
    assert.ok(run.lines.some((l) => l.includes("dropped")), `no warning: ${run.lines.join("\n")}`);
  });
}

fixtureTest(
  "agent fuzz: random numbers anywhere; the agent ends where the clean run ends",
  async () => {
    const NUMBER = /-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/g;
    for (let seed = 1; seed <= 12; seed++) {
      const rng = new Rng(seed);
      // Thirty messages in the first two thirds each get one number replaced by a wild one.
      const at = new Set<number>();
      while (at.size < 30) at.add(Math.floor(rng.uniform(100, messages.length * 2 / 3)));
      const wild = () => {
        const mag = 10 ** rng.uniform(-300, 300);
        return String(rng.uniform(0, 1) < 0.5 ? -mag : mag);
      };
      const run = await play((m) => {
        const count = m.match(NUMBER)?.length ?? 0;
        if (count === 0) return null;
        const k = Math.floor(rng.uniform(0, count));
        let i = 0;
        return m.replace(NUMBER, (n) => i++ === k ? wild() : n);
      }, at);
      const v = run.view, c = clean.view;
      assert.equal(v.unum, c.unum, `seed ${seed}`);
      assert.equal(v.side, c.side, `seed ${seed}`);
      assert.equal(run.world.time, clean.world.time, `seed ${seed}: clock`);
      assert.ok(v.self && c.self && v.ball && c.ball, `seed ${seed}: estimates`);
      const self = Math.hypot(v.self.x - c.self.x, v.self.y - c.self.y);
      const ball = Math.hypot(v.ball.x - c.ball.x, v.ball.y - c.ball.y);
      assert.ok(self < 0.3 && ball < 0.5, `seed ${seed}: self off ${self} m, ball off ${ball} m`);
    }
  },
);

fixtureTest(
  "agent fuzz: a non-finite estimate starts afresh at the next vision frame",
  async () => {
    const { agent } = await makeAgent(9, 4, "UTAustinVilla_Base", "error");
    const half = Math.floor(messages.length / 2);
    messages.slice(0, half).forEach((m) => agent.onMessage(m));
    const core = agent.options.core;
    core.particles.fill(NaN);
    core.tracks.fill(NaN);
    let visions = 0, selfBack = 0, lost = false;
    for (let i = half; i < messages.length; i++) {
      agent.onMessage(messages[i]);
      if (messages[i].includes("(See")) visions++;
      const { self, ball } = agent.world;
      // Unknown for a moment is allowed; NaN never.
      assert.ok(!self || (Number.isFinite(self.x) && Number.isFinite(self.theta)), `self at ${i}`);
      assert.ok(!ball || (Number.isFinite(ball.x) && Number.isFinite(ball.vx)), `ball at ${i}`);
      if (!self) lost = true;
      else if (lost && selfBack === 0) selfBack = visions;
    }
    assert.ok(lost && selfBack >= 1 && selfBack <= 2, `self back after ${selfBack} vision frames`);
    const c = clean.view, w = agent.world;
    assert.ok(
      Math.hypot(w.self!.x - c.self!.x, w.self!.y - c.self!.y) < 0.3,
      "ends where clean ends",
    );
  },
);

fixtureTest(
  "deno task fuzz: mutated real traffic through whole agents, no exception, none poisoned",
  async () => {
    const { fuzz } = await import("../src/tools/fuzz.ts");
    const stream = { messages, type: 4 as const, team: "UTAustinVilla_Base" };
    const r = await fuzz([stream], 6000, 0.05, 3);
    assert.equal(r.messages, 6000);
    assert.ok(r.mutated > 200, `${r.mutated} mutated`);
    assert.equal(r.agents, 3);
    assert.deepEqual([r.exceptions, r.poisoned], [0, 0], r.firstException ?? "");
  },
);
