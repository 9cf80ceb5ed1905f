// Parser behaviour on literal server strings: every perceptor, play modes, hear variants,
// unknown expressions, and typed errors with offsets.

import assert from "assert";
import { jointIndex } from "../src/body/joints.ts";
import { PerceptionParser } from "../src/protocol/parser.ts";
import { PLAY_MODE_BY_NAME, PlayMode } from "../src/protocol/playmode.ts";
import type { Perception } from "../src/protocol/perception.ts";

const DEG = Math.PI / 180;
const parser = new PerceptionParser();

function ok(msg: string): Perception {
  const r = parser.parse(msg);
  if (!r.ok) assert.fail(`unexpected error at ${r.error.offset}: ${r.error.message}`);
  return r.perception;
}

function err(msg: string) {
  const r = parser.parse(msg);
  assert.equal(r.ok, false, `expected an error for ${msg}`);
  return (r as { ok: false; error: { offset: number; message: string } }).error;
}

Deno.test("GS with registration fields", () => {
  const gs = ok("(GS (unum 7) (team right) (sl 2) (sr 1) (t 123.45) (pm PlayOn))").gameState!;
  assert.deepEqual(gs, {
    unum: 7,
    side: "right",
    scoreLeft: 2,
    scoreRight: 1,
    gameTime: 123.45,
    playMode: PlayMode.PlayOn,
    playModeName: "PlayOn",
  });
});

Deno.test("every 0.7.x play-mode name maps to its enum; unknown names stay as text", () => {
  assert.equal(PLAY_MODE_BY_NAME.size, 21);
  for (const [name, mode] of PLAY_MODE_BY_NAME) {
    const gs = ok(`(GS (t 0.00) (pm ${name}))`).gameState!;
    assert.equal(gs.playMode, mode);
    assert.equal(gs.playModeName, name);
  }
  const gs = ok("(GS (t 0.00) (pm penalty_kick_left))").gameState!;
  assert.equal(gs.playMode, PlayMode.Unknown);
  assert.equal(gs.playModeName, "penalty_kick_left");
});

Deno.test("GS team must be left or right", () => {
  assert.match(err("(GS (unum 1) (team middle))").message, /left or right/);
});

Deno.test("gyro in rad/s, accelerometer in m/s², joints in radians", () => {
  const p = ok(
    "(time (now 93.60))(GYR (n torso) (rt -0.35 1.00 90.00))(ACC (n torso) (a 0.20 -0.20 9.79))" +
      "(HJ (n hj1) (ax -45.00))(HJ (n rlj4) (ax 20.02))",
  );
  assert.equal(p.time, 93.6);
  // The server's body axes are x right, y forward; ours are x forward, y left.
  assert.deepEqual(p.gyro, { x: 1 * DEG, y: 0.35 * DEG, z: 90 * DEG });
  assert.deepEqual(p.acc, { x: -0.2, y: -0.2, z: 9.79 });
  assert.equal(p.joints[jointIndex("hj1")!], -45 * DEG);
  assert.equal(p.joints[jointIndex("rlj4")!], 20.02 * DEG);
  assert.ok(Number.isNaN(p.joints[jointIndex("llj1")!]));
});

Deno.test("foot force perceptors lf, rf, lf1, rf1", () => {
  const p = ok(
    "(FRP (n lf) (c 0.01 -0.01 -0.02) (f -0.21 0.20 25.45))(FRP (n rf1) (c 0 0 0) (f 1 2 3))",
  );
  // Foot frame: the server's (right, forward, up) becomes (forward, left, up).
  assert.deepEqual(p.feet.lf, {
    c: { x: -0.01, y: -0.01, z: -0.02 },
    f: { x: 0.2, y: 0.21, z: 25.45 },
  });
  assert.deepEqual(p.feet.rf1, { c: { x: 0, y: -0, z: 0 }, f: { x: 2, y: -1, z: 3 } });
  assert.equal(p.feet.rf, undefined);
});

Deno.test("See: flags, posts, ball, players with all parts, lines, ground truth apart", () => {
  const p = ok(
    "(See (G2R (pol 17.55 -3.33 4.31)) (F1R (pol 18.52 18.94 1.54)) (B (pol 8.51 -0.21 -0.17))" +
      " (P (team teamRed) (id 1) (head (pol 16.98 -0.21 3.19)) (rlowerarm (pol 16.83 -0.06 2.80))" +
      " (llowerarm (pol 16.86 -0.36 3.10)) (rfoot (pol 17.00 0.29 1.68)) (lfoot (pol 16.95 -0.51 1.32)))" +
      " (P (team teamBlue) (id 10) (rlowerarm (pol 0.18 -33.55 -20.16)))" +
      " (L (pol 1.90 -0.23 -59.84) (pol 11.11 0.08 -8.39))" +
      " (mypos -14.20 9.20 0.54) (myorien -90.00) (ballpos 0.00 0.00 0.04))",
  );
  const v = p.vision!;
  assert.deepEqual(v.goalPosts.G2R, {
    distance: 17.55,
    azimuth: -3.33 * DEG,
    elevation: 4.31 * DEG,
  });
  assert.deepEqual(Object.keys(v.flags), ["F1R"]);
  assert.equal(v.ball!.distance, 8.51);
  assert.equal(v.players.length, 2);
  assert.equal(v.players[0].team, "teamRed");
  assert.deepEqual(Object.keys(v.players[0].parts).sort(), [
    "head",
    "lfoot",
    "llowerarm",
    "rfoot",
    "rlowerarm",
  ]);
  assert.equal(v.players[1].id, 10);
  assert.equal(v.lines.length, 1);
  assert.equal(v.lines[0].b.azimuth, 0.08 * DEG);
  assert.deepEqual(p.groundTruth, {
    myPos: { x: -14.2, y: 9.2, z: 0.54 },
    myOrientation: -90 * DEG,
    ballPos: { x: 0, y: 0, z: 0.04 },
  });
  assert.equal(ok("(See (B (pol 1 2 3)))").groundTruth, null);
});

Deno.test("hear: with team, without team (older servers), self and direction", () => {
  const p = ok(
    "(hear MyTeam 12.3 self helloyourself)(hear OpponentTeam 12.30 -12.7 a*b#c!d)(hear 0.00 self 1000-501)",
  );
  assert.deepEqual(p.heard, [
    { team: "MyTeam", time: 12.3, self: true, direction: null, message: "helloyourself" },
    { team: "OpponentTeam", time: 12.3, self: false, direction: -12.7 * DEG, message: "a*b#c!d" },
    { team: null, time: 0, self: true, direction: null, message: "1000-501" },
  ]);
  assert.match(err("(hear Team 1.0 north msg)").message, /direction/);
  assert.match(err("(hear 1.0 self)").message, /hear needs/);
});

Deno.test("AgentState", () => {
  assert.deepEqual(ok("(AgentState (temp 48) (battery 75))").agentState, {
    temperature: 48,
    battery: 75,
  });
});

Deno.test("unknown expressions and fields are skipped and counted", () => {
  const p = ok(
    "(time (now 1.00) (extra 1))(TCH n bumper val 0)(GS (t 1.00) (pm PlayOn) (foo (bar)))" +
      "(HJ (n xyz1) (ax 3.00))(See (F9X (pol 1 2 3)) (B (pol 1 2 3)))",
  );
  assert.equal(p.unknownExpressions, 5);
  assert.equal(p.gameState!.playMode, PlayMode.PlayOn);
  assert.equal(p.vision!.ball!.distance, 1);
});

Deno.test("numbers: exponents, signs, long mantissas; non-finite values are errors", () => {
  const p = ok("(GYR (n torso) (rt 1e2 +2.5 -0.000000000000000001))");
  assert.equal(p.gyro!.y, -100 * DEG);
  assert.equal(p.gyro!.x, 2.5 * DEG);
  assert.ok(Math.abs(p.gyro!.z) < 1e-19);
  assert.match(err("(time (now nan))").message, /not a finite number/);
  assert.match(err("(time (now 1e999))").message, /not a finite number/);
  assert.match(err("(time (now 1.2.3))").message, /not a finite number/);
  assert.match(err("(GS (unum 1.5))").message, /integer/);
});

Deno.test("vision: an object the server sees at nan is dropped, the message is kept", () => {
  const p = ok(
    "(time (now 9.00))(HJ (n hj1) (ax 3.00))(See (G1L (pol 3 4 5)) (B (pol nan -nan NaN)) " +
      "(P (team A) (id 2) (head (pol nan 1 2)) (rfoot (pol 2 3 4))) (L (pol 1 2 3) (pol nan 1 1)) " +
      "(F1R (pol 1 nan 1)))",
  );
  assert.equal(p.vision!.ball, null);
  assert.equal(p.vision!.goalPosts.G1L!.distance, 3);
  assert.equal(p.vision!.flags.F1R, undefined);
  assert.deepEqual(Object.keys(p.vision!.players[0].parts), ["rfoot"]);
  assert.equal(p.vision!.lines.length, 0);
  assert.equal(p.joints[jointIndex("hj1")!], 3 * DEG);
  assert.match(err("(See (B (pol nanx 1 1)))").message, /not a finite number/);
  assert.match(err("(See (B (pol inf 1 1)))").message, /not a finite number/);
});

Deno.test("syntax errors carry the byte offset", () => {
  assert.deepEqual(err("(time (now 1.0)"), {
    offset: 15,
    message: "unexpected end of message: missing ')'",
  });
  assert.equal(err("x(time)").offset, 0);
  assert.match(err("(TCH (a (b)").message, /unbalanced/);
  assert.match(err("(See (B (pos 1 2 3)))").message, /pol/);
});

Deno.test("empty and whitespace-only messages give an empty perception", () => {
  for (const m of ["", "  \n\t"]) {
    const p = ok(m);
    assert.equal(p.time, null);
    assert.equal(p.gameState, null);
  }
});

Deno.test("bytes and strings parse alike", () => {
  const text = "(time (now 5.00))(GS (t 1.00) (pm KickOff_Left))(HJ (n llj3) (ax 26.51))";
  assert.deepEqual(parser.parse(new TextEncoder().encode(text)), parser.parse(text));
});
