// Agent flags (typed, one-line errors, exit code 2) and param files (file:line errors, overlay).

import assert from "assert";
import { CliError } from "../src/config/cli.ts";
import { parseAgentArgs } from "../src/agent/agent_cli.ts";
import { bundledParamFiles } from "../src/config/paramfiles.ts";
import { loadParams } from "../src/agent/params.ts";
import { ConfigError, loadParamFiles, ParamSet } from "../src/config/params.ts";
import { DEFAULT_TYPES, parseTeamTypes } from "../src/tools/team.ts";

Deno.test("cli: defaults", () => {
  const c = parseAgentArgs([]);
  assert.deepEqual(
    { host: c.host, port: c.port, mport: c.mport, unum: c.unum, type: c.type, level: c.logLevel },
    { host: "127.0.0.1", port: 3100, mport: 3200, unum: 0, type: 0, level: "info" },
  );
  assert.deepEqual(c.paramsFiles, []);
  assert.equal(c.record, null);
  assert.equal(c.core, "wasm");
  assert.equal(c.draw, false);
  assert.equal(c.mhost, "127.0.0.1");
});

Deno.test("cli: every flag, repeatable --paramsfile keeps order", () => {
  const c = parseAgentArgs([
    "--host=10.0.0.2",
    "--port",
    "3101",
    "--mport",
    "3201",
    "--team",
    "Blue-Team_2",
    "--unum",
    "11",
    "--type",
    "4",
    "--paramsfile",
    "a.params",
    "--paramsfile",
    "b.params",
    "--log-level",
    "debug",
    "--record",
    "out.jsonl",
    "--core",
    "ts",
    "--draw",
    "--mhost",
    "10.0.0.9",
  ]);
  assert.equal(c.host, "10.0.0.2");
  assert.equal(c.port, 3101);
  assert.equal(c.mport, 3201);
  assert.equal(c.team, "Blue-Team_2");
  assert.equal(c.unum, 11);
  assert.equal(c.type, 4);
  assert.deepEqual(c.paramsFiles, ["a.params", "b.params"]);
  assert.equal(c.logLevel, "debug");
  assert.equal(c.record, "out.jsonl");
  assert.equal(c.core, "ts");
  assert.equal(c.draw, true);
  assert.equal(c.mhost, "10.0.0.9");
});

Deno.test("cli: bad values name the flag in one line", () => {
  const cases: [string[], RegExp][] = [
    [["--type", "5"], /^--type: '5' is not an integer in 0\.\.4$/],
    [["--type", "x"], /^--type:/],
    [["--unum", "12"], /^--unum:/],
    [["--port", "70000"], /^--port:/],
    [["--mport=-1"], /^--mport:/],
    [["--mport", "-1"], /mport/],
    [["--team", "has space"], /^--team:/],
    [["--log-level", "loud"], /^--log-level: 'loud' is not one of error, warn, info, debug$/],
    [["--core", "gpu"], /^--core: 'gpu' is not one of wasm, ts$/],
    [["--behaviour", "dance"], /^--behaviour: 'dance' is not one of soccer, stand, walk-test$/],
    [["--mode", "x"], /^--mode: 'x' is not one of game, penalty-kicker, penalty-goalie$/],
    [["--bogus"], /bogus/],
    [["stray"], /stray|positional/i],
  ];
  for (const [args, re] of cases) {
    assert.throws(() => parseAgentArgs(args), (e) => {
      assert.ok(e instanceof CliError);
      assert.match(e.message, re);
      assert.ok(!e.message.includes("\n"));
      return true;
    });
  }
});

Deno.test("cli: main.ts exits 2 with one line on a bad flag, 0 on --help", async () => {
  const main = new URL("../main.ts", import.meta.url).pathname;
  const run = async (args: string[]) => {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-net", "--allow-read", "--allow-write", main, ...args],
      stdout: "piped",
      stderr: "piped",
    }).output();
    return {
      code: out.code,
      stdout: new TextDecoder().decode(out.stdout),
      stderr: new TextDecoder().decode(out.stderr),
    };
  };
  const bad = await run(["--type", "9"]);
  assert.equal(bad.code, 2);
  assert.equal(bad.stderr.trim().split("\n").length, 1);
  assert.match(bad.stderr, /--type/);
  const help = await run(["--help"]);
  assert.equal(help.code, 0);
  for (
    const flag of [
      "--host",
      "--port",
      "--mport",
      "--team",
      "--unum",
      "--type",
      "--core",
      "--paramsfile",
      "--log-level",
      "--record",
    ]
  ) {
    assert.ok(help.stdout.includes(flag), flag);
  }
  const missing = await run(["--paramsfile", "/nonexistent.params"]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /\/nonexistent\.params: cannot read param file/);
});

Deno.test("team: robot types by unum, and the mixes the server refuses", () => {
  assert.deepEqual(DEFAULT_TYPES, [0, 0, 1, 1, 1, 1, 3, 3, 4, 4, 4]);
  assert.deepEqual(parseTeamTypes("0,0,1,1,1,1,1,1,4,4,1"), [0, 0, 1, 1, 1, 1, 1, 1, 4, 4, 1]);
  const bad: [string, RegExp][] = [
    ["0,0,1,1,1,1,1,1,4,4", /--types: '.*' has 10 types, not 11$/],
    ["0,0,1,1,1,1,1,1,4,4,5", /--types: '5' is not a robot type 0-4$/],
    ["0,0,1,1,1,1,1,1,1,4,1", /--types: 8 robots of one type; the server allows 7$/],
    ["0,0,1,1,1,1,1,1,0,0,1", /--types: fewer than 3 robot types/],
    ["0,0,1,1,1,1,1,1,0,4,1", /--types: the two most used types have 10 robots/],
  ];
  for (const [text, re] of bad) assert.throws(() => parseTeamTypes(text), re, text);
});

Deno.test("params: parse, comments, and errors with file and line", () => {
  const p = ParamSet.parse("# header\njoint.kp 12   # gain\n\nstand.llj3 -2.5e1\n", "x.params");
  assert.equal(p.get("joint.kp"), 12);
  assert.equal(p.get("stand.llj3"), -25);
  assert.equal(p.origin("stand.llj3"), "x.params:4");
  const bad: [string, RegExp][] = [
    ["a 1\nb\n", /^x\.params:2: expected 'name value', got 'b'$/],
    ["a 1 2", /^x\.params:1: expected 'name value'/],
    ["a One", /^x\.params:1: a: 'One' is not a number$/],
    ["a NaN", /^x\.params:1: a: 'NaN' is not a number$/],
    ["9a 1", /^x\.params:1: '9a' is not a valid name$/],
    ["a 1\na 2", /^x\.params:2: a is already set on line 1$/],
  ];
  for (const [text, re] of bad) {
    assert.throws(
      () => ParamSet.parse(text, "x.params"),
      (e) => e instanceof ConfigError && re.test(e.message),
    );
  }
  assert.throws(() => p.get("nope"), /missing parameter 'nope' \(loaded from x\.params\)/);
});

Deno.test("params: a word value is one of a key's named choices, and no number", () => {
  const p = ParamSet.parse("roles.assign dp\nsoccer.role_hold 2\n", "x.params");
  assert.equal(p.word("roles.assign", ["greedy", "dp"]), "dp");
  assert.throws(
    () => p.word("roles.assign", ["greedy", "optimal"]),
    /^ConfigError: x\.params:1: roles\.assign: 'dp' is not one of greedy, optimal$/,
  );
  assert.throws(
    () => p.get("roles.assign"),
    /^ConfigError: x\.params:1: roles\.assign: 'dp' is not a number$/,
  );
  assert.throws(
    () => p.word("soccer.role_hold", ["greedy"]),
    /x\.params:2: soccer\.role_hold: '2' is not one of greedy/,
  );
});

Deno.test("params: later files override earlier ones", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/a.params`, "x 1\ny 2\n");
  await Deno.writeTextFile(`${dir}/b.params`, "y 3\nz 4\n");
  const p = await loadParamFiles([`${dir}/a.params`, `${dir}/b.params`]);
  assert.deepEqual([p.get("x"), p.get("y"), p.get("z")], [1, 3, 4]);
  assert.equal(p.origin("y"), `${dir}/b.params:1`);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("params: the bundled files load and are complete for the agent", async () => {
  for (const type of [0, 1, 2, 3, 4] as const) {
    const p = await loadParamFiles(bundledParamFiles(type));
    for (const k of ["joint.kp", "joint.kd", "stand.llj3", "stand.rlj7"]) assert.ok(p.has(k), k);
  }
  // Types 1 and 3 stand on a deeper crouch from their own files.
  assert.equal(bundledParamFiles(3).length, 4);
  assert.equal((await loadParamFiles(bundledParamFiles(3))).get("stand.llj4"), -76);
});

Deno.test("params: a user's file sets only known keys, in their declared ranges, plain numbers", async () => {
  const dir = await Deno.makeTempDir();
  const write = async (name: string, text: string) => {
    const f = `${dir}/${name}`;
    await Deno.writeTextFile(f, text);
    return f;
  };
  const fails = async (file: string, pattern: RegExp) => {
    await assert.rejects(loadParams(0, [file]), (e: Error) => {
      assert.ok(e instanceof ConfigError, String(e));
      assert.match(e.message, pattern);
      assert.ok(!e.message.includes("\n"), "one line");
      return true;
    });
  };
  try {
    const ok = await loadParams(0, [await write("ok.params", "joint.kp 18\n")]);
    assert.equal(ok.get("joint.kp"), 18);
    // The sprint gait may set any walk key, and its values have the walk key's range.
    const sprint = await loadParams(0, [await write("sprint.params", "sprint.step_time 0.2\n")]);
    assert.equal(sprint.get("sprint.step_time"), 0.2);
    await fails(
      await write("sprint_typo.params", "sprint.step_tim 0.2\n"),
      /sprint_typo\.params:1: unknown parameter 'sprint\.step_tim' \(did you mean 'sprint\.step_time'\?\)/,
    );
    await fails(
      await write("sprint_range.params", "sprint.step_time 5\n"),
      /sprint_range\.params:1: sprint\.step_time: 5 is outside/,
    );
    await fails(
      await write("typo.params", "# tuned\njoint.kpp 18\n"),
      /typo\.params:2: unknown parameter 'joint\.kpp' \(did you mean 'joint\.kp'\?\)/,
    );
    await fails(
      await write("neg.params", "joint.kp -5\n"),
      /neg\.params:1: joint\.kp: -5 is outside 0\.1…200 gain/,
    );
    await fails(
      await write("hex.params", "joint.kp 0x10\n"),
      /hex\.params:1: joint\.kp: '0x10' is not a number/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
