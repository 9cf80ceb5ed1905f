// The evaluation tool against the fake server: a scripted world in which the robot's (or the
// ball's) ground truth moves forward at a known speed, so walk-forward (dribble) must report
// exactly that speed in its JSON result; the trainer commands arrive on a stand-in monitor port,
// and the robot they move is woken.
// The shoot task's runs with no ball in sight end as missed; the kick task places the ball off the
// kick spot in turn by the jitter; the get-up task counts a get-up once the robot has walked off;
// the pile task puts its fallen opponent around ours in turn.

import assert from "assert";
import { EvalSession } from "../src/eval/session.ts";
import {
  contact,
  dribble,
  duel,
  type FallKind,
  finish,
  getup,
  kick,
  pile,
  score,
  shoot,
  stats,
  unblock,
  walkForward,
} from "../src/eval/tasks.ts";
import { save, shots } from "../src/eval/save.ts";
import { kickOff } from "../src/eval/kickoff_task.ts";
import { frictionRate } from "../src/estimation/ball_motion.ts";
import { bestPolicy, diveCoverage, offsets, widestBand } from "../src/eval/dive_task.ts";
import { encodeFrame } from "../src/net/framing.ts";
import { FramedConnection } from "../src/net/connection.ts";
import { FakeServer } from "../src/testing/fake_server.ts";
import { cycleMessage, makeAgent } from "./helpers.ts";

const SPEED = 0.5;

/**
 * An eval session against a fake server playing `script` (after registration on the left), with
 * a stand-in monitor port that records the trainer commands; `run` gets the session.
 */
async function onFakeServer<T>(
  cycles: (t: number) => string,
  run: (session: EvalSession) => Promise<T>,
  playMode: (t: number) => string = () => "PlayOn",
): Promise<{ result: T; commands: string[]; replies: string[] }> {
  let replies: string[] = [];
  const server = FakeServer.start({
    script: function* (s) {
      yield cycleMessage(0, "BeforeKickOff");
      // The session's agent plays on the left; an opponent a task adds, on the right.
      const side = s.team === "Eval" ? "left" : "right";
      if (side === "left") replies = s.received;
      yield cycleMessage(0.02, "BeforeKickOff", `(unum ${s.unum}) (team ${side}) `);
      for (let i = 2; i < 3000; i++) {
        yield cycleMessage(i * 0.02, playMode(i * 0.02)) + cycles(i * 0.02);
      }
    },
  });
  const monitor = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const commands: string[] = [];
  const monitorTask = (async () => {
    const conn = await monitor.accept();
    await conn.write(encodeFrame("(FieldLength 30)"));
    const link = new FramedConnection(conn);
    for await (const f of link.frames()) commands.push(new TextDecoder().decode(f));
  })();
  const { agent } = await makeAgent(1, 0, "Eval", "error");
  const session = await EvalSession.open(agent.options, {
    host: "127.0.0.1",
    port: server.port,
    monitorPort: monitor.addr.port,
  });
  const result = await run(session);
  await session.close();
  monitor.close();
  await monitorTask;
  await server.close();
  return { result, commands, replies };
}

Deno.test("eval walk-forward: JSON result from ground truth, trainer commands on the monitor", async () => {
  let walking = -1;
  let agentRef: { motion: { activity: string } } | null = null;
  let x = -12;
  const { result, commands, replies } = await onFakeServer((t) => {
    // Ground truth moves only while the agent's motion says it walks.
    if (agentRef?.motion.activity === "walk") {
      if (walking < 0) walking = t;
      x += SPEED * 0.02;
    }
    return `(See (mypos ${x.toFixed(4)} 0.00 0.52) (myorien 0.00) (ballpos 0.00 0.00 0.04))`;
  }, (session) => {
    agentRef = session.agent;
    return walkForward(session, 1, 2);
  });
  assert.deepEqual(Object.keys(result), [
    "task",
    "runs",
    "speed",
    "falls",
    "peakTilt",
    "fallTimes",
    "exitFalls",
    "exitFallsBy",
    "distances",
  ]);
  assert.deepEqual(result.fallTimes, []);
  assert.equal(result.exitFalls, 0);
  assert.equal(result.peakTilt.length, 1);
  assert.ok(result.peakTilt[0] !== null && result.peakTilt[0] < 5, `${result.peakTilt}`);
  assert.equal(result.task, "walk-forward");
  assert.equal(result.falls, 0);
  // Ground truth arrives a cycle after the motion state it follows: allow one cycle.
  assert.ok(Math.abs(result.speed.mean - SPEED) < SPEED * 0.02 / 2 + 1e-9, `${result.speed.mean}`);
  assert.ok(walking > 0);
  assert.ok(commands.includes("(playMode PlayOn)"));
  assert.ok(
    commands.some((c) => /^\(agent \(unum 1\) \(team Left\) \(move -12 0 0\.4 -90\)\)$/.test(c)),
  );
  // The moved robot is woken, so that it drops onto its feet instead of hanging in the air.
  assert.ok(replies.some((r) => r.includes("(he1 0.001)")));
  JSON.parse(JSON.stringify(result));
});

Deno.test("eval walk-forward: a fall is timed from the start of its run, and has no peak tilt", async () => {
  const FALL_AT = 1;
  let agentRef: { motion: { activity: string } } | null = null;
  let walking = -1;
  const { result } = await onFakeServer((t) => {
    if (walking < 0 && agentRef?.motion.activity === "walk") walking = t;
    // Lying on the front from FALL_AT s into the walk: world up is the torso's back.
    return walking >= 0 && t - walking >= FALL_AT
      ? "(ACC (n torso) (a 0.00 -9.81 0.00))(See (mypos -11 0.00 0.10) (myorien 0.00))"
      : "(See (mypos -12 0.00 0.52) (myorien 0.00))";
  }, (session) => {
    agentRef = session.agent;
    return walkForward(session, 1, 3);
  });
  assert.equal(result.falls, 1);
  assert.equal(result.exitFalls, 0);
  assert.deepEqual(result.exitFallsBy, { stop: 0, slowTurn: 0, fastTurn: 0 });
  assert.deepEqual(result.peakTilt, [null]);
  assert.equal(result.fallTimes.length, 1);
  // The tilt filter takes a few cycles to see the robot lying.
  const at = result.fallTimes[0];
  assert.ok(at > FALL_AT && at < FALL_AT + 0.6, `${result.fallTimes}`);
});

Deno.test("eval walk-forward: a fall leaving full speed is an exit fall; the walk's speed and tilt stand", async () => {
  let agentRef: { motion: { activity: string } } | null = null;
  let walked = false, lying = false;
  let x = -12;
  const { result } = await onFakeServer(() => {
    const activity = agentRef?.motion.activity ?? "stand";
    if (activity === "walk") {
      walked = true;
      x += SPEED * 0.02;
    } else if (walked) lying = true;
    // The first exit stops: standing after the walk, the robot lies on its front.
    return lying
      ? `(ACC (n torso) (a 0.00 -9.81 0.00))(See (mypos ${x.toFixed(4)} 0.00 0.10) (myorien 0.00))`
      : `(See (mypos ${x.toFixed(4)} 0.00 0.52) (myorien 0.00))`;
  }, (session) => {
    agentRef = session.agent;
    return walkForward(session, 1, 2);
  });
  assert.equal(result.falls, 1);
  assert.equal(result.exitFalls, 1);
  assert.deepEqual(result.exitFallsBy, { stop: 1, slowTurn: 0, fastTurn: 0 });
  assert.ok(result.fallTimes[0] > 2, `${result.fallTimes}`);
  assert.ok(result.peakTilt[0] !== null, `${result.peakTilt}`);
  assert.ok(Math.abs(result.speed.mean - SPEED) < SPEED * 0.02 / 2 + 1e-9, `${result.speed.mean}`);
});

Deno.test("eval getup: a get-up counts once the robot has walked off; a fall on the walk fails the run", async () => {
  const cases: [boolean, FallKind][] = [[false, "front"], [true, "front"], [false, "back-tilted"]];
  for (const [fallsWalking, fall] of cases) {
    let agentRef: { motion: { activity: string } } | null = null;
    let lying = false, getupCycles = 0, walkCycles = 0;
    const { result } = await onFakeServer(() => {
      const activity = agentRef?.motion.activity ?? "stand";
      if (activity.startsWith("SKILL_FALL")) lying = true;
      getupCycles = activity.startsWith("SKILL_GETUP_") && activity !== "SKILL_GETUP_REST"
        ? getupCycles + 1
        : 0;
      if (getupCycles > 20) lying = false;
      walkCycles = activity === "walk" ? walkCycles + 1 : 0;
      if (fallsWalking && walkCycles > 10) lying = true;
      // Lying on the front: world up is the torso's back. Ground truth follows the torso.
      return lying
        ? "(ACC (n torso) (a 0.00 -9.81 0.00))(See (mypos -5 0.00 0.10) (myorien 0.00))"
        : "(See (mypos -5 0.00 0.52) (myorien 0.00))";
    }, (session) => {
      agentRef = session.agent;
      return getup(session, 2, [fall]);
    });
    assert.equal(result.runs, 2);
    if (fallsWalking) {
      assert.equal(result.successes, 0, JSON.stringify(result));
      assert.match(
        result.failures[0],
        /^run 0: stood, then fell \d\.\d\d s into walking off \(front\)$/,
      );
    } else {
      assert.equal(result.successes, 2, JSON.stringify(result));
      assert.ok(result.seconds!.median > 0.3, JSON.stringify(result));
    }
  }
});

Deno.test("eval dribble: the ball's progress from ground truth, the ball placed by the trainer", async () => {
  const BALL_SPEED = 0.3;
  const { result, commands } = await onFakeServer(
    (t) =>
      `(See (mypos -12 0.00 0.52) (myorien 0.00) (ballpos ${
        (BALL_SPEED * t).toFixed(4)
      } 0.00 0.04))`,
    (session) => dribble(session, 2, "behind", 2),
  );
  assert.deepEqual(Object.keys(result), [
    "task",
    "runs",
    "speed",
    "falls",
    "distances",
    "offLine",
    "actions",
  ]);
  assert.equal(result.task, "dribble");
  assert.equal(result.distances.length, 2);
  assert.ok(Math.abs(result.speed.mean - BALL_SPEED) < 0.02, `${result.speed.mean}`);
  assert.equal(commands.filter((c) => c.startsWith("(ball (pos -11.7 0 0.042)")).length, 2);
  assert.equal(commands.filter((c) => / \(move -12 0 0\.4 /.test(c)).length, 2);
});

Deno.test("eval dribble --start mixed: the shoot task's starts around the ball in turn", async () => {
  const { result, commands } = await onFakeServer(
    () => "(See (mypos -12 0.00 0.52) (myorien 0.00) (ballpos -11.7 0.00 0.04))",
    (session) => dribble(session, 4, "mixed", 1),
  );
  assert.equal(result.distances.length, 4);
  const moves = commands.flatMap((c) => {
    const m = c.match(/\(move (\S+) (\S+) 0\.4 /);
    return m ? [[Number(m[1]), Number(m[2])]] : [];
  });
  // Behind, beside on the left, diagonal on the right, in front: relative to the ball at -11.7.
  const starts = moves.slice(-4).map(([x, y]) => [Math.round((x + 11.7) * 10) / 10, y]);
  assert.deepEqual(starts, [[-1, 0], [-0.7, 0.7], [-0.8, -0.5], [0.3, 0.6]]);
  // The fake server shows no ball: the player goes for the one the kick-off put on the centre
  // spot, and every cycle it plays the ball counts, within the 4 runs of 1 s (and a cycle).
  const { approach, fine, dribble: dribbling, kick } = result.actions;
  assert.ok(approach > 2, JSON.stringify(result.actions));
  assert.ok(approach + fine + dribbling + kick <= 4.2, JSON.stringify(result.actions));
});

Deno.test("eval shoot: robot and ball placed per run; a ball never seen is a missed run", async () => {
  // Ground truth only, no vision: the agent never sees the ball, so it never kicks.
  const { result, commands } = await onFakeServer(
    () => "(See (mypos -6 0.00 0.52) (myorien 0.00) (ballpos -5 0.00 0.04))",
    (session) => shoot(session, 2, 1),
  );
  assert.deepEqual(Object.keys(result), [
    "task",
    "runs",
    "distance",
    "directionError",
    "seconds",
    "missed",
    "touched",
    "touchedRuns",
    "falls",
    "distances",
    "times",
  ]);
  assert.equal(result.missed, 2);
  assert.equal(result.touched, 0);
  assert.deepEqual(result.touchedRuns, []);
  assert.deepEqual(result.distances, []);
  assert.deepEqual(result.times, [null, null]);
  assert.equal(commands.filter((c) => c.startsWith("(ball (pos -5 0 0.042)")).length, 2);
  // The first run starts 1 m behind the ball, the second beside it facing along -y.
  assert.ok(commands.some((c) => c.includes("(move -6 0 0.4 -90)")));
  assert.ok(commands.some((c) => c.includes("(move -5.7 0.7 0.4 -180)")));
  JSON.parse(JSON.stringify(result));
});

Deno.test("eval kickoff: the taker starts at the kick-off's stage, off it by the beam noise", async () => {
  const { result, commands } = await onFakeServer(
    () => "(See (mypos -0.4 0.00 0.52) (myorien 0.00) (ballpos 0 0.00 0.04))",
    (session) => kickOff(session, 4, 1),
  );
  assert.equal(result.task, "kickoff");
  assert.equal(result.missed, 4);
  assert.equal(commands.filter((c) => c.startsWith("(ball (pos 0 0 0.042)")).length, 4);
  // The moves' heading is the field's less 90° (the left side's frame).
  const moves = commands.flatMap((c) => {
    const m = c.match(/\(move (\S+) (\S+) 0\.4 ([-\d.e]+)\)/);
    return m ? [[Number(m[1]), Number(m[2]), Number(m[3]) + 90]] : [];
  }).slice(-4);
  const spread = (k: number) => {
    const v = moves.map((m) => m[k]);
    return Math.max(...v) - Math.min(...v);
  };
  // Behind the ball in our half, facing it, each run somewhere else within the noise.
  for (const [x, y, deg] of moves) {
    assert.ok(
      x < -0.25 && x > -0.45 && Math.abs(y) < 0.2 && Math.abs(deg) < 20,
      `${x} ${y} ${deg}`,
    );
  }
  assert.ok(spread(0) > 0 && spread(0) <= 0.1 && spread(1) <= 0.1, JSON.stringify(moves));
  assert.ok(spread(2) > 0 && spread(2) <= 20, JSON.stringify(moves));
});

Deno.test("eval shoot: a ball that moves before any kick starts was touched by the line-up", async () => {
  // The ball's ground truth steps 3 cm back and forth every half second.
  const { result } = await onFakeServer(
    (t) =>
      `(See (mypos -6 0.00 0.52) (myorien 0.00) (ballpos ${-5 + (t % 1 < 0.5 ? 0 : 0.03)} 0 0.04))`,
    (session) => shoot(session, 2, 1),
  );
  assert.equal(result.missed, 2);
  assert.equal(result.touched, 2);
  assert.deepEqual(result.touchedRuns, [0, 1]);
});

Deno.test("eval score: ball and robot placed per run in range of the goal; no kick and no goal is a missed run", async () => {
  // The fake server's ball never moves and nobody is seen: the player walks at it and never
  // gets there.
  const { result, commands } = await onFakeServer(
    () => "(See (mypos 7.5 -2.5 0.52) (myorien 0.00) (ballpos 8.5 -2.5 0.04))",
    (session) => score(session, 2, 1),
  );
  assert.equal(result.missed, 2);
  assert.equal(result.goals, 0);
  assert.deepEqual(result.shots, [[null, false], [null, false]]);
  assert.ok(commands.some((c) => c.startsWith("(ball (pos 8.5 -2.5 0.042)")), commands.join(" "));
  assert.ok(commands.some((c) => c.includes("(move 7.5 -2.5 0.4 -90)")), commands.join(" "));
  assert.ok(commands.some((c) => c.startsWith("(ball (pos 9 2 0.042)")));
});

Deno.test("eval finish: a standing keeper joins on the right and is put on its spot each run; no goal counts the time limit", async () => {
  // The ball never moves: each run ends at its time limit.
  const { result, commands } = await onFakeServer(
    () => "(See (mypos 11.6 -0.35 0.52) (myorien 0.00) (ballpos 12.6 -0.35 0.04))",
    (session) => finish(session, 2, 1),
  );
  assert.equal(result.goals, 0);
  assert.equal(result.meanTime, 1);
  assert.deepEqual(result.results.map((r) => r[0]), ["front", "blocked"]);
  assert.deepEqual(result.results.map((r) => r[2]), ["time", "time"]);
  // The keeper (the opponents' unum 1) on the middle of their goal line, facing up the field.
  const keeperMoves = commands.filter((c) =>
    c === "(agent (unum 1) (team Right) (move 14 0 0.4 90))"
  );
  assert.equal(keeperMoves.length, 2, commands.join(" "));
  assert.ok(commands.some((c) => c.startsWith("(ball (pos 12.6 -0.35 0.042)")));
  assert.ok(commands.some((c) => c.startsWith("(ball (pos 13.6 0.1 0.042)")));
  assert.ok(commands.some((c) => c.includes("(team Left) (move 12.6 0.3 0.4 -90)")));
});

Deno.test("eval finish: a ball in the goal ends the run as a goal", async () => {
  const { result } = await onFakeServer(
    () => "(See (mypos 13 0 0.52) (myorien 0.00) (ballpos 15.2 0.3 0.04))",
    (session) => finish(session, 2, 5),
  );
  assert.equal(result.goals, 2);
  assert.ok(result.meanTime < 1, JSON.stringify(result));
  assert.deepEqual(result.results.map((r) => r[2]), ["goal", "goal"]);
});

Deno.test("eval unblock: their field player stands on its spot each run; a ball 1.5 m past it ends the run", async () => {
  // The ball stays at the opponent's feet: each run ends at its time limit.
  const { result, commands } = await onFakeServer(
    () => "(See (mypos 5.6 0.2 0.52) (myorien 0.00) (ballpos 6.83 0 0.04))",
    (session) => unblock(session, 2, 1),
  );
  assert.equal(result.past, 0);
  assert.equal(result.meanTime, 1);
  assert.deepEqual(result.results.map((r) => r[0]), ["front", "left"]);
  assert.deepEqual(result.results.map((r) => r[2]), ["time", "time"]);
  // The opponents' unum 6 at (7, 0), facing our goal.
  const moves = commands.filter((c) => c === "(agent (unum 6) (team Right) (move 7 0 0.4 90))");
  assert.equal(moves.length, 2, commands.join(" "));
  assert.ok(commands.some((c) => c.startsWith("(ball (pos 6.83 0 0.042)")));
  assert.ok(commands.some((c) => c.startsWith("(ball (pos 6.85 0.17 0.042)")));
  // The ball beyond x = 8.5: past at once.
  const past = await onFakeServer(
    () => "(See (mypos 8 0 0.52) (myorien 0.00) (ballpos 8.6 0.1 0.04))",
    (session) => unblock(session, 2, 5),
  );
  assert.equal(past.result.past, 2);
  assert.ok(past.result.meanTime < 1, JSON.stringify(past.result));
  assert.deepEqual(past.result.results.map((r) => r[2]), ["past", "past"]);
});

Deno.test("eval duel: our opponent joins as unum 2 and is put on the goal side of the ball each run, ours facing the ball", async () => {
  // The ball lies at 12.5 m all along: each run ends at its time limit, the second 0.3 m short
  // of where it put the ball.
  const { result, commands } = await onFakeServer(
    () => "(See (mypos 11.5 0 0.52) (myorien 0.00) (ballpos 12.5 0 0.04))",
    (session) => duel(session, 2, null, 1),
  );
  assert.equal(result.opponent, "own");
  assert.equal(result.goals, 0);
  assert.equal(result.meanTime, 1);
  assert.deepEqual(result.results.map((r) => r[0]), ["goal", "goal-left"]);
  assert.deepEqual(result.results.map((r) => r[2]), ["time", "time"]);
  assert.deepEqual(result.results.map((r) => r[3]), [0, -0.3]);
  const moves = commands.filter((c) => c.startsWith("(agent (unum 2) (team Right)"));
  assert.deepEqual(moves, [
    "(agent (unum 2) (team Right) (move 13.5 0 0.4 90))",
    "(agent (unum 2) (team Right) (move 13.8 1.6 0.4 90))",
  ]);
  // Ours faces the ball: straight up the field, then 16.7° left of it.
  assert.ok(commands.includes("(agent (unum 1) (team Left) (move 11.5 0 0.4 -90))"));
  assert.ok(commands.includes("(agent (unum 1) (team Left) (move 11.8 1.2 0.4 -73.3008))"));
  assert.ok(commands.some((c) => c.startsWith("(ball (pos 12.8 1.5 0.042)")));
});

Deno.test("eval duel: a ball in their goal is a goal; one carried 3 m toward ours is lost", async () => {
  const scored = await onFakeServer(
    () => "(See (mypos 13 0 0.52) (myorien 0.00) (ballpos 15.2 0.3 0.04))",
    (session) => duel(session, 2, null, 5),
  );
  assert.equal(scored.result.goals, 2);
  assert.deepEqual(scored.result.results.map((r) => r[2]), ["goal", "goal"]);
  assert.ok(scored.result.meanTime < 1, JSON.stringify(scored.result));
  const lost = await onFakeServer(
    () => "(See (mypos 9 0 0.52) (myorien 0.00) (ballpos 9.2 0 0.04))",
    (session) => duel(session, 2, null, 5),
  );
  assert.equal(lost.result.lost, 2);
  assert.equal(lost.result.meanTime, 5);
  // Lost at once: the ball 3.3 and 3.6 m short of where each run put it.
  assert.deepEqual(lost.result.results.map((r) => r[3]), [-3.3, -3.6]);
});

Deno.test("eval session: an external opponent's command gets host, port and unum; one that never joins fails naming it", async () => {
  const out = await Deno.makeTempFile();
  const command = `sh -c 'echo "$@" > ${out}' x`;
  const { result } = await onFakeServer(
    () => "(See (mypos 0 0 0.52) (myorien 0.00) (ballpos 5 5 0.04))",
    async (session) => {
      const joined = await session.addExternalOpponent(command, 7, 1).then(
        () => "joined",
        (e) => e.message,
      );
      // The command runs beside the fake server's cycles: wait for what it wrote.
      let text = "";
      for (let i = 0; i < 100 && !text.endsWith("\n"); i++) {
        await new Promise((r) => setTimeout(r, 50));
        text = await Deno.readTextFile(out);
      }
      return { joined, args: text.trim().split(" ") };
    },
  );
  assert.match(result.joined, /timed out after 1 s waiting for 'sh -c .*' to join/);
  const { args } = result;
  assert.equal(args[0], "127.0.0.1");
  assert.ok(Number(args[1]) > 0, args.join(" "));
  assert.equal(args[2], "7");
  await Deno.remove(out);
});

Deno.test("eval contact: the opponent faces our robot 0.6 m ahead, off our line in turn; stances in turn", async () => {
  const { result, commands } = await onFakeServer(
    () => "(See (mypos 0 0 0.52) (myorien 0.00) (ballpos 5 5 0.04))",
    (session) => contact(session, 5, 0.5),
  );
  assert.deepEqual(result.stances, {
    walk: { runs: 2, ours: 0, theirs: 0 },
    step: { runs: 1, ours: 0, theirs: 0 },
    stand: { runs: 1, ours: 0, theirs: 0 },
    hold: { runs: 1, ours: 0, theirs: 0 },
  });
  // The opponent (unum 5, the other side) facing our goal: head-on four times, then 8 cm left.
  const moves = commands.filter((c) => c.startsWith("(agent (unum 5) (team Right)"));
  assert.deepEqual(moves, [
    ...Array(4).fill("(agent (unum 5) (team Right) (move 0.6 0 0.4 90))"),
    "(agent (unum 5) (team Right) (move 0.6 0.08 0.4 90))",
  ]);
  assert.equal(
    commands.filter((c) => c === "(agent (unum 1) (team Left) (move 0 0 0.4 -90))").length,
    5,
  );
});

Deno.test("eval pile: the opponent falls 0.45 m from ours, facing it, around it in turn; no fall is reported", async () => {
  const { result, commands } = await onFakeServer(
    () => "(See (mypos 0 0 0.52) (myorien 0.00) (ballpos 5 5 0.04))",
    (session) => pile(session, 3),
  );
  // Nobody falls on the fake server: each run says so and stands for nothing.
  assert.deepEqual(result.failures, [0, 1, 2].map((r) => `run ${r}: did not fall (front)`));
  assert.deepEqual(result.perRun, [
    [0, "front/front", 0, null],
    [45, "front/front", 0, null],
    [90, "front/front", 0, null],
  ]);
  assert.equal(result.stood, 0);
  assert.equal(result.seconds, null);
  // The opponent ahead, ahead-left, then left of ours, each time facing it.
  const moves = commands.filter((c) => c.startsWith("(agent (unum 5) (team Right)"));
  assert.deepEqual(moves, [
    "(agent (unum 5) (team Right) (move 0.45 0 0.4 90))",
    "(agent (unum 5) (team Right) (move 0.3182 0.3182 0.4 135))",
    "(agent (unum 5) (team Right) (move 0 0.45 0.4 180))",
  ]);
});

Deno.test("eval kick: the ball placed off the kick spot in turn by the jitter; a still ball is 0 m", async () => {
  let spot = NaN;
  const { result, commands } = await onFakeServer(
    () => "(See (mypos -12 0.00 0.52) (myorien 0.00) (ballpos -11.8 0.07 0.04))",
    (session) => {
      spot = session.agent.options.params.get("kick.ball_x");
      return kick(session, 3, "keyframe", true, 0.02);
    },
  );
  assert.equal(result.task, "kick");
  assert.deepEqual(result.distances, [0, 0, 0]);
  assert.equal(result.falls, 0);
  assert.deepEqual(result.fallRuns, []);
  // The fake server sends no foot forces: never on the edges of the soles.
  assert.deepEqual(result.edgeSeconds, [0, 0, 0]);
  // Nor any gyro or accelerometer: the torso never tilts.
  assert.deepEqual(result.peakTilt, [0, 0, 0]);
  // kick.ball_x ahead of the head, then 2 cm farther and 2 cm nearer.
  const placed = commands.filter((c) => c.startsWith("(ball (pos"));
  assert.deepEqual(
    placed.map((c) => Number(c.split(" ")[2])),
    [0, 0.02, -0.02].map((d) => Math.round((-12 + spot + d) * 1e4) / 1e4),
  );
});

Deno.test("eval session: a run waits out the pause after a goal, and plays on from the kick-off", async () => {
  const { result, commands } = await onFakeServer(
    () => "",
    async (session) => {
      await session.goalPauseOver();
      return session.now;
    },
    (t) => t < 1 ? "Goal_Right" : t < 1.5 ? "BeforeKickOff" : "PlayOn",
  );
  assert.ok(result >= 1.5, `went on at ${result} s`);
  assert.ok(commands.some((c) => c.includes("(playMode PlayOn)")), commands.join(" "));
  // After our goal their kick-off follows, in which the server keeps robots out of their half.
  const theirs = await onFakeServer(
    () => "",
    async (session) => {
      await session.until(() => session.agent.world.playModeName === "Goal_Left", 2, "the goal");
      await session.goalPauseOver();
    },
    (t) => t < 1 ? "Goal_Left" : t < 1.5 ? "KickOff_Right" : "PlayOn",
  );
  assert.ok(theirs.commands.some((c) => c.includes("(playMode PlayOn)")), "no PlayOn sent");
});

Deno.test("eval save: a ball over the goal line between the posts is a goal; play resumes after it", async () => {
  // The ball lies in our goal (the eval agent plays on the left); the referee stopped play.
  const { result, commands } = await onFakeServer(
    () => "(See (mypos -14.5 0 0.52) (myorien 0.00) (ballpos -15.2 0.3 0.04))",
    (session) =>
      save(
        session,
        2,
        { shotSpeed: 1, mouthMargin: 0, splitReach: 0.4, lead: 1, unsettledLead: 1 },
        0.99,
      ),
    (t) => t >= 2 && t < 4.5 ? "corner_kick_right" : "PlayOn",
  );
  assert.deepEqual(result.baseline, { goal: 2, wide: 0, saved: 0 });
  assert.deepEqual(result.diving, { goal: 2, wide: 0, saved: 0 });
  assert.equal(result.savedOfBaselineGoals, 0);
  // Each shot after the corner kick was called played on first.
  assert.ok(
    commands.filter((c) => c.includes("(playMode PlayOn)")).length >= 2,
    commands.join(" "),
  );
});

Deno.test("eval dive: offsets span the goal mouth; the widest band and the goalie's best split reach", () => {
  assert.deepEqual(offsets(5), [-1, -0.5, 0, 0.5, 1]);
  assert.deepEqual(offsets(1), [0]);
  const offs = offsets(5);
  assert.deepEqual(widestBand(offs, [true, false, true, true, false]), [0, 0.5]);
  assert.equal(widestBand(offs, [false, false, false, false, false]), null);
  // The split blocks the centre, the side dives only beyond 0.5 m: split within 0 is best.
  const f = false, t = true;
  assert.deepEqual(
    bestPolicy(offs, { split: [f, f, t, f, f], left: [f, f, f, t, t], right: [t, f, f, f, f] }),
    { splitReach: 0, covered: 0.8 },
  );
  // The split covers ±0.5 m and the sides do not: reach 0.5 m.
  assert.deepEqual(
    bestPolicy(offs, { split: [f, t, t, t, f], left: [f, f, f, f, t], right: [f, f, f, f, f] }),
    { splitReach: 0.5, covered: 0.8 },
  );
});

Deno.test("eval dive: every roll that ends in the goal is unblocked, for every stance", async () => {
  const { result, commands } = await onFakeServer(
    () => "(See (mypos -14.5 0 0.52) (myorien 0.00) (ballpos -15.2 0.3 0.04))",
    (session) => diveCoverage(session, 3, 1, 0.99),
  );
  for (const c of Object.values(result.stances)) assert.deepEqual(c, { blocked: [], band: null });
  assert.deepEqual(result.policy, { splitReach: 0, covered: 0 });
  // The ball starts 4 m in front of the goalie, at each offset in turn.
  assert.ok(commands.some((c) => c.startsWith("(ball (pos -10.5 -1 0.042)")), commands.join(" "));
});

Deno.test("eval stats: the median of an even count is the mean of the middle two", () => {
  assert.deepEqual(stats([4, 1, 3, 2]), { mean: 2.5, min: 1, max: 4, median: 2.5 });
  assert.equal(stats([5, 1, 3]).median, 3);
  assert.ok(Number.isNaN(stats([]).median));
});

Deno.test("eval: each task declares the flags it reads; another task's flag is refused", async () => {
  const { unreadFlag } = await import("../src/eval/main.ts");
  const { evalTask } = await import("../src/eval/registry.ts");
  assert.equal(unreadFlag(evalTask("getup"), ["getup", "--falls", "back"]), null);
  assert.equal(unreadFlag(evalTask("walk-forward"), ["walk-forward", "--falls=back"]), "falls");
  assert.equal(unreadFlag(evalTask("kick"), ["kick", "--foot", "right", "--jitter", "0.01"]), null);
  assert.equal(unreadFlag(evalTask("dribble"), ["dribble", "--kick", "long"]), "kick");
  assert.equal(unreadFlag(evalTask("dribble"), ["dribble", "--start", "mixed"]), null);
  assert.equal(unreadFlag(evalTask("save"), ["save", "--arrival", "3-4"]), null);
  assert.equal(unreadFlag(evalTask("dive"), ["dive", "--arrival", "3-4"]), "arrival");
});

Deno.test("eval save --arrival: the shots reach the goal line within the speed range", async () => {
  const { speedRange } = await import("../src/eval/main.ts");
  assert.deepEqual(speedRange("3-4.5"), [3, 4.5]);
  for (const bad of ["4-3", "0-2", "3", "a-b", "2-11"]) {
    assert.throws(() => speedRange(bad), /--arrival: '.*' is not a speed range/, bad);
  }
  const decay = 0.35, k = frictionRate(decay);
  for (const range of [[0.3, 2.5], [3, 4]] as const) {
    const arrivals = shots(200, decay, 1, range).map((s) =>
      Math.hypot(s.vx, s.vy) - k * Math.hypot(-15 - s.x, (s.vy / s.vx) * (-15 - s.x))
    );
    assert.ok(arrivals.every((v) => v >= range[0] - 1e-9 && v <= range[1] + 1e-9), `${range}`);
    // The range is covered, not just one end of it.
    assert.ok(Math.max(...arrivals) - Math.min(...arrivals) > 0.8 * (range[1] - range[0]));
  }
});

Deno.test("eval session: the torso's true yaw is the server's myorien (the head's) less the head's pan", async () => {
  const { result } = await onFakeServer(
    () => "(HJ (n hj1) (ax 30.00))(See (mypos 0 0 0.5) (myorien 170.00))",
    async (session) => {
      await session.cycles(5);
      return session.agent.truthYaw!;
    },
  );
  assert.ok(Math.abs(result * 180 / Math.PI - 140) < 1e-9, `${result * 180 / Math.PI} deg`);
  const wrapped = await onFakeServer(
    () => "(HJ (n hj1) (ax -30.00))(See (mypos 0 0 0.5) (myorien 170.00))",
    async (session) => {
      await session.cycles(5);
      return session.agent.truthYaw!;
    },
  );
  assert.ok(Math.abs(wrapped.result * 180 / Math.PI + 160) < 1e-9, `${wrapped.result} rad`);
});
