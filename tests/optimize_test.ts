// The optimizer's pieces without a server: space files (errors name file and line), the unit
// cube mapping and param-file output, the scores of each task, and the CLI's one-line errors.

import type { GameResult } from "../src/tools/match.ts";
import assert from "assert";
import { ParamSet } from "../src/config/params.ts";
import {
  fromUnit,
  loadSpaces,
  outside,
  paramText,
  parseSpace,
  toUnit,
  withValues,
} from "../src/optimize/space.ts";
import { getupScore, kickScore, omniScore, walkScore } from "../src/eval/tasks.ts";
import { checkWritable, parse } from "../src/optimize/main.ts";
import { loadParams } from "../src/agent/params.ts";

const stats = (v: number) => ({ mean: v, min: v, max: v, median: v });

Deno.test("space: parse, map to the unit cube and back, write as params", () => {
  const dims = parseSpace("# tuning\nwalk.a 0 2\n\nwalk.b -1 1   # note\n", "w.space");
  assert.deepEqual(dims, [{ name: "walk.a", min: 0, max: 2 }, { name: "walk.b", min: -1, max: 1 }]);
  const base = ParamSet.parse("walk.a 0.5\nwalk.b 0\nother 3", "base.params");
  const u = toUnit(dims, base);
  assert.deepEqual([...u], [0.25, 0.5]);
  assert.deepEqual(fromUnit(dims, [0.25, 0.5]), [0.5, 0]);
  assert.deepEqual(fromUnit(dims, [-1, 2]), [0, 1], "clamped into the bounds");
  assert.equal(outside([0.5, 0.5]), 0);
  assert.ok(Math.abs(outside([-0.3, 1.4]) - 0.5) < 1e-12);
  const text = paramText(dims, [1.23456789, -0.5]);
  assert.equal(text, "walk.a 1.23457\nwalk.b -0.5\n");
  const p = withValues(base, dims, [1, -1]);
  assert.deepEqual([p.get("walk.a"), p.get("walk.b"), p.get("other")], [1, -1, 3]);
});

Deno.test("space: errors name the file and line", () => {
  assert.throws(
    () => parseSpace("a 0", "s.space"),
    /^ConfigError: s.space:1: expected 'name min max'/,
  );
  assert.throws(() => parseSpace("\na 1 0", "s.space"), /s.space:2: a: bounds '1 0'/);
  assert.throws(() => parseSpace("a 0 x", "s.space"), /s.space:1: a: bounds '0 x'/);
  assert.throws(() => parseSpace("a 0 1\na 0 2", "s.space"), /s.space:2: a is listed twice/);
  assert.throws(() => parseSpace("9a 0 1", "s.space"), /s.space:1: '9a' is not a valid name/);
  assert.throws(() => parseSpace("# nothing", "s.space"), /s.space: no parameters/);
  const dims = parseSpace("a 0 1", "s.space");
  assert.throws(
    () => toUnit(dims, ParamSet.parse("a 3", "p.params")),
    /a = 3 \(p.params:1\) lies outside/,
  );
  assert.throws(() => toUnit(dims, ParamSet.empty()), /missing parameter 'a'/);
});

Deno.test("space: several files together; a parameter in two is an error", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/a.space`, "walk.a 0 1\nwalk.b 0 2\n");
    await Deno.writeTextFile(`${dir}/b.space`, "walk.c -1 1\n");
    await Deno.writeTextFile(`${dir}/c.space`, "walk.b 0 3\n");
    const dims = await loadSpaces([`${dir}/a.space`, `${dir}/b.space`]);
    assert.deepEqual(dims.map((d) => [d.name, d.min, d.max]), [
      ["walk.a", 0, 1],
      ["walk.b", 0, 2],
      ["walk.c", -1, 1],
    ]);
    await assert.rejects(
      () => loadSpaces([`${dir}/a.space`, `${dir}/c.space`]),
      /c\.space: walk\.b is in .*a\.space as well/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("fitness: falls, misses and failures cost more than speed or distance gains", () => {
  const walk = (speed: number, falls: number, peakTilt: (number | null)[] = [10, 10]) =>
    walkScore({
      task: "walk-forward",
      runs: 2,
      speed: stats(speed),
      falls,
      peakTilt,
      fallTimes: [],
      exitFalls: 0,
      exitFallsBy: { stop: 0, slowTurn: 0, fastTurn: 0 },
      distances: [],
    });
  assert.ok(walk(0.6, 0) > walk(0.8, 1), "a fall outweighs 0.2 m/s");
  assert.equal(walk(0.8, 0, [14, 16]), walk(0.8, 0, [8, 9]), "the tilt is reported, not scored");
  assert.ok(Math.abs(walk(0.8, 2, [null, null]) - (0.8 - 2)) < 1e-12);
  assert.ok(walk(0.95, 0) > walk(1.1, 2 / 12), "one fall in 12 runs outweighs 0.15 m/s");
  const kick = (d: number, err: number, falls: number, edgeSeconds = [0, 0], fallCost = 6) =>
    kickScore({
      task: "kick",
      skill: "K",
      runs: 2,
      distance: stats(d),
      directionError: stats(err),
      falls,
      fallRuns: [],
      edgeSeconds,
      peakTilt: [],
      distances: [],
    }, fallCost);
  assert.equal(kick(6, 5, 0), 6);
  assert.equal(kick(6, 20, 0), 5);
  assert.ok(kick(4, 0, 0) > kick(6, 0, 1));
  assert.equal(kick(6, 5, 0, [0.5, 1.5]), 4, "a second on the heels or toes costs 2 m");
  assert.equal(kick(6, 5, 1, [0, 0], 20), -4, "--fall-cost 20: a fall in 2 runs costs 10 m");
  const getup = (ok: number, secs: number | null) =>
    getupScore({
      task: "getup",
      runs: 4,
      successes: ok,
      seconds: secs === null ? null : stats(secs),
      times: [],
      failures: [],
    });
  assert.equal(getup(0, null), -10);
  const omni = (times: number[], falls: number) =>
    omniScore(
      {
        task: "walk-omni",
        runs: 1,
        times: { a: times },
        reached: 0,
        targets: 0,
        falls,
        fallsAt: {},
      },
      20,
    );
  assert.equal(omni([2, 4], 0), -3);
  assert.equal(omni([2, NaN], 0), -11, "a target not reached counts as the timeout");
  assert.ok(omni([2, 4], 0) > omni([1, 1], 1), "a fall costs more than speed gains");
  assert.ok(getup(4, 3) > getup(3, 2), "reliability first");
  assert.ok(getup(4, 2) > getup(4, 3));
});

Deno.test("optimize --out check: leaves no file it created, keeps one that was there", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const fresh = `${dir}/fresh.params`;
    await checkWritable(fresh);
    await assert.rejects(Deno.stat(fresh), Deno.errors.NotFound);
    const kept = `${dir}/kept.params`;
    await Deno.writeTextFile(kept, "walk.max_forward 1\n");
    await checkWritable(kept);
    assert.equal(await Deno.readTextFile(kept), "walk.max_forward 1\n");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** A real space file, so that the --out check is what fails. */
const ROOT_SPACE = decodeURIComponent(
  new URL("../paramfiles/spaces/", import.meta.url).pathname +
    [...Deno.readDirSync(new URL("../paramfiles/spaces/", import.meta.url))][0].name,
);

Deno.test("optimize --opponent: the duel's opponent command reaches the options; absent, ours", async () => {
  const out = await Deno.makeTempFile({ suffix: ".params" });
  const base = ["duel", "--space", ROOT_SPACE, "--out", out];
  assert.equal((await parse([...base, "--opponent", "ut_one.sh"])).opponent, "ut_one.sh");
  assert.equal((await parse(base)).opponent, null);
  await Deno.remove(out);
});

Deno.test("optimize: a count in the space is searched in whole numbers, which a param file takes", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const space = `${dir}/exit.space`, out = `${dir}/out.params`;
    await Deno.writeTextFile(space, "sprint.out_steps 2 16\nsprint.out_decel 0.01 0.15\n");
    const o = await parse(["walk-forward", "--space", space, "--out", out]);
    assert.deepEqual(o.dims.map((d) => d.whole), [true, false]);
    // 2 + 0.365 · 14 = 7.11 steps: a param file rejects that, so the candidate walks 7.
    const values = fromUnit(o.dims, [0.365, 0.5]);
    assert.equal(values[0], 7);
    assert.ok(Math.abs(values[1] - 0.08) < 1e-12, `${values[1]}`);
    assert.equal(fromUnit(o.dims, [0.99, 0])[0], 16);
    await Deno.writeTextFile(out, paramText(o.dims, values));
    const p = await loadParams(0, [out]);
    assert.equal(p.get("sprint.out_steps"), 7);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("optimize and match CLIs: bad flags are one line and exit 2", async () => {
  const run = async (script: string, args: string[]) => {
    const url = new URL(`../src/${script}`, import.meta.url);
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", decodeURIComponent(url.pathname), ...args],
      stdout: "piped",
      stderr: "piped",
    }).output();
    return { code: out.code, err: new TextDecoder().decode(out.stderr).trim() };
  };
  for (
    const [script, args, pattern] of [
      [
        "optimize/main.ts",
        ["sprint", "--space", "x"],
        /--task: 'sprint' is not one of walk-forward, walk-omni, getup, kick/,
      ],
      ["optimize/main.ts", ["kick"], /--space: required/],
      ["optimize/main.ts", ["kick", "--space", "/nonexistent.space"], /cannot read space file/],
      [
        "optimize/main.ts",
        ["kick", "--space", "x", "--sigma", "2"],
        /--sigma: '2' is not in \(0, 1\]/,
      ],
      [
        "optimize/main.ts",
        ["kick", "--space", `${ROOT_SPACE}`, "--out", "/nonexistent/x.params"],
        /--out: cannot write \/nonexistent\/x\.params/,
      ],
      [
        "optimize/main.ts",
        ["duel", "--space", `${ROOT_SPACE}`, "--opponent", " "],
        /--opponent: the command is empty/,
      ],
      ["eval/main.ts", ["duel", "--opponent", ""], /--opponent: the command is empty/],
      ["eval/main.ts", ["kick", "--opponent", "x"], /--opponent: the kick task does not read it/],
      ["tools/match.ts", ["--right", "x"], /--left: a command is required/],
      ["tools/match.ts", ["--penalty", "3", "--their-kicker", "k"], /--their-goalie/],
      ["tools/match.ts", ["--left", "x", "--right", "y", "--half", "0"], /--half/],
      ["tools/match.ts", ["--left", "x", "--right", "y", "--server", "nowhere"], /--server/],
    ] as const
  ) {
    const r = await run(script, [...args]);
    assert.equal(r.code, 2, `${script} ${args.join(" ")}: ${r.err}`);
    assert.equal(r.err.split("\n").length, 1, r.err);
    assert.match(r.err, pattern);
  }
});

Deno.test("match: fouls are counted per team and half, with the most for one player", async () => {
  const { distinctFouls, foulsPerHalf } = await import("../src/tools/match.ts");
  const foul = (half: number, type: string, team: "left" | "right", unum: number, time = 0) => ({
    index: 0,
    type,
    team,
    unum,
    half,
    time,
  });
  const fouls = [
    foul(1, "touching", "left", 4, 10),
    foul(1, "touching", "left", 4, 10.02), // the same call, repeated while the player is held
    foul(1, "touching", "left", 4, 30),
    foul(1, "charging", "left", 7, 30),
    foul(1, "crowding", "right", 2, 31),
    foul(2, "incapable", "left", 9, 150),
  ];
  assert.deepEqual(foulsPerHalf(fouls, "left"), {
    byType: [{ touching: 2, charging: 1 }, { incapable: 1 }],
    maxPerPlayer: [2, 1],
    maxMovedPerPlayer: [1, 1],
  });
  assert.deepEqual(
    distinctFouls(fouls).map((f) => f.time),
    [10, 30, 30, 31, 150],
    "fouls.jsonl: each foul once",
  );
  assert.deepEqual(foulsPerHalf([], "right"), {
    byType: [{}, {}],
    maxPerPlayer: [0, 0],
    maxMovedPerPlayer: [0, 0],
  });
});

Deno.test("match: a lost agent connection is an exit until a new one replaces it", async () => {
  const { trackConnections } = await import("../src/tools/team_process.ts");
  const left = { ports: new Set([1, 2, 3]), exited: 0 };
  const right = { ports: new Set([4, 5]), exited: 0 };
  const known = new Set([1, 2, 3, 4, 5]);
  trackConnections([left, right], new Set([1, 3, 4, 5]), known);
  assert.deepEqual([left.exited, right.exited], [1, 0]);
  trackConnections([left, right], new Set([1, 3, 4, 5, 9]), known);
  assert.deepEqual([left.exited, [...left.ports].sort()], [0, [1, 3, 9]]);
  trackConnections([left, right], new Set([1, 3, 9, 4]), known);
  assert.deepEqual([left.exited, right.exited], [0, 1]);
});

Deno.test("match series: wins, goals, goal difference with a t interval, fouls, own goals", async () => {
  const { seriesSummary } = await import("../src/tools/match.ts");
  const game = (
    l: number,
    r: number,
    lf = 0,
    rf = 0,
    end = "GameOver",
    ownGoals?: [number, number],
  ): GameResult => ({
    score: [l, r],
    end,
    ownGoals,
    left: { fouls: { byType: [{ charging: lf }, {}] } },
    right: { fouls: { byType: [{}, { charging: rf }] } },
  });
  const s = seriesSummary([
    game(3, 0, 1, 0, "GameOver", [0, 2]),
    game(0, 0, 0, 0, "void", [1, 0]),
    game(1, 1, 0, 2, "GameOver", [1, 0]),
    game(0, 1, 0, 0, "stalled"),
    game(2, 0, 0, 0, "crashed"),
  ]);
  assert.deepEqual(s, {
    summary: true,
    games: 4,
    wins: 2,
    draws: 1,
    losses: 1,
    goalsFor: 6,
    goalsAgainst: 2,
    // Differences 3, 0, -1, 2: mean 1, sd 1.83, t(3) 3.182 → ± 2.90.
    goalDifference: { mean: 1, ci95: [-1.9, 3.9] },
    fouls: { left: 1, right: 2 },
    // The void game's own goal is not counted; a line without own goals counts none.
    ownGoals: { left: 1, right: 2 },
    stalled: 1,
    crashed: 1,
    void: 1,
  });
  const one = seriesSummary([game(2, 0)]);
  assert.deepEqual(one.goalDifference, { mean: 2, ci95: [null, null] });
});

Deno.test("match: a game an agent left before kick-off is void, however it went on", async () => {
  const { gameEnd } = await import("../src/tools/match.ts");
  assert.equal(gameEnd(false, 600, false), "GameOver");
  assert.equal(gameEnd(true, 300, false), "stalled");
  assert.equal(gameEnd(true, 300, false, true), "crashed");
  assert.equal(gameEnd(true, 0, false), "void");
  assert.equal(gameEnd(true, 0, false, true), "void");
  // UT's agents 9 and 10 aborted while connecting and the game was played 11 against 9.
  assert.equal(gameEnd(false, 600, true), "void");
  assert.equal(gameEnd(true, 0, true), "void");
});

Deno.test("match: a crashed server's reason is the first error line of its log", async () => {
  const { serverError } = await import("../src/tools/match.ts");
  const dir = await Deno.makeTempDir();
  try {
    const log = `${dir}/server.log`;
    // The tail of a real 0.7.3 log: two robots tangled on the ground, and one blew up.
    await Deno.writeTextFile(
      log,
      [
        "ANALYSECOLLISIONS: Collision GTime 162.178 Team 1 Pl 5 llowerarm lshank",
        "ODE Message 3: LCP internal error, s <= 0 (s=0.0000e+00)",
        'ODE INTERNAL ERROR 1: assertion "!bSafeNormalize4Fault" failed in dxNormalize4() [odemath.h:53]',
        "(Core) caught signal 6",
      ].join("\n"),
    );
    assert.match((await serverError(log))!, /^ODE INTERNAL ERROR 1: .*dxNormalize4/);
    await Deno.writeTextFile(log, "(Core) caught signal 11\n");
    assert.equal(await serverError(log), "(Core) caught signal 11");
    await Deno.writeTextFile(log, "(SparkMonitor) ok\n");
    assert.equal(await serverError(log), null);
    assert.equal(await serverError(`${dir}/missing.log`), null);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("match: robots missing from the scene against each team's connected agents", async () => {
  const { robotsMissing } = await import("../src/tools/match.ts");
  const robots = (l: number, r: number) => [
    ...Array.from({ length: l }, () => ({ team: "left" as const })),
    ...Array.from({ length: r }, () => ({ team: "right" as const })),
  ];
  assert.deepEqual(robotsMissing(robots(11, 11), [11, 11]), [0, 0]);
  // s11b's game 1: four of UT's agents connected and never got a robot.
  assert.deepEqual(robotsMissing(robots(11, 7), [11, 11]), [0, 4]);
  assert.deepEqual(robotsMissing(robots(0, 0), [11, 0]), [11, 0]);
  assert.deepEqual(
    robotsMissing(robots(3, 2), [2, 2]),
    [0, 0],
    "more robots than agents: none missing",
  );
});

Deno.test("match series: a void game is played again, at most twice, under its own name", async () => {
  const { playSeries, MAX_VOID_REPLAYS } = await import("../src/tools/match.ts");
  const played = (end: string): GameResult => ({
    score: [0, 0],
    end,
    left: { fouls: { byType: [{}, {}] } },
    right: { fouls: { byType: [{}, {}] } },
  });
  // Game 1 void once, game 2 void every time: replayed MAX_VOID_REPLAYS times, then kept.
  const names: string[] = [];
  const reported: string[] = [];
  const games = await playSeries(
    2,
    (name) => {
      names.push(name);
      return Promise.resolve(
        played(name === "game1" || name.startsWith("game2") ? "void" : "GameOver"),
      );
    },
    (g) => void reported.push(g.end),
  );
  assert.equal(MAX_VOID_REPLAYS, 2);
  assert.deepEqual(names, ["game1", "game1-replay1", "game2", "game2-replay1", "game2-replay2"]);
  assert.deepEqual(reported, games.map((g) => g.end));
  assert.deepEqual(reported, ["void", "GameOver", "void", "void", "void"]);
});

Deno.test("eval registry: one list for eval and optimize; the optimizer's tasks carry their scores", async () => {
  const { EVAL_TASKS, OPTIMIZE_TASK_NAMES, TASK_NAMES, evalTask } = await import(
    "../src/eval/registry.ts"
  );
  assert.equal(new Set(TASK_NAMES).size, EVAL_TASKS.length);
  assert.deepEqual(OPTIMIZE_TASK_NAMES, [
    "walk-forward",
    "walk-omni",
    "getup",
    "kick",
    "finish",
    "unblock",
    "duel",
    "dribble",
    "save",
    "dive",
  ]);
  assert.ok(evalTask("save").headControl && !evalTask("kick").headControl);
  assert.ok(evalTask("walk-omni").walk && !evalTask("getup").walk);
  const o = {
    kick: "keyframe" as const,
    jitter: 0,
    leftFoot: true,
    falls: ["front" as const],
    start: "behind" as const,
    omniTimeout: 20,
    fallCost: 6,
    lead: null,
    arrival: [0.3, 2.5] as const,
    opponent: null,
  };
  const getupResult = { runs: 4, successes: 3, seconds: { mean: 2.5 } };
  assert.equal(evalTask("getup").score!(getupResult, o), 10 * 3 / 4 - 2.5);
  const walk = { runs: 2, falls: 1, speed: { mean: 0.8 }, peakTilt: [null, 13] };
  assert.equal(evalTask("walk-forward").score!(walk, o), 0.8 - 1);
  // The dives: the share of the standing goalie's goals kept out, less own goals and wild dives.
  const saved = { savedOfBaselineGoals: 0.6, ownGoals: 1, divesAtMisses: 2 };
  assert.ok(Math.abs(evalTask("save").score!(saved, o) - (0.6 - 0.1 - 0.04)) < 1e-12);
  assert.throws(() => evalTask("sprint"), /no evaluation task 'sprint'/);
});
