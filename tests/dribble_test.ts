// The dribble's params (dribble.*): read from the param files in SI units, the ball kept before
// one foot, and the optimizer's dribble score (where the ball may lie: strategy_test.ts).

import assert from "assert";
import { loadParams } from "../src/agent/params.ts";
import { dribbleParams } from "../src/agent/play_options.ts";
import { BallPlayer, DRIBBLE, pushSide } from "../src/behavior/ball_play.ts";
import { soccer } from "../src/behavior/soccer.ts";
import { DRIBBLE_FALL_COST, dribbleScore } from "../src/eval/dribble_task.ts";
import { stats } from "../src/eval/measure.ts";
import { parse } from "../src/optimize/main.ts";

Deno.test("dribble params: every type's param files give them, the heading tolerance in radians", async () => {
  for (const type of [0, 1, 2, 3, 4] as const) {
    const d = dribbleParams(await loadParams(type, []));
    for (const [k, v] of Object.entries(d)) assert.ok(Number.isFinite(v), `type ${type} ${k}`);
    assert.ok(d.headingTolerance > 0.1 && d.headingTolerance < Math.PI / 2, JSON.stringify(d));
    assert.ok(d.speed > 0 && d.speed <= 1);
  }
});

Deno.test("dribble: the ball is kept before one foot, the side switching once it is past the middle", () => {
  const player = (foot: number) =>
    new BallPlayer({ ...soccer.defaults, dribble: { ...DRIBBLE, foot, sideGain: 2 } });
  const step = (p: BallPlayer, y: number, now: number) => {
    const r = p.act({
      self: { x: 0, y: 0, theta: 0 },
      ball: { x: 0.4, y },
      opponents: [],
      obstacles: [],
      mustKick: false,
      now,
    });
    assert.equal(p.action, "dribble");
    assert.equal(r.kind, "walk");
    return r.kind === "walk" ? r.vy : NaN;
  };
  // Between the feet: no side step for a centred ball.
  assert.equal(step(player(0), 0, 0), 0);
  // Before the left foot (0.05 m): a centred ball is stepped to the right of, 2 m/s per metre.
  const p = player(0.05);
  assert.ok(Math.abs(step(p, 0, 0) - 2 * -0.05) < 1e-9);
  // A ball 1 cm right stays on the left foot's side; 3 cm right moves to the right foot's.
  assert.ok(step(p, -0.01, 0.02) < 0);
  assert.ok(Math.abs(step(p, -0.03, 0.04) - 2 * (-0.03 + 0.05)) < 1e-9);
  assert.ok(step(p, -0.01, 0.06) > 0, "kept before the right foot");
});

Deno.test("dribble score: the mean speed less the fall cost per fall and run", () => {
  const r = {
    task: "dribble" as const,
    runs: 4,
    speed: stats([0.4, 0.5, 0.6, 0.5]),
    falls: 2,
    distances: [],
    offLine: [],
    actions: { approach: 0, fine: 0, dribble: 0, kick: 0 },
  };
  assert.ok(Math.abs(dribbleScore(r) - (0.5 - DRIBBLE_FALL_COST * 2 / 4)) < 1e-12);
  assert.equal(dribbleScore({ ...r, falls: 0 }), r.speed.mean);
});

Deno.test("optimize: the dribble task takes where its runs start", async () => {
  const dir = await Deno.makeTempDir();
  const space = `${dir}/d.space`;
  await Deno.writeTextFile(space, "dribble.speed 0.6 1\n");
  const o = await parse(["dribble", "--space", space, "--start", "mixed", "--out", `${dir}/o`]);
  assert.equal(o.start, "mixed");
  assert.equal((await parse(["dribble", "--space", space, "--out", `${dir}/o`])).start, "behind");
  await assert.rejects(
    () => parse(["dribble", "--space", space, "--start", "front", "--out", `${dir}/o`]),
    /--start/,
  );
  await Deno.remove(dir, { recursive: true });
});

Deno.test("dribble: a robot on the ball's path is passed on the side our push goes to from where we stand", () => {
  // sc2 at 207 s: the ball 2 m short of a standing robot on the centre line, we stand 0.5 m up and
  // left of the ball. Passing the robot on its left (+y), the side it leaves free, had us walk
  // around the ball for 5 s; on its right, our push from here goes that way at once.
  const ball = { x: 4.9, y: 0.2 };
  const robot = { x: 7, y: 0 };
  const goal = { x: 15, y: 0.2 };
  const upLeft = { x: 4.55, y: 0.6, theta: -0.5 };
  assert.equal(pushSide(upLeft, ball, goal), -1);
  assert.equal(pushSide({ x: 4.55, y: 0.25 }, ball, goal), 0, "behind the ball: no side");
  const p = new BallPlayer(soccer.defaults);
  const r = p.act({
    self: upLeft,
    ball,
    opponents: [robot],
    obstacles: [robot],
    mustKick: false,
    now: 0,
  });
  assert.equal(p.action, "dribble");
  assert.ok(r.kind === "walk" && r.vth < 0 && r.vy < 0, JSON.stringify(r));
});
