// Passing: the player at the ball passes only to a teammate in reach, nearer the goal, open and
// behind a clear lane; the last receiver keeps the pass; the ball player lines the kick up on the
// receiver, not while an opponent is at the ball nor toward one the player must walk around the
// ball for; roles follow where a rolling ball stops.

import assert from "assert";
import { BallPlayer } from "../src/behavior/ball_play.ts";
import { restingBall } from "../src/behavior/soccer.ts";
import { PassChooser } from "../src/ballplay/pass.ts";

const OPTIONS = { minDistance: 2.5, maxDistance: 7, minGain: 1 };
const ball = { x: 0, y: 0 };

Deno.test("pass: to an open teammate ahead with a clear lane, not behind, marked or blocked", () => {
  const chooser = () => new PassChooser(OPTIONS);
  const ahead = { unum: 7, x: 4, y: 2 };
  assert.deepEqual(chooser().choose(ball, [ahead], []), ahead);
  assert.equal(chooser().choose(ball, [{ unum: 7, x: -4, y: 0 }], []), null, "behind the ball");
  assert.equal(chooser().choose(ball, [{ unum: 7, x: 1.5, y: 0 }], []), null, "too near");
  assert.equal(chooser().choose(ball, [{ unum: 7, x: 9, y: 0 }], []), null, "out of reach");
  assert.equal(chooser().choose(ball, [ahead], [{ x: 4.5, y: 2.3 }]), null, "marked");
  assert.equal(chooser().choose(ball, [ahead], [{ x: 2, y: 1.1 }]), null, "lane blocked");
  // An opponent 1.5 m from it, and one 1 m from the ball: it is the more open.
  assert.equal(chooser().choose(ball, [ahead], [{ x: 4, y: 3.5 }, { x: -1, y: 0 }]), ahead);
  assert.equal(chooser().choose(ball, [ahead], [{ x: 4, y: 3.5 }]), null, "less open than us");
});

Deno.test("pass: only toward a receiver within 60° of the way the player comes at the ball", () => {
  const ahead = { unum: 7, x: 4, y: 2 }; // 26.6° left of +x, seen from the ball
  const c = () => new PassChooser(OPTIONS);
  assert.deepEqual(c().choose(ball, [ahead], [], { x: -1, y: 0 }), ahead, "26.6° off");
  assert.deepEqual(c().choose(ball, [ahead], [], { x: -1, y: 0.4 }), ahead, "48.4° off");
  assert.equal(c().choose(ball, [ahead], [], { x: 0, y: -1 }), null, "63.4° off");
  assert.equal(c().choose(ball, [ahead], [], { x: -0.5, y: 0.5 }), null, "71.6° off");
  assert.equal(c().choose(ball, [ahead], [], { x: 1, y: 0 }), null, "from beyond the ball");
  assert.deepEqual(c().choose(ball, [ahead], [], null), ahead, "from anywhere");
});

Deno.test("pass: the best-placed receiver, and the last one while it still qualifies", () => {
  const c = new PassChooser(OPTIONS);
  const a = { unum: 4, x: 3, y: -1 }, b = { unum: 9, x: 5, y: 1 };
  assert.equal(c.choose(ball, [a, b], [])!.unum, 9, "nearer the goal");
  // 4 moves up and now scores a little better: 9 keeps the pass.
  assert.equal(c.choose(ball, [{ ...a, x: 5.3 }, b], [])!.unum, 9);
  assert.equal(c.choose(ball, [{ ...a, x: 5.3 }], [])!.unum, 4, "9 gone");
});

/** A ball player that passes with OPTIONS. */
function passingPlayer(): BallPlayer {
  return new BallPlayer({
    limits: { maxForward: 0.5, maxBackward: 0.3, maxSideways: 0.15, maxTurn: 1 },
    kickSpot: { x: 0.19, y: 0.08, angle: 0, skill: "SKILL_KICK" },
    shootRange: 3.5,
    contestRadius: 0.7,
    pass: OPTIONS,
  });
}

Deno.test("ball player: a pass is lined up as a kick toward the receiver", () => {
  const p = passingPlayer();
  const mate = { unum: 7, x: 3, y: 3 };
  // Standing behind the ball on the line to the mate, in the kick pose: kick.
  const c = Math.SQRT1_2;
  const self = { x: -(0.195 * c - 0.08 * c), y: -(0.195 * c + 0.08 * c), theta: Math.PI / 4 };
  const r = p.act({
    self,
    ball,
    opponents: [],
    obstacles: [],
    mustKick: false,
    mates: [mate],
    now: 0,
  });
  assert.deepEqual(r, { kind: "skill", name: "SKILL_KICK_LEFT_LEG" });
  assert.equal(p.passTo?.unum, 7);
  assert.equal(p.tracedAction, "kick>pass7", "the debug trace names the receiver");
  // Without mates it dribbles toward the goal instead.
  const d = p.act({ self, ball, opponents: [], obstacles: [], mustKick: false, now: 0 });
  assert.notEqual(d.kind, "skill");
  assert.equal(p.passTo, null);
  assert.ok(!p.tracedAction.includes("pass"));
});

Deno.test("ball player: no pass while an opponent is at the ball", () => {
  const p = passingPlayer();
  const mate = { unum: 7, x: 3, y: 3 };
  const self = { x: -0.3, y: -0.3, theta: Math.PI / 4 };
  const input = { self, ball, obstacles: [], mustKick: false, mates: [mate], now: 0 };
  p.act({ ...input, opponents: [{ x: 1.5, y: -1.5 }] });
  assert.equal(p.passTo?.unum, 7, "an opponent 2.1 m away");
  p.act({ ...input, opponents: [{ x: 0.4, y: -0.3 }] });
  assert.equal(p.passTo, null, "an opponent 0.5 m from the ball");
});

Deno.test("stop point: a kicked ball stops v / ln(1/decay) ahead; a pushed or slow one is where it is", () => {
  const s = restingBall({ x: 1, y: 2, vx: 3, vy: 0 }, 0.3);
  assert.ok(Math.abs(s.x - (1 + 3 / Math.log(1 / 0.3))) < 1e-12 && s.y === 2);
  // A dribble's push stops 1.7 m on, short of a pass's 2.5 m: the roles stay on the ball.
  assert.deepEqual(restingBall({ x: 1, y: 2, vx: 2, vy: 0 }, 0.3), { x: 1, y: 2, vx: 2, vy: 0 });
  assert.deepEqual(restingBall({ x: 1, y: 2, vx: 0.3, vy: 0.2 }, 0.3), {
    x: 1,
    y: 2,
    vx: 0.3,
    vy: 0.2,
  });
});
