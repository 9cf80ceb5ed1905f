// The agent loop against the in-repo fake server: handshake order, one reply per message ending
// in (syn), eleven agents in one process, beams, malformed input, errors of the agent's own, and
// exits when the link ends.

import { TrafficRecorder } from "../src/net/recorder.ts";
import assert from "assert";
import type { Agent } from "../src/agent/agent.ts";
import { LINK_KINDS, type LinkKind, processShare, runAgent } from "../src/agent/runner.ts";
import {
  FakeServer,
  type FakeSession,
  recordedScript,
  type Script,
} from "../src/testing/fake_server.ts";
import { encodeFrame, FrameDecoder } from "../src/net/framing.ts";
import { AGENT1, fixtureTest, serverMessagesOf } from "./fixtures.ts";
import { cycleMessage, makeAgent } from "./helpers.ts";
import { ParamSet } from "../src/config/params.ts";
import { loadParams } from "../src/agent/params.ts";

function replies(s: FakeSession): string[] {
  // A first message slower than the keepalive (a loaded machine) is waited for with bare (syn)s,
  // which the server ignores before the init.
  const after = s.received.slice(1);
  return after.slice(Math.max(0, after.findIndex((r) => r.trim() !== "(syn)")));
}

/** Runs one agent against a fake server that plays `script`; its exit code and the session. */
async function playScript(
  script: Script,
  agent: Agent,
  recordPath?: string,
): Promise<{ code: number; s: FakeSession }> {
  const server = FakeServer.start({ script });
  const recorder = recordPath ? TrafficRecorder.open(recordPath) : null;
  const code = await runAgent(agent, { host: "127.0.0.1", port: server.port, recorder });
  const [s] = await server.finished(1);
  await server.close();
  return { code, s };
}

fixtureTest(
  "fake server: handshake order, one (syn) reply per message, beam after registration",
  async () => {
    const msgs = await serverMessagesOf(AGENT1);
    const { agent, lines } = await makeAgent(1, 2);
    const { code, s } = await playScript(recordedScript(msgs, 80), agent);
    assert.equal(code, 1, "the agent exits non-zero when the server closes");
    assert.ok(
      lines.some((l) => /ERROR .*server at 127\.0\.0\.1:\d+ closed the connection/.test(l)),
    );
    assert.deepEqual(s.violations, []);
    assert.equal(s.robotType, 2);
    assert.equal(s.received[0], "(scene rsg/agent/nao/nao_hetero.rsg 2)(syn)");
    assert.equal(replies(s)[0], "(init (unum 1)(teamname TestTeam))(syn)");
    assert.equal(replies(s).length, 80, "exactly one reply per server message");
    for (const r of replies(s)) assert.ok(r.endsWith("(syn)"));
    // The recording registers us (unum 1, left) in its third message, in BeforeKickOff. Its legs
    // never reach our stand pose, so the beam goes out after the 50-cycle wait.
    const beams = replies(s).map((r, i) => [i, /\(beam [^)]*\)/.exec(r)?.[0]] as const).filter((
      [, b],
    ) => b);
    assert.deepEqual(beams, [[51, "(beam -14 0 0)"]]);
    assert.equal(agent.world.unum, 1);
    assert.equal(agent.world.side, "left");
    // After the handshake every reply drives all 22 joints of a type-2 body, and no toes.
    for (const r of replies(s).slice(1)) {
      assert.equal((r.match(/\((?:he|lae|rae|lle|rle)\d -?[\d.e-]+\)/g) ?? []).length, 22);
      assert.ok(!r.includes("lle7") && !r.includes("rle7"));
    }
  },
);

fixtureTest("fake server: eleven agents in one process share nothing", async () => {
  const msgs = await serverMessagesOf(AGENT1);
  const server = FakeServer.start({ script: recordedScript(msgs, 60) });
  const agents = await Promise.all(
    Array.from(
      { length: 11 },
      (_, i) => makeAgent(i + 1, i >= 8 ? 4 : (Math.floor(i / 2) as 0 | 1 | 2 | 3)),
    ),
  );
  const codes = await Promise.all(
    agents.map(({ agent }) => runAgent(agent, { host: "127.0.0.1", port: server.port })),
  );
  const sessions = await server.finished(11);
  await server.close();
  assert.deepEqual(codes, Array(11).fill(1));
  assert.deepEqual(sessions.flatMap((s) => s.violations), []);
  assert.deepEqual(sessions.map((s) => s.unum).sort((a, b) => a! - b!), [
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
  ]);
  for (const s of sessions) {
    assert.equal(replies(s).length, 60);
    const beam = replies(s).find((r) => r.includes("(beam"))!;
    assert.ok(beam, `unum ${s.unum} beamed`);
    // Type 4 sends its toes, the others do not.
    assert.equal(beam.includes("(lle7 "), s.robotType === 4, `unum ${s.unum} type ${s.robotType}`);
  }
  // Each agent knows only its own number, and the beams went to eleven distinct spots.
  assert.deepEqual(agents.map(({ agent }) => agent.world.unum), [
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
  ]);
  const spots = new Set(sessions.map((s) => /\(beam [^)]*\)/.exec(replies(s).join(""))![0]));
  assert.equal(spots.size, 11);
});

Deno.test("fake server: re-beam on BeforeKickOff and after goals, not in play", async () => {
  const modes = [
    "BeforeKickOff",
    "BeforeKickOff",
    "KickOff_Left",
    "PlayOn",
    "PlayOn",
    "Goal_Left",
    "Goal_Left",
    "KickOff_Right",
    "PlayOn",
    "Goal_Right",
    "BeforeKickOff",
  ];
  const script = function* () {
    yield cycleMessage(0, "BeforeKickOff");
    yield cycleMessage(0.02, "BeforeKickOff", "(unum 6) (team right) ");
    for (let i = 0; i < modes.length; i++) yield cycleMessage(0.04 + i * 0.02, modes[i]);
  };
  const { agent } = await makeAgent(6);
  const { s } = await playScript(script, agent);
  assert.deepEqual(s.violations, []);
  const beamed = replies(s).slice(2).map((r) => r.includes("(beam"));
  // Registration in BeforeKickOff beams at once; then entering Goal_Left, Goal_Right, BeforeKickOff.
  assert.deepEqual(replies(s)[1].includes("(beam -7 0 0)"), true);
  assert.deepEqual(beamed, [
    false,
    false,
    false,
    false,
    false,
    true,
    false,
    false,
    false,
    true,
    true,
  ]);
  assert.equal(agent.world.side, "right");
});

Deno.test("fake server: a test opponent beams to the test formation, a soccer player to ours", async () => {
  // At the game's first kick-off, ours: our forward 7 beams inside the centre circle, in our half.
  const beamOf = async (behaviour: string) => {
    const script = function* () {
      yield cycleMessage(0, "BeforeKickOff");
      yield cycleMessage(0.02, "BeforeKickOff", "(unum 7) (team left) ");
    };
    const { agent } = await makeAgent(7, 0, "TestTeam", "debug", "wasm", { behaviour });
    const { s } = await playScript(script, agent);
    return /\(beam [^)]*\)/.exec(replies(s)[1])?.[0];
  };
  assert.equal(await beamOf("stand"), "(beam -5 -4.5 0)");
  assert.match((await beamOf("soccer"))!, /^\(beam -0\.3 -1\.21\d* 0\)$/);
});

Deno.test("fake server: our kick-off's taker beams again, lined up, before our kick-off only", async () => {
  const beamsIn = async (modes: string[]) => {
    const script = function* () {
      yield cycleMessage(0, "BeforeKickOff");
      yield cycleMessage(0.02, "BeforeKickOff", "(unum 11) (team left) ");
      for (let i = 0; i < modes.length; i++) yield cycleMessage(0.04 + i * 0.02, modes[i]);
    };
    // A kick that wants the ball farther out than the formation's spot is lined up for.
    const params = (await loadParams(0, [])).overlay(
      ParamSet.parse("kick.walk_ball_x 0.3\n", "test.params"),
    );
    const extra = { behaviour: "soccer", params };
    const { agent } = await makeAgent(11, 0, "TestTeam", "error", "wasm", extra);
    const { s } = await playScript(script, agent);
    assert.deepEqual(s.violations, []);
    return replies(s).flatMap((r) => /\(beam ([^)]*)\)/.exec(r)?.[1].split(" ").map(Number) ?? []);
  };
  // Before the first kick-off (ours or not known): the formation's spot behind the ball, then,
  // once it has looked (30 cycles), the stage lined up for the kick-off's way, in our half.
  const before = await beamsIn([...Array(60).fill("BeforeKickOff"), "KickOff_Left", "PlayOn"]);
  assert.equal(before.length, 6, JSON.stringify(before));
  assert.deepEqual(before.slice(0, 3), [-0.3, -0.06, 0]);
  const [x, y] = before.slice(3);
  assert.ok(x <= -0.3 + 1e-9 && Math.hypot(x + 0.3, y + 0.06) >= 0.05, JSON.stringify(before));
  // After our goal the kick-off is theirs: the taker stays at the formation's spot.
  const theirs = await beamsIn(["PlayOn", ...Array(60).fill("Goal_Left")]);
  assert.equal(theirs.length, 6, JSON.stringify(theirs));
  assert.deepEqual(theirs.slice(3), [-2.5, 0, 0]);
});

Deno.test("fake server: a malformed message still gets its reply, and the agent plays on", async () => {
  const script = function* () {
    yield cycleMessage(0, "BeforeKickOff");
    yield cycleMessage(0.02, "BeforeKickOff", "(unum 3) (team left) ");
    yield "(time (now 0.04))(GS (t 0.00) (pm PlayOn)"; // truncated
    yield "(((((garbage";
    yield cycleMessage(0.08, "PlayOn");
  };
  const { agent, lines } = await makeAgent(3);
  const { s } = await playScript(script, agent);
  assert.deepEqual(s.violations, []);
  assert.equal(replies(s).length, 5);
  assert.equal(agent.parseErrors, 2);
  assert.equal(
    lines.filter((l) => l.startsWith("WARN") && l.includes("malformed server message")).length,
    2,
  );
  assert.equal(agent.world.playModeName, "PlayOn");
});

Deno.test("fake server: an error of our own stops every joint for that cycle, and play goes on", async () => {
  const script = function* () {
    yield cycleMessage(0, "BeforeKickOff");
    yield cycleMessage(0.02, "BeforeKickOff", "(unum 3) (team left) ");
    for (let i = 2; i < 8; i++) yield cycleMessage(i * 0.02, "PlayOn");
  };
  const { agent, lines } = await makeAgent(3);
  const motion = agent.motion as { update: typeof agent.motion.update };
  const update = motion.update.bind(agent.motion);
  motion.update = (...args) => {
    if (agent.world.cycle === 4) throw new Error("boom");
    return update(...args);
  };
  const { s } = await playScript(script, agent);
  assert.deepEqual(s.violations, []);
  const r = replies(s);
  assert.equal(r.length, 8);
  assert.equal(agent.internalErrors, 1);
  const errors = lines.filter((l) => l.includes("internal error"));
  assert.equal(errors.length, 1);
  assert.match(errors[0], /internal error \(#1\) at cycle 4: boom \(at /);
  // The failed cycle's reply, and only that one: every joint of type 0 at zero velocity.
  const stopped = "(he1 0)(he2 0)(lae1 0)(lae2 0)(lae3 0)(lae4 0)(rae1 0)(rae2 0)(rae3 0)" +
    "(rae4 0)(lle1 0)(lle2 0)(lle3 0)(lle4 0)(lle5 0)(lle6 0)(rle1 0)(rle2 0)(rle3 0)(rle4 0)" +
    "(rle5 0)(rle6 0)(syn)";
  assert.deepEqual(r.map((x) => x === stopped), r.map((_, i) => i === 3), r.join("\n"));
  // The cycles after it move the legs again.
  for (const x of r.slice(4)) assert.match(x, /\(lle3 -?[1-9][\d.]*\)/, x);
  assert.equal(agent.world.playModeName, "PlayOn");
});

Deno.test("fake server: it flags a client that skips the scene", async () => {
  const server = FakeServer.start({
    script: function* () {
      yield cycleMessage(0, "BeforeKickOff");
    },
  });
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.port });
  await conn.write(encodeFrame("(init (unum 1)(teamname X))(syn)"));
  const [s] = await server.finished(1);
  conn.close();
  await server.close();
  assert.match(s.violations[0], /expected \(scene/);
});

Deno.test("runner: an unreachable server gives one line naming host and port", async () => {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = l.addr.port;
  l.close();
  const { agent, lines } = await makeAgent(1);
  const code = await runAgent(agent, { host: "127.0.0.1", port, connectTimeoutMs: 2000 });
  assert.equal(code, 1);
  assert.equal(lines.length, 1);
  assert.match(lines[0], new RegExp(`^ERROR \\[1\\] cannot connect to 127\\.0\\.0\\.1:${port}: `));
});

fixtureTest("runner: --record writes both directions in the replayable format", async () => {
  const msgs = await serverMessagesOf(AGENT1);
  const { agent } = await makeAgent(1);
  const path = await Deno.makeTempFile({ suffix: ".jsonl" });
  const { s } = await playScript(recordedScript(msgs, 10), agent, path);
  const rec = (await Deno.readTextFile(path)).trim().split("\n").map((l) => JSON.parse(l));
  await Deno.remove(path);
  assert.equal(rec.length, 21);
  assert.deepEqual(rec.filter((r) => r.dir === "s2a").map((r) => r.msg), msgs.slice(0, 10));
  assert.deepEqual(rec.filter((r) => r.dir === "a2s").map((r) => r.msg), s.received);
  for (let i = 1; i < rec.length; i++) assert.ok(rec[i].t >= rec[i - 1].t);
});

fixtureTest(
  "runner: a recording that cannot be written (a full disk) ends, and the agent plays on",
  async () => {
    const msgs = await serverMessagesOf(AGENT1);
    const { agent, lines } = await makeAgent(1);
    const failures: string[] = [];
    // Every write to /dev/full fails with "No space left on device".
    const recorder = TrafficRecorder.open("/dev/full", (line) => failures.push(line));
    const server = FakeServer.start({ script: recordedScript(msgs, 20) });
    await runAgent(agent, { host: "127.0.0.1", port: server.port, recorder });
    const [s] = await server.finished(1);
    await server.close();
    assert.equal(failures.length, 1, failures.join("\n"));
    assert.match(failures[0], /^recording to \/dev\/full stopped, playing on: No space left/);
    // One reply per server message, as without a recorder; the link did not fail.
    assert.equal(s.received.length, 21);
    assert.ok(!lines.some((l) => /link to .* failed/.test(l)), lines.join("\n"));
  },
);

Deno.test("fake server: the kick-off taker beams to the ball, unless the kick-off is theirs", async () => {
  const modes = ["BeforeKickOff", "KickOff_Right", "PlayOn", "Goal_Right", "Goal_Right"];
  const more = ["KickOff_Left", "PlayOn", "Goal_Left", "Goal_Left"];
  const script = function* () {
    yield cycleMessage(0, "BeforeKickOff");
    yield cycleMessage(0.02, "BeforeKickOff", "(unum 11) (team right) ");
    const all = [...modes, ...more];
    for (let i = 0; i < all.length; i++) yield cycleMessage(0.04 + i * 0.02, all[i]);
  };
  const { agent } = await makeAgent(11);
  const { s } = await playScript(script, agent);
  assert.deepEqual(s.violations, []);
  const beams = replies(s).map((r) => /\(beam [^)]*\)/.exec(r)?.[0]).filter((b) => b);
  // Before the half: at the ball. After our goal (we are right): back, their kick-off. After
  // theirs: at the ball again.
  assert.deepEqual(beams, ["(beam -0.3 -0.06 0)", "(beam -2.5 0 0)", "(beam -0.3 -0.06 0)"]);
});

Deno.test("fake server: the beam waits until the legs hold the stand pose, then wakes the body", async () => {
  const script = function* () {
    yield cycleMessage(0, "BeforeKickOff", "", false);
    yield cycleMessage(0.02, "BeforeKickOff", "(unum 2) (team left) ", false);
    for (let i = 0; i < 5; i++) yield cycleMessage(0.04 + i * 0.02, "BeforeKickOff", "", false);
    yield cycleMessage(0.2, "BeforeKickOff");
    yield cycleMessage(0.22, "BeforeKickOff");
  };
  const { agent } = await makeAgent(2);
  const { s } = await playScript(script, agent);
  assert.deepEqual(replies(s).map((r) => r.includes("(beam -11 -3.5 0)")), [
    false,
    false,
    false,
    false,
    false,
    false,
    false,
    true,
    false,
  ]);
  // The reply after the beam wakes the body, which the beam may have left asleep in the air.
  assert.ok(replies(s)[8].includes("(he1 0.001)"), replies(s)[8]);
  assert.ok(!replies(s)[7].includes("(he1 0.001)"));
});

Deno.test("fake server: lying before the first beam starts no get-up; the beam resets motion", async () => {
  // Lying on the back: the accelerometer reads +g along the torso's x axis (the server's y).
  const lying = (now: number, extra = "", inPose = false) =>
    cycleMessage(now, "BeforeKickOff", extra, inPose).replace(
      "(ACC (n torso) (a 0.00 0.00 9.81))",
      "(ACC (n torso) (a 0.00 9.81 0.00))",
    );
  const script = function* () {
    yield lying(0);
    yield lying(0.02, "(unum 4) (team left) ");
    for (let i = 0; i < 30; i++) yield lying(0.04 + i * 0.02);
    yield lying(0.7, "", true); // legs in the stand pose: the beam goes out
    yield cycleMessage(0.72, "BeforeKickOff");
  };
  const { agent } = await makeAgent(4);
  const activities: string[] = [];
  const perceive = agent.perceive.bind(agent);
  agent.perceive = (p) => {
    perceive(p);
    activities.push(agent.motion.activity);
  };
  const { s } = await playScript(script, agent);
  assert.ok(activities.every((a) => !a.startsWith("SKILL_GETUP")), activities.join(" "));
  assert.ok(replies(s).some((r) => r.includes("(beam -8.5 -7 0)")));
  assert.equal(agent.falls.state, "upright");
  assert.ok(agent.estimator.tilt.up[2] > 0.9, "the beam resets the tilt to upright");
});

Deno.test("fake server: a fall is logged once, with how the robot lies and what it was doing", async () => {
  const onBack = (now: number) =>
    cycleMessage(now, "PlayOn").replace(
      "(ACC (n torso) (a 0.00 0.00 9.81))",
      "(ACC (n torso) (a 0.00 9.81 0.00))",
    );
  const script = function* () {
    yield cycleMessage(0, "PlayOn", "(unum 4) (team left) ");
    for (let i = 1; i < 20; i++) yield cycleMessage(i * 0.02, "PlayOn");
    for (let i = 20; i < 120; i++) yield onBack(i * 0.02);
  };
  const { agent, lines } = await makeAgent(4, 0, "TestTeam", "info");
  await playScript(script, agent);
  const falls = lines.filter((l) => l.includes("fell ("));
  assert.equal(falls.length, 1, lines.join("\n"));
  assert.match(
    falls[0],
    /^INFO \[4\] fell \(back\) at game time \d+\.\d, (stand|walking [\d.]+ m\/s, sprint 0\.00|SKILL_\w+)$/,
  );
});

Deno.test("runner: a connection the server never answers is dropped and made anew", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  const server = (async () => {
    // The first connection gets nothing; the second one two cycles, then the server goes.
    const silent = await listener.accept();
    const served = await listener.accept();
    for (const msg of [cycleMessage(0, "BeforeKickOff"), cycleMessage(0.02, "BeforeKickOff")]) {
      await served.write(encodeFrame(msg));
    }
    await new Promise((r) => setTimeout(r, 100));
    served.close();
    silent.close();
    listener.close();
  })();
  const { agent, lines } = await makeAgent(2);
  const code = await runAgent(agent, { host: "127.0.0.1", port, firstAnswerMs: 300 });
  await server;
  assert.equal(code, 1, "the server went away in the end");
  assert.equal(agent.world.cycle, 2, "the second connection was served");
  assert.ok(
    lines.some((l) => l.startsWith("WARN") && l.includes("reconnecting")),
    lines.join("\n"),
  );
});

/** A first message before the server has built the robot: game state, no joints. */
const BODILESS = "(time (now 0.00))(GS (sl 0) (sr 0) (t 0.00) (pm BeforeKickOff))";

/**
 * A server that sends one message (default: one without the body) and then stays silent: the
 * time of each bare (syn) the agent sends goes into `syns`, until the connection closes.
 */
async function answerOnceThenCountSyns(
  conn: Deno.TcpConn,
  syns: number[],
  first = BODILESS,
): Promise<void> {
  await conn.write(encodeFrame(first));
  const decoder = new FrameDecoder(), text = new TextDecoder(), buf = new Uint8Array(4096);
  for (;;) {
    const n = await conn.read(buf).catch(() => null);
    if (n === null) return;
    decoder.push(buf.subarray(0, n));
    for (let f = decoder.next(); f !== null; f = decoder.next()) {
      if (text.decode(f) === "(syn)") syns.push(Date.now());
    }
  }
}

/**
 * Runs an agent against a server that sends `first` (answerOnceThenCountSyns) and then stays
 * silent until the agent gives up after `silentMs`: the agent, its exit code, its log lines, how
 * long it ran (ms) and its bare (syn)s.
 */
async function runAgainstSilence(link: LinkKind, silentMs: number, first?: string) {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  const syns: number[] = [];
  let conn: Deno.TcpConn | null = null;
  const server = (async () => {
    conn = await listener.accept();
    await answerOnceThenCountSyns(conn, syns, first);
  })();
  const { agent, lines } = await makeAgent(2);
  const t0 = Date.now();
  const code = await runAgent(agent, { host: "127.0.0.1", port, silentMs, link });
  const took = Date.now() - t0;
  (conn as Deno.TcpConn | null)?.close();
  listener.close();
  await server;
  return { agent, code, lines, took, syns };
}

for (const link of LINK_KINDS) {
  Deno.test(`runner (${link} link): in a silence before the body the agent sends a bare (syn) every 100-200 ms`, async () => {
    const { syns } = await runAgainstSilence(link, 1000);
    assert.ok(syns.length >= 4 && syns.length <= 10, `${syns.length} (syn)s in 1 s of silence`);
    const gaps = syns.slice(1).map((t, i) => t - syns[i]);
    // A (syn) read late (the fake server shares the agent's process) shortens the next gap by as
    // much (158 ms then 53 ms in one run): no gap is long, and from the first (syn), itself read
    // up to 60 ms late, they come no oftener than every 80 ms on the whole.
    assert.ok(gaps.every((g) => g <= 250), `gaps ${gaps.join(", ")} ms`);
    assert.ok(
      syns.every((t, k) => t - syns[0] >= 80 * k - 60),
      `gaps ${gaps.join(", ")} ms`,
    );
  });

  Deno.test(`runner (${link} link): once the body's joints have come, a silence gets no bare (syn)`, async () => {
    const { syns, code, agent } = await runAgainstSilence(
      link,
      600,
      cycleMessage(0, "BeforeKickOff"),
    );
    assert.equal(code, 1, "the silent server still ends the run");
    assert.equal(agent.world.cycle, 1);
    assert.deepEqual(syns, [], "only the reply to the one message ended in (syn)");
  });

  Deno.test(`runner (${link} link): a server that answered and then goes silent ends the run with one line`, async () => {
    const { code, took, lines } = await runAgainstSilence(
      link,
      400,
      cycleMessage(0, "BeforeKickOff"),
    );
    assert.equal(code, 1);
    assert.ok(took >= 400 && took < 3000, `gave up after ${took} ms`);
    assert.ok(lines.some((l) => l.includes("went silent after 1 cycles")), lines.join("\n"));
  });
}

Deno.test("runner: agents sharing a process send their keepalives from one timer", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  const syns: number[][] = [[], []];
  const conns: Deno.TcpConn[] = [];
  const server = (async () => {
    const served: Promise<void>[] = [];
    for (let k = 0; k < 2; k++) {
      const conn = await listener.accept();
      conns.push(conn);
      served.push(answerOnceThenCountSyns(conn, syns[k]));
    }
    await Promise.all(served);
  })();
  const share = processShare(2);
  const agents = await Promise.all([makeAgent(2), makeAgent(3)]);
  const runs = agents.map(({ agent }) =>
    runAgent(agent, { host: "127.0.0.1", port, silentMs: 1000, share })
  );
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(share.ticker.size, 2, "both agents check on the shared timer");
  assert.deepEqual(await Promise.all(runs), [1, 1]);
  for (const c of conns) c.close();
  listener.close();
  await server;
  assert.equal(share.ticker.size, 0, "each agent's check went with its connection");
  for (const s of syns) {
    assert.ok(s.length >= 4 && s.length <= 10, `${s.length} (syn)s in 1 s of silence`);
  }
});

Deno.test("fake server: penalty modes beam the kicker behind the ball and the goalie on its line", async () => {
  for (
    const [mode, unum, side, beam] of [
      ["penalty-kicker", 2, "left", "(beam -0.3 -0.06 0)"],
      ["penalty-goalie", 1, "right", "(beam -14.5 0 0)"],
    ] as const
  ) {
    const script = function* () {
      yield cycleMessage(0, "BeforeKickOff");
      yield cycleMessage(0.02, "BeforeKickOff", `(unum ${unum}) (team ${side}) `);
      for (let i = 0; i < 6; i++) yield cycleMessage(0.04 + i * 0.02, "BeforeKickOff");
      // A new round: the trainer sets BeforeKickOff again after a goal, and the player re-beams.
      yield cycleMessage(0.2, side === "left" ? "Goal_Left" : "Goal_Right");
      for (let i = 0; i < 4; i++) yield cycleMessage(0.22 + i * 0.02, "BeforeKickOff");
    };
    const { agent } = await makeAgent(unum, 0, "T", "error", "wasm", { mode });
    const { s } = await playScript(script, agent);
    assert.deepEqual(s.violations, []);
    const beams = replies(s).map((r) => /\(beam [^)]*\)/.exec(r)?.[0]).filter((b) => b);
    // Into each beam mode once: BeforeKickOff, the goal, BeforeKickOff again.
    assert.deepEqual(beams, [beam, beam, beam], mode);
  }
});
