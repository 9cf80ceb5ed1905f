// The team behaviour on constructed world views: stop modes leave the decision to the layers
// above, the goalie guards its spot, the player at the ball lines up and kicks, players keep the
// set-play distance from the ball, team talk fills in teammates and the ball; and head control.

import assert from "assert";
import { type BehaviorContext, newOutbox, type Outbox } from "../src/behavior/decision.ts";
import { HeadControl } from "../src/behavior/head.ts";
import { soccer, type SoccerBehavior, type SoccerOptions } from "../src/behavior/soccer.ts";
import type { MotionRequest } from "../src/motion/motion.ts";
import { PlayMode } from "../src/protocol/playmode.ts";
import { goalieTarget } from "../src/strategy/goalie.ts";
import { DROP_CLEARANCE } from "../src/strategy/roles.ts";
import { FREE_KICK_KEEP } from "../src/strategy/situation.ts";
import { RadioCodec, type RadioReport } from "../src/team/radio.ts";
import { TeamModel } from "../src/team/team_model.ts";
import type { TrackedPlayer } from "../src/estimation/player_tracker.ts";
import type { WorldView } from "../src/world/world_view.ts";
import { TeamWorld } from "../src/world/team_world.ts";

/** A say text of ours with the fields a test names (no ball, nobody seen, facing +x). */
function encodeRadio(r: Omit<RadioReport, "theta" | "players">): string {
  return new RadioCodec().encode({ theta: 0, players: [], ...r });
}

interface ViewSpec {
  unum?: number;
  mode?: PlayMode;
  self?: { x: number; y: number; theta: number } | null;
  ball?: { x: number; y: number; vx?: number; vy?: number } | null;
  ballAge?: number;
  teammates?: TrackedPlayer[];
  opponents?: TrackedPlayer[];
  time?: number;
  /** Seconds since the play mode began (default 5). */
  modeTime?: number;
  localized?: boolean;
}

function view(s: ViewSpec): WorldView {
  const time = s.time ?? 100;
  return {
    time,
    gameTime: time,
    playMode: s.mode ?? PlayMode.PlayOn,
    playModeName: PlayMode[s.mode ?? PlayMode.PlayOn],
    modeTime: s.modeTime ?? 5,
    side: "left",
    unum: s.unum ?? 7,
    goalDifference: 0,
    self: s.self === undefined ? { x: -3, y: 0, theta: 0 } : s.self,
    selfConfidence: 1,
    localized: s.localized ?? true,
    ball: s.ball === undefined
      ? { x: 0, y: 0, vx: 0, vy: 0 } as WorldView["ball"]
      : s.ball as WorldView["ball"],
    ballAge: s.ballAge ?? 0,
    teammates: s.teammates ?? [],
    opponents: s.opponents ?? [],
  };
}

/** A soccer behaviour with the defaults, a kick spot and `options` over them. */
function make(options: Partial<SoccerOptions> = {}): SoccerBehavior {
  return soccer.create({
    ...soccer.defaults,
    kickSpot: { x: 0.19, y: 0.08, angle: 0, skill: "SKILL_KICK" },
    ...options,
  }) as SoccerBehavior;
}

const team = () => new TeamModel("Us", () => 7);

/** A behaviour context whose team world fuses the view's players and ball with what t heard. */
function ctxOf(v: WorldView, t: TeamModel, outbox: Outbox): BehaviorContext {
  const team = new TeamWorld();
  team.update({
    now: v.time,
    unum: v.unum,
    players: [...v.teammates, ...v.opponents],
    ball: v.ball,
    ballSeen: v.time - v.ballAge,
  }, t);
  return { view: v, fallen: false, team, outbox };
}

/** A team model that has just heard teammate 8 say it stands next to the ball (0, 0), at `at`. */
function hearingMateAtBall(at = { x: -0.2, y: 0 }): TeamModel {
  const t = team();
  t.hear([{
    team: "Us",
    time: 99.9,
    self: false,
    direction: 0,
    message: encodeRadio({
      unum: 8,
      ...at,
      fallen: false,
      taker: false,
      onBall: false,
      ball: null,
    }),
  }], 99.9);
  return t;
}

function decide(b: SoccerBehavior, v: WorldView, t = team()): MotionRequest | null {
  return b.decide(ctxOf(v, t, newOutbox()));
}

Deno.test("soccer: stop modes are left to the layers above; no pose means look around", () => {
  const b = make();
  for (const mode of [PlayMode.BeforeKickOff, PlayMode.GoalLeft, PlayMode.GameOver]) {
    assert.equal(decide(b, view({ mode })), null, PlayMode[mode]);
  }
  const r = decide(b, view({ self: null }));
  assert.ok(r?.kind === "walk" && r.vx === 0 && r.vth !== 0);
});

Deno.test("soccer: a ball nobody has seen for 4 s is looked for, not walked to", () => {
  const b = make();
  const far = { x: 5, y: 3 };
  const fresh = decide(b, view({ self: { x: -1, y: 0, theta: 0 }, ball: far, ballAge: 3 }));
  assert.ok(fresh?.kind === "walk" && fresh.vx > 0, JSON.stringify(fresh));
  const stale = decide(make(), view({ self: { x: -1, y: 0, theta: 0 }, ball: far, ballAge: 5 }));
  assert.deepEqual(stale, { kind: "walk", vx: 0, vy: 0, vth: 0.6 });
});

Deno.test("soccer: alone near the ball we take it; the goalie guards its spot", () => {
  const b = make();
  const r = decide(b, view({ self: { x: -1, y: 0, theta: 0 } }));
  assert.equal(b.role, "onBall");
  assert.ok(r?.kind === "walk" && r.vx > 0, JSON.stringify(r));
  const g = make();
  const ball = { x: -8, y: 3 };
  decide(
    g,
    view({ unum: 1, self: { x: -14, y: 0, theta: 0 }, ball }),
    new TeamModel("Us", () => 1),
  );
  assert.equal(g.role, "goalie");
  const t = goalieTarget(ball.x, ball.y);
  assert.ok(Math.abs(g.target!.x - t.x) < 1e-9 && Math.abs(g.target!.y - t.y) < 1e-9);
});

Deno.test("soccer: lined up at the kick spot near goal, the player at the ball kicks", () => {
  const b = make();
  const ball = { x: 12, y: 0 };
  const self = { x: 12 - 0.19, y: -0.08, theta: 0 };
  assert.deepEqual(decide(b, view({ self, ball })), { kind: "skill", name: "SKILL_KICK_LEFT_LEG" });
});

Deno.test("soccer: during their set play everyone keeps the free-kick distance", () => {
  const b = make();
  // A teammate (heard) is nearer the ball: we are the supporter, whose spot is 2.1 m away.
  const t = hearingMateAtBall();
  decide(b, view({ mode: PlayMode.KickInRight, self: { x: -1, y: 0.5, theta: 0 } }), t);
  const target = b.target!;
  assert.ok(Math.hypot(target.x, target.y) >= FREE_KICK_KEEP - 1e-9, JSON.stringify(target));
  assert.notEqual(b.role, "onBall");
  // And in their kick-off we stay in our half, outside the centre circle.
  decide(b, view({ mode: PlayMode.KickOffRight, self: { x: -1, y: 0.5, theta: 0 } }), t);
  assert.ok(b.target!.x < 0 && Math.hypot(b.target!.x, b.target!.y) > 2);
});

Deno.test("soccer: at our kick-off the field players face their goal, the way the kick goes", () => {
  const b = make();
  const self = { x: -0.75, y: 2.49, theta: -1.2 };
  decide(b, view({ mode: PlayMode.KickOffLeft, self }), hearingMateAtBall({ x: -0.2, y: -0.1 }));
  assert.notEqual(b.role, "onBall");
  assert.equal(b.target!.theta, 0);
  // At theirs they face the ball.
  const c = make();
  decide(c, view({ mode: PlayMode.KickOffRight, self }), hearingMateAtBall({ x: -2.5, y: 0 }));
  const t = c.target!;
  assert.ok(Math.abs(t.theta - Math.atan2(-t.y, -t.x)) < 1e-9, JSON.stringify(t));
});

Deno.test("soccer: in their kick-off the player at the ball waits outside the circle, and sets off just before the drop", () => {
  const b = make();
  const self = { x: -2.5, y: 0, theta: 0 };
  const at = (modeTime: number) => decide(b, view({ mode: PlayMode.KickOffRight, self, modeTime }));
  // Waiting: its spot on the circle's edge plus the clearance, straight behind the ball.
  at(10);
  assert.equal(b.role, "onBall");
  assert.ok(Math.abs(b.target!.x + 2 + DROP_CLEARANCE) < 1e-9, JSON.stringify(b.target));
  // 0.6 s before the drop ball (15 s): walking at the ball, full ahead.
  const r = at(14.5);
  assert.deepEqual({ x: b.target!.x, y: b.target!.y }, { x: 0, y: 0 });
  assert.ok(r?.kind === "walk" && r.vx > 0.3 && Math.abs(r.vy) < 1e-9, JSON.stringify(r));
  // A supporter keeps to its spot.
  const other = make();
  const aside = { x: -1.5, y: 2.5, theta: 0 };
  decide(
    other,
    view({ mode: PlayMode.KickOffRight, self: aside, modeTime: 14.5 }),
    hearingMateAtBall({ x: -2.5, y: 0 }),
  );
  assert.notEqual(other.role, "onBall");
  assert.ok(Math.hypot(other.target!.x, other.target!.y) > 2);
});

Deno.test("soccer: a player walking to its spot walks at soccer.position_speed of the limits", () => {
  // A teammate (heard) is at the ball: we walk to our spot, far off straight ahead.
  const walk = (positionSpeed: number) => {
    const b = make({ positionSpeed });
    const r = decide(b, view({ self: { x: -12, y: 0, theta: 0 } }), hearingMateAtBall());
    assert.notEqual(b.role, "onBall");
    assert.ok(r?.kind === "walk", JSON.stringify(r));
    return r;
  };
  const full = walk(1), slow = walk(0.5);
  const max = soccer.defaults.limits.maxForward;
  assert.ok(full.vx > 0.5 * max + 1e-9, JSON.stringify(full));
  assert.ok(slow.vx > 0 && slow.vx <= 0.5 * max + 1e-9, JSON.stringify(slow));
});

Deno.test("soccer: a player walking to its spot turns no faster than soccer.position_turn_deg", () => {
  const b = make({
    limits: { ...soccer.defaults.limits, maxTurn: 2, maxSideways: 0.3 },
    positionTurn: 0.5,
  });
  // Facing our own goal, the spot far ahead: a full turn is asked for, at the cap.
  const r = decide(b, view({ self: { x: -12, y: 0, theta: Math.PI } }), hearingMateAtBall());
  assert.notEqual(b.role, "onBall");
  assert.ok(
    r?.kind === "walk" && Math.abs(r.vth) > 0.4 && Math.abs(r.vth) <= 0.5 + 1e-9,
    JSON.stringify(r),
  );
});

Deno.test("soccer: the supporter keeps its side while the ball jitters about y = 0", () => {
  const b = make();
  const ys: number[] = [];
  for (const y of [0.02, -0.03, 0.01, -0.04, -0.3]) {
    const ball = { x: 0, y, vx: 0, vy: 0 };
    decide(b, view({ self: { x: -1, y: 0.5, theta: 0 }, ball }), hearingMateAtBall());
    assert.equal(b.role, "supporter", `ball y ${y}`);
    ys.push(b.target!.y);
  }
  // 0.9 m to the right of the ball throughout, also with the ball 0.3 m across.
  ys.forEach((ty, i) => assert.ok(ty < -0.8, `step ${i}: ${ys.join(", ")}`));
});

Deno.test("soccer: in play a player keeps its spot soccer.position_space clear of other robots", () => {
  // A teammate (heard) is at the ball: we are the supporter, whose spot is (-1.2, -0.9); an
  // opponent stands 0.1 m from it.
  const opponent: TrackedPlayer = {
    teammate: false,
    unum: 4,
    x: -1.2,
    y: -0.8,
    vx: 0,
    vy: 0,
    fallen: false,
    seen: 100,
  };
  const target = (positionSpace: number, mode = PlayMode.PlayOn) => {
    const b = make({ positionSpace });
    const v = view({ mode, self: { x: -1, y: 0.5, theta: 0 }, opponents: [opponent] });
    decide(b, v, hearingMateAtBall());
    if (mode === PlayMode.PlayOn) assert.equal(b.role, "supporter");
    return b.target!;
  };
  const plain = target(0);
  assert.ok(Math.hypot(plain.x + 1.2, plain.y + 0.9) < 1e-9, JSON.stringify(plain));
  const clear = target(1);
  assert.ok(Math.abs(Math.hypot(clear.x - opponent.x, clear.y - opponent.y) - 1) < 1e-6);
  assert.ok(clear.y < -1.7, `pushed on away from the opponent: ${JSON.stringify(clear)}`);
  // Before a kick-off the kick-off rules place everyone, not the spacing.
  assert.deepEqual(target(1, PlayMode.KickOffRight), target(0, PlayMode.KickOffRight));
});

Deno.test("soccer: with soccer.contact_hold, the player at the ball stands rather than walk into an opponent", () => {
  // At the ball (5, 0) in their half, facing it from 0.2 m; an opponent just past it, 0.34 m
  // from us and 26° left: the ball is shoved on into it.
  const opponent: TrackedPlayer = {
    teammate: false,
    unum: 4,
    x: 5.1,
    y: 0.15,
    vx: 0,
    vy: 0,
    fallen: false,
    seen: 100,
  };
  const request = (contactHold: number) => {
    const b = make({ contactHold });
    const r = decide(
      b,
      view({ self: { x: 4.8, y: 0, theta: 0 }, ball: { x: 5, y: 0 }, opponents: [opponent] }),
    );
    assert.equal(b.role, "onBall");
    return r!;
  };
  const free = request(0);
  assert.ok(free.kind === "walk" && free.vx > 0, JSON.stringify(free));
  assert.deepEqual(request(0.4), { kind: "stand" });
});

Deno.test("soccer: lining up our kick-off, a touch that starts play makes us the taker", () => {
  const b = make();
  const t = team();
  const outbox = newOutbox();
  const ball = { x: 0, y: 0 };
  // Still walking up to the ball, 40 cm behind it: no kick yet.
  const self = { x: -0.4, y: -0.08, theta: 0 };
  const r = b.decide(ctxOf(view({ time: 1, mode: PlayMode.KickOffLeft, self, ball }), t, outbox));
  assert.equal(r?.kind, "walk");
  // The walk's own steps touched the ball: play on, and we may not touch it again.
  const moved = { x: 0.1, y: 0, vx: 0, vy: 0 };
  b.decide(ctxOf(view({ time: 1.1, self, ball: moved }), t, outbox));
  assert.equal(outbox.taker, true);
  assert.notEqual(b.role, "onBall");
  // The nudged ball still lies 0.25 m ahead: the taker steps straight back from it, not turning.
  const near = { x: -0.15, y: -0.05, vx: 0, vy: 0 };
  const back = b.decide(ctxOf(view({ time: 1.2, self, ball: near }), t, outbox));
  assert.ok(back?.kind === "walk" && back.vth === 0 && back.vx < 0, JSON.stringify(back));
  assert.ok(Math.abs(back.vy / back.vx - 0.03 / 0.25) < 1e-9, JSON.stringify(back));
  // In play, walking up to a ball is no line-up of ours: no hold.
  const c = make();
  const o2 = newOutbox();
  c.decide(ctxOf(view({ time: 1, self, ball }), t, o2));
  c.decide(ctxOf(view({ time: 1.1, self, ball: moved }), t, o2));
  assert.equal(o2.taker, false);
});

Deno.test("soccer: the taker of our set play keeps off the ball until a teammate has played it", () => {
  const b = make();
  const t = team();
  const outbox = newOutbox();
  const ball = { x: 12, y: 0 };
  const self = { x: 12 - 0.19, y: -0.08, theta: 0 };
  const at = (time: number, mode: PlayMode, s = self) =>
    b.decide(ctxOf(view({ time, mode, self: s, ball }), t, outbox));
  assert.deepEqual(at(100, PlayMode.KickInLeft), { kind: "skill", name: "SKILL_KICK_LEFT_LEG" });
  assert.equal(outbox.taker, false, "not before play runs");
  // Play on, the ball 2 m further: we are the taker and leave the ball to others.
  const far = { x: 14, y: 0, vx: 0, vy: 0 };
  b.decide(ctxOf(view({ time: 104, self, ball: far }), t, outbox));
  assert.equal(outbox.taker, true);
  // However long it takes (the server sets no time limit).
  b.decide(ctxOf(view({ time: 130, self, ball: far }), t, outbox));
  assert.equal(outbox.taker, true, "still the taker 30 s later");
  assert.notEqual(b.role, "onBall");
  const keep = Math.hypot(b.target!.x - far.x, b.target!.y - far.y);
  assert.ok(keep >= 1 - 1e-9, `the taker's spot stays 1 m off the ball: ${keep}`);
  assert.equal(outbox.role, b.role, "the role goes out for drawing");
  assert.deepEqual(outbox.target, b.target);
  // A teammate reports standing at the ball: we may play again.
  t.hear([{
    team: "Us",
    time: 104.5,
    self: false,
    direction: 0,
    message: encodeRadio({
      unum: 9,
      x: 13.9,
      y: 0.1,
      fallen: false,
      taker: false,
      onBall: false,
      ball: null,
    }),
  }], 104.5);
  b.decide(ctxOf(view({ time: 105, self, ball: far }), t, outbox));
  assert.equal(outbox.taker, false);
  // A ball rolling past an opponent was not played by it; one lying at its feet likely was.
  const q = make();
  const o3 = newOutbox();
  const opp = (x: number, time: number): TrackedPlayer => ({
    teammate: false,
    unum: 11,
    x,
    y: 0.1,
    vx: 0,
    vy: 0,
    fallen: false,
    seen: time,
  });
  const roll = (time: number, b: typeof far) =>
    q.decide(ctxOf(view({ time, self, ball: b, opponents: [opp(14.1, time)] }), team(), o3));
  q.decide(ctxOf(view({ time: 300, mode: PlayMode.KickInLeft, self, ball }), team(), o3));
  roll(301, { ...far, vx: 2, vy: 0 });
  assert.equal(o3.taker, true, "the ball rolls past the opponent");
  roll(302, far);
  assert.equal(o3.taker, false, "the ball lies at the opponent's feet");
  // A new set play (theirs) ends the hold: the server forgets the taker.
  const h = make();
  const o2 = newOutbox();
  const step = (time: number, mode: PlayMode, ballAt = ball) =>
    h.decide(ctxOf(view({ time, mode, self, ball: ballAt }), team(), o2));
  step(200, PlayMode.KickInLeft);
  step(201, PlayMode.PlayOn, far);
  assert.equal(o2.taker, true);
  step(202, PlayMode.KickInRight, far);
  step(210, PlayMode.PlayOn, far);
  assert.equal(o2.taker, false, "their kick-in came between");
  // Our kick-off is kicked, not dribbled.
  const k = make();
  const r = k.decide(ctxOf(
    view({
      mode: PlayMode.KickOffLeft,
      self: { x: -0.19, y: -0.08, theta: 0 },
      ball: { x: 0, y: 0 },
    }),
    team(),
    outbox,
  ));
  assert.deepEqual(r, { kind: "skill", name: "SKILL_KICK_LEFT_LEG" });
});

Deno.test("soccer: of two players going for the ball, the nearer keeps it", () => {
  const claim = (unum: number, x: number) => ({
    team: "Us",
    time: 99.8,
    self: false,
    direction: 0,
    message: encodeRadio({ unum, x, y: 0, fallen: false, taker: false, onBall: true, ball: null }),
  });
  // Our own picture makes us the player at the ball (the claimant is unknown to our view).
  const outbox = newOutbox();
  const at = (t: TeamModel) => {
    const b = make();
    b.decide(ctxOf(view({ self: { x: -1, y: 0, theta: 0 } }), t, outbox));
    return b.role;
  };
  const nearer = team();
  nearer.hear([claim(9, -0.5)], 99.8);
  assert.equal(at(nearer), "supporter");
  assert.equal(outbox.onBall, false);
  const farther = team();
  farther.hear([claim(9, -3)], 99.8);
  assert.equal(at(farther), "onBall");
  assert.equal(outbox.onBall, true);
});

Deno.test("soccer: without a ball of our own, a teammate's report is used", () => {
  const b = make();
  const t = team();
  t.hear([{
    team: "Us",
    time: 99,
    self: false,
    direction: 0,
    message: encodeRadio({
      unum: 3,
      x: -5,
      y: 0,
      fallen: false,
      taker: false,
      onBall: false,
      ball: { x: 4, y: -2, age: 0.2 },
    }),
  }], 99);
  decide(b, view({ ball: null, self: { x: 3, y: -2, theta: 0 } }), t);
  assert.equal(b.role, "onBall");
  assert.ok(b.target!.x < 4, "lining up behind the reported ball");
});

Deno.test("head: tracks a fresh ball, sweeps when it is lost, glances around when lost itself", () => {
  const h = new HeadControl();
  const a = h.update(view({ self: { x: 0, y: 0, theta: 0 }, ball: { x: 1, y: 1 } }));
  assert.ok(Math.abs(a.yaw - Math.PI / 4) < 1e-9);
  assert.ok(a.pitch < 0, "looks down at a near ball");
  const yaws = [];
  for (let i = 0; i < 200; i++) {
    yaws.push(h.update(view({ time: 200 + i * 0.02, ballAge: 5 })).yaw);
  }
  assert.ok(Math.max(...yaws) > 1.5 && Math.min(...yaws) < -1.5, "a full sweep in 4 s");
  // Not localized, at the origin facing +x, the ball 2 m ahead, at cycle i of 600.
  const lost = (i: number, ball: { x: number; y: number; vx?: number; vy?: number }) =>
    view({ time: 300 + i * 0.02, self: { x: 0, y: 0, theta: 0 }, ball, localized: false });
  const g = new HeadControl();
  let glanced = false;
  for (let i = 0; i < 600; i++) {
    if (Math.abs(g.update(lost(i, { x: 2, y: 0 })).yaw) > 0.5) glanced = true;
  }
  assert.ok(glanced, "not localized: the head leaves the ball now and then");
  // A ball rolling at us is watched: no glance starts, and one under way ends.
  const r = new HeadControl();
  for (let i = 0; i < 600; i++) {
    const rolling = i >= 400;
    const yaw = r.update(lost(i, { x: 2, y: 0, vx: rolling ? -3 : 0.5, vy: 0 })).yaw;
    if (rolling) assert.ok(Math.abs(yaw) < 1e-9, `watches the rolling ball (cycle ${i})`);
  }
  // A ball rolling away (dribbled ahead of us) does not stop the glances.
  const away = new HeadControl();
  let glancedAway = false;
  for (let i = 0; i < 600; i++) {
    if (Math.abs(away.update(lost(i, { x: 2, y: 0, vx: 3, vy: 0 })).yaw) > 0.5) glancedAway = true;
  }
  assert.ok(glancedAway, "glances while dribbling");
});

Deno.test("agent --behaviour soccer on the fake server: beam, play, keep away, beam after a goal", async () => {
  const { FakeServer } = await import("../src/testing/fake_server.ts");
  const { runAgent } = await import("../src/agent/runner.ts");
  const { cycleMessage, makeAgent } = await import("./helpers.ts");
  // The ball 1.5 m straight ahead of the camera, seen every third cycle.
  const see = "(See (B (pol 1.5 0 -18)))";
  let t = 0;
  const at = (pm: string, n: number, extra = "") =>
    Array.from(
      { length: n },
      (_, i) => cycleMessage(t += 0.02, pm, extra) + (i % 3 === 0 ? see : ""),
    );
  const script = function* () {
    yield cycleMessage(0, "BeforeKickOff");
    yield* at("BeforeKickOff", 5, "(unum 6) (team left) ");
    yield* at("PlayOn", 60);
    yield* at("KickIn_Right", 60);
    yield* at("Goal_Left", 5);
    yield* at("GameOver", 5);
  };
  const server = FakeServer.start({ script });
  const { agent } = await makeAgent(6, 0, "Soc", "error", "wasm", { behaviour: "soccer" });
  const log: { mode: string; kind: string; ball: number; vx: number; vth: number }[] = [];
  const act = agent.act.bind(agent);
  agent.act = () => {
    const reply = act();
    const v = agent.view();
    const b = v.ball && v.self ? Math.hypot(v.ball.x - v.self.x, v.ball.y - v.self.y) : NaN;
    const m = agent.motion.current;
    log.push({
      mode: agent.world.playModeName,
      kind: m.kind,
      ball: b,
      vx: m.kind === "walk" ? m.vx : 0,
      vth: m.kind === "walk" ? m.vth : 0,
    });
    return reply;
  };
  await runAgent(agent, { host: "127.0.0.1", port: server.port });
  const [s] = await server.finished(1);
  await server.close();
  const beams = s.received.filter((m) => m.includes("(beam "));
  assert.equal(beams.length, 2, "beamed before kick-off and again after the goal");
  const play = log.filter((l) => l.mode === "PlayOn").slice(10);
  assert.ok(play.every((l) => l.kind === "walk"), "walks to the ball in play");
  assert.ok(play.some((l) => Math.abs(l.ball - 1.5) < 0.5), "sees the ball about 1.5 m away");
  // Their kick-in: the ball stays 1.5 m ahead in the fake world, so keeping 2.6 m away means
  // moving off the whole time: 1.1 m is stepped backwards (or turned away from, to walk off).
  const kickIn = log.filter((l) => l.mode === "KickIn_Right").slice(5);
  assert.ok(kickIn.length > 40);
  assert.ok(
    kickIn.every((l) => l.kind === "walk" && l.vx <= 0 && (l.vx < -0.1 || Math.abs(l.vth) > 0.3)),
    JSON.stringify(kickIn.slice(0, 3)),
  );
  const end = log.filter((l) => l.mode === "GameOver");
  assert.ok(end.every((l) => l.kind === "stand"));
  const said = s.received.flatMap((m) => [...m.matchAll(/\(say ([^)]+)\)/g)].map((x) => x[1]));
  assert.ok(said.some((t) => new RadioCodec().decode(t)?.unum === 6), "tells the team where it is");
});

Deno.test("ball player: in shooting range, with the line clear, the kick goes straight at the aim", async () => {
  const { BallPlayer } = await import("../src/behavior/ball_play.ts");
  const ball = { x: 12.5, y: 0.2 };
  const keeper = { x: 14, y: 0 };
  // Lined up for a left-foot kick at the aim (15.2, 0.6), on the keeper's open side.
  const h = Math.atan2(0.6 - ball.y, 15.2 - ball.x);
  const self = {
    x: ball.x - (Math.cos(h) * 0.2 - Math.sin(h) * 0.08),
    y: ball.y - (Math.sin(h) * 0.2 + Math.cos(h) * 0.08),
    theta: h,
  };
  const input = { self, ball, opponents: [keeper], obstacles: [], mustKick: false, now: 0 };
  const options = {
    ...soccer.defaults,
    kickSpot: { x: 0.19, y: 0.08, angle: 0, skill: "SKILL_KICK" },
  };
  const inRange = new BallPlayer({ ...options, shootRange: 3.5 }).act(input);
  assert.deepEqual(inRange, { kind: "skill", name: "SKILL_KICK_LEFT_LEG" });
  // Out of range the ball is dribbled, on the path around the keeper.
  const out = new BallPlayer({ ...options, shootRange: 0 }).act(input);
  assert.equal(out.kind, "walk");
  // A keeper on the line to the aim: no shot into it, the ball goes around.
  const blocked = { ...input, opponents: [{ x: 14, y: 0.15 }] };
  assert.equal(new BallPlayer({ ...options, shootRange: 3.5 }).act(blocked).kind, "walk");
});

Deno.test("ball player: a kick lined up for 2 s next to an opponent, or 6 s alone, gives way to 2 s of dribbling", async () => {
  const { BallPlayer } = await import("../src/behavior/ball_play.ts");
  // In shooting range, straight behind the ball: near the left-foot kick pose, but 8 cm off it.
  const ball = { x: 12, y: 0 };
  const self = { x: 11.75, y: 0, theta: 0 };
  const p = new BallPlayer({
    ...soccer.defaults,
    kickSpot: { x: 0.19, y: 0.08, angle: 0, skill: "SKILL_KICK" },
    shootRange: 8,
  });
  const actionsAt = (
    player: InstanceType<typeof BallPlayer>,
    opponents: { x: number; y: number }[],
    times: number[],
  ) =>
    times.map((now) => {
      player.act({ self, ball, opponents, obstacles: [], mustKick: false, now });
      return player.action;
    }).join(" ");
  // An opponent 1 m from the ball, beside the line to the goal: given up at 2.1 s (the cycle that
  // goes past the 2 s), lined up again after 4.1 s.
  assert.equal(
    actionsAt(p, [{ x: 12.3, y: 0.95 }], [0, 1, 2, 2.1, 2.2, 4, 4.2, 5]),
    "fine fine fine fine dribble dribble fine fine",
  );
  // Alone, the line-up goes on for 6 s (its own steps can nudge the ball on for good).
  const alone = new BallPlayer({ ...soccer.defaults, shootRange: 8 });
  assert.equal(
    actionsAt(alone, [], [0, 3, 6, 6.1, 6.2, 8, 8.2]),
    "fine fine fine fine dribble dribble fine",
  );
  // A set play waits for its kick however long the lining up takes.
  const setPlay = new BallPlayer({ ...soccer.defaults, shootRange: 8 });
  for (const now of [0, 3, 6]) {
    setPlay.act({ self, ball, opponents: [], obstacles: [], mustKick: true, now });
    assert.equal(setPlay.action, "fine", `${now}`);
  }
});

Deno.test("ball player: a ball in front of a standing robot is shoved for 3 s, then taken away sideways", async () => {
  const { BallPlayer } = await import("../src/behavior/ball_play.ts");
  const player = () =>
    new BallPlayer({ ...soccer.defaults, kickSpot: { x: 0.19, y: 0.08, angle: 0, skill: "K" } });
  // A robot 0.4 m past the ball, a little left of the way to the goal: the path goes around it
  // on the right. We come at the ball from 0.6 m out, 10° right of straight: within the scramble
  // cone of that detour, but the push would run into the robot's feet.
  const ball = { x: 2.6, y: 0 };
  const robot = { x: 3.0, y: 0.02 };
  const h = -10 * Math.PI / 180;
  const self = { x: ball.x - 0.6 * Math.cos(h), y: ball.y - 0.6 * Math.sin(h), theta: h };
  const p = player();
  const at = (now: number, b = ball) =>
    p.act({ self, ball: b, opponents: [robot], obstacles: [], mustKick: false, now });
  // The robot is within the contest radius: the ball is shoved on along the way we come.
  for (let now = 0; now <= 3; now += 0.5) {
    at(now);
    assert.equal(p.action, "dribble", `shoving at ${now} s`);
  }
  // 3 s on, the ball still lies where it lay: the robot stands its ground.
  at(3.1);
  assert.equal(p.action, "approach", "no dribble into the robot");
  // It lines up on the detour's line, right of the robot, with room behind the ball.
  const t = p.target!;
  assert.ok(t.theta < -Math.PI / 4, JSON.stringify(t));
  assert.ok(Math.hypot(t.x - robot.x, t.y - robot.y) > 0.3, JSON.stringify(t));
  // For 4 s; then it shoves again.
  at(7);
  assert.equal(p.action, "approach");
  at(7.2);
  assert.equal(p.action, "dribble");
  // A ball that moves on keeps the shove going.
  const r = player();
  for (let now = 0; now <= 6; now += 0.5) {
    r.act({
      self: { ...self, x: self.x + 0.1 * now },
      ball: { x: ball.x + 0.1 * now, y: 0 },
      opponents: [{ x: robot.x + 0.1 * now, y: robot.y }],
      obstacles: [],
      mustKick: false,
      now,
    });
    assert.equal(r.action, "dribble", `moving ball at ${now} s`);
  }
  // Without the robot the same player dribbles straight on.
  const q = player();
  q.act({ self, ball, opponents: [], obstacles: [], mustKick: false, now: 0 });
  assert.equal(q.action, "dribble");
});

Deno.test("ball player: in their half an opponent at the ball is shoved, from up to 70° off the aim's line", async () => {
  const { BallPlayer } = await import("../src/behavior/ball_play.ts");
  const act = (ball: { x: number; y: number }, offDeg: number, opponentAt: number) => {
    // Coming at the ball from 0.3 m behind, offDeg right of the line to the goal's centre; the
    // opponent stands on the far side of the ball, on the line from our goal (its kick's line).
    const line = Math.atan2(-ball.y, 15 - ball.x), h = line + offDeg * Math.PI / 180;
    const self = { x: ball.x - 0.3 * Math.cos(h), y: ball.y - 0.3 * Math.sin(h), theta: h };
    const p = new BallPlayer({
      ...soccer.defaults,
      shootRange: 3.5,
      kickSpot: { x: 0.19, y: 0.08, angle: 0, skill: "K" },
    });
    const away = Math.atan2(ball.y, ball.x + 15);
    const opponent = {
      x: ball.x + opponentAt * Math.cos(away),
      y: ball.y + opponentAt * Math.sin(away),
    };
    p.act({ self, ball, opponents: [opponent], obstacles: [], mustKick: false, now: 0 });
    return p;
  };
  // 65° off: beyond the scramble cone's 60°, within the shove's 70°.
  assert.equal(act({ x: 6, y: 1 }, 65, 0.3).action, "dribble");
  assert.equal(act({ x: 6, y: 1 }, 75, 0.3).action, "approach");
  // Straight at the opponent standing on the line: shoved, not walked round.
  assert.equal(act({ x: 3, y: -2 }, 0, 0.3).action, "dribble");
  // In front of their goal (from SHOVE_X = 11 m) the scramble cone holds again.
  assert.equal(act({ x: 10.5, y: 1 }, 65, 0.3).action, "dribble");
  assert.equal(act({ x: 11.5, y: 1 }, 65, 0.3).action, "approach");
  // An opponent beyond the contest radius: no shove; the ball's path passes it on the side our
  // push goes to (we come from the right: its left), and the open field's cone is taken from
  // that path, so 65° off pushes on and 80° lines up.
  assert.equal(act({ x: 6, y: 1 }, 65, 0.9).action, "dribble");
  assert.equal(act({ x: 6, y: 1 }, 80, 0.9).action, "approach");
});

Deno.test("ball player: in our half with an opponent at the ball, it lines up on the opponent's shot line", async () => {
  const { BallPlayer } = await import("../src/behavior/ball_play.ts");
  const { awayFromOwnGoal } = await import("../src/ballplay/goal_aim.ts");
  const ball = { x: -11.7, y: 3.4 };
  const opponent = { x: -11.2, y: 3.7 };
  const self = { x: -12.6, y: 2.6, theta: 0.8 };
  const player = () =>
    new BallPlayer({ ...soccer.defaults, kickSpot: { x: 0.19, y: 0.08, angle: 0, skill: "K" } });
  const p = player();
  p.act({ self, ball, opponents: [opponent], obstacles: [], mustKick: false, now: 0 });
  assert.equal(p.action, "approach");
  // The line-up spot is on the way we come at the ball, goal side of it, within the clearance's
  // cone around the line from our goal's centre through the ball.
  const t = p.target!;
  const away = awayFromOwnGoal(ball);
  const ux = (away.x - ball.x) / 3, uy = (away.y - ball.y) / 3;
  const along = (t.x - ball.x) * ux + (t.y - ball.y) * uy;
  assert.ok(along < -0.15, JSON.stringify({ t, along }));
  const bearing = Math.atan2(ball.y - self.y, ball.x - self.x);
  assert.ok(Math.abs(t.theta - bearing) < 1e-9, "straight on, as we come");
  assert.ok(Math.abs(t.theta - Math.atan2(uy, ux)) < 70 * Math.PI / 180);
  // Coming at it 81° off that line, beyond the 70° cone, it lines up behind the ball at 0.8 of
  // the cone, on the side it comes from.
  const side = { x: -11.1, y: 2.6, theta: 2.2 };
  const r = player();
  r.act({ self: side, ball, opponents: [opponent], obstacles: [], mustKick: false, now: 0 });
  const up = Math.atan2(uy, ux) + 0.8 * 70 * Math.PI / 180;
  assert.ok(Math.abs(r.target!.theta - up) < 1e-9, JSON.stringify(r.target));
  const across = -(r.target!.x - ball.x) * Math.sin(up) + (r.target!.y - ball.y) * Math.cos(up);
  assert.ok(Math.abs(across) < 1e-6, JSON.stringify(r.target));
  // Alone, or in their half, the ball goes toward their goal as before.
  const q = player();
  q.act({ self, ball, opponents: [], obstacles: [], mustKick: false, now: 0 });
  assert.ok(Math.abs(q.target!.theta - Math.atan2(uy, ux)) > 0.3, JSON.stringify(q.target));
});

Deno.test("soccer: the goalie dives at a shot it sees, only when diving is on", () => {
  const shot = { x: -13.5, y: 0, vx: -6, vy: 1.5 };
  const goalieView = (ballAge = 0) =>
    view({ unum: 1, self: { x: -14.5, y: 0, theta: 0 }, ball: shot, ballAge });
  const on = soccer.create({
    ...soccer.defaults,
    dive: { shotSpeed: 1, mouthMargin: 0.2, splitReach: 0.25, lead: 0.6, unsettledLead: 0.5 },
  }) as SoccerBehavior;
  const r = decide(on, goalieView(), new TeamModel("Us", () => 1));
  assert.deepEqual(r, { kind: "skill", name: "SKILL_DIVE_LEFT" });
  // A ball last seen 0.5 s ago is not dived at.
  const stale = decide(on, goalieView(0.5), new TeamModel("Us", () => 1));
  assert.notEqual(stale?.kind, "skill");
  const off = make();
  assert.notEqual(decide(off, goalieView(), new TeamModel("Us", () => 1))?.kind, "skill");
});

Deno.test("ball player: our kick-off keeps its way while clear, turns when one is seen on it, passes to nobody", async () => {
  const { BallPlayer } = await import("../src/behavior/ball_play.ts");
  const ball = { x: 0, y: 0.004 };
  // Opponents on the centre circle's edge, one right on the line to the goal.
  const opponents = [{ x: 2.1, y: 0 }, { x: 1.5, y: 1.5 }, { x: 1.5, y: -1.5 }];
  const self = { x: -0.6, y: 0.3, theta: 0.5 };
  const p = new BallPlayer({
    ...soccer.defaults,
    kickSpot: { x: 0.19, y: 0.08, angle: 0, skill: "K" },
  });
  const input = { self, ball, opponents, obstacles: [], mustKick: true, kickOff: true, now: 0 };
  p.act(input);
  const chosen = p.target!.theta;
  assert.ok(Math.abs(Math.abs(chosen) - 20 * Math.PI / 180) < 0.01, JSON.stringify(p.target));
  assert.equal(p.passTo, null);
  // Opponents seen moving about beside that way do not turn the taker: no flipping sides.
  const jittered = opponents.map((o) => ({ x: o.x + 0.1, y: o.y * 0.9 }));
  p.act({ ...input, opponents: jittered, now: 0.1 });
  assert.ok(Math.abs(p.target!.theta - chosen) < 1e-9);
  // The next kick-off chooses afresh: nobody seen yet, straight on; then the opponent ahead is
  // seen, and it turns.
  p.act({ ...input, kickOff: false, mustKick: false, now: 1 });
  p.act({ ...input, opponents: [], now: 2 });
  assert.ok(Math.abs(p.target!.theta - Math.atan2(-ball.y, 15.2)) < 1e-9);
  p.act({ ...input, now: 2.1 });
  assert.ok(Math.abs(Math.abs(p.target!.theta) - 20 * Math.PI / 180) < 0.01);
  // 4 s after it chose, the way holds whoever steps onto it: the kick comes.
  const turned = p.target!.theta;
  for (let now = 2.5; now < 5.9; now += 0.5) p.act({ ...input, now });
  const onIt = [{ x: 2.2 * Math.cos(turned), y: 2.2 * Math.sin(turned) }];
  p.act({ ...input, opponents: onIt, now: 5.9 });
  assert.notEqual(p.target!.theta, turned, "before the commit it turns");
  const held = p.target!.theta;
  p.act({ ...input, opponents: [{ x: 2.2 * Math.cos(held), y: 2.2 * Math.sin(held) }], now: 6.2 });
  assert.equal(p.target!.theta, held);
  // A kick-off not played for over a second is a new one, with nobody seen yet: straight on.
  p.act({ ...input, opponents: [], now: 30 });
  assert.ok(Math.abs(p.target!.theta - Math.atan2(-ball.y, 15.2)) < 1e-9);
});

Deno.test("ball player: our taker stands lined up for the kick-off's way, which the kick-off keeps", async () => {
  const { BallPlayer } = await import("../src/behavior/ball_play.ts");
  const { toRobot } = await import("../src/util/pose.ts");
  const kickSpot = { x: 0.19, y: 0.08, angle: 0.1, skill: "K" };
  const p = new BallPlayer({ ...soccer.defaults, kickSpot });
  const ball = { x: 0, y: 0 };
  // The last line-up was for the right foot: the ball lay right of the player.
  const lastBall = { x: 3 + kickSpot.x + 0.1, y: 1 - 0.2 };
  const input0 = { opponents: [], obstacles: [], mustKick: true, now: -5 };
  p.act({ ...input0, self: { x: 3, y: 1, theta: 0 }, ball: lastBall });
  assert.ok(toRobot(p.target!, lastBall).y < 0, JSON.stringify(p.target));
  // One opponent on the line to the goal: the way goes 20° off it.
  const opponents = [{ x: 2.1, y: 0 }, { x: 1.5, y: 1.5 }, { x: 1.5, y: -1.5 }];
  const stage = p.kickOffStage(opponents, []);
  const way = stage.theta + kickSpot.angle;
  assert.ok(Math.abs(Math.abs(way) - 20 * Math.PI / 180) < 0.01, JSON.stringify(stage));
  // Facing the way the kick sends the ball along it, the ball before the left foot, clear of it.
  const rel = toRobot(stage, ball);
  assert.ok(Math.abs(rel.y - kickSpot.y) < 1e-9, JSON.stringify(rel));
  assert.ok(rel.x > kickSpot.x + 0.1 && rel.x < kickSpot.x + 0.2, JSON.stringify(rel));
  // Opponents seen a little elsewhere do not move it to the other side.
  const jittered = opponents.map((o) => ({ x: o.x + 0.1, y: o.y * 0.9 }));
  assert.deepEqual(p.kickOffStage(jittered, []), stage);
  // The kick-off then goes along the way the taker stands for, with the left foot.
  const input = { ball, opponents, obstacles: [], mustKick: true, kickOff: true, now: 0 };
  p.act({ ...input, self: stage });
  assert.ok(Math.abs(p.target!.theta - stage.theta) < 1e-9, JSON.stringify(p.target));
  assert.ok(Math.abs(toRobot(p.target!, ball).y - kickSpot.y) < 0.02, JSON.stringify(p.target));
  // Staged afresh for the other side after the last beam, the kick-off goes the way the taker
  // still faces.
  const q = new BallPlayer({ ...soccer.defaults, kickSpot });
  const first = q.kickOffStage(opponents, []);
  const blocker = { x: 2.2 * Math.cos(way), y: 2.2 * Math.sin(way) };
  const other0 = q.kickOffStage([...opponents, blocker], []);
  assert.ok(Math.abs(other0.theta - first.theta) > 0.3, "the other side's stage");
  q.act({ ...input, self: first, now: 10 });
  assert.ok(Math.abs(q.target!.theta - first.theta) < 0.02, JSON.stringify(q.target));
  // One stepping onto that way turns the stage to the other side.
  const onIt = [{ x: 2.2 * Math.cos(way), y: 2.2 * Math.sin(way) }, { x: 2.1, y: 0 }];
  const other = p.kickOffStage(onIt, []);
  assert.ok(Math.abs(other.theta + kickSpot.angle + way) < 0.01, JSON.stringify(other));
});

Deno.test("soccer: our taker lines up around their taker where the kick-off will put it", () => {
  const b = make();
  const time = 100;
  const seen = (unum: number, x: number, y: number): TrackedPlayer => ({
    teammate: false,
    unum,
    x,
    y,
    vx: 0,
    vy: 0,
    fallen: false,
    seen: time,
  });
  // Before the first kick-off their taker waits at the ball; the server moves it to 2.5 m out
  // when our kick-off begins, and the way goes 20° off the line to their goal, not round it.
  const opponents = [seen(11, 0.3, 0.05), seen(7, 5, 4.5), seen(8, 5, -4.5)];
  const v = view({
    time,
    unum: 11,
    mode: PlayMode.BeforeKickOff,
    self: { x: -0.3, y: 0, theta: 0 },
    opponents,
  });
  const stage = b.kickOffBeam(ctxOf(v, new TeamModel("Us", () => 11), newOutbox()));
  assert.ok(stage, "a stage");
  assert.ok(Math.abs(Math.abs(stage.theta) - 20 * Math.PI / 180) < 0.01, JSON.stringify(stage));
  // As the kick-off begins, our tracks may still hold their taker at the ball: the kick-off's way
  // is chosen round where the server keeps it, 20° off as staged.
  const kickOff = { ...v, playMode: PlayMode.KickOffLeft, modeTime: 0.3, self: stage };
  const c = make();
  c.decide(ctxOf(kickOff, new TeamModel("Us", () => 11), newOutbox()));
  assert.ok(c.target, "lining up");
  assert.ok(
    Math.abs(Math.abs(c.target.theta) - 20 * Math.PI / 180) < 0.05,
    JSON.stringify(c.target),
  );
});

Deno.test("ball player: a kick-off staged round a robot that has since moved on is staged afresh", async () => {
  const { BallPlayer } = await import("../src/behavior/ball_play.ts");
  const p = new BallPlayer({ ...soccer.defaults, pass: null });
  const deg = Math.PI / 180;
  const off = (stage: { theta: number }) => Math.abs(stage.theta) / deg;
  // Robots on the ways 20° off, walking onto their spots: staged 35° off.
  const walking = [
    { x: 2.1, y: 0 },
    ...[20, -20].map((a) => ({
      x: 3 * Math.cos(a * deg),
      y: 3 * Math.sin(a * deg),
    })),
  ];
  assert.ok(Math.abs(off(p.kickOffStage(walking, [])) - 35) < 1, "35° off");
  // On their spots (their taker 2.5 m straight ahead), the way 20° off is clear: staged there.
  const onSpots = [{ x: 2.5, y: 0 }, { x: 5, y: 4.5 }, { x: 5, y: -4.5 }];
  assert.ok(Math.abs(off(p.kickOffStage(onSpots, [])) - 20) < 1, "20° off");
});

Deno.test("soccer: in play the ball goes round an opponent in our half where it stands", () => {
  const time = 100;
  const opponent: TrackedPlayer = {
    teammate: false,
    unum: 9,
    x: -3,
    y: 0.05,
    vx: 0,
    vy: 0,
    fallen: false,
    seen: time,
  };
  const ball = { x: -5, y: 0, vx: 0, vy: 0 };
  const way = (opponents: TrackedPlayer[]) => {
    const c = make();
    decide(c, view({ time, self: { x: -6.5, y: 0, theta: 0 }, ball, opponents }));
    assert.equal(c.role, "onBall");
    return Math.abs(c.target!.theta);
  };
  // The way detours 1 m beside the robot 2 m ahead, about 25° off; alone, at most 12° off.
  assert.ok(way([]) < 0.2, `${way([])}`);
  assert.ok(way([opponent]) > 0.35, `${way([opponent])}`);
});

Deno.test("ball player: our kick-off goes long along a clear way, the side of the foot the ball lies at first", async () => {
  const { BallPlayer } = await import("../src/behavior/ball_play.ts");
  const kickSpot = { x: 0.19, y: 0.08, angle: 0, skill: "SHORT" };
  const deg = Math.PI / 180;
  const long = { x: 0.11, y: 0.045, stand: { x: 0.171, y: 0.045 }, angle: 20 * deg, skill: "LONG" };
  const options = { ...soccer.defaults, kickSpot, kickOffLong: long };
  // The standing test formation (their side) and our forwards inside the centre circle.
  const opponents = [[14, 0], [11, 3.5], [11, -3.5], [8.5, 7], [8.5, -7], [7, 0], [5, 4.5]]
    .concat([[5, -4.5], [2.5, 8], [2.5, -8], [2.5, 0]]).map(([x, y]) => ({ x, y }));
  const mates = [{ unum: 7, x: 0.7, y: -1.21 }, { unum: 8, x: 0.7, y: 1.21 }];
  const ball = { x: 0, y: 0 };
  const input = { ball, opponents, mates, obstacles: [], mustKick: true, kickOff: true, now: 0 };
  // Beamed facing their goal with the ball at its left foot: the left way, 20° off, lined up for
  // without turning.
  const left = { x: -0.3, y: -0.06, theta: 0 };
  const p = new BallPlayer(options);
  p.act({ ...input, self: left });
  assert.ok(Math.abs(p.target!.theta) < 0.01, JSON.stringify(p.target));
  assert.ok(p.target!.y < 0);
  assert.equal(p.tracedAction, "long kick-off");
  // Standing with the ball under that foot, the long kick goes at once.
  const atStand = { x: -0.171, y: -0.045, theta: 0 };
  assert.deepEqual(p.act({ ...input, self: atStand, standing: true, now: 0.1 }), {
    kind: "skill",
    name: "LONG_LEFT_LEG",
  });
  // The ball well right of the torso: the right way, with the right foot.
  const q = new BallPlayer(options);
  q.act({ ...input, self: { x: -0.3, y: 0.15, theta: 0 } });
  assert.ok(Math.abs(q.target!.theta) < 0.01 && q.target!.y > 0, JSON.stringify(q.target));
  // A robot on the left way (not yet held): the next way on that side, 30° off, turned 10°.
  const onLeft = [...opponents, { x: 4, y: 4 * Math.tan(20 * deg) }];
  p.act({ ...input, self: left, opponents: onLeft, now: 0.2 });
  assert.ok(Math.abs(p.target!.theta - 10 * deg) < 0.01, JSON.stringify(p.target));
  // With that one blocked as well and straight on blocked (the robot 2.5 m ahead), the ways on
  // the other side are not taken: the kick-off goes short.
  const onLeft30 = [...onLeft, { x: 4, y: 4 * Math.tan(30 * deg) }];
  p.act({ ...input, self: left, opponents: onLeft30, now: 0.3 });
  assert.equal(p.tracedAction, "fine");
  // Every long way blocked: the short kick-off kick.
  const wall = [-3, -2, -1, 1, 2, 3].map((y) => ({ x: 3.5, y }));
  const r = new BallPlayer(options);
  r.act({ ...input, self: left, opponents: [...opponents, ...wall] });
  assert.equal(r.tracedAction, "fine");
  // Without the option the kick-off goes short, as before.
  const s = new BallPlayer({ ...options, kickOffLong: null });
  s.act({ ...input, self: left });
  assert.ok(Math.abs(Math.abs(s.target!.theta) - 20 * deg) < 0.01, JSON.stringify(s.target));
  // Held 4 s after it was chosen, the way stays whoever steps onto it.
  const h = new BallPlayer(options);
  for (let now = 0; now <= 4.5; now += 0.5) h.act({ ...input, self: left, now });
  h.act({ ...input, self: left, opponents: onLeft30, now: 4.6 });
  assert.ok(Math.abs(h.target!.theta) < 0.01, JSON.stringify(h.target));
  assert.equal(h.tracedAction, "long kick-off");
});

Deno.test("ball player: shots take the shot kick; a kick stood up for goes ahead only with the ball under the foot", async () => {
  const { BallPlayer } = await import("../src/behavior/ball_play.ts");
  const kickSpot = { x: 0.19, y: 0.08, angle: 0, skill: "SKILL_KICK" };
  const shotSpot = {
    x: 0.11,
    y: 0.045,
    stand: { x: 0.171, y: 0.045 },
    angle: 0,
    skill: "SKILL_LONG_KICK",
  };
  const p = new BallPlayer({ ...soccer.defaults, kickSpot, shotSpot, shootRange: 9 });
  // 8 m out, lined up at the shot kick's walking spot: the long kick.
  const ball = { x: 7, y: 0.3 };
  const self = { x: 7 - 0.11, y: 0.3 - 0.045, theta: 0 };
  const input = { self, ball, opponents: [], obstacles: [], mustKick: false, now: 10 };
  assert.deepEqual(p.act(input), { kind: "skill", name: "SKILL_LONG_KICK_LEFT_LEG" });
  // Stood up, the ball lies at the stand spot: the kick goes ahead.
  const stood = { x: 7 - 0.171, y: 0.3 - 0.045, theta: 0 };
  const due = { ...input, self: stood, kickDue: "SKILL_LONG_KICK_LEFT_LEG", now: 11.5 };
  assert.deepEqual(p.act(due), { kind: "skill", name: "SKILL_LONG_KICK_LEFT_LEG" });
  // Stood up 5 cm too far back: called off, it walks in again.
  const back = { ...due, self: { ...stood, x: stood.x - 0.05 } };
  assert.equal(p.act(back).kind, "walk");
  // A set play in range keeps the game kick.
  const q = new BallPlayer({ ...soccer.defaults, kickSpot, shotSpot, shootRange: 9 });
  const setPlay = {
    ...input,
    self: { x: 7 - 0.19 - 0.015, y: 0.3 - 0.08, theta: 0 },
    mustKick: true,
  };
  assert.deepEqual(q.act(setPlay), { kind: "skill", name: "SKILL_KICK_LEFT_LEG" });
});

Deno.test("ball player: a free ball far from their goal goes with the advancing kick", async () => {
  const { BallPlayer } = await import("../src/behavior/ball_play.ts");
  const kickSpot = { x: 0.19, y: 0.08, angle: 0, skill: "SKILL_KICK" };
  const spot = { x: 0.11, y: 0.045, angle: 0, skill: "SKILL_LONG_KICK" };
  const options = { ...soccer.defaults, kickSpot, shootRange: 3.5, pass: null };
  const advance = { spot, from: 7, free: 3 };
  const ball = { x: 0, y: 0 };
  const input = {
    self: { x: -0.11, y: -0.045, theta: 0 },
    ball,
    opponents: [{ x: -4, y: 3 }],
    obstacles: [],
    mustKick: false,
    now: 10,
  };
  const long = { kind: "skill", name: "SKILL_LONG_KICK_LEFT_LEG" };
  const p = new BallPlayer({ ...options, advance });
  assert.deepEqual(p.act(input), long);
  assert.equal(p.tracedAction, "advance");
  // Without the option, the same ball is dribbled on.
  assert.equal(new BallPlayer(options).act(input).kind, "walk");
  // Not with an opponent within 3 m of the ball…
  const advancer = () => new BallPlayer({ ...options, advance });
  const traced = (p: InstanceType<typeof BallPlayer>, change: object) => {
    p.act({ ...input, ...change });
    return p.tracedAction;
  };
  assert.equal(traced(advancer(), { opponents: [{ x: -1, y: 2 }] }), "dribble");
  // Unless seen standing there (a robot coming at the ball still counts), outside 1.5 m.
  const still = { x: -1, y: 2, vx: 0.1, vy: -0.1 };
  assert.equal(traced(advancer(), { opponents: [still] }), "advance");
  const coming = { x: -1, y: 2, vx: 0.3, vy: -0.6 };
  assert.equal(traced(advancer(), { opponents: [coming] }), "dribble");
  assert.equal(traced(advancer(), { opponents: [{ x: -1, y: 1, vx: 0, vy: 0 }] }), "dribble");
  // An opponent on the way at their goal: 15° off it, on the side with more room where the ball
  // ends (the side away from a second opponent out there).
  const p15 = advancer();
  assert.equal(traced(p15, { opponents: [{ x: 6, y: 0.5 }, { x: 8.5, y: -4 }] }), "advance");
  assert.ok(Math.abs(p15.target!.theta - 15 * Math.PI / 180) < 0.05, `${p15.target!.theta}`);
  // Robots on every way: dribbled. A teammate on the way counts as well.
  const wall = [-4, -2, 0, 2, 4].map((y) => ({ x: 5, y }));
  assert.equal(traced(advancer(), { opponents: wall }), "dribble");
  const mates = [-4, -2, 0, 2, 4].map((y) => ({ unum: 9, x: 5, y }));
  assert.equal(traced(advancer(), { mates }), "dribble");
  // Off the line, the ball must end inside the field: by the touch line, with the ways 0°, +15°
  // and +30° off the goal blocked, 15° to the right; with that one blocked too, 30° right would
  // end beyond the touch line, and the ball is dribbled.
  const wingBall = { x: -10, y: -9.5 };
  const toGoal = Math.atan2(-wingBall.y, 15.2 - wingBall.x);
  const blocker = (deg: number) => ({
    x: wingBall.x + 4 * Math.cos(toGoal + deg * Math.PI / 180),
    y: wingBall.y + 4 * Math.sin(toGoal + deg * Math.PI / 180),
  });
  const wing = { ball: wingBall, self: { x: -10.2, y: -9.5, theta: 0.3 } };
  const pw = advancer();
  assert.equal(traced(pw, { ...wing, opponents: [0, 15, 30].map(blocker) }), "advance");
  const right15 = toGoal - 15 * Math.PI / 180;
  assert.ok(Math.abs(pw.target!.theta - right15) < 0.05, `${pw.target!.theta}`);
  assert.equal(
    traced(advancer(), { ...wing, opponents: [0, 15, 30, -15].map(blocker) }),
    "dribble",
  );
  // Nor closer than 7 m to their goal.
  const close = { x: 9, y: 0 };
  const there = { ...input, ball: close, self: { x: 9 - 0.11, y: -0.045, theta: 0 } };
  assert.equal(new BallPlayer({ ...options, advance }).act(there).kind, "walk");
  // A set play keeps the game kick.
  const setPlay = { ...input, self: { x: -0.19 - 0.015, y: -0.08, theta: 0 }, mustKick: true };
  assert.deepEqual(new BallPlayer({ ...options, advance }).act(setPlay), {
    kind: "skill",
    name: "SKILL_KICK_LEFT_LEG",
  });
  // Once lining up, an opponent coming within 3 m no longer stops it; within 1.5 m it does.
  const q = new BallPlayer({ ...options, advance });
  const back = { ...input, self: { x: -0.19, y: -0.045, theta: 0 } };
  q.act(back);
  assert.equal(q.tracedAction, "advance");
  q.act({ ...back, opponents: [{ x: 1.5, y: 1.5 }], now: 10.1 });
  assert.equal(q.tracedAction, "advance");
  q.act({ ...back, opponents: [{ x: 1, y: 1 }], now: 10.2 });
  assert.notEqual(q.tracedAction, "advance");
});

Deno.test("ball player: standing, it kicks only with the ball at the kick's stand spot", async () => {
  const { BallPlayer } = await import("../src/behavior/ball_play.ts");
  const kickSpot = { x: 0.122, y: 0.066, stand: { x: 0.182, y: 0.066 }, angle: 0, skill: "K" };
  const p = new BallPlayer({ ...soccer.defaults, kickSpot, pass: null });
  // Our kick-off: the ball at the walking spot (+ its margin), 5 cm nearer than the stand spot.
  const ball = { x: 0, y: 0 };
  const near = { x: -0.137, y: -0.066, theta: 0 };
  const input = {
    ball,
    opponents: [],
    obstacles: [],
    mustKick: true,
    kickOff: true,
    now: 5,
  };
  assert.deepEqual(p.act({ ...input, self: near }), { kind: "skill", name: "K_LEFT_LEG" });
  assert.equal(p.act({ ...input, self: near, standing: true }).kind, "walk");
  const atStand = { x: -0.182, y: -0.066, theta: 0 };
  assert.deepEqual(p.act({ ...input, self: atStand, standing: true }), {
    kind: "skill",
    name: "K_LEFT_LEG",
  });
  assert.equal(p.act({ ...input, self: atStand }).kind, "walk", "walking, too far back to kick");
});

Deno.test("ball player: standing still at the ball, it never stays put when it can neither kick nor dribble", async () => {
  const { BallPlayer } = await import("../src/behavior/ball_play.ts");
  const { soccerOptions } = await import("../src/agent/play_options.ts");
  const { loadParams } = await import("../src/agent/params.ts");
  const { walkParams } = await import("../src/motion/walk_engine.ts");
  const { createCore } = await import("../src/core/create_core.ts");
  const params = await loadParams(3, []);
  const o = soccerOptions(params, walkParams(params), await createCore("ts", 3));
  const moves = (r: MotionRequest) =>
    r.kind !== "walk" || Math.hypot(r.vx, r.vy) > 0.01 || Math.abs(r.vth) > 0.01;
  // Type 3 stands with a set play's ball at its walking spot, 6 cm nearer than its stand band:
  // it steps back to the band instead of standing on the walking spot's pose.
  const ball = { x: 0, y: 0 };
  const walkSpot = { x: -(o.kickSpot.x + 0.015 + 0.015), y: -o.kickSpot.y, theta: 0 };
  const setPlay = { ball, opponents: [], obstacles: [], mustKick: true, now: 5, standing: true };
  const r = new BallPlayer(o).act({ ...setPlay, self: walkSpot });
  assert.ok(r.kind === "walk" && r.vx < -0.01, JSON.stringify(r));
  // In front of their keeper (a game: 77 s), facing a way whose push runs at it.
  const keeper = [{ x: 13.96, y: 0.03, vx: 0, vy: 0 }, { x: 11.05, y: 3.47 }, {
    x: 11.01,
    y: -3.54,
  }];
  for (const deg of [-10, 0, 10]) {
    const p = new BallPlayer(o);
    const req = p.act({
      self: { x: 12.21, y: 0.1, theta: deg * Math.PI / 180 },
      ball: { x: 12.38, y: 0.06 },
      opponents: keeper,
      obstacles: keeper,
      mustKick: false,
      now: 50,
      standing: true,
      walkSpeed: 0,
    });
    assert.ok(moves(req), `${deg}°: ${JSON.stringify(req)}`);
  }
});

Deno.test("ball player: a play begun afresh passes an opponent on the way on the side we come from", async () => {
  const { BallPlayer } = await import("../src/behavior/ball_play.ts");
  const p = new BallPlayer({ ...soccer.defaults, pass: null });
  // Their taker nearly on the line from the ball to their goal, 2.5 m on.
  const input = { ball: { x: 0, y: 0 }, opponents: [{ x: 2.5, y: 0.05 }], obstacles: [] };
  const way = (y: number, now: number) => {
    p.act({ ...input, self: { x: -0.6, y, theta: 0 }, mustKick: false, now });
    return Math.sign(p.target!.theta);
  };
  // Coming from the right the ball goes left of it, and keeps that side from cycle to cycle.
  assert.equal(way(-0.5, 0), 1);
  assert.equal(way(0.5, 0.02), 1);
  // Played again 20 s later from the left: the way passes it on the right.
  assert.equal(way(0.5, 20), -1);
});

Deno.test("ball player: stood up for a kick, the ball may lie within the kick's own band", async () => {
  const { BallPlayer } = await import("../src/behavior/ball_play.ts");
  const { gameKick } = await import("../src/agent/play_options.ts");
  const { loadParams } = await import("../src/agent/params.ts");
  // Type 4's band: 2.7 cm beyond the stand spot to 3.5 cm nearer; type 2's: 1.2 cm either way.
  const t4 = gameKick(await loadParams(4, []));
  const t2 = gameKick(await loadParams(2, []));
  assert.deepEqual([t4.stand?.ahead, t4.stand?.behind], [0.027, 0.035]);
  assert.deepEqual([t2.stand?.ahead, t2.stand?.behind], [0.012, 0.012]);
  const ball = { x: 3, y: 0 };
  const due = (spot: typeof t4, ahead: number) => {
    const p = new BallPlayer({ ...soccer.defaults, kickSpot: spot, pass: null });
    const self = { x: ball.x - spot.stand!.x - ahead, y: -spot.stand!.y, theta: 0 };
    return p.act({
      self,
      ball,
      opponents: [],
      obstacles: [],
      mustKick: true,
      now: 5,
      kickDue: `${spot.skill}_LEFT_LEG`,
    }).kind;
  };
  assert.equal(due(t4, 0.025), "skill", "type 4: 2.5 cm beyond goes");
  assert.equal(due(t4, 0.03), "walk", "type 4: 3 cm beyond is called off");
  assert.equal(due(t2, 0.015), "walk", "type 2: 1.5 cm beyond is called off");
  assert.equal(due(t2, -0.01), "skill", "type 2: 1 cm nearer goes");
  assert.equal(due(t2, -0.02), "walk", "type 2: 2 cm nearer is called off");
});

Deno.test("ball player: a kick waits for the walk to slow; one called off for a ball too near lines up farther back", async () => {
  const { BallPlayer } = await import("../src/behavior/ball_play.ts");
  const stand = { x: 0.182, y: 0.066, ahead: 0.004, behind: 0.035 };
  const kickSpot = { x: 0.122, y: 0.066, stand, angle: 0, skill: "K" };
  const p = new BallPlayer({ ...soccer.defaults, kickSpot, pass: null });
  const ball = { x: 3, y: 0 };
  const input = { ball, opponents: [], obstacles: [], mustKick: true, now: 5 };
  // The ball 13 cm ahead, in front of the left foot: ready, once the walk has slowed.
  const at = (ahead: number) => ({ x: ball.x - ahead, y: -0.066, theta: 0 });
  // Walking on at 0.2 m/s: it slows where it stands, short of the pose.
  assert.equal(p.act({ ...input, self: at(0.13), walkSpeed: 0.2 }).kind, "walk");
  assert.deepEqual(p.target, at(0.13));
  assert.deepEqual(p.act({ ...input, self: at(0.13), walkSpeed: 0.03 }), {
    kind: "skill",
    name: "K_LEFT_LEG",
  });
  // Stood up, the ball lies 14 cm ahead, 0.7 cm nearer than the band allows: called off.
  const due = { ...input, self: at(0.14), kickDue: "K_LEFT_LEG", now: 6 };
  assert.equal(p.act(due).kind, "walk");
  // The walking spot moved 70 % of the way to put it in the band's middle (16.65 cm): from
  // 13 cm ahead there is no kick now, and the line-up pose lies 1.9 cm farther back (a set
  // play's pose: the spot's margin, 1.5 cm, and the set play's, 2.5 cm, behind it).
  const walking = { ...input, self: at(0.13), walkSpeed: 0, now: 7 };
  assert.equal(p.act(walking).kind, "walk");
  const back = ball.x - p.target!.x;
  assert.ok(Math.abs(back - (0.122 + 0.7 * (0.1665 - 0.14) + 0.04)) < 0.002, `pose ${back}`);
  // Never nearer than the param file's spot: a ball stood up for too far away teaches no step in.
  const q = new BallPlayer({ ...soccer.defaults, kickSpot, pass: null });
  q.act({ ...due, self: at(0.19) });
  q.act({ ...walking, self: at(0.20) });
  assert.ok(Math.abs(ball.x - q.target!.x - (0.122 + 0.04)) < 0.002, `pose ${q.target!.x}`);
});

Deno.test("ball player: with an opponent at the ball it pushes on along its own way, up to 60° off the line", async () => {
  const { BallPlayer } = await import("../src/behavior/ball_play.ts");
  // On the aim's line (y = 0.6), so the line to the goal runs straight along the field.
  const ball = { x: 4, y: 0.6 };
  // Coming at the ball from behind and 45° to the right of the line to the goal.
  const h = Math.PI / 4;
  const self = { x: ball.x - 0.3 * Math.cos(h), y: ball.y - 0.3 * Math.sin(h), theta: h };
  const act = (opponents: { x: number; y: number }[]) => {
    const p = new BallPlayer({
      ...soccer.defaults,
      shootRange: 3.5,
      kickSpot: { x: 0.19, y: 0.08, angle: 0, skill: "K" },
    });
    p.act({ self, ball, opponents, obstacles: [], mustKick: false, now: 0 });
    return p;
  };
  // Alone, 45° is beyond the open field's 35° cone: it lines up behind the ball first.
  assert.equal(act([]).action, "approach");
  // An opponent at the ball, off the way to the goal: whoever pushes first wins it.
  assert.equal(act([{ x: 3.8, y: 1.05 }]).action, "dribble");
  // An opponent farther than soccer.contest_radius changes nothing.
  assert.equal(act([{ x: 5, y: 1.2 }]).action, "approach");
});

Deno.test("soccer: a player walking to its spot goes around the ball, facing its way", () => {
  // A teammate (heard) is at the ball, behind it on the left; we stand ahead of it on the right,
  // facing our spot as the supporter behind the ball: the straight way passes 0.47 m from it.
  const t = hearingMateAtBall({ x: -0.25, y: 0.25 });
  const b = make();
  const self = { x: 0.6, y: -0.3, theta: Math.atan2(-0.6, -1.8) };
  const r = decide(b, view({ self }), t);
  assert.equal(b.role, "supporter");
  assert.ok(b.target!.x < -1 && b.target!.y < -0.8, JSON.stringify(b.target));
  // It walks on, turning off to its left, away from the ball: not straight on, and not turning
  // on the spot to the heading it will have at its spot.
  assert.ok(r?.kind === "walk" && r.vx > 0.1 && r.vth > 0.1, JSON.stringify(r));
});

Deno.test("ball player: a ball lying past a standing robot is reached around the robot, never through it", async () => {
  const { BallPlayer } = await import("../src/behavior/ball_play.ts");
  // Against standing robots: the ball 0.2 m past a robot's centre, toward their goal; we come
  // from behind the robot. The walk is followed kinematically for 12 s, the player asked anew
  // every 20 ms.
  const ball = { x: 7.18, y: 0.12 };
  const robot = { x: 7.0, y: 0.0 };
  const p = new BallPlayer({
    ...soccer.defaults,
    kickSpot: { x: 0.19, y: 0.08, angle: 0, skill: "K" },
  });
  const self = { x: 6.2, y: -0.1, theta: 0 };
  let closest = Infinity, reached = false;
  for (let k = 0; k < 600 && !reached; k++) {
    const r = p.act({
      self,
      ball,
      opponents: [robot],
      obstacles: [robot],
      mustKick: false,
      now: k * 0.02,
    });
    if (r.kind !== "walk") break;
    const c = Math.cos(self.theta), s = Math.sin(self.theta);
    self.x += (c * r.vx - s * r.vy) * 0.02;
    self.y += (s * r.vx + c * r.vy) * 0.02;
    self.theta += r.vth * 0.02;
    closest = Math.min(closest, Math.hypot(self.x - robot.x, self.y - robot.y));
    reached = p.action === "dribble" && Math.hypot(self.x - ball.x, self.y - ball.y) < 0.25;
  }
  assert.ok(reached, `still ${JSON.stringify(self)}, action ${p.action}`);
  assert.ok(closest > 0.2, `passed the robot's centre ${closest.toFixed(2)} m out`);
});

Deno.test("soccer: backing off the ball steps straight away from it within the walk's limits", async () => {
  const { backOff } = await import("../src/behavior/soccer.ts");
  const limits = { maxForward: 1, maxBackward: 0.25, maxSideways: 0.15, maxTurn: 1.5 };
  // Facing +y, the ball 0.2 m to our left (-x): a side step to the right.
  const side = backOff({ x: 0, y: 0, theta: Math.PI / 2 }, { x: -0.2, y: 0 }, limits);
  assert.ok(side.kind === "walk" && Math.abs(side.vy + 0.15) < 1e-9 && Math.abs(side.vx) < 1e-9);
  // The ball straight ahead: backward at the backward limit; diagonal: the tighter limit rules.
  const ahead = backOff({ x: 0, y: 0, theta: 0 }, { x: 0.3, y: 0 }, limits);
  assert.ok(ahead.kind === "walk" && Math.abs(ahead.vx + 0.25) < 1e-9 && ahead.vy === 0);
  const diag = backOff({ x: 0, y: 0, theta: 0 }, { x: 0.2, y: 0.2 }, limits);
  assert.ok(
    diag.kind === "walk" && Math.abs(diag.vx + 0.15) < 1e-9 && Math.abs(diag.vy + 0.15) < 1e-9,
  );
});

Deno.test("ball player: a shot called off for a ball too near lines up farther back, the kick's spot and the shot's being one", async () => {
  const { BallPlayer } = await import("../src/behavior/ball_play.ts");
  const stand = { x: 0.182, y: 0.066, ahead: 0.004, behind: 0.035 };
  // The game's options give the shot its own spot object, the same kick (play_options.ts).
  const kickSpot = { x: 0.122, y: 0.066, stand, angle: 0, skill: "K" };
  const shotSpot = { ...kickSpot, stand: { ...stand } };
  const p = new BallPlayer({ ...soccer.defaults, kickSpot, shotSpot, shootRange: 8, pass: null });
  const ball = { x: 12, y: 0 };
  const input = { ball, opponents: [], obstacles: [], mustKick: false };
  const from = { x: 11.8, y: -0.066, theta: 0 };
  const poseDistance = (now: number) => {
    p.act({ ...input, self: from, now });
    assert.equal(p.tracedAction, "shot");
    return Math.hypot(ball.x - p.target!.x, ball.y - p.target!.y);
  };
  const first = poseDistance(5);
  // Stood up with the ball 14 cm ahead, 0.7 cm nearer than the band: called off.
  p.act({ ...input, self: { x: 11.86, y: -0.066, theta: 0 }, kickDue: "K_LEFT_LEG", now: 6 });
  // The shot's walking spot moved 70 % of the way to the band's middle (16.65 cm): 1.9 cm back.
  const moved = poseDistance(7) - first;
  assert.ok(Math.abs(moved - 0.7 * (0.1665 - 0.14)) < 0.003, `moved ${moved}`);
});

Deno.test("ball player: a kick called off twice in a row gives way to 2 s of dribbling", async () => {
  const { BallPlayer } = await import("../src/behavior/ball_play.ts");
  const kickSpot = { x: 0.19, y: 0.08, angle: 0, skill: "K" };
  const p = new BallPlayer({ ...soccer.defaults, kickSpot, shootRange: 8, pass: null });
  // In shooting range, at the kick pose (the ball at the spot plus its margin, left foot).
  const ball = { x: 12, y: 0 };
  const pose = { x: 12 - 0.205, y: -0.08, theta: 0 };
  const input = { ball, opponents: [], obstacles: [], mustKick: false };
  const kickAt = (now: number) => p.act({ ...input, self: pose, now });
  // Stood up 5 cm farther back than the kick needs the ball: called off.
  const stoodBack = { x: pose.x - 0.05, y: pose.y, theta: 0 };
  const dueAt = (now: number) =>
    p.act({ ...input, self: stoodBack, now, kickDue: "K_LEFT_LEG" }).kind;
  assert.deepEqual(kickAt(10), { kind: "skill", name: "K_LEFT_LEG" });
  assert.equal(dueAt(10.5), "walk");
  assert.deepEqual(kickAt(11), { kind: "skill", name: "K_LEFT_LEG" }, "one call-off: kick again");
  assert.equal(dueAt(11.5), "walk");
  // Twice in a row: at the kick pose it dribbles, until 2 s after the second call-off.
  kickAt(12);
  assert.equal(p.action, "dribble");
  kickAt(13.4);
  assert.equal(p.action, "dribble");
  // Then, once the walk has settled after the dribble (0.4 s), it kicks again.
  assert.deepEqual(kickAt(13.9), { kind: "skill", name: "K_LEFT_LEG" });
  // A kick that goes ahead starts the count anew.
  assert.equal(dueAt(14), "walk");
  const stood = { x: 12 - 0.18, y: pose.y, theta: 0 };
  assert.deepEqual(p.act({ ...input, self: stood, now: 14.5, kickDue: "K_LEFT_LEG" }), {
    kind: "skill",
    name: "K_LEFT_LEG",
  });
  assert.equal(dueAt(15), "walk");
  assert.deepEqual(kickAt(15.5), { kind: "skill", name: "K_LEFT_LEG" }, "one call-off since");
  // A set play is kicked however often it is called off.
  const q = new BallPlayer({ ...soccer.defaults, kickSpot, shootRange: 8, pass: null });
  const set = { ...input, mustKick: true };
  const setPose = { x: pose.x - 0.015, y: pose.y, theta: 0 };
  for (const now of [20, 21, 22]) {
    q.act({ ...set, self: stoodBack, now, kickDue: "K_LEFT_LEG" });
  }
  assert.deepEqual(q.act({ ...set, self: setPose, now: 22.5 }), {
    kind: "skill",
    name: "K_LEFT_LEG",
  });
});
