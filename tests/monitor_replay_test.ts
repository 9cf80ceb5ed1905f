// Trainer commands and the monitor client against a local stand-in; the replay tool on both
// real recordings, including its stable JSON fields.

import assert from "assert";
import { encodeFrame } from "../src/net/framing.ts";
import { FramedConnection } from "../src/net/connection.ts";
import { MonitorClient, trainer } from "../src/net/monitor.ts";
import { replay, type ReplayFrame } from "../src/tools/replay.ts";
import { AGENT1, AGENT9, fixtureTest, recording } from "./fixtures.ts";

Deno.test("trainer commands", () => {
  assert.equal(trainer.ball({ x: 1, y: -2, z: 0.042 }), "(ball (pos 1 -2 0.042))");
  assert.equal(
    trainer.ball({ x: 0, y: 0, z: 0.042 }, { x: 3, y: 0.5, z: 0 }),
    "(ball (pos 0 0 0.042)(vel 3 0.5 0))",
  );
  assert.equal(
    trainer.moveAgent(3, "Left", { x: -5, y: 1, z: 0.4 }),
    "(agent (unum 3) (team Left) (pos -5 1 0.4))",
  );
  // Facing +x is −90° about the Nao's local +y in the server's move command.
  assert.equal(
    trainer.moveAgent(3, "Right", { x: 2, y: 0, z: 0.4 }, 0),
    "(agent (unum 3) (team Right) (move 2 0 0.4 -90))",
  );
  assert.equal(trainer.playMode("PlayOn"), "(playMode PlayOn)");
  assert.throws(() => trainer.playMode("Play On)"), RangeError);
  assert.equal(trainer.kickOff("Left"), "(kickOff Left)");
  assert.equal(trainer.dropBall(), "(dropBall)");
  assert.throws(() => trainer.ball({ x: NaN, y: 0, z: 0 }), RangeError);
});

fixtureTest("monitor client: sends framed commands and keeps reading the stream", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const got: string[] = [];
  const server = (async () => {
    const conn = await listener.accept();
    // Stream far more than a socket buffer holds: a client that stopped reading would stall us.
    const chunk = encodeFrame("(time 1)(RDS 0 1)" + "x".repeat(4000));
    for (let i = 0; i < 500; i++) await conn.write(chunk);
    const link = new FramedConnection(conn);
    for await (const f of link.frames()) {
      got.push(new TextDecoder().decode(f));
      if (got.length === 2) break;
    }
    return link;
  })();
  const mon = await MonitorClient.connect("127.0.0.1", listener.addr.port);
  await mon.send(trainer.kickOff("Left"));
  await mon.send(trainer.dropBall());
  const link = await server;
  for (let t = 0; t < 500 && mon.messages < 500; t++) await new Promise((r) => setTimeout(r, 10));
  link.close();
  await mon.close();
  listener.close();
  assert.deepEqual(got, ["(kickOff Left)", "(dropBall)"]);
  assert.equal(mon.messages, 500);
  assert.ok(mon.latest.startsWith("(time 1)"));
});

for (const [name, path] of [["agent1", AGENT1], ["agent9", AGENT9]]) {
  fixtureTest(`replay ${name}: every message, stable fields, no errors`, async () => {
    const lines = await recording(path);
    const frames: ReplayFrame[] = [];
    const summary = await replay(lines, (f) => frames.push(f));
    assert.equal(summary.messages, lines.filter((l) => l.dir === "s2a").length);
    assert.equal(summary.parseErrors, 0);
    assert.equal(summary.unknownExpressions, 0);
    assert.ok(summary.parseMicros.p50 > 0 && summary.parseMicros.p99 >= summary.parseMicros.p50);
    assert.equal(frames.length, summary.messages);
    const keys = [
      "now",
      "gameTime",
      "playMode",
      "joints",
      "gyro",
      "acc",
      "seen",
      "groundTruth",
      "self",
      "ball",
      "unum",
      "side",
      "score",
      "camera",
      "seenPlayers",
    ];
    for (const f of frames) assert.deepEqual(Object.keys(f), keys);
    const withVision = frames.filter((f) => f.seen.lines > 0);
    assert.ok(withVision.length > 500);
    assert.ok(frames.some((f) => f.seen.players > 0 && f.seen.ball));
    assert.ok(frames.filter((f) => f.groundTruth?.myPos).length > 500);
    assert.equal(Object.keys(frames[frames.length - 1].joints).length, name === "agent9" ? 24 : 22);
    assert.ok(frames.some((f) => f.playMode === "PlayOn"));
  });
}

fixtureTest("replay CLI: --json prints one object per message and a summary line", async () => {
  const tool = new URL("../src/tools/replay.ts", import.meta.url).pathname;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", tool, AGENT9, "--json"],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const lines = new TextDecoder().decode(out.stdout).trim().split("\n").map((l) => JSON.parse(l));
  const summary = lines.pop().summary;
  assert.equal(lines.length, summary.messages);
  assert.equal(summary.parseErrors, 0);
  assert.equal(lines[0].playMode, "BeforeKickOff");
});
