// Team-play geometry: what each play mode means for either side, the distance kept during the
// opponents' set plays, walking around players in the way, and the on-ball decisions (go around
// the ball, line up the kick with the right foot, dribble when lined up, clear under pressure).

import assert from "assert";
import { PlayMode, situation } from "../src/protocol/playmode.ts";
import { avoidObstacles, escapeFrom, keepClear } from "../src/ballplay/avoid.ts";
import { ballWaypoint, DRIBBLE_PATH } from "../src/ballplay/ball_path.ts";
import {
  DRIBBLE_SHAPE,
  type DribbleShape,
  onBallAction,
  type OnBallInput,
} from "../src/ballplay/on_ball.ts";
import {
  freeLine,
  goesIn,
  opponentBetween,
  pushAtKeeper,
  pushAtStanding,
  pushBlocked,
  pushesOut,
  wayIn,
} from "../src/ballplay/push_ways.ts";
import { toRobot as relative } from "../src/util/pose.ts";
import { BallPlayer } from "../src/behavior/ball_play.ts";
import { holdContact, walkAround } from "../src/behavior/walk_around.ts";
import { soccer } from "../src/behavior/soccer.ts";
import { FREE_KICK_KEEP, GOAL_KICK_KEEP, keepAway } from "../src/strategy/situation.ts";

Deno.test("situation: every play mode for both sides", () => {
  const both = (mode: PlayMode) => [situation(mode, "left"), situation(mode, "right")];
  assert.deepEqual(both(PlayMode.PlayOn), ["play", "play"]);
  assert.deepEqual(both(PlayMode.BeforeKickOff), ["stop", "stop"]);
  assert.deepEqual(both(PlayMode.GoalLeft), ["stop", "stop"]);
  assert.deepEqual(both(PlayMode.GameOver), ["stop", "stop"]);
  assert.deepEqual(both(PlayMode.KickOffLeft), ["ourKickOff", "theirKickOff"]);
  assert.deepEqual(both(PlayMode.KickOffRight), ["theirKickOff", "ourKickOff"]);
  for (
    const [l, r] of [
      [PlayMode.KickInLeft, PlayMode.KickInRight],
      [PlayMode.CornerKickLeft, PlayMode.CornerKickRight],
      [PlayMode.GoalKickLeft, PlayMode.GoalKickRight],
      [PlayMode.FreeKickLeft, PlayMode.FreeKickRight],
      [PlayMode.DirectFreeKickLeft, PlayMode.DirectFreeKickRight],
      [PlayMode.PassLeft, PlayMode.PassRight],
    ]
  ) {
    assert.deepEqual(both(l), ["ourSetPlay", "theirSetPlay"], PlayMode[l]);
    assert.deepEqual(both(r), ["theirSetPlay", "ourSetPlay"], PlayMode[r]);
  }
  // offside_left is the left team's offence: the right team kicks.
  assert.deepEqual(both(PlayMode.OffsideLeft), ["theirSetPlay", "ourSetPlay"]);
  assert.equal(
    keepAway(PlayMode.KickInRight, situation(PlayMode.KickInRight, "left")),
    FREE_KICK_KEEP,
  );
  assert.equal(keepAway(PlayMode.GoalKickRight, "theirSetPlay"), GOAL_KICK_KEEP);
  assert.equal(keepAway(PlayMode.KickInLeft, "ourSetPlay"), 0);
  assert.ok(FREE_KICK_KEEP >= 1.3 && GOAL_KICK_KEEP >= 1.0);
});

Deno.test("avoid: a clear path is kept; a robot in the way is passed on its free side", () => {
  const self = { x: 0, y: 0 };
  const target = { x: 4, y: 0 };
  assert.equal(avoidObstacles(self, target, []), target);
  assert.equal(avoidObstacles(self, target, [{ x: 2, y: 1.5 }]), target, "beside the path");
  assert.equal(avoidObstacles(self, target, [{ x: -1, y: 0 }]), target, "behind us");
  const via = avoidObstacles(self, target, [{ x: 1.5, y: 0.2 }]);
  assert.ok(
    via.y < -0.5 && Math.abs(via.x - 1.5) < 1e-9,
    `passes on the right: ${JSON.stringify(via)}`,
  );
  const via2 = avoidObstacles(self, target, [{ x: 1.5, y: -0.2 }, { x: 1, y: 0.1 }]);
  assert.ok(Math.abs(via2.x - 1) < 1e-9 && via2.y < -0.6, "the nearest one first");
  // A path that stays clear of the obstacle by more than the radius is not changed.
  assert.equal(avoidObstacles(self, target, [{ x: 2, y: 0.7 }]), target);
  // A robot we are already passing: the waypoint lies ahead, not at our side.
  const beside = avoidObstacles(self, target, [{ x: 0.1, y: 0.6 }]);
  const turn = Math.abs(Math.atan2(beside.y, beside.x));
  assert.ok(beside.x >= 0.75 - 1e-9 && turn < Math.PI / 4, `ahead: ${JSON.stringify(beside)}`);
  assert.ok(Math.hypot(beside.x - 0.1, beside.y - 0.6) >= 0.75, "still clear of it");
});

Deno.test("avoid: a robot right ahead on the way is first stepped away from", () => {
  const self = { x: 0, y: 0 };
  const target = { x: -1, y: 3 };
  assert.equal(escapeFrom(self, target, [{ x: 0.6, y: 0.3 }], 0.5), null, "not that close");
  assert.equal(escapeFrom(self, target, [{ x: 0.1, y: -0.3 }], 0.5), null, "behind the way");
  const out = escapeFrom(self, target, [{ x: 0.1, y: 0.3 }, { x: -0.1, y: 0.2 }], 0.5)!;
  // Straight away from the nearer one, out to 0.6 m from it.
  assert.ok(Math.abs(Math.hypot(out.x + 0.1, out.y - 0.2) - 0.6) < 1e-9, JSON.stringify(out));
  assert.ok(out.x > 0 && out.y < 0);
  // walkAround keeps the heading while it steps out (no turn toward a point at its side).
  const r = walkAround(
    { x: 0, y: 0, theta: Math.PI / 2 },
    { x: 0, y: 3, theta: 0 },
    [{ x: 0, y: 0.3 }],
    { maxForward: 1, maxBackward: 0.3, maxSideways: 0.2, maxTurn: 1.5 },
    { decel: 0.6, faceDistance: 1, positionTolerance: 0.1, headingTolerance: 0.2 },
    { radius: 0.65, escape: 0.5 },
  );
  assert.ok(r.kind === "walk" && r.vx < 0 && Math.abs(r.vth) < 1e-9, JSON.stringify(r));
});

Deno.test("avoid: a spot is kept clear of other robots, through overlapping circles", () => {
  const spot = { x: 0, y: 0 };
  assert.equal(keepClear(spot, [], 1), spot);
  assert.equal(keepClear(spot, [{ x: 1.5, y: 0 }], 1), spot, "far enough");
  const p = keepClear(spot, [{ x: 0.5, y: 0 }], 1);
  assert.ok(Math.abs(p.x + 0.5) < 1e-9 && Math.abs(p.y) < 1e-9, JSON.stringify(p));
  // Pushed out of one circle into another, and out again.
  const others = [{ x: 0.3, y: 0 }, { x: -1.2, y: 0.1 }];
  const q = keepClear(spot, others, 1);
  for (const o of others) {
    assert.ok(Math.hypot(q.x - o.x, q.y - o.y) >= 1 - 1e-9, JSON.stringify(q));
  }
});

Deno.test("ball path: straight when clear; past the first opponent in the way on its free side", () => {
  const ball = { x: 0, y: 0 };
  const goal = { x: 10, y: 0 };
  const clear = ballWaypoint(ball, goal, [{ x: 2, y: 1 }, { x: -1, y: 0 }, { x: 5, y: 0 }], 0, {
    ...DRIBBLE_PATH,
    lookahead: 4,
  });
  assert.deepEqual(clear, { x: 10, y: 0, side: 0 }, "beside, behind and beyond the lookahead");
  const w = ballWaypoint(ball, goal, [{ x: 3, y: 0.2 }, { x: 1.5, y: 0.1 }], 0, DRIBBLE_PATH);
  assert.equal(w.side, -1, "the opponent is left of the path: pass right");
  assert.ok(Math.abs(w.x - (1.5 + DRIBBLE_PATH.beyond)) < 1e-9, "the nearest one first");
  assert.ok(Math.abs(w.y - (0.1 - DRIBBLE_PATH.detour)) < 1e-9, JSON.stringify(w));
  // Right on the path, the side chosen last cycle holds; off it, the free side wins.
  assert.equal(ballWaypoint(ball, goal, [{ x: 1.5, y: -0.1 }], -1, DRIBBLE_PATH).side, -1);
  assert.equal(ballWaypoint(ball, goal, [{ x: 1.5, y: -0.1 }], 0, DRIBBLE_PATH).side, 1);
  assert.equal(ballWaypoint(ball, goal, [{ x: 1.5, y: -0.4 }], -1, DRIBBLE_PATH).side, 1);
  // With no side chosen yet, one on the path is passed on the side the caller prefers; one
  // well off it on its free side still.
  assert.equal(ballWaypoint(ball, goal, [{ x: 1.5, y: -0.1 }], 0, DRIBBLE_PATH, -1).side, -1);
  assert.equal(ballWaypoint(ball, goal, [{ x: 1.5, y: 0.3 }], 0, DRIBBLE_PATH, 1).side, 1);
  assert.equal(ballWaypoint(ball, goal, [{ x: 1.5, y: 0.5 }], 0, DRIBBLE_PATH, 1).side, -1);
  // Right at the ball (less than 0.5 m ahead), an opponent is passed on its free side unless it
  // stands within 5 cm of the path: the ball cannot be pushed across its feet.
  assert.equal(ballWaypoint(ball, goal, [{ x: 0.3, y: 0.1 }], -1, DRIBBLE_PATH).side, -1);
  assert.equal(ballWaypoint(ball, goal, [{ x: 0.3, y: 0.1 }], 1, DRIBBLE_PATH).side, -1);
  assert.equal(ballWaypoint(ball, goal, [{ x: 0.3, y: 0.03 }], 1, DRIBBLE_PATH).side, 1);
  assert.equal(ballWaypoint(ball, goal, [{ x: 0.3, y: -0.1 }], 0, DRIBBLE_PATH, -1).side, 1);
  // A keeper in the way is passed on the side of the aim, and the waypoint stays in front of
  // the goal (posts at ±1.05).
  const keeper = ballWaypoint(
    { x: 11, y: 0 },
    { x: 15.2, y: 0.6 },
    [{ x: 14, y: 0 }],
    0,
    DRIBBLE_PATH,
  );
  assert.equal(keeper.side, 1);
  assert.ok(keeper.y > 0.8 && keeper.y < 1.05 && keeper.x < 15, JSON.stringify(keeper));
  // A waypoint off the field goes to the other side.
  const edge = ballWaypoint(
    { x: 0, y: 9.3 },
    { x: 10, y: 9.3 },
    [{ x: 2, y: 9.2 }],
    0,
    DRIBBLE_PATH,
  );
  assert.equal(edge.side, -1);
  assert.ok(edge.y < 9.3, JSON.stringify(edge));
});

Deno.test("ball path: a detour holds while its opponent stays near the path or just behind the ball", () => {
  const ball = { x: 0, y: 0 };
  const goal = { x: 10, y: 0 };
  // 0.95 m from the path is clear of the 0.9 m corridor for a new path…
  const wide = [{ x: 1.5, y: 0.95 }];
  assert.equal(ballWaypoint(ball, goal, wide, 0, DRIBBLE_PATH).side, 0);
  // …but a detour already taken around it goes on, as it does for an opponent level with the ball.
  assert.equal(ballWaypoint(ball, goal, wide, -1, DRIBBLE_PATH).side, -1);
  // Once the straight way passes it wider than the detour (1 m), the way goes straight: the
  // waypoint would pull the ball back toward it.
  assert.deepEqual(ballWaypoint(ball, goal, [{ x: 1.5, y: 1.1 }], -1, DRIBBLE_PATH), {
    x: 10,
    y: 0,
    side: 0,
  });
  // Paths without a detour (a shot's, a pass's lane) still count an opponent on them as in the
  // way: only one kept by the detour's hysteresis goes.
  const shot = { lookahead: 6, clearance: 0.35, detour: 0, beyond: 0 };
  assert.equal(ballWaypoint(ball, goal, [{ x: 3, y: 0.2 }], 0, shot).side, -1);
  assert.equal(ballWaypoint(ball, goal, [{ x: 3, y: -0.2 }], 0, shot).side, 1);
  assert.equal(ballWaypoint(ball, goal, [{ x: -0.2, y: 0.3 }], -1, DRIBBLE_PATH).side, -1);
  assert.equal(ballWaypoint(ball, goal, [{ x: -0.2, y: 0.3 }], 0, DRIBBLE_PATH).side, 0);
  // Far off the path it ends.
  assert.equal(ballWaypoint(ball, goal, [{ x: 1.5, y: 1.5 }], -1, DRIBBLE_PATH).side, 0);
});

const base: OnBallInput = {
  self: { x: -1, y: 0, theta: 0 },
  ball: { x: 0, y: 0 },
  target: { x: 15.2, y: 0 },
  goalDistance: 15.2,
  opponents: [],
  kickSpot: { x: 0.19, y: 0.08, angle: 0, skill: "SKILL_KICK" },
  shootRange: 8,
  contestRadius: 0.7,
  mustKick: false,
  leftFoot: true,
};

Deno.test("on ball: the dribble's shape says how far ahead and aside the ball may lie for it", () => {
  const at = (ball: { x: number; y: number }, dribble?: DribbleShape) =>
    onBallAction({ ...base, self: { x: 0, y: 0, theta: 0 }, ball, shootRange: 3.5, dribble }).kind;
  assert.equal(at({ x: 0.85, y: 0 }), "dribble", "within the default 1 m reach");
  assert.equal(at({ x: 0.85, y: 0 }, { ...DRIBBLE_SHAPE, reach: 0.7 }), "approach");
  // 0.4 m ahead, the default cone is 0.1 + 0.25 · 0.4 = 0.2 m to either side.
  assert.equal(at({ x: 0.4, y: 0.18 }), "dribble");
  assert.equal(at({ x: 0.4, y: 0.18 }, { ...DRIBBLE_SHAPE, lateral: 0.05 }), "approach");
});

Deno.test("on ball: in front of the ball we walk around it, never through it", () => {
  const a = onBallAction({ ...base, self: { x: 1, y: 0.1, theta: Math.PI } });
  assert.equal(a.kind, "approach");
  if (a.kind !== "approach") return;
  assert.ok(a.target.x < 0 && Math.abs(a.target.y) >= 0.4, JSON.stringify(a.target));
  assert.ok(a.target.y > 0, "on our side of the ball");
});

Deno.test("on ball: going around keeps its side near the line and ends well behind the ball", () => {
  // Right in front of the ball, on the line: the side taken last cycle holds against noise.
  const front = { x: 0.5, y: 0.05, theta: Math.PI };
  const fresh = onBallAction({ ...base, self: front });
  assert.ok(fresh.kind === "approach" && fresh.around === 1 && fresh.target.y > 0.4);
  const kept = onBallAction({ ...base, self: front, aroundSide: -1 });
  assert.ok(kept.kind === "approach" && kept.around === -1 && kept.target.y < -0.4);
  // Level with the ball 0.45 m aside: going on around until 0.27 m behind it, where a fresh
  // approach would already line up at 0.12 m.
  const level = { x: -0.2, y: 0.45, theta: 0 };
  const lineUp = onBallAction({ ...base, self: level });
  assert.ok(lineUp.kind === "approach" && lineUp.around === undefined, JSON.stringify(lineUp));
  const around = onBallAction({ ...base, self: level, aroundSide: 1 });
  assert.ok(around.kind === "approach" && around.around === 1, JSON.stringify(around));
});

Deno.test("on ball: beside the ball's back half we step back to the line, not around", () => {
  const a = onBallAction({ ...base, self: { x: -0.08, y: 0.2, theta: 0 }, aroundSide: 1 });
  assert.equal(a.kind, "approach");
  if (a.kind !== "approach") return;
  assert.equal(a.around, undefined);
  assert.ok(a.target.x < -0.15 && Math.abs(a.target.y) < 1e-9, JSON.stringify(a.target));
  // Walked on level with the ball 11 cm beside it: back to the line, unless already going around.
  const level = { x: 0.02, y: -0.11, theta: 0.2 };
  const back = onBallAction({ ...base, self: level });
  assert.ok(back.kind === "approach" && back.around === undefined, JSON.stringify(back));
  const around = onBallAction({ ...base, self: level, aroundSide: -1 });
  assert.ok(around.kind === "approach" && around.around === -1, JSON.stringify(around));
});

Deno.test("on ball: from wide of the ball the way behind it is straight, from in front via its side", () => {
  // 0.3 m ahead and 0.9 m aside: the straight way to the spot behind passes the ball 0.35 m off.
  const wide = onBallAction({ ...base, self: { x: 0.3, y: 0.9, theta: Math.PI } });
  assert.ok(wide.kind === "approach" && Math.abs(wide.target.y) < 1e-9, JSON.stringify(wide));
  // Straight ahead of the ball, the way passes through it: via the side.
  const ahead = onBallAction({ ...base, self: { x: 0.8, y: 0.1, theta: Math.PI } });
  assert.ok(ahead.kind === "approach" && ahead.target.y > 0.4, JSON.stringify(ahead));
});

Deno.test("on ball: far from goal, line up behind the ball and dribble", () => {
  const a = onBallAction(base);
  assert.equal(a.kind, "approach");
  const d = onBallAction({ ...base, self: { x: -0.2, y: 0.02, theta: 0.1 } });
  assert.equal(d.kind, "dribble");
  if (d.kind === "dribble") {
    assert.ok(Math.abs(d.heading) < 1e-9);
    assert.ok(
      Math.abs(d.lateral - relative({ x: -0.2, y: 0.02, theta: 0.1 }, base.ball).y) < 1e-12,
    );
  }
});

Deno.test("on ball: a dribbled ball at our feet or bounced ahead and aside is played on", () => {
  const atFeet = onBallAction({ ...base, self: { x: -0.1, y: 0, theta: 0 } });
  assert.equal(atFeet.kind, "dribble", "10 cm ahead is not the wrong side of the ball");
  const ahead = onBallAction({ ...base, self: { x: -0.6, y: -0.2, theta: 0 } });
  assert.equal(ahead.kind, "dribble");
  if (ahead.kind === "dribble") {
    assert.ok(Math.atan2(ahead.lateral, ahead.ahead) > 0.3, "the ball lies to the left");
  }
  const wide = onBallAction({ ...base, self: { x: -0.3, y: -0.3, theta: 0 } });
  assert.equal(wide.kind, "approach", "outside the cone: line up again");
  const beside = onBallAction({ ...base, self: { x: 0.02, y: -0.1, theta: 0 } });
  assert.equal(beside.kind, "approach", "level with the ball: go around it");
});

Deno.test("on ball: a kick that sends the ball off the heading is lined up turned by its angle", () => {
  const angle = 30 * Math.PI / 180;
  const ball = { x: 12, y: 0 };
  const o = {
    ...base,
    ball,
    goalDistance: 3.2,
    kickSpot: { ...base.kickSpot, angle, skill: "SKILL_LONG_KICK" },
  };
  // The left foot kicks 30° to the left: the robot faces 30° to the right of the goal.
  const theta = -angle;
  const c = Math.cos(theta), s = Math.sin(theta);
  const pose = { x: 12 - (c * 0.19 - s * 0.08), y: -(s * 0.19 + c * 0.08), theta };
  assert.deepEqual(onBallAction({ ...o, self: pose }), { kind: "kick", leftFoot: true });
  // Facing the goal at the same spot is 30° off: walk to the turned pose instead.
  const facing = onBallAction({ ...o, self: { ...pose, theta: 0 } });
  assert.equal(facing.kind, "approach");
  if (facing.kind === "approach") assert.ok(Math.abs(facing.target.theta - theta) < 1e-9);
  // The right foot kicks to the right: facing 30° left of the goal.
  const r = { x: 12 - (c * 0.19 - s * 0.08), y: -(-s * 0.19 - c * 0.08), theta: angle };
  assert.deepEqual(onBallAction({ ...o, self: r, leftFoot: false }), {
    kind: "kick",
    leftFoot: false,
  });
});

Deno.test("on ball: in range, walk to the kick pose; kick when there, with the near foot", () => {
  const ball = { x: 10, y: 1 };
  const inRange = { ...base, goalDistance: Math.hypot(15.2 - 10, 1) };
  const heading = Math.atan2(0 - 1, 15.2 - 10);
  const c = Math.cos(heading), s = Math.sin(heading);
  // The pose that puts the ball at (0.19, 0.08) in the robot frame (left foot).
  const pose = { x: 10 - (c * 0.19 - s * 0.08), y: 1 - (s * 0.19 + c * 0.08), theta: heading };
  assert.deepEqual(onBallAction({ ...inRange, ball, self: pose }), {
    kind: "kick",
    leftFoot: true,
  });
  const rel = relative(pose, ball);
  assert.ok(Math.abs(rel.x - 0.19) < 1e-9 && Math.abs(rel.y - 0.08) < 1e-9);
  // The kick pose aims 1.5 cm farther back than the spot; a ball closer than the spot waits.
  const aimed = { x: pose.x - c * 0.015, y: pose.y - s * 0.015 };
  const off = onBallAction({ ...inRange, ball, self: { ...pose, x: pose.x - 0.1 } });
  assert.equal(off.kind, "approach");
  if (off.kind === "approach") {
    assert.ok(off.fine);
    assert.ok(
      Math.abs(off.target.x - aimed.x) < 1e-9 && Math.abs(off.target.y - aimed.y) < 1e-9,
      JSON.stringify(off.target),
    );
  }
  // Walking in fast, the line-up's steps would run into the ball: the dribble goes on.
  const fast = onBallAction({
    ...inRange,
    ball,
    self: { ...pose, x: pose.x - 0.1 },
    walkSpeed: 0.5,
  });
  assert.ok(!(fast.kind === "approach" && fast.kickPose), JSON.stringify(fast));
  const slow = onBallAction({
    ...inRange,
    ball,
    self: { ...pose, x: pose.x - 0.1 },
    walkSpeed: 0.2,
  });
  assert.ok(slow.kind === "approach" && slow.kickPose, JSON.stringify(slow));
  const close = { ...pose, x: pose.x + c * 0.01, y: pose.y + s * 0.01 };
  assert.equal(onBallAction({ ...inRange, ball, self: close }).kind, "approach");
  // Farther from the kick pose, a shot is not lined up: the dribble goes on, from a spot behind
  // the ball as far as we are off the line (here 0.4 m), so that we arrive facing along it.
  const far = onBallAction({ ...inRange, ball, self: { x: 9, y: 1.6, theta: heading } });
  assert.equal(far.kind, "approach");
  if (far.kind === "approach") {
    const across = -(9 - 10) * s + (1.6 - 1) * c;
    assert.ok(Math.abs(far.target.x - (10 - c * across)) < 1e-9, JSON.stringify(far.target));
    assert.ok(Math.abs(far.target.y - (1 - s * across)) < 1e-9, JSON.stringify(far.target));
  }
  // Facing 8° off, at the same place, the ball lies 3 cm beside the spot: no kick yet, and the
  // last steps go to where the ball lies on the spot as we face now.
  const turned = { ...pose, theta: heading + 8 * Math.PI / 180 };
  const step = onBallAction({ ...inRange, ball, self: turned });
  assert.equal(step.kind, "approach");
  if (step.kind === "approach") {
    const ct = Math.cos(turned.theta), st = Math.sin(turned.theta);
    const want = { x: 10 - (ct * 0.205 - st * 0.08), y: 1 - (st * 0.205 + ct * 0.08) };
    assert.ok(
      Math.hypot(step.target.x - want.x, step.target.y - want.y) < 1e-9,
      JSON.stringify(step.target),
    );
  }
  // The ball to our right: the right foot's pose, mirrored.
  const right = onBallAction({
    ...inRange,
    ball,
    leftFoot: false,
    self: { x: 10 - (c * 0.19 + s * 0.08), y: 1 - (s * 0.19 - c * 0.08), theta: heading },
  });
  assert.deepEqual(right, { kind: "kick", leftFoot: false });
});

Deno.test("on ball: under pressure in our half we clear with the kick; set plays always kick", () => {
  const self = { x: -5.3, y: 0, theta: 0 };
  const ball = { x: -5, y: 0 };
  assert.equal(onBallAction({ ...base, self, ball }).kind, "dribble", "no pressure: dribble");
  for (
    const input of [
      { ...base, self, ball, opponents: [{ x: -4.2, y: 0.3 }] },
      { ...base, self, ball, mustKick: true },
    ]
  ) {
    const a = onBallAction(input);
    assert.equal(a.kind, "approach");
    // The left-foot kick pose (ball 8 cm to the left), not the dribble spot straight behind.
    if (a.kind === "approach") assert.ok(Math.abs(a.target.y + 0.08) < 1e-9, JSON.stringify(a));
  }
  const far = onBallAction({ ...base, self, ball, opponents: [{ x: -2, y: 0 }] });
  assert.equal(far.kind, "dribble", "an opponent 3 m away is no pressure");
  // Under pressure from farther than the kick's line-up, the ball is dribbled away: only a set
  // play waits for the kick.
  const behind = { x: -5.6, y: 0, theta: 0 };
  const pressured = { ...base, self: behind, ball, opponents: [{ x: -4.2, y: 0.3 }] };
  assert.equal(onBallAction(pressured).kind, "dribble");
  const setPlay = onBallAction({ ...pressured, mustKick: true });
  assert.ok(setPlay.kind === "approach" && setPlay.kickPose, JSON.stringify(setPlay));
  // Impatient (the line-up has taken too long): dribble from close by too, kick when ready.
  const close = { ...base, self, ball, opponents: [{ x: -4.2, y: 0.3 }], impatient: true };
  assert.equal(onBallAction(close).kind, "dribble");
  const ready = { x: ball.x - 0.2, y: ball.y - 0.08, theta: 0 };
  assert.deepEqual(onBallAction({ ...close, self: ready }), { kind: "kick", leftFoot: true });
  // An opponent at the ball: no kick is lined up, the ball is dribbled; one ready goes off.
  const contested = { ...base, self, ball, opponents: [{ x: -4.6, y: 0.2 }] };
  assert.equal(onBallAction(contested).kind, "dribble");
  assert.equal(onBallAction({ ...contested, self: ready }).kind, "kick");
  const setPlay2 = onBallAction({ ...contested, mustKick: true });
  assert.ok(setPlay2.kind === "approach" && setPlay2.kickPose, "a set play still lines up");
});

Deno.test("on ball: within the dribble cone the ball is pushed on our own way, turning toward the line", () => {
  const cone = 45 * Math.PI / 180;
  // Coming at the ball from 30° right of the line to the goal: straight on, no line-up behind it.
  const from = { x: -Math.cos(0.52), y: Math.sin(0.52), theta: -0.52 };
  const walk = onBallAction({ ...base, self: from, dribbleCone: cone });
  assert.equal(walk.kind, "approach");
  if (walk.kind === "approach") {
    assert.ok(Math.abs(walk.target.theta + 0.52) < 1e-9, JSON.stringify(walk.target));
    assert.ok(Math.abs(walk.target.y + walk.target.x * Math.tan(0.52)) < 1e-9, "on our way");
  }
  assert.equal(onBallAction({ ...base, self: from }).kind, "approach", "no cone: line up");
  // At the ball, facing 30° off the line: dribble, turning half way back toward the line.
  const at = { x: -0.2 * Math.cos(0.52), y: 0.2 * Math.sin(0.52), theta: -0.52 };
  const d = onBallAction({ ...base, self: at, dribbleCone: cone });
  assert.equal(d.kind, "dribble");
  if (d.kind === "dribble") assert.ok(Math.abs(d.heading + 0.26) < 1e-9, JSON.stringify(d));
  // 60° off is outside the cone: line up again, behind the ball on the cone's near side at 0.8
  // of it (36°), not on the line itself.
  const wide = { x: -0.2 * Math.cos(1.05), y: 0.2 * Math.sin(1.05), theta: -1.05 };
  const up = onBallAction({ ...base, self: wide, dribbleCone: cone });
  assert.equal(up.kind, "approach");
  if (up.kind === "approach") {
    assert.ok(Math.abs(up.target.theta + 0.8 * cone) < 1e-9, JSON.stringify(up.target));
    assert.ok(Math.abs(up.target.y + up.target.x * Math.tan(0.8 * cone)) < 1e-9, "on that line");
    assert.ok(up.target.x < 0, "behind the ball");
  }
  // Without a cone (shots, passes) the line itself.
  const none = onBallAction({ ...base, self: wide });
  assert.ok(none.kind === "approach" && none.target.theta === 0, JSON.stringify(none));
});

Deno.test("on ball: the dribble's own way is not taken into an opponent at the ball", () => {
  const cone = 60 * Math.PI / 180;
  // The detour's line runs 70° to the right; we come at the ball 20° right of straight.
  const line = -70 * Math.PI / 180;
  const target = { x: Math.cos(line), y: Math.sin(line) };
  const at = { x: -0.2 * Math.cos(0.35), y: 0.2 * Math.sin(0.35), theta: -0.35 };
  const input = { ...base, target, self: at, dribbleCone: cone };
  const free = onBallAction({ ...input, pushAround: true });
  assert.ok(free.kind === "dribble" && Math.abs(free.heading - (line - 0.35) / 2) < 1e-9);
  // A robot standing 0.4 m past the ball along that way: line up on the detour's line instead.
  const stand = { x: 0.4 * Math.cos(0.35), y: -0.4 * Math.sin(0.35) };
  const blocked = onBallAction({ ...input, pushAround: true, opponents: [stand] });
  assert.ok(
    blocked.kind === "approach" && Math.abs(blocked.target.theta - line) < 1e-9,
    JSON.stringify(blocked),
  );
  // Clearing, the ball is pushed on against it.
  assert.equal(onBallAction({ ...input, opponents: [stand] }).kind, "dribble");
  // Beside that way (0.3 m across), or behind the ball, it is no block.
  const beside = { x: stand.x + 0.3 * Math.sin(0.35), y: stand.y + 0.3 * Math.cos(0.35) };
  assert.equal(pushBlocked(base.ball, -0.35, [beside]), false);
  assert.equal(pushBlocked(base.ball, -0.35, [{ x: -0.3, y: 0 }]), false);
  assert.equal(pushBlocked(base.ball, -0.35, [stand]), true);
});

Deno.test("on ball: a dribble's line stays turned to the side it took while an opponent stands at the ball", () => {
  // The keeper stands 0.17 m in front of the ball, a centimetre either side of the line: fresh,
  // the line turns to the side away from it, so the noise flips it from 75° left to 75° right.
  const ball = { x: 13.13, y: 0 };
  const keeper = (y: number) => [{ x: 13.3, y }, { x: 14.6, y: 0.1 }];
  const deg = (r: number) => Math.round(r * 180 / Math.PI);
  assert.equal(deg(freeLine(ball, 0, keeper(-0.01))), 75);
  assert.equal(deg(freeLine(ball, 0, keeper(0.01))), -75);
  // Turned left last cycle, it stays left while that side needs at most two steps more.
  assert.equal(deg(freeLine(ball, 0, keeper(0.01), 1)), 90);
  assert.equal(deg(freeLine(ball, 0, keeper(0.01), -1)), -75);
  // Once the left has no free line, it turns right after all; a free line is taken at once.
  assert.equal(deg(freeLine(ball, 0, keeper(0.06), 1)), -60);
  assert.equal(freeLine(ball, 0, [], 1), 0);
  // The ball player remembers the turn: the action says it, and the next cycle keeps it.
  const input = {
    ...base,
    ball,
    target: { x: 15.2, y: 0 },
    goalDistance: 9,
    self: { x: 12.6, y: 0.3, theta: 0 },
    pushAround: true,
  };
  const first = onBallAction({ ...input, opponents: keeper(-0.01) });
  assert.ok(first.kind === "approach" && first.turn === 1, JSON.stringify(first));
  const next = onBallAction({ ...input, opponents: keeper(0.01), lineTurn: first.turn });
  assert.ok(next.kind === "approach" && next.turn === 1, JSON.stringify(next));
  assert.equal(deg(next.target.theta), 90);
});

/** Dribbling at their goal from `self`, with the scramble's 60° cone and shots from 3.5 m. */
function scramble(
  ball: { x: number; y: number },
  self: { x: number; y: number; theta: number },
  goalDistance: number,
): OnBallInput {
  return {
    ...base,
    ball,
    self,
    target: { x: 15.2, y: 0 },
    goalDistance,
    shootRange: 3.5,
    dribbleCone: 60 * Math.PI / 180,
    pushAround: true,
  };
}

Deno.test("on ball: a dribble does not come at the ball through a robot standing at it", () => {
  // The ball lies at a standing robot's feet, 0.18 m from its centre, and we come at it from the
  // robot's side: our own way (77°) lies within the scramble's cone of the line to the goal.
  const ball = { x: 10.96, y: -3.32 };
  const robot = { x: 11, y: -3.5 };
  const self = { x: 10.8, y: -4.0, theta: 1.34 };
  const input = scramble(ball, self, 5.3);
  // Nobody there: pushed on along our way, turning toward the line.
  assert.equal(onBallAction(input).kind, "dribble");
  // The robot there: the line-up spot keeps 0.3 m clear of it, on a line that leaves it room.
  const a = onBallAction({ ...input, opponents: [robot] });
  assert.ok(a.kind === "approach", JSON.stringify(a));
  const way = a.target.theta;
  const spot = { x: ball.x - 0.3 * Math.cos(way), y: ball.y - 0.3 * Math.sin(way) };
  assert.ok(Math.hypot(spot.x - robot.x, spot.y - robot.y) >= 0.3, JSON.stringify(a));
  assert.ok(Math.abs(way - freeLine(ball, Math.atan2(3.32, 4.24), [robot])) < 1e-9);
});

Deno.test("on ball: a dribble's line turns away from a robot standing where we would line up", () => {
  // Straight at the goal, the spot 0.3 m behind the ball is taken by a robot 0.1 m beside it.
  const ball = { x: 3, y: 0.2 };
  const target = { x: 15.2, y: 0.2 };
  const robot = { x: 2.7, y: 0.3 };
  const line = freeLine(ball, 0, [robot]);
  // Turned left (the spot swings away from the robot, which stands left of the line), by the
  // least multiple of 15° that leaves the spot 0.3 m clear: 45°.
  assert.ok(Math.abs(line - Math.PI / 4) < 1e-9, String(line * 180 / Math.PI));
  const a = onBallAction({
    ...base,
    ball,
    target,
    self: { x: 2, y: 0.2, theta: 0 },
    pushAround: true,
    opponents: [robot],
  });
  assert.ok(a.kind === "approach" && Math.abs(a.target.theta - line) < 1e-9, JSON.stringify(a));
  // Nobody there: the line itself; every way taken: the line itself too.
  assert.equal(freeLine(ball, 0.3, []), 0.3);
  const ring = Array.from({ length: 12 }, (_, i) => ({
    x: ball.x + 0.3 * Math.cos(i * Math.PI / 6),
    y: ball.y + 0.3 * Math.sin(i * Math.PI / 6),
  }));
  assert.equal(freeLine(ball, 0.3, ring), 0.3);
  // In shooting range the line to the aim is kept, though a robot stands by the spot behind the
  // ball (it contests the ball from beside our way to it: we dribble on).
  const shot = onBallAction({
    ...base,
    ball: { x: 12, y: 0 },
    target: { x: 15.2, y: 0 },
    goalDistance: 3.2,
    self: { x: 11.8, y: -0.12, theta: 0 },
    pushAround: true,
    opponents: [{ x: 11.65, y: 0.15 }],
  });
  assert.ok(shot.kind === "dribble" && Math.abs(shot.heading) < 1e-9, JSON.stringify(shot));
});

Deno.test("on ball: before their goal the ball is pushed on along any way that goes in", () => {
  // Coming at the ball 38° off the line to the aim, facing it: pushed on, it crosses the goal
  // line 0.39 m right of the centre.
  const ball = { x: 14.2, y: 1 };
  const self = { x: 13.9, y: 1 + 0.3 * Math.tan(Math.PI / 3), theta: -Math.PI / 3 };
  const input = {
    ...base,
    ball,
    self,
    target: { x: 15.2, y: 0.6 },
    goalDistance: 1.1,
    shootRange: 0,
    dribbleCone: 0,
    pushAround: true,
  };
  assert.equal(goesIn(ball, self.theta, []), true);
  // Without it, the robot lines up on the line to the aim first.
  assert.equal(onBallAction(input).kind, "approach");
  const a = onBallAction({ ...input, intoGoal: true });
  assert.ok(a.kind === "dribble" && Math.abs(a.heading - self.theta) < 1e-9, JSON.stringify(a));
  // Not a way past the post, nor one from farther than 4 m, nor a set play's.
  assert.equal(goesIn(ball, Math.atan2(-0.05, 0.5), []), false);
  assert.equal(goesIn({ x: 10.5, y: 0 }, 0, []), false);
  assert.equal(goesIn({ x: 11.5, y: 0 }, 0, []), true);
  // Near the goal line the margin inside the post shrinks with the push's run: a way that
  // crosses 0.81 m off the centre goes in from 0.43 m out, not from 2 m out.
  const way48 = 48 * Math.PI / 180;
  const offAt = (x: number) => 0.81 - (15 - x) * Math.tan(way48);
  assert.equal(goesIn({ x: 14.57, y: offAt(14.57) }, way48, []), true);
  assert.equal(goesIn({ x: 13, y: offAt(13) }, way48, []), false);
  // A keeper standing on the way (UT's stands 0.5 m out at the centre) keeps it out; one 0.4 m
  // beside it, or behind the ball, does not.
  const keeperAt = (y: number) => [{ x: 14.5, y }];
  assert.equal(goesIn({ x: 12, y: 0.2 }, 0, keeperAt(0)), false);
  assert.equal(goesIn({ x: 12, y: 0.4 }, 0, keeperAt(0)), true);
  assert.equal(goesIn({ x: 12, y: 0 }, 0, [{ x: 11.8, y: 0 }]), true);
  assert.equal(onBallAction({ ...input, intoGoal: true, mustKick: true }).kind, "approach");
  // The keeper standing on that way blocks it: line up after all.
  const keeper = { x: 14.35, y: 1 - 0.3 * Math.sin(Math.PI / 3) };
  assert.equal(onBallAction({ ...input, intoGoal: true, opponents: [keeper] }).kind, "approach");
});

Deno.test("on ball: in shooting range, a dribble that goes in pushes on within 2 m of the goal line", () => {
  // Dribbling straight at the goal's centre, the ball at our feet right where the kick needs it.
  const at = (x: number) => {
    const ball = { x, y: 0.08 };
    return {
      ...base,
      ball,
      self: { x: x - 0.19, y: 0, theta: 0 },
      target: { x: 15.2, y: 0.08 },
      goalDistance: 15.2 - x,
      shootRange: 3.5,
      dribbleCone: 0.3,
      pushAround: true,
      walkSpeed: 0,
      intoGoal: true,
    };
  };
  // 1.8 m out: pushed on.
  assert.equal(onBallAction(at(13.2)).kind, "dribble");
  // 2.2 m out, or without a way in (the keeper on it): the kick, as before.
  assert.equal(onBallAction(at(12.8)).kind, "kick");
  assert.equal(onBallAction({ ...at(13.2), opponents: [{ x: 14.5, y: 0.1 }] }).kind, "kick");
  assert.equal(onBallAction({ ...at(13.2), intoGoal: false }).kind, "kick");
});

Deno.test("on ball: no kick is lined up where an opponent stands behind the ball: the line turns for a dribble", () => {
  // The ball 0.45 m behind a standing keeper, in shooting range: the kick would stand where the
  // keeper is (our player walked into it again and again for 40 s).
  const ball = { x: 14.45, y: 0.1 };
  const input: OnBallInput = {
    ...base,
    self: { x: 13.3, y: -0.6, theta: 0 },
    ball,
    target: { x: 15.2, y: 0.1 },
    goalDistance: 0.75,
    shootRange: 3.5,
    pushAround: true,
    intoGoal: true,
  };
  const keeper = [{ x: 14, y: 0 }];
  const a = onBallAction({ ...input, opponents: keeper });
  assert.ok(a.kind === "approach" && !a.kickPose, JSON.stringify(a));
  // The spot behind the ball on the line it takes has room: 0.3 m out it is 0.3 m from the keeper.
  const spot = {
    x: ball.x - 0.3 * Math.cos(a.target.theta),
    y: ball.y - 0.3 * Math.sin(a.target.theta),
  };
  assert.ok(Math.hypot(spot.x - 14, spot.y) >= 0.3, JSON.stringify(a.target));
  assert.ok(a.turn !== 0, "the line is turned");
  // Without the keeper the line is not turned.
  const free = onBallAction(input);
  assert.ok(free.kind === "approach" && !free.turn, JSON.stringify(free));
});

Deno.test("on ball: a push runs the ball at their keeper only along our heading, 3 m on, before their goal", () => {
  const ball = { x: 12, y: 0 };
  // Straight at a keeper 2 m on; 0.45 m aside still at it (0.3 m and 0.1 m for each metre
  // along: the ball leaves a little off the heading), 0.55 m aside past it.
  assert.equal(pushAtKeeper(ball, 0, [{ x: 14, y: 0 }]), true);
  assert.equal(pushAtKeeper(ball, 0, [{ x: 14, y: 0.45 }]), true);
  assert.equal(pushAtKeeper(ball, 0, [{ x: 14, y: -0.55 }]), false);
  // Turned 10° off, the run passes it 0.35 m wide: still at it; 15° off, 0.52 m: past it.
  assert.equal(pushAtKeeper(ball, 10 * Math.PI / 180, [{ x: 14, y: 0 }]), true);
  assert.equal(pushAtKeeper(ball, 15 * Math.PI / 180, [{ x: 14, y: 0 }]), false);
  // A game's push 2.7 m before the keeper, 2.4° off a line 0.2 m beside it: the ball went 5°
  // right of the heading, onto the keeper's feet.
  const deg = Math.PI / 180;
  assert.equal(pushAtKeeper({ x: 11.23, y: 0.16 }, 2.4 * deg, [{ x: 13.96, y: -0.03 }]), true);
  // Beyond 3 m on, or behind the ball: not at it.
  assert.equal(pushAtKeeper({ x: 10.5, y: 0 }, 0, [{ x: 14, y: 0 }]), false);
  assert.equal(pushAtKeeper(ball, Math.PI, [{ x: 14, y: 0 }]), false);
  // Only an opponent before their goal counts: not one in the field, nor one out beside the goal.
  assert.equal(pushAtKeeper({ x: 6, y: 0 }, 0, [{ x: 8, y: 0 }]), false);
  assert.equal(pushAtKeeper({ x: 12, y: 2 }, 0, [{ x: 14, y: 2 }]), false);
});

Deno.test("on ball: the dribble's cone keeps the way we come only if no opponent stands on it 2.5 m on", () => {
  // Coming at the ball 12° inside the cone of the line around a keeper 2.1 m ahead, toward its
  // feet: the push goes along the line instead, after lining up on it (the ball lay at a
  // standing keeper's feet 17 s).
  const ball = { x: 11.92, y: 0.06 };
  const h = -9 * Math.PI / 180;
  const input = {
    ...base,
    self: { x: ball.x - 0.2 * Math.cos(h), y: ball.y - 0.2 * Math.sin(h), theta: h },
    ball,
    target: { x: 14, y: -0.75 },
    goalDistance: 4,
    shootRange: 0,
    dribbleCone: 0.3,
    pushAround: true,
  };
  const line = Math.atan2(-0.81, 2.08);
  // Our heading runs the ball 0.27 m past the keeper's centre, to its feet (pushAtKeeper): no
  // push goes on; the player lines up on the line first.
  const keeper = onBallAction({ ...input, opponents: [{ x: 14, y: 0 }] });
  assert.ok(
    keeper.kind === "approach" && Math.abs(keeper.target.theta - line) < 1e-9,
    JSON.stringify(keeper),
  );
  // Nobody there, or the keeper 0.5 m aside of that way: the cone keeps it (turned halfway back).
  for (const opponents of [[], [{ x: 14, y: -0.85 }]]) {
    const a = onBallAction({ ...input, opponents });
    assert.ok(a.kind === "dribble" && a.heading > line + 0.05, JSON.stringify(a));
  }
});

Deno.test("on ball: no dribble starts at an opponent standing 1-3 m on; one under way goes on", () => {
  // A drop ball: walking in straight from the wait spot at the opponent the referee moved 2.5 m
  // on, the way past it lying 20° off. Seen standing, the player lines up on that way (the ball
  // lay at its feet 18 s).
  const input = {
    ...base,
    self: { x: -0.2, y: 0, theta: 0 },
    target: { x: 2.5, y: -0.9 },
    dribbleCone: 0.4,
    pushAround: true,
  };
  const standing = [{ x: 2.5, y: 0.07, vx: 0.1, vy: -0.2 }];
  const a = onBallAction({ ...input, opponents: standing });
  assert.ok(
    a.kind === "approach" && Math.abs(a.target.theta - Math.atan2(-0.9, 2.5)) < 1e-9,
    JSON.stringify(a),
  );
  // A dribble under way goes on; one seen walking, or only heard of, is no reason to wait.
  assert.equal(onBallAction({ ...input, opponents: standing, dribbling: true }).kind, "dribble");
  for (const opponents of [[{ x: 2.5, y: 0.07, vx: -0.7, vy: 0 }], [{ x: 2.5, y: 0.07 }]]) {
    assert.equal(onBallAction({ ...input, opponents }).kind, "dribble", JSON.stringify(opponents));
  }
  // Within 1 m of the ball a field player is left to the line's turn; their keeper is not.
  assert.equal(pushAtStanding({ x: 0, y: 0 }, 0, [{ x: 0.6, y: 0.1, vx: 0, vy: 0 }]), false);
  assert.equal(pushAtStanding({ x: 0, y: 0 }, 0, [{ x: 2.9, y: -0.25, vx: 0, vy: 0 }]), true);
  assert.equal(pushAtStanding({ x: 13.4, y: 0 }, 0, [{ x: 14, y: 0.1 }]), true);
});

Deno.test("on ball: standing behind the ball on a way at their keeper 2.7 m on, it lines up on the line", () => {
  // The way we come lies in the cone and clear for CONE_AHEAD (2.5 m), but the push would run at
  // the keeper (pushAtKeeper holds it): lining up on that way would stand there for good.
  const ball = { x: 11.3, y: 0 };
  const input = {
    ...base,
    self: { x: 11.1, y: 0, theta: 0 },
    ball,
    target: { x: 14, y: -0.9 },
    goalDistance: 4,
    shootRange: 0,
    dribbleCone: 0.4,
    pushAround: true,
    opponents: [{ x: 14, y: 0.05 }],
  };
  const a = onBallAction(input);
  const line = Math.atan2(-0.9, 2.7);
  assert.ok(a.kind === "approach" && Math.abs(a.target.theta - line) < 1e-9, JSON.stringify(a));
  // With the keeper off that way the cone keeps it and the push goes on.
  assert.equal(onBallAction({ ...input, opponents: [{ x: 14, y: 0.8 }] }).kind, "dribble");
});

Deno.test("on ball: no push takes the ball out over their goal line beside the goal", () => {
  // 1.2 m before the goal line, 1.5 m off the centre: straight on goes out, 45° right goes in.
  const ball = { x: 13.8, y: 1.5 };
  assert.equal(pushesOut(ball, 0), true);
  assert.equal(pushesOut(ball, -Math.PI / 4), false);
  // Farther out than 3 m, or away from their goal line: no call.
  assert.equal(pushesOut({ x: 11, y: 1.5 }, 0), false);
  assert.equal(pushesOut(ball, Math.PI), false);
  // Contested, coming at the ball 30° off the line into the goal (scramble cone 60°): the ball
  // is not pushed on our way, which leaves the field beside the post.
  const line = -45 * Math.PI / 180;
  const target = { x: ball.x + Math.cos(line), y: ball.y + Math.sin(line) };
  const h = -15 * Math.PI / 180;
  const at = { x: ball.x - 0.2 * Math.cos(h), y: ball.y - 0.2 * Math.sin(h), theta: h };
  const contested = onBallAction({
    ...base,
    ball,
    target,
    goalDistance: 10,
    self: at,
    dribbleCone: Math.PI / 3,
    pushAround: true,
    opponents: [{ x: 14.3, y: 2.2 }],
  });
  assert.equal(contested.kind, "approach", JSON.stringify(contested));
  // Facing the goal mouth from the same spot, it dribbles on.
  const facing = { ...at, theta: line };
  const on = onBallAction({ ...base, ball, target, goalDistance: 10, self: facing });
  assert.equal(on.kind, "dribble", JSON.stringify(on));
});

Deno.test("on ball: going around, the way via the point beside the ball holds until clearly clear", () => {
  // In front of the ball, 0.34 m off the straight way to the spot behind it (0.3 m needed).
  const self = { x: 0.1, y: 0.65, theta: Math.PI };
  const fresh = onBallAction({ ...base, self });
  assert.ok(fresh.kind === "approach" && !fresh.via, JSON.stringify(fresh));
  assert.ok(Math.abs(fresh.target.x + 0.45) < 1e-9 && Math.abs(fresh.target.y) < 1e-9);
  // Coming from the point beside it, it keeps going there until the gap is 0.35 m.
  const kept = onBallAction({ ...base, self, aroundSide: 1, aroundVia: true });
  assert.ok(kept.kind === "approach" && kept.via, JSON.stringify(kept));
  assert.ok(Math.abs(kept.target.x + 0.45) < 1e-9 && Math.abs(kept.target.y - 0.45) < 1e-9);
});

Deno.test("on ball: a kick waits until the walk has settled, stepping to the kick pose meanwhile", () => {
  const ball = { x: 10, y: 1 };
  const inRange = { ...base, ball, goalDistance: Math.hypot(15.2 - 10, 1) };
  const heading = Math.atan2(0 - 1, 15.2 - 10);
  const c = Math.cos(heading), s = Math.sin(heading);
  const pose = { x: 10 - (c * 0.19 - s * 0.08), y: 1 - (s * 0.19 + c * 0.08), theta: heading };
  assert.equal(onBallAction({ ...inRange, self: pose, settled: true }).kind, "kick");
  const moving = onBallAction({ ...inRange, self: pose, settled: false });
  assert.ok(moving.kind === "approach" && moving.fine && moving.kickPose, JSON.stringify(moving));
});

Deno.test("on ball: a set play turns to the kick clear of the ball, then steps in and stops short", () => {
  const ball = { x: 0, y: 0 };
  const setPlay = { ...base, ball, mustKick: true };
  // Facing 30° off, beside the kick pose: turn 12 cm farther back, facing the kick's heading.
  const turned = onBallAction({ ...setPlay, self: { x: -0.15, y: -0.08, theta: 0.52 } });
  assert.ok(turned.kind === "approach" && turned.kickPose, JSON.stringify(turned));
  if (turned.kind === "approach") {
    assert.ok(
      Math.abs(turned.target.x + (0.19 + 0.015 + 0.025 + 0.12)) < 1e-9,
      JSON.stringify(turned),
    );
    assert.ok(Math.abs(turned.target.y + 0.08) < 1e-9 && turned.target.theta === 0);
  }
  // Facing the kick: the kick pose, 2.5 cm short of a shot's.
  const facing = onBallAction({ ...setPlay, self: { x: -0.35, y: -0.08, theta: 0 } });
  assert.ok(facing.kind === "approach" && facing.kickPose, JSON.stringify(facing));
  if (facing.kind === "approach") assert.ok(Math.abs(facing.target.x + 0.23) < 1e-9);
  // There, the kick starts; a shot's window would end 1 cm nearer the ball.
  const there = onBallAction({ ...setPlay, self: { x: -0.23, y: -0.08, theta: 0 } });
  assert.deepEqual(there, { kind: "kick", leftFoot: true });
  const shotThere = onBallAction({
    ...base,
    ball,
    goalDistance: 1,
    self: { x: -0.238, y: -0.08, theta: 0 },
  });
  assert.notEqual(shotThere.kind, "kick");
});

Deno.test("on ball: stopped at the ball before their keeper, the line-up turns to a free line, and held stuck it keeps it", () => {
  // A game: a type 4 stepped in place 42 s at a ball 2.8 m before a standing keeper.
  const keeper = [{ x: 13.96, y: 0, vx: 0, vy: 0 }, { x: 11, y: 3.5, vx: 0, vy: 0 }];
  const input: OnBallInput = {
    ...base,
    self: { x: 12.03, y: -0.26, theta: 5 * Math.PI / 180 },
    ball: { x: 12.19, y: -0.26 },
    goalDistance: Infinity,
    opponents: [...keeper, { x: 11, y: -3.5, vx: 0, vy: 0 }],
    shootRange: 2.5,
    pushAround: true,
    dribbleCone: 0.6,
  };
  const heading = (a: ReturnType<typeof onBallAction>) =>
    a.kind === "approach" ? Math.round(a.target.theta * 180 / Math.PI) : NaN;
  // Stopped, its push runs at the keeper: stuck, it lines up on a line the dribble may start on.
  const stopped = onBallAction({ ...input, walkSpeed: 0 });
  assert.ok(stopped.kind === "approach" && stopped.stuck === true, JSON.stringify(stopped));
  // The walk getting going, the stuck line holds while the caller says so…
  const held = onBallAction({ ...input, walkSpeed: 0.1, stuck: true });
  assert.equal(heading(held), heading(stopped));
  // …and without it the line-up swings to another line (the robot stepped in place between them).
  const walking = onBallAction({ ...input, walkSpeed: 0.1 });
  assert.notEqual(heading(walking), heading(stopped), JSON.stringify(walking));
});

Deno.test("on ball: a set play keeps its kicking foot while the ball lies up to 12 cm across", () => {
  const ball = { x: 0, y: 0 };
  // The ball 5 cm to our right: a shot switches to the right foot, a set play keeps the left.
  const self = { x: -0.3, y: 0.05, theta: 0 };
  const shot = onBallAction({ ...base, ball, self, goalDistance: 1, leftFoot: true });
  const setPlay = onBallAction({ ...base, ball, self, mustKick: true, leftFoot: true });
  assert.ok(shot.kind === "approach" && shot.leftFoot === false, JSON.stringify(shot));
  assert.ok(setPlay.kind === "approach" && setPlay.leftFoot === true, JSON.stringify(setPlay));
});

Deno.test("on ball: no dribble walks on into a robot standing between us and the ball", () => {
  // Against standing robots: the ball lay 0.2 m past a robot's centre, and we came at it from
  // behind the robot, facing within the dribble's tolerance.
  const ball = { x: 7.18, y: 0.12 };
  const robot = { x: 7.0, y: 0.0 };
  const self = { x: 6.84, y: -0.19, theta: 29 * Math.PI / 180 };
  const input = scramble(ball, self, 8);
  assert.equal(onBallAction(input).kind, "dribble", "nobody there");
  assert.ok(opponentBetween(self, ball, [robot]));
  const a = onBallAction({ ...input, opponents: [robot] });
  assert.equal(a.kind, "approach", JSON.stringify(a));
  // Clearing, the ball is pushed on through it.
  assert.equal(onBallAction({ ...input, opponents: [robot], pushAround: false }).kind, "dribble");
  // Beside our way (0.2 m across), past the ball, or behind us, a robot is not between.
  assert.equal(opponentBetween({ x: 0, y: 0 }, { x: 1, y: 0 }, [{ x: 0.5, y: 0.2 }]), false);
  assert.equal(opponentBetween({ x: 0, y: 0 }, { x: 1, y: 0 }, [{ x: 1.2, y: 0 }]), false);
  assert.equal(opponentBetween({ x: 0, y: 0 }, { x: 1, y: 0 }, [{ x: -0.2, y: 0 }]), false);
  assert.equal(opponentBetween({ x: 0, y: 0 }, { x: 1, y: 0 }, [{ x: 0.9, y: -0.12 }]), true);
});

Deno.test("way in: with the ball before a standing keeper, a push into the goal past it, not around", () => {
  // The ball 0.4 m before a keeper on their goal's middle: the window between keeper and post.
  const keeper = [{ x: 14, y: 0 }];
  const ball = { x: 13.6, y: 0.1 };
  const way = wayIn(ball, keeper);
  assert.ok(way !== null);
  const deg = way * 180 / Math.PI;
  assert.ok(deg > 20 && deg < 32, `${deg}°`);
  const run = (15 - ball.x) / Math.cos(way);
  assert.ok(
    Math.abs(ball.y + run * Math.sin(way)) < 1.05 - 0.1,
    "crosses the line inside the post",
  );
  const u = { x: Math.cos(way), y: Math.sin(way) };
  const across = Math.abs(-(14 - ball.x) * u.y + (0 - ball.y) * u.x);
  assert.ok(across >= 0.25, `passes the keeper ${across} m wide`);
  // Last cycle's way holds while it passes 0.2 m wide, though a wider one may lie 2° on.
  const kept = way - 2 * Math.PI / 180;
  assert.equal(wayIn(ball, keeper, kept), kept);
  // At its feet, 3 m out, or with no way past: none.
  assert.equal(wayIn({ x: 13.83, y: -0.05 }, keeper), null);
  assert.equal(wayIn({ x: 12, y: 0 }, keeper), null);
  // Nobody ahead: the line to the goal's centre.
  assert.ok(Math.abs(wayIn({ x: 13.6, y: 0.5 }, [])! - Math.atan2(-0.5, 1.4)) < 0.02);
});

Deno.test("way in: the player at the ball lines up on the way past the keeper and pushes only facing it", () => {
  // Around the keeper the line turned 65° off and the ball went out past the post; pushed facing
  // 15° off the way in, it met the keeper.
  const keeper = { x: 14, y: 0 };
  const ball = { x: 13.6, y: 0.1 };
  const way = wayIn(ball, [keeper])!;
  const at = (heading: number) => ({
    self: { x: ball.x - 0.2 * Math.cos(way), y: ball.y - 0.2 * Math.sin(way), theta: heading },
    ball,
    opponents: [keeper],
    obstacles: [keeper],
    mustKick: false,
    now: 0,
  });
  const facing = new BallPlayer(soccer.defaults);
  facing.act(at(way));
  assert.equal(facing.action, "dribble");
  const off = new BallPlayer(soccer.defaults);
  const r = off.act(at(way - 15 * Math.PI / 180));
  assert.notEqual(off.action, "dribble");
  assert.ok(r.kind === "walk" && r.vth > 0, JSON.stringify(r));
  // A second opponent near the ball, or a keeper on the move: no way in, the line goes round.
  for (const opponents of [[keeper, { x: 13, y: -1 }], [{ ...keeper, vx: 0, vy: 0.5 }]]) {
    const crowd = new BallPlayer(soccer.defaults);
    crowd.act({ ...at(way), opponents, obstacles: opponents });
    assert.notEqual(crowd.action, "dribble", JSON.stringify(opponents));
  }
});

Deno.test("walk: a robot close ahead is not walked into: we stand instead", () => {
  const self = { x: 1, y: 1, theta: Math.PI / 2 };
  const walk = { kind: "walk" as const, vx: 0.4, vy: 0.1, vth: 0.3, sprint: true };
  // 0.3 m ahead (along +y, our heading): we stand.
  assert.deepEqual(holdContact(walk, self, [{ x: 1, y: 1.3 }], 0.4), { kind: "stand" });
  // 50° off the heading still counts; 70° off, beyond the range, or behind us does not.
  const at = (deg: number, r: number) => {
    const a = self.theta + deg * Math.PI / 180;
    return { x: self.x + r * Math.cos(a), y: self.y + r * Math.sin(a) };
  };
  assert.deepEqual(holdContact(walk, self, [at(50, 0.3)], 0.4), { kind: "stand" });
  for (const p of [at(70, 0.3), at(0, 0.5), at(180, 0.2)]) {
    assert.deepEqual(holdContact(walk, self, [p], 0.4), walk, JSON.stringify(p));
  }
  // Backing off, standing and skills pass as they are.
  const back = { ...walk, vx: -0.2 };
  assert.deepEqual(holdContact(back, self, [at(0, 0.3)], 0.4), back);
  assert.deepEqual(holdContact({ kind: "stand" }, self, [at(0, 0.3)], 0.4), { kind: "stand" });
});
