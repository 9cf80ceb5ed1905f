// WorldState's motion clock on server time stamps as rcssserver3d 0.7.3 prints them: steps of
// 0.02 s with a 0.01 or 0.03 now and then (single-precision sums printed to two decimals), and
// cycles dropped in real-time mode; which side took the game's first kick-off.

import assert from "assert";
import { PerceptionParser } from "../src/protocol/parser.ts";
import { CYCLE_SECONDS } from "../src/protocol/cycle.ts";
import { cyclesBetween, WorldState } from "../src/world/world_state.ts";

const parser = new PerceptionParser();

function feed(world: WorldState, now: number, mode = "PlayOn", gameTime = now): void {
  const r = parser.parse(
    `(time (now ${now.toFixed(2)}))(GS (t ${gameTime.toFixed(2)}) (pm ${mode}))`,
  );
  if (!r.ok) assert.fail(r.error.message);
  world.update(r.perception);
}

Deno.test("cyclesBetween: a skipped hundredth is still one cycle, a dropped cycle is two", () => {
  assert.equal(cyclesBetween(0.02), 1);
  assert.equal(cyclesBetween(0.01), 1);
  assert.equal(cyclesBetween(0.03), 1);
  assert.equal(cyclesBetween(0.04), 2);
  assert.equal(cyclesBetween(0.05), 2);
  assert.equal(cyclesBetween(0.06), 3);
  assert.equal(cyclesBetween(1.0), 50);
  assert.equal(cyclesBetween(0), 1, "a repeated time stamp is a cycle too");
});

Deno.test("the motion clock counts whole cycles where the server's printed time skips", () => {
  const world = new WorldState();
  const stamps = [279.36, 279.38, 279.39, 279.41, 279.43, 279.46, 279.48, 279.52, 279.54];
  const clocks: number[] = [];
  const dts: number[] = [];
  for (const t of stamps) {
    feed(world, t);
    clocks.push(Math.round(world.clock * 100) / 100);
    dts.push(Math.round(world.dt * 100) / 100);
  }
  assert.equal(world.time, 279.54, "time stays the server's");
  // 0.01 and 0.03 steps count one cycle each; 279.48 → 279.52 is a dropped cycle.
  assert.deepEqual(clocks, [279.36, 279.38, 279.4, 279.42, 279.44, 279.46, 279.48, 279.52, 279.54]);
  assert.deepEqual(dts, [0.02, 0.02, 0.02, 0.02, 0.02, 0.02, 0.02, 0.04, 0.02]);
  assert.equal(CYCLE_SECONDS, 0.02);
});

Deno.test("the play mode's start is the server time it was first perceived, its age in cycles", () => {
  const world = new WorldState();
  feed(world, 10, "KickOff_Right");
  feed(world, 10.02, "KickOff_Right");
  feed(world, 10.06, "KickOff_Right");
  assert.equal(world.playModeSince, 10);
  assert.equal(world.playModeAge, 2);
  feed(world, 25.04);
  assert.equal(world.playModeSince, 25.04);
  assert.equal(world.playModeAge, 0);
});

Deno.test("the first kick-off's side is the one at the game's start, not after a goal", () => {
  const world = new WorldState();
  feed(world, 5, "BeforeKickOff", 0);
  assert.equal(world.firstKickOff, null);
  feed(world, 5.02, "KickOff_Left", 0);
  feed(world, 9, "PlayOn", 4);
  feed(world, 40, "Goal_Left", 35);
  feed(world, 43, "KickOff_Right", 38);
  assert.equal(world.firstKickOff, "left");
  // An agent that joins mid-game never saw it.
  const late = new WorldState();
  feed(late, 43, "KickOff_Right", 38);
  feed(late, 60, "PlayOn", 55);
  assert.equal(late.firstKickOff, null);
});

Deno.test("the world is embodied once a message carries joint angles, and stays so", () => {
  const world = new WorldState();
  feed(world, 0);
  assert.equal(world.embodied, false, "game state alone: the robot is not built yet");
  const r = parser.parse("(time (now 0.02))(HJ (n hj1) (ax 10.00))");
  if (!r.ok) assert.fail(r.error.message);
  world.update(r.perception);
  assert.equal(world.embodied, true);
  feed(world, 0.04);
  assert.equal(world.embodied, true);
});
