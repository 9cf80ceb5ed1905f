// The match's scene trace analysed (scene_analysis.ts): possession by the nearest torso, the still
// ball, thirds, and falls (up for a second, then down) with what was near; from samples built here.

import assert from "assert";
import { analyzeScene, parseSceneTrace } from "../src/tools/scene_analysis.ts";
import { kickSummary, sceneKicks } from "../src/tools/scene_kicks.ts";
import type { SceneSample } from "../src/net/scene_trace.ts";

type Robot = [number, number, number, number];

/** Samples every 0.1 s from t0, each from `at(t)`. */
function samples(
  t0: number,
  n: number,
  at: (t: number) => { ball: [number, number]; left: Robot[]; right: Robot[]; pm?: string },
): SceneSample[] {
  return Array.from({ length: n }, (_, k) => {
    const t = Math.round((t0 + k * 0.1) * 10) / 10;
    const s = at(t);
    return {
      half: 1,
      t,
      pm: s.pm ?? "PlayOn",
      ball: [...s.ball, 0.04],
      left: s.left,
      right: s.right,
    };
  });
}

Deno.test("scene analysis: possession stays with the last team near the ball; still ball; thirds", () => {
  const a = analyzeScene(samples(0, 41, (t) => ({
    // 0-1 s still at a left robot in the middle, 1-2 s rolling away from it into the left's
    // attacking third, 2-4 s still at a right robot there.
    ball: t <= 1 ? [0, 0] : t <= 2 ? [6 * (t - 1), 0] : [6, 0],
    left: [[9, -0.3, 0, 0.33]],
    right: [[2, 6.4, 0, 0.33]],
  })));
  assert.equal(a.playOnSeconds, 4);
  assert.deepEqual(a.possession, { left: 0.475, right: 0.525, nobody: 0 });
  assert.equal(a.ballStill, 0.75);
  // Still at the left robot for 1 s and at the right robot for 2 s of the 4.
  assert.deepEqual(a.ballStillBy, { both: 0, left: 0.25, right: 0.5, nobody: 0 });
  // The ball passes x = 5 (a third of the length from the centre) at 1.83 s.
  assert.deepEqual(a.thirds, { leftDefence: 0, middle: 0.45, leftAttack: 0.55 });
});

Deno.test("scene analysis: the still ball by who stands at it; a robot lying there does not count", () => {
  const a = analyzeScene(samples(0, 41, (t) => ({
    // Still all along: 0-1 s both teams at it, 1-2 s the right robot alone (the left one lies
    // there), 2-3 s the left robot alone (the right one walked off), 3-4 s nobody.
    ball: [0, 0],
    left: [[7, t <= 3 ? 0.3 : 2, 0, t > 1 && t <= 2 ? 0.1 : 0.33]],
    right: [[3, t <= 2 ? -0.3 : 2, 0, 0.33]],
  })));
  assert.equal(a.ballStill, 1);
  assert.deepEqual(a.ballStillBy, { both: 0.25, left: 0.25, right: 0.25, nobody: 0.25 });
  assert.deepEqual(a.contestedByThird, { leftDefence: 0, middle: 0.25, leftAttack: 0 });
});

Deno.test("scene analysis: the contested still ball by the third it lies in", () => {
  const a = analyzeScene(samples(0, 41, (t) => ({
    // Both teams at a still ball: 0-1 s in the left's attacking third, from 2 s in its defence;
    // between, the ball rolls from one to the other.
    ball: t <= 1 ? [12, 0] : t <= 2 ? [12 - 24 * (t - 1), 0] : [-12, 0],
    left: [[9, t <= 1 ? 11.7 : -12.3, 0, 0.33]],
    right: [[2, t <= 1 ? 12.2 : -11.8, 0, 0.33]],
  })));
  assert.deepEqual(a.contestedByThird, { leftDefence: 0.5, middle: 0, leftAttack: 0.25 });
  assert.equal(a.ballStillBy.both, 0.75);
});

Deno.test("scene analysis: kick-offs, the first touch after each and the goal that followed", () => {
  // Their kick-off, untouched: dropped after 15 s; the ball moves 3 s later and the left team
  // scores 20 s after play began. Then our kick-off, taken at once: play runs 3 s, no goal; then
  // their kick-off, which the trace ends in.
  const pm = (t: number) =>
    t < 15
      ? "KickOff_Right"
      : t < 35
      ? "PlayOn"
      : t < 38
      ? "Goal_Left"
      : t < 39
      ? "KickOff_Left"
      : t < 42
      ? "PlayOn"
      : "KickOff_Right";
  const trace = samples(0, 440, (t) => ({
    pm: pm(t),
    ball: t < 18 || (t >= 38 && t < 39)
      ? [0, 0]
      : t < 38
      ? [Math.min(t - 18, 17) * 0.8, 0]
      : [2 * (t - 39), 0],
    left: [[9, -1, 0, 0.33]],
    right: [],
  }));
  const k = analyzeScene(trace).kickOffs;
  assert.deepEqual(k.kickOffs.map((o) => [o.side, o.waited, o.firstTouch, o.goal]), [
    ["right", 15, 3.2, { side: "left", after: 20 }],
    ["left", 1, 0.1, null],
    ["right", null, null, null],
  ]);
  assert.deepEqual(k.toGoal, {
    left: { goals: 1, meanSeconds: 20 },
    right: { goals: 0, meanSeconds: 0 },
  });
  assert.equal(k.meanFirstTouch, 1.65);
});

Deno.test("scene analysis: a teammate in the lane of the team's player at the ball", () => {
  const a = analyzeScene(samples(0, 41, (t) => ({
    // The left robot at the ball all along; a mate 1.5 m ahead toward +x for 0-1 s, beside the
    // lane (0.8 m across) for 1-2 s, behind the ball for 2-3 s, lying ahead for 3-4 s. The right
    // team, which attacks −x, has a mate 1.5 m ahead toward −x of its robot at a ball by it.
    ball: [0, 0],
    left: [
      [9, -0.3, 0, 0.33],
      [7, t > 2 && t <= 3 ? -1.5 : 1.5, t > 1 && t <= 2 ? 0.8 : 0, t > 3 ? 0.1 : 0.33],
    ],
    right: [[2, 0.3, 0.1, 0.33], [4, -1.2, 0.1, 0.33]],
  })));
  assert.deepEqual(a.mateInLane, { left: 0.25, right: 1 });
});

Deno.test("scene analysis: a fall is a robot up for a second going down, with what was near; a get-up fails when it goes down sooner", () => {
  const z = (t: number, down: number) => t < down ? 0.33 : 0.1;
  const a = analyzeScene(samples(0, 60, (t) => ({
    ball: [0, 0],
    left: [
      [2, 0, 0, z(t, 2)], // falls at 2 s beside right 4: a contact fall
      [3, 5, 5, t < 1.5 ? 0.33 : t < 1.6 ? 0.27 : t < 3 ? 0.33 : 0.2], // a dip, then a fall alone
      [4, -5, -5, t < 0.5 ? 0.33 : t < 1 ? 0.1 : t < 1.5 ? 0.33 : 0.1], // never up for a second
      [5, 5, -5, t < 1 ? 0.1 : t < 1.4 ? 0.33 : t < 1.5 ? 0.27 : 0.1], // stood, sank, fell
    ],
    right: [[4, 0.3, 0, 0.33], [5, 5.3, -5, 0.33]],
  })));
  assert.deepEqual(a.falls.left, {
    total: 2,
    withOpponent: 1,
    withMate: 0,
    alone: 1,
    perPlayer: { 2: 1, 3: 1 },
    // Left 4 stood up again at 1 s and was down at 1.5 s, left 5 stood 0.4 s beside right 5:
    // failed get-ups, the second one crowded.
    failedGetUps: { total: 2, crowded: 1, perPlayer: { 4: 1, 5: 1 } },
  });
  assert.equal(a.falls.right.total, 0);
  const stopped = analyzeScene(samples(0, 40, (t) => ({
    ball: [0, 0],
    left: [[2, 0, 0, z(t, 2)]],
    right: [],
    pm: "KickIn_Left",
  })));
  assert.equal(stopped.falls.left.total, 0, "PlayOn only");
});

Deno.test("scene analysis: a bad line names the file and line", () => {
  const good = JSON.stringify({ half: 1, t: 0, pm: "PlayOn", ball: null, left: [], right: [] });
  assert.equal(parseSceneTrace(`${good}\n\n${good}\n`, "s.jsonl").length, 2);
  assert.throws(() => parseSceneTrace(`${good}\n{"t": 1}\n`, "s.jsonl"), /s\.jsonl:2: not a scene/);
  assert.throws(() => parseSceneTrace("nope", "s.jsonl"), /s\.jsonl:1:/);
});

Deno.test("scene kicks: a kick's distance, a shot's outcome, and pushes and rolls that are no kick", () => {
  // Left 9 kicks from (10, 0) at 4 m/s slowing 1 m/s², into the goal (x = 15) about 1.5 s later;
  // right 1 stands in the goal mouth but off the ball's line.
  const scored = samples(0, 30, (t) => {
    const k = Math.max(0, t - 0.5);
    const x = 10 + 4 * k - 0.5 * k * k;
    return {
      ball: [Math.min(x, 15.1), 0.02 * k],
      left: [[9, 9.8, 0, 0.33]],
      right: [[1, 14.8, 0.8, 0.33]],
      pm: x > 15 ? "Goal_Left" : "PlayOn",
    };
  });
  const [goal] = sceneKicks(scored);
  assert.equal(goal.side, "left");
  assert.equal(goal.unum, 9);
  assert.equal(goal.shot, "goal");
  assert.deepEqual(goal.from, [10, 0]);
  // Right 1 steps into the line at 13 m: the keeper stops it.
  const saved = samples(0, 40, (t) => {
    const k = Math.max(0, t - 0.5);
    const x = Math.min(10 + 4 * k - 0.5 * k * k, 13);
    return { ball: [x, 0], left: [[9, 9.8, 0, 0.33]], right: [[1, 13.2, 0, 0.33]] };
  });
  const kicks = sceneKicks(saved);
  assert.equal(kicks.length, 1);
  assert.equal(kicks[0].shot, "keeper");
  assert.equal(kicks[0].distance, 3);
  // Sideways, 6 m along y from (0, 0): a kick, no shot. A push at 1 m/s: nothing. A fast ball
  // with no robot near where it started: nothing.
  const rest = samples(0, 60, (t) => ({
    ball: t < 2 ? [0, Math.min(6, 6 * t)] : t < 4 ? [0, 6 + Math.min(0.5, t - 2)] : [5, 5],
    left: [[4, 0, -0.2, 0.33], [5, 1, 5.9, 0.33]],
    right: [],
  }));
  const side = sceneKicks(rest);
  assert.equal(side.length, 1);
  assert.equal(side[0].shot, undefined);
  assert.equal(side[0].unum, 4);
  assert.equal(side[0].distance, 6);
  const summary = kickSummary([...kicks, ...side]);
  assert.equal(summary.left.kicks, 2);
  assert.equal(summary.left.meanDistance, 4.5);
  assert.equal(summary.left.longest, 6);
  assert.equal(summary.left.shots.total, 1);
  assert.equal(summary.left.shots.keeper, 1);
  assert.equal(summary.left.shots.meanDistanceToGoal, 5);
  assert.equal(summary.right.kicks, 0);
});

Deno.test("scene analysis: a stand-still is 5 s or more of a still ball with the team's player upright at it", () => {
  const a = analyzeScene(samples(0, 201, (t) => ({
    // 0-6 s: a left robot 0.2 m behind the still ball; 6-10 s: the ball 5 cm on, still, the robot
    // with it (4 s: too short); 10-16 s: the robot lying there; 16-20 s: a right robot at it.
    ball: t < 6 ? [3, 1] : [3.05, 1],
    left: [[7, t < 6 ? 2.8 : 2.85, 1, t >= 10 && t < 16 ? 0.1 : 0.33]],
    right: [[4, t >= 16 ? 3.25 : 9, 1, 0.33]],
  })));
  assert.deepEqual(a.standStills.left, {
    count: 1,
    seconds: 5.9,
    longest: 5.9,
    list: [{ half: 1, t: 0, seconds: 5.9, x: 3, y: 1 }],
  });
  assert.equal(a.standStills.right.count, 0, "4 s at the ball is no stand-still");
  // Play stopping ends one: two stretches of 3 s are none.
  const split = analyzeScene(samples(0, 61, (t) => ({
    ball: [3, 1],
    left: [[7, 2.8, 1, 0.33]],
    right: [],
    pm: t >= 3 && t < 3.2 ? "KickIn_Left" : "PlayOn",
  })));
  assert.equal(split.standStills.left.count, 0);
});
