// The behaviour framework: registry with typed options, the priority-ordered decision list with
// enter/leave hooks, and an agent whose top-level behaviour walks in play and stands in set play.

import assert from "assert";
import { basicBehaviors } from "../src/behavior/basic.ts";
import {
  type Behavior,
  type BehaviorContext,
  DecisionList,
  newOutbox,
} from "../src/behavior/decision.ts";
import { runAgent } from "../src/agent/runner.ts";
import { FakeServer } from "../src/testing/fake_server.ts";
import { PlayMode } from "../src/protocol/playmode.ts";
import { TeamWorld } from "../src/world/team_world.ts";
import type { WorldView } from "../src/world/world_view.ts";
import { cycleMessage, makeAgent } from "./helpers.ts";

function ctx(playMode: PlayMode, fallen = false): BehaviorContext {
  return {
    view: { playMode } as WorldView,
    fallen,
    team: new TeamWorld(),
    outbox: newOutbox(),
  };
}

Deno.test("registry: typed options over defaults, and unknown names are clear errors", () => {
  const reg = basicBehaviors();
  assert.deepEqual(reg.names(), ["get-up", "set-play", "stand", "walk-test"]);
  assert.deepEqual(reg.create("walk-test", { vx: 0.5 }).decide(ctx(PlayMode.PlayOn)), {
    kind: "walk",
    vx: 0.5,
    vy: 0,
    vth: 0.3,
  });
  assert.throws(() => reg.create("dance"), /no behaviour named 'dance' \(known: get-up, set-play/);
  assert.throws(
    () => reg.register({ name: "stand", defaults: {}, create: () => reg.create("stand") }),
    /twice/,
  );
});

Deno.test("decision list: the first behaviour that applies decides; enter and leave in order", () => {
  const log: string[] = [];
  const traced = (b: Behavior): Behavior => ({
    name: b.name,
    decide: (c) => b.decide(c),
    enter: () => log.push(`enter ${b.name}`),
    leave: () => log.push(`leave ${b.name}`),
  });
  const reg = basicBehaviors();
  const list = new DecisionList(
    ["get-up", "set-play", "walk-test"].map((n) => traced(reg.create(n))),
  );
  assert.equal(list.step(ctx(PlayMode.BeforeKickOff)).kind, "stand");
  assert.equal(list.current, "set-play");
  assert.equal(list.step(ctx(PlayMode.PlayOn)).kind, "walk");
  assert.equal(list.step(ctx(PlayMode.PlayOn, true)).kind, "stand");
  assert.equal(list.current, "get-up");
  assert.deepEqual(log, [
    "enter set-play",
    "leave set-play",
    "enter walk-test",
    "leave walk-test",
    "enter get-up",
  ]);
});

Deno.test("decision list: in the beam modes the first layer with a kick-off spot gives the beam", () => {
  const spot = { x: -0.4, y: 0.1, theta: 0.3 };
  const reg = basicBehaviors();
  const lined: Behavior = { name: "lined", decide: () => null, kickOffBeam: () => spot };
  const list = new DecisionList([reg.create("set-play"), lined, reg.create("stand")]);
  // The set-play layer decides (stand) and has no spot: the layer below it gives the beam.
  const before = ctx(PlayMode.BeforeKickOff);
  assert.equal(list.step(before).kind, "stand");
  assert.deepEqual(before.outbox.beam, spot);
  const goal = ctx(PlayMode.GoalLeft);
  list.step(goal);
  assert.deepEqual(goal.outbox.beam, spot);
  // Beams count only in those modes: in play there is none, whatever was there before.
  const play = { ...ctx(PlayMode.PlayOn), outbox: before.outbox };
  list.step(play);
  assert.equal(play.outbox.beam, null);
});

Deno.test("agent --behaviour walk-test: stands before kick-off, walks in play", async () => {
  const script = function* () {
    yield cycleMessage(0, "BeforeKickOff");
    yield cycleMessage(0.02, "BeforeKickOff", "(unum 5) (team left) ");
    for (let i = 0; i < 20; i++) yield cycleMessage(0.04 + i * 0.02, "BeforeKickOff");
    for (let i = 0; i < 20; i++) yield cycleMessage(0.5 + i * 0.02, "PlayOn");
  };
  const server = FakeServer.start({ script });
  const { agent } = await makeAgent(5, 0, "Beh", "error", "wasm", { behaviour: "walk-test" });
  const seen: string[] = [];
  const act = agent.act.bind(agent);
  agent.act = () => {
    const reply = act();
    seen.push(`${agent.world.playModeName}:${agent.motion.current.kind}`);
    return reply;
  };
  await runAgent(agent, { host: "127.0.0.1", port: server.port });
  await server.finished(1);
  await server.close();
  assert.ok(seen.filter((s) => s.startsWith("BeforeKickOff")).every((s) => s.endsWith(":stand")));
  const play = seen.filter((s) => s.startsWith("PlayOn"));
  assert.equal(play.length, 20);
  assert.ok(play.every((s) => s === "PlayOn:walk"), play.join(" "));
});

Deno.test("agent without a behaviour decides nothing: the motion request is left alone", async () => {
  const { agent } = await makeAgent(2, 0, "Beh", "error");
  agent.motion.set({ kind: "walk", vx: 0.2, vy: 0, vth: 0 });
  agent.onMessage(cycleMessage(0, "PlayOn"));
  assert.equal(agent.motion.current.kind, "walk");
});

Deno.test("main.ts passes --behaviour through: walk-test moves the legs in play, stand does not", async () => {
  const main = decodeURIComponent(new URL("../main.ts", import.meta.url).pathname);
  const legSpeed = async (behaviour: string) => {
    const script = function* () {
      yield cycleMessage(0, "BeforeKickOff");
      yield cycleMessage(0.02, "BeforeKickOff", "(unum 3) (team left) ");
      for (let i = 0; i < 40; i++) yield cycleMessage(0.04 + i * 0.02, "PlayOn");
    };
    const server = FakeServer.start({ script });
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        main,
        "--port",
        String(server.port),
        "--unum",
        "3",
        "--behaviour",
        behaviour,
      ],
      stdout: "null",
      stderr: "null",
    }).output();
    const [s] = await server.finished(1);
    await server.close();
    assert.equal(out.code, 1, "exits when the fake server closes");
    const last = s.received[s.received.length - 1];
    return Math.abs(Number(/\(lle3 (-?[\d.e-]+)\)/.exec(last)![1]));
  };
  assert.ok(await legSpeed("walk-test") > 0.05, "walking moves the hip");
  assert.ok(await legSpeed("stand") < 1e-3, "standing holds the pose the fake server reports");
});
