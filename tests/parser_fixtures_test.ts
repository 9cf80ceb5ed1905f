// Every server message of both real recordings parses without errors, and spot values agree
// with the raw text (converted to SI and radians).

import assert from "assert";
import { jointIndex } from "../src/body/joints.ts";
import { PerceptionParser } from "../src/protocol/parser.ts";
import { PlayMode } from "../src/protocol/playmode.ts";
import type { Perception } from "../src/protocol/perception.ts";
import { AGENT1, AGENT9, fixtureTest, serverMessagesOf } from "./fixtures.ts";

const DEG = Math.PI / 180;

function parseOk(parser: PerceptionParser, msg: string): Perception {
  const r = parser.parse(msg);
  if (!r.ok) assert.fail(`parse error at ${r.error.offset}: ${r.error.message}`);
  return r.perception;
}

function close(actual: number | undefined | null, expected: number, what: string): void {
  assert.ok(actual !== undefined && actual !== null, `${what} missing`);
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual} != ${expected}`);
}

for (const [name, path] of [["agent1", AGENT1], ["agent9", AGENT9]]) {
  fixtureTest(
    `fixture ${name}: every server message parses with no errors and nothing unknown`,
    async () => {
      const msgs = await serverMessagesOf(path);
      assert.ok(msgs.length > 1500);
      const parser = new PerceptionParser();
      let vision = 0;
      for (const m of msgs) {
        const p = parseOk(parser, m);
        assert.equal(p.unknownExpressions, 0);
        assert.ok(p.time !== null && p.gameState !== null && p.gyro !== null && p.acc !== null);
        if (p.vision) vision++;
      }
      assert.ok(vision > msgs.length / 4, `vision in ${vision} of ${msgs.length}`);
    },
  );

  fixtureTest(`fixture ${name}: joints, IMU and game state match the raw text`, async () => {
    const msgs = await serverMessagesOf(path);
    const parser = new PerceptionParser();
    for (const m of msgs.filter((_, i) => i % 37 === 0)) {
      const p = parseOk(parser, m);
      for (const [, joint, deg] of m.matchAll(/\(HJ \(n (\w+)\) \(ax ([-\d.]+)\)\)/g)) {
        close(p.joints[jointIndex(joint)!], Number(deg) * DEG, joint);
      }
      const [, gx, gy, gz] = /\(GYR \(n torso\) \(rt ([-\d.]+) ([-\d.]+) ([-\d.]+)\)\)/.exec(m)!;
      // Server body axes (x right, y forward) become ours (x forward, y left).
      close(p.gyro!.x, Number(gy) * DEG, "gyro x");
      close(p.gyro!.y, -Number(gx) * DEG, "gyro y");
      close(p.gyro!.z, Number(gz) * DEG, "gyro z");
      const [, az] = /\(ACC \(n torso\) \(a [-\d.]+ [-\d.]+ ([-\d.]+)\)\)/.exec(m)!;
      close(p.acc!.z, Number(az), "acc z");
      const [, t] = /\(time \(now ([\d.]+)\)\)/.exec(m)!;
      close(p.time, Number(t), "time");
      const [, pm] = /\(pm (\w+)\)/.exec(m)!;
      assert.equal(p.gameState!.playModeName, pm);
      assert.notEqual(p.gameState!.playMode, PlayMode.Unknown);
    }
  });
}

fixtureTest("fixture agent1: first message has flags, ball, lines and ground truth", async () => {
  const [first] = await serverMessagesOf(AGENT1);
  const p = parseOk(new PerceptionParser(), first);
  assert.equal(p.time, 1.16);
  assert.equal(p.gameState!.playMode, PlayMode.BeforeKickOff);
  assert.equal(p.gameState!.unum, null);
  const f1l = p.vision!.flags.F1L!;
  close(f1l.distance, 18.67, "F1L distance");
  close(f1l.azimuth, 53.7 * DEG, "F1L azimuth");
  close(f1l.elevation, -5.08 * DEG, "F1L elevation");
  close(p.vision!.ball!.distance, 1.89, "ball distance");
  assert.equal(p.vision!.lines.length, 9);
  close(p.vision!.lines[0].b.distance, 11.11, "line 0 b distance");
  close(p.vision!.lines[0].a.elevation, -59.84 * DEG, "line 0 a elevation");
  const gt = p.groundTruth!;
  assert.deepEqual(gt.myPos, { x: -0, y: -1, z: 1.64 });
  close(gt.myOrientation, 90 * DEG, "myorien");
  assert.deepEqual(gt.ballPos, { x: 0, y: 0, z: 0.04 });
});

fixtureTest("fixture agent1: GS registration gives unum 1 on the left", async () => {
  const msgs = await serverMessagesOf(AGENT1);
  const parser = new PerceptionParser();
  const reg = msgs.find((m) => m.includes("(unum"))!;
  const gs = parseOk(parser, reg).gameState!;
  assert.equal(gs.unum, 1);
  assert.equal(gs.side, "left");
  assert.equal(gs.scoreLeft, 0);
  assert.equal(gs.gameTime, 0);
});

fixtureTest("fixture agent9 (type 4): toe joints and toe force sensors", async () => {
  const msgs = await serverMessagesOf(AGENT9);
  const parser = new PerceptionParser();
  const m = msgs.find((m) => m.includes("(n llj7)") && m.includes("(n rf1)"))!;
  assert.ok(m, "a message with toe joints and a right toe force reading");
  const p = parseOk(parser, m);
  const [, l7] = /\(HJ \(n llj7\) \(ax ([-\d.]+)\)\)/.exec(m)!;
  const [, r7] = /\(HJ \(n rlj7\) \(ax ([-\d.]+)\)\)/.exec(m)!;
  close(p.joints[jointIndex("llj7")!], Number(l7) * DEG, "llj7");
  close(p.joints[jointIndex("rlj7")!], Number(r7) * DEG, "rlj7");
  assert.equal(p.joints.filter((q) => !Number.isNaN(q)).length, 24);
  const [, cx, cy, cz, fx, fy, fz] =
    /\(FRP \(n rf1\) \(c ([-\d.]+) ([-\d.]+) ([-\d.]+)\) \(f ([-\d.]+) ([-\d.]+) ([-\d.]+)\)\)/
      .exec(m)!;
  assert.deepEqual(p.feet.rf1, {
    c: { x: Number(cy), y: -Number(cx), z: Number(cz) },
    f: { x: Number(fy), y: -Number(fx), z: Number(fz) },
  });
});

fixtureTest("fixture agent9: a See with players, lines, and a heard teammate", async () => {
  const msgs = await serverMessagesOf(AGENT9);
  const m = msgs.find((m) => m.includes("(P (team UTAustinVilla_Base) (id 7) (head"))!;
  const p = parseOk(new PerceptionParser(), m);
  const v = p.vision!;
  assert.equal(v.players.length, (m.match(/\(P \(team/g) ?? []).length);
  assert.equal(v.lines.length, (m.match(/\(L \(pol/g) ?? []).length);
  const seven = v.players.find((pl) => pl.id === 7)!;
  assert.equal(seven.team, "UTAustinVilla_Base");
  const [, d, a, e] = /\(id 7\) \(head \(pol ([-\d.]+) ([-\d.]+) ([-\d.]+)\)\)/.exec(m)!;
  close(seven.parts.head!.distance, Number(d), "head distance");
  close(seven.parts.head!.azimuth, Number(a) * DEG, "head azimuth");
  close(seven.parts.head!.elevation, Number(e) * DEG, "head elevation");
  assert.equal(Object.keys(seven.parts).length, 5);
  const [, team, time, dir, text] = /\(hear (\S+) ([\d.]+) ([-\d.]+) (\S+?)\)/.exec(m)!;
  assert.deepEqual(p.heard, [{
    team,
    time: Number(time),
    self: false,
    direction: Number(dir) * DEG,
    message: text,
  }]);
});
