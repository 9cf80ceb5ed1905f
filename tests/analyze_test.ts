// The game analysis on a scripted game: one of our players kicks the ball 6 m into the goal, an
// opponent (placed by a seer whose estimate is 0.1 m off) then holds it, our player falls; the
// figures must be the script's, seen from either side. And the real recordings analyse.

import assert from "assert";
import { analyze, GameTimeline, loadGame, loggedPasses, ourMode } from "../src/tools/analyze.ts";
import type { ReplayFrame } from "../src/tools/replay.ts";
import { AGENT1, AGENT9, fixtureTest } from "./fixtures.ts";

function frame(t: number, side: "left" | "right"): ReplayFrame {
  const s = side === "left" ? 1 : -1;
  // Ball: still at (0.3, 0) until 2 s, then 3 m/s along +x for 2 s, then still at (6.3, 0).
  const bx = t < 2 ? 0.3 : t < 4 ? 0.3 + 3 * (t - 2) : 6.3;
  const z = t < 8 ? 0.5 : 0.1;
  const yaw = side === "left" ? 0 : Math.PI;
  return {
    now: t,
    gameTime: t,
    playMode: "PlayOn",
    joints: {},
    gyro: null,
    acc: null,
    seen: { flags: 0, posts: 0, lines: 0, players: 1, ball: true },
    groundTruth: {
      myPos: { x: 0, y: 0, z },
      myOrientation: yaw,
      ballPos: { x: s * bx, y: 0, z: 0.04 },
    },
    self: null,
    ball: null,
    unum: 5,
    side,
    // Our goal at 9 s.
    score: t < 9 ? [0, 0] : side === "left" ? [1, 0] : [0, 1],
    // The seer believes itself 0.1 m ahead of where it is, so places everything 0.1 m ahead too:
    // the opponent seen 0.65 m from the stopped ball is 0.55 m from it, near enough to hold it.
    camera: { x: s * 0.1, y: 0, yaw },
    seenPlayers: t >= 4.5 ? [{ teammate: false, unum: 3, x: s * 6.95, y: 0 }] : [],
  } as ReplayFrame;
}

for (const side of ["left", "right"] as const) {
  Deno.test(`analyze (${side}): possession, still ball, thirds, kicks, shots, goals and falls`, () => {
    const tl = new GameTimeline();
    for (let c = 0; c <= 500; c += 3) tl.add(frame(c * 0.02, side));
    const a = analyze(tl);
    assert.ok(Math.abs(a.playOnSeconds - 10) < 0.1, `${a.playOnSeconds}`);
    // Ours from the start (0.3 m from the ball) until the opponent is at the stopped ball.
    assert.ok(Math.abs(a.possession.ours - 0.45) < 0.03, `ours ${a.possession.ours}`);
    assert.ok(Math.abs(a.possession.theirs - 0.55) < 0.03, `theirs ${a.possession.theirs}`);
    assert.ok(Math.abs(a.ballStill - 0.8) < 0.03, `still ${a.ballStill}`);
    // In the middle third until x passes 5 m, at 3.57 s.
    assert.ok(Math.abs(a.thirds.middle - 0.357) < 0.03, `middle ${a.thirds.middle}`);
    assert.equal(a.thirds.defence, 0);
    assert.deepEqual(a.goalMouths, { theirs: 0, ours: 0 });
    assert.deepEqual(a.kicks.ours.count, 1);
    assert.deepEqual(a.kicks.ours.shots, 1);
    assert.ok(Math.abs(a.kicks.ours.maxDistance! - 6) < 0.2, `${a.kicks.ours.maxDistance}`);
    assert.equal(a.kicks.theirs.count, 0);
    assert.deepEqual(a.goals, { ours: 1, theirs: 0, ownGoalsOurs: 0, ownGoalsTheirs: 0 });
    assert.deepEqual(a.falls, { "5": 1 });
    // Logged as a pass, but the opponent was next at the ball.
    const passes = loggedPasses(" 5| INFO [5] pass 1 to 6 at game time 2.0\n");
    assert.deepEqual(passes, [{ unum: 5, to: 6, gameTime: 2 }]);
    assert.deepEqual(analyze(tl, passes).passes, { attempts: 1, completed: 0 });
    // With teammate 6 standing where the ball stops, the pass is completed.
    for (let c = 0; c <= 500; c += 3) {
      const f = frame(c * 0.02, side);
      const s = side === "left" ? 1 : -1;
      tl.add({
        ...f,
        unum: 6,
        groundTruth: { ...f.groundTruth!, myPos: { x: s * 6.3, y: s * -0.3, z: 0.5 } },
        camera: null,
        seenPlayers: [],
      });
    }
    assert.deepEqual(analyze(tl, passes).passes, { attempts: 1, completed: 1 });
  });
}

Deno.test("analyze: the ball's time in front of each goal", () => {
  for (const side of ["left", "right"] as const) {
    const s = side === "left" ? 1 : -1;
    const tl = new GameTimeline();
    // 2 s in front of their goal (13, 1), 1 s beside it (13, 4), 1 s in front of ours (-14, 0).
    const at = (t: number) => t < 2 ? { x: 13, y: 1 } : t < 3 ? { x: 13, y: 4 } : { x: -14, y: 0 };
    for (let c = 0; c <= 200; c += 3) {
      const f = frame(c * 0.02, side), b = at(c * 0.02);
      tl.add({
        ...f,
        score: [0, 0],
        groundTruth: { ...f.groundTruth!, ballPos: { x: s * b.x, y: s * b.y, z: 0.04 } },
        seenPlayers: [],
      });
    }
    const m = analyze(tl).goalMouths;
    assert.ok(Math.abs(m.theirs - 0.5) < 0.03 && Math.abs(m.ours - 0.25) < 0.03, JSON.stringify(m));
  }
});

Deno.test("analyze: stoppages per play mode, named for our side, by the server's clock", () => {
  assert.equal(ourMode("KickOff_Left", "left"), "KickOff_ours");
  assert.equal(ourMode("goal_kick_right", "left"), "goal_kick_theirs");
  assert.equal(ourMode("corner_kick_left", "right"), "corner_kick_theirs");
  assert.equal(ourMode("BeforeKickOff", "right"), "BeforeKickOff");
  // The server's modes, each until the time beside it: before the kick-off, the left team's
  // kick-off, play, the right team's goal kick, play, the same goal kick again, play.
  const modes: [number, string][] = [
    [1, "BeforeKickOff"],
    [3, "KickOff_Left"],
    [5, "PlayOn"],
    [6, "goal_kick_right"],
    [7, "PlayOn"],
    [7.5, "goal_kick_right"],
    [Infinity, "PlayOn"],
  ];
  const mode = (t: number) => modes.find(([until]) => t < until - 1e-9)![1];
  for (const side of ["left", "right"] as const) {
    const tl = new GameTimeline();
    for (let c = 0; c <= 400; c++) tl.add({ ...frame(c * 0.02, side), playMode: mode(c * 0.02) });
    const [us, them] = side === "left" ? ["ours", "theirs"] : ["theirs", "ours"];
    assert.deepEqual(analyze(tl).stoppages, {
      BeforeKickOff: { count: 1, seconds: 1 },
      [`KickOff_${us}`]: { count: 1, seconds: 2 },
      [`goal_kick_${them}`]: { count: 2, seconds: 1.5 },
    }, side);
  }
});

fixtureTest("analyze: the real recordings of two UT agents", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.copyFile(AGENT1, `${dir}/agent1.jsonl.gz`);
    await Deno.copyFile(AGENT9, `${dir}/agent9.jsonl.gz`);
    const a = analyze(await loadGame(dir));
    assert.ok(a.playOnSeconds > 20, `${a.playOnSeconds}`);
    const p = a.possession;
    assert.ok(Math.abs(p.ours + p.theirs + p.nobody - 1) < 0.01);
    const t = a.thirds;
    assert.ok(Math.abs(t.defence + t.middle + t.attack - 1) < 0.01);
    assert.deepEqual(Object.keys(a.falls), ["1", "9"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
