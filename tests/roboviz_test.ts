// RoboViz drawing: the 6-character float format, the byte layout of each shape, mirroring for
// the right team, and an agent's drawings decoded from a local UDP socket during a replayed game.

import assert from "assert";
import dgram from "node:dgram";
import { draw, float6, RoboVizDrawer } from "../src/net/roboviz.ts";
import { runAgent } from "../src/agent/runner.ts";
import { FakeServer, recordedScript } from "../src/testing/fake_server.ts";
import { AGENT1, fixtureTest, serverMessagesOf } from "./fixtures.ts";
import { makeAgent } from "./helpers.ts";

const text = (b: Uint8Array) => new TextDecoder().decode(b);

Deno.test("roboviz: floats are exactly six characters", () => {
  assert.equal(float6(1.5), "1.5000");
  assert.equal(float6(-0.25), "-0.250");
  assert.equal(float6(-12.345).length, 6);
  assert.equal(float6(123456.7), "123457");
  assert.equal(float6(NaN), "0.0000");
  for (const v of [0, 3.14159, -14.9, 99.999, -999.99]) {
    assert.equal(float6(v).length, 6);
    assert.ok(Math.abs(Number(float6(v)) - v) < 0.01, `${v}`);
  }
});

Deno.test("roboviz: shape layouts", () => {
  const c = draw.circle(1, -2, 0.5, 3, [1, 0, 0.5], "set");
  assert.deepEqual([c[0], c[1]], [1, 0]);
  assert.equal(text(c.subarray(2, 26)), "1.0000-2.0000.50003.0000");
  assert.deepEqual([...c.subarray(26, 29)], [255, 0, 128]);
  assert.equal(text(c.subarray(29)), "set\0");
  const s = draw.swapBuffers("a.b");
  assert.deepEqual([...s], [0, 0, 97, 46, 98, 0]);
  const p = draw.polygon([{ x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, { x: 0, y: 1, z: 0 }], [
    0,
    1,
    0,
    0.5,
  ], "p");
  assert.deepEqual([...p.subarray(0, 7)], [1, 4, 3, 0, 255, 0, 128]);
  assert.equal(p.length, 7 + 3 * 18 + 2);
  const a = draw.agentAnnotation("walk", 130, [1, 1, 1]);
  assert.deepEqual([...a.subarray(0, 6)], [2, 1, 130, 255, 255, 255]);
  assert.equal(text(a.subarray(6)), "walk\0");
});

/** Collects datagrams until n arrived or ms passed. */
async function collect(n: number, ms: number, rx: dgram.Socket): Promise<Uint8Array[]> {
  const got: Uint8Array[] = [];
  rx.on("message", (m: Uint8Array) => got.push(new Uint8Array(m)));
  const end = Date.now() + ms;
  while (got.length < n && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return got;
}

Deno.test("roboviz: the right team's drawings are mirrored into the field frame", async () => {
  const rx = dgram.createSocket("udp4");
  await new Promise<void>((r) => rx.bind(0, "127.0.0.1", () => r()));
  const port = rx.address().port;
  const d = new RoboVizDrawer("127.0.0.1", port, "T", "right", 7);
  const waiting = collect(2, 2000, rx);
  d.circle("me", 3, -2, 0.2, [1, 1, 1]);
  d.swap();
  const got = await waiting;
  d.close();
  rx.close();
  const circle = got.find((g) => g[0] === 1 && g[1] === 0)!;
  assert.equal(text(circle.subarray(2, 14)), "-3.0002.0000");
  assert.equal(text(circle.subarray(29)), "T.R7.me\0");
  assert.ok(got.some((g) => g[0] === 0 && g[1] === 0 && text(g.subarray(2)) === "T.R7.me\0"));
});

fixtureTest(
  "roboviz: an agent with drawHost draws its pose, the ball and its activity",
  async () => {
    const rx = dgram.createSocket("udp4");
    await new Promise<void>((r) => rx.bind(0, "127.0.0.1", () => r()));
    const port = rx.address().port;
    const waiting = collect(20, 5000, rx);
    const server = FakeServer.start({
      script: recordedScript(await serverMessagesOf(AGENT1), 200),
    });
    const { agent } = await makeAgent(1, 0, "Draw", "error");
    Object.assign(agent.options, { drawHost: "127.0.0.1", drawPort: port });
    await runAgent(agent, { host: "127.0.0.1", port: server.port });
    await server.finished(1);
    await server.close();
    const got = await waiting;
    rx.close();
    const sets = new Set(
      got.filter((g) => g[0] === 0).map((g) => text(g.subarray(2, g.length - 1))),
    );
    assert.ok(sets.has("Draw.L1.self") && sets.has("Draw.L1.ball"), [...sets].join(" "));
    assert.ok(got.some((g) => g[0] === 2 && g[1] === 1 && g[2] === 0), "agent annotation for L1");
  },
);
