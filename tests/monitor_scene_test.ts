// The monitor's scene graph (whole, then changes node for node) read into the ball's and robots'
// positions; each goal credited to the last robot to touch the ball, and the game traced every
// 0.1 s; from literal messages and from real server traffic (tests/data/monitor_goals.jsonl.gz: rcssserver3d 0.7.3,
// Left 9 against Right 2 with trainer commands; numbers rounded to 4 places).

import assert from "assert";
import { MonitorScene } from "../src/net/monitor_scene.ts";
import { SceneFollower } from "../src/net/scene_follower.ts";
import { newMonitorGameState, updateMonitorGameState } from "../src/net/monitor_state.ts";
import { readRecordingText } from "../src/tools/recording.ts";

const at = (x: number, y: number, z: number) => `(SLT 1 0 0 0 0 1 0 0 0 0 1 0 ${x} ${y} ${z} 1)`;
const mesh = (model: string, materials = "") =>
  `(nd StaticMesh (setVisible 1) (load ${model}) (sSc 1 1 1)(resetMaterials ${materials}))`;
/** A robot: a node holding its torso (under a turned mesh node, as the server sends it) and feet. */
const robot = (unum: number, side: "Left" | "Right", x: number, y: number) =>
  `(nd TRF ${at(0, 0, 0)}` +
  `(nd TRF ${at(x, y, 0.35)}(nd TRF (SLT 0 -1 0 0 1 0 0 0 0 0 1 0 0 0 0 1)` +
  mesh("models/naobody0.obj", `matNum${unum} mat${side} matType0 naowhite`) + "))" +
  `(nd TRF ${at(x, y + 0.2, 0.4)}${mesh("models/naohead.obj", `mat${side}`)})` +
  `(nd TRF ${at(x + 0.02, y - 0.055, 0.02)}${mesh("models/rfoot.obj", `mat${side}`)})` +
  `(nd TRF ${at(x + 0.02, y + 0.055, 0.02)}${mesh("models/lfoot.obj", `mat${side}`)}))`;
const SCENE = "((time 0)(half 1))(RSG 0 1)(" +
  `(nd TRF ${at(-10, 10, 10)}(nd Light (setDiffuse 1 1 1 1)))` +
  `(nd TRF ${at(0, 0, 0.042)}${mesh("models/soccerball.obj", "soccerball_rcs-soccerball.png")})` +
  robot(7, "Left", -1, 0) + robot(3, "Right", 2, 1) + ")";

Deno.test("monitor scene: the whole graph gives the ball and each robot's parts", () => {
  const s = new MonitorScene();
  assert.equal(s.ball(), null);
  assert.equal(s.update(SCENE), true);
  assert.deepEqual(s.ball(), { x: 0, y: 0, z: 0.042 });
  const robots = s.robots();
  assert.deepEqual(robots.map((r) => [r.team, r.unum, r.type]), [["left", 7, 0], ["right", 3, 0]]);
  assert.deepEqual(robots[0].parts.map((p) => p.kind), ["torso", "foot", "foot"], "no head");
  assert.deepEqual(robots[1].parts[0].at, { x: 2, y: 1, z: 0.35 }, "torso through its nodes");
  assert.deepEqual(robots[1].parts[2].at, { x: 2.02, y: 1.055, z: 0.02 });
});

Deno.test("monitor scene: changes move the nodes they name, in scene order", () => {
  const s = new MonitorScene();
  s.update(SCENE);
  // Light unchanged; the ball moved; robot 7's torso and right foot moved; robot 3 unchanged.
  s.update(
    `((time 0.02))(RDS 0 1)((nd(nd))(nd ${at(0.5, -0.25, 0.042)}(nd StaticMesh))` +
      `(nd(nd ${at(-0.9, 0.1, 0.34)}(nd(nd StaticMesh)))(nd(nd StaticMesh))` +
      `(nd ${at(-0.8, 0.05, 0.03)}(nd StaticMesh))(nd))(nd))`,
  );
  assert.deepEqual(s.ball(), { x: 0.5, y: -0.25, z: 0.042 });
  const [r7, r3] = s.robots();
  assert.deepEqual(r7.parts.map((p) => p.at.x), [-0.9, -0.8, -0.98]);
  assert.deepEqual(r3.parts[0].at, { x: 2, y: 1, z: 0.35 });
  assert.equal(s.update("((time 0.04)(play_mode 3))"), false, "no scene in it");
});

Deno.test("monitor scene: a malformed change leaves what it cannot read", () => {
  const s = new MonitorScene();
  s.update(SCENE);
  s.update(`((time 0.02))(RDS 0 1)((nd(nd))(nd (SLT 1 0 0 x)(nd StaticMesh))`);
  assert.deepEqual(s.ball(), { x: 0, y: 0, z: 0.042 }, "a bad transform is skipped");
  s.update(`((time 0.04))(RDS 0 1)((nd(nd))(nd ${at(1, 1, 0.042)}(nd(nd(nd(nd`);
  assert.deepEqual(s.ball(), { x: 1, y: 1, z: 0.042 }, "a cut-off message is read up to the cut");
  s.update("((time 0.06))(RDS 0 1)((nd)(nd)(nd)(nd)(nd)(nd)(nd)))))");
  assert.equal(s.update("(RSG 0 1)"), false, "a scene without a graph");
  assert.deepEqual(s.robots().length, 2);
});

Deno.test("goal credit: the last toucher before the goal, an own goal when that team conceded", () => {
  const g = newMonitorGameState();
  const follower = new SceneFollower();
  const credit = follower.goals;
  const feed = (m: string) => {
    updateMonitorGameState(g, m);
    follower.update(g, m);
  };
  const ballAt = (t: number, x: number, y: number, extra = "") =>
    `((time ${t})${extra})(RDS 0 1)((nd(nd))(nd ${at(x, y, 0.042)}(nd StaticMesh)))`;
  feed(SCENE);
  feed(ballAt(1, 1.95, 1.12));
  assert.deepEqual(credit.last, { team: "right", unum: 3 }, "beside robot 3's left foot");
  feed(ballAt(1.5, -5, 1.2));
  assert.deepEqual(credit.last, { team: "right", unum: 3 }, "a roll touches nobody");
  feed(ballAt(2, -15.2, 0, "(score_right 1)"));
  feed(ballAt(5, -0.95, 0.1));
  assert.deepEqual(credit.last, { team: "left", unum: 7 });
  feed(ballAt(6, -15.2, 0.3, "(score_right 2)"));
  feed(ballAt(9, 0, 0));
  feed(ballAt(12, 15.5, 0, "(score_left 1)"));
  assert.deepEqual(credit.goals.map((c) => [c.team, c.by, c.own]), [
    ["right", { team: "right", unum: 3 }, false],
    ["right", { team: "left", unum: 7 }, true],
    ["left", null, false],
  ]);
  assert.deepEqual(credit.ownGoals(), [1, 0]);
});

Deno.test("goal credit: real traffic, an own goal of Right 2 and a goal of Left 9", async () => {
  const path = new URL("./data/monitor_goals.jsonl.gz", import.meta.url).pathname;
  const messages = (await readRecordingText(path)).split("\n").filter(Boolean)
    .map((l) => JSON.parse(l) as string);
  const g = newMonitorGameState();
  const follower = new SceneFollower();
  for (const m of messages) {
    updateMonitorGameState(g, m);
    follower.update(g, m);
  }
  const credit = follower.goals;
  const robots = follower.scene.robots();
  assert.deepEqual(robots.map((r) => [r.team, r.unum, r.type, r.parts.length]), [
    ["left", 9, 0, 5],
    ["right", 2, 0, 5],
  ], "torso, two shanks and two feet each");
  assert.equal(g.scoreLeft, 2);
  assert.deepEqual(
    credit.goals.map((c) => [c.team, c.by, c.own, Math.round(c.time)]),
    [
      ["left", { team: "right", unum: 2 }, true, 2],
      ["left", { team: "left", unum: 9 }, false, 31],
    ],
  );
  assert.deepEqual(credit.ownGoals(), [0, 1]);
});

Deno.test("scene trace: a sample each 0.1 s of game time, robots by team, the half restarts it", () => {
  const g = newMonitorGameState();
  const follower = new SceneFollower();
  const trace = follower.trace;
  const feed = (m: string) => {
    updateMonitorGameState(g, m);
    follower.update(g, m);
  };
  feed(SCENE);
  for (let c = 1; c <= 12; c++) {
    feed(`((time ${(c * 0.02).toFixed(2)}))(RDS 0 1)((nd(nd))(nd ${at(c / 10, 0, 0.042)}))`);
  }
  feed(`((time 0.04)(half 2))(RDS 0 1)((nd))`);
  assert.deepEqual(trace.samples.map((s) => [s.half, s.t]), [[1, 0], [1, 0.1], [1, 0.2], [
    2,
    0.04,
  ]]);
  assert.deepEqual(trace.samples[1].ball, [0.5, 0, 0.04], "centimetres");
  assert.deepEqual(trace.samples[0].left, [[7, -1, 0, 0.35]]);
  assert.deepEqual(trace.samples[0].right, [[3, 2, 1, 0.35]]);
  assert.equal(trace.text().split("\n").length, 5);
});
