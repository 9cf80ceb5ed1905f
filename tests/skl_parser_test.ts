// The .skl skill language: every bundled skill file parses with the bundled params, the syntax
// tree and expression values, $param substitution, unit conversion, REFLECTSKILL in either
// order, and malformed input reported as one SkillError line at the exact line and column.

import assert from "assert";
import { J } from "../src/body/joints.ts";
import { loadParamFiles, ParamSet } from "../src/config/params.ts";
import { bundledSkillFiles } from "../src/config/paramfiles.ts";
import type { Expr } from "../src/skills/skl_ast.ts";
import { parseSkl } from "../src/skills/skl_parser.ts";
import { evaluate, loadSkillFiles, parseSkills } from "../src/skills/skill_compiler.ts";
import { SkillError } from "../src/skills/skill_error.ts";
import type { Skill, Step } from "../src/skills/skill.ts";
import { Rng } from "./rng.ts";

const ROOT = new URL("../", import.meta.url);
const DEG = Math.PI / 180;

function path(rel: string): string {
  return decodeURIComponent(new URL(rel, ROOT).pathname);
}

const PARAM_FILES = [path("paramfiles/default.params"), path("paramfiles/skills.params")];
const params = await loadParamFiles(PARAM_FILES);

function close(a: number, b: number, eps = 1e-12): boolean {
  return Math.abs(a - b) <= eps;
}

/** A one-skill file whose single state holds `body`. */
function inState(body: string): string {
  return `STARTSKILL T\nSTARTSTATE\n${body}\nENDSTATE\nENDSKILL\n`;
}

function only(text: string, p: ParamSet = params): Skill {
  const lib = parseSkills(text, "t.skl", p);
  assert.equal(lib.size, 1);
  return [...lib.values()][0];
}

function firstValue(text: string, p: ParamSet = params): number {
  const step = only(text, p).keyframes[0].steps[0];
  assert.ok(step.kind === "set");
  return step.pairs[0].value;
}

Deno.test("skl: every file in skills/ parses and compiles with the bundled params", async () => {
  const files = bundledSkillFiles();
  assert.ok(files.length >= 4, `skill files: ${files}`);
  for (const type1 of [false, true]) {
    const p = type1
      ? await loadParamFiles([...PARAM_FILES, path("paramfiles/type1.params")])
      : params;
    const lib = await loadSkillFiles(files, p);
    for (
      const name of [
        "SKILL_STAND",
        "SKILL_KICK_LEFT_LEG",
        "SKILL_KICK_RIGHT_LEG",
        "SKILL_GETUP_FRONT_T0",
        "SKILL_GETUP_BACK_T0",
      ]
    ) {
      const skill = lib.get(name);
      assert.ok(skill, `${name} is defined`);
      assert.ok(skill.keyframes.length > 0);
      for (const k of skill.keyframes) {
        assert.ok(Number.isFinite(k.wait) && k.wait >= 0, `${name} ${k.origin}`);
      }
    }
    const knee = lib.get("SKILL_STAND")!.keyframes[0].steps
      .flatMap((s) => s.kind === "set" ? s.pairs : [])
      .find((p) => p.joint === J.LKnee)!.value;
    assert.ok(close(knee, (type1 ? -64 : -40) * DEG), `stand knee ${knee / DEG}°`);
  }
});

Deno.test("skl: a file's syntax tree keeps names, indices, expressions and positions", () => {
  const ast = parseSkl(
    [
      "# comment line",
      "STARTSKILL S1",
      "STARTSTATE",
      "  settar EFF_LL3 (12 + $a.b) llj4 -2 * 3 end  # trailing comment",
      "  reset HEAD EFF_RA1 end",
      "  setfoot LEG_RIGHT 0.1 -0.05 0 0 -5 +2 end",
      "  wait .1 end",
      "ENDSTATE",
      "ENDSKILL",
      "REFLECTSKILL S1 S2",
    ].join("\n"),
    "a.skl",
  );
  assert.equal(ast.file, "a.skl");
  assert.equal(ast.items.length, 2);
  const [skill, reflect] = ast.items;
  assert.ok(skill.kind === "skill" && reflect.kind === "reflect");
  assert.equal(skill.name, "S1");
  assert.deepEqual(skill.pos, { line: 2, col: 12 });
  const [settar, reset, setfoot, wait] = skill.states[0].commands;
  assert.ok(settar.kind === "settar");
  assert.deepEqual(
    settar.pairs.map((p) => [p.joint.name, p.joint.index, p.joint.pos.line, p.joint.pos.col]),
    [["EFF_LL3", J.LHipPitch, 4, 10], ["llj4", J.LKnee, 4, 30]],
  );
  const v = settar.pairs[0].value;
  assert.ok(v.kind === "binary" && v.op === "+");
  assert.deepEqual(v.right, { kind: "param", name: "a.b", pos: { line: 4, col: 24 } });
  const w = settar.pairs[1].value;
  assert.ok(w.kind === "binary" && w.op === "*" && w.left.kind === "negate");
  assert.ok(reset.kind === "reset");
  assert.deepEqual(reset.parts.map((p) => [p.name, p.joints]), [
    ["HEAD", [J.HeadYaw, J.HeadPitch]],
    ["EFF_RA1", [J.RShoulderPitch]],
  ]);
  assert.ok(setfoot.kind === "setfoot" && setfoot.side === "right");
  assert.equal(setfoot.pose.length, 6, "'0.1 -0.05' are two values in a run of values");
  assert.ok(wait.kind === "wait");
  assert.deepEqual(wait.seconds, { kind: "number", value: 0.1, pos: { line: 7, col: 8 } });
  assert.deepEqual([reflect.first.name, reflect.second.name], ["S1", "S2"]);
});

Deno.test("skl: expressions: precedence, unary signs, parentheses, $params", () => {
  const p = ParamSet.parse("a 3\nb.c -2\nkick.p1 0.5\n", "p.params");
  const cases: [string, number][] = [
    ["1 + 2 * 3", 7],
    ["(1 + 2) * 3", 9],
    ["2 - -3", 5],
    ["-(1 + 2) * 3", -9],
    ["- - 4", 4],
    ["+4 - +1", 3],
    ["8 / 4 / 2", 1],
    ["10 - 4 - 3", 3],
    ["$a * $b.c", -6],
    ["( 12 + $kick.p1 )", 12.5],
    ["-$a", -3],
    ["1e2 + .5 + 2.", 102.5],
    ["((($a)))", 3],
  ];
  for (const [src, want] of cases) {
    const ast = parseSkl(inState(`wait ${src} end`), "e.skl");
    const item = ast.items[0];
    assert.ok(item.kind === "skill");
    const cmd = item.states[0].commands[0];
    assert.ok(cmd.kind === "wait");
    assert.equal(evaluate(cmd.seconds, p, "e.skl"), want, src);
  }
  const expr: Expr = { kind: "param", name: "nope", pos: { line: 7, col: 9 } };
  assert.throws(() => evaluate(expr, p, "e.skl"), (e) => {
    assert.ok(e instanceof SkillError);
    assert.match(e.message, /^e\.skl:7:9: unknown parameter \$nope: missing parameter 'nope'/);
    return true;
  });
});

Deno.test("skl: values compile to SI units: degrees → radians, metres and seconds kept", () => {
  const p = ParamSet.parse("ang 30\nx 0.02\n", "p.params");
  const skill = only(
    inState(
      [
        "settar EFF_LA1 $ang hj2 (-$ang / 2) end",
        "inctar EFF_RL4 -10 end",
        "setscale EFF_LL3 2.5 end",
        "setfoot LEG_LEFT $x -0.05 -0.2 10 -20 30 end",
        "stabilize LEG_RIGHT 0.01 (-$x) end",
        "STARTCURVE LEG_LEFT",
        "controlpoint 0 0 -0.2 0 0 0 end",
        "controlpoint 0.1 0 -0.18 0 90 0 end",
        "ENDCURVE",
        "wait 0.25 end",
      ].join("\n"),
    ),
    p,
  );
  assert.equal(skill.keyframes[0].wait, 0.25);
  const [set, inc, scale, foot, stab, curve] = skill.keyframes[0].steps;
  assert.deepEqual(set, {
    kind: "set",
    pairs: [{ joint: J.LShoulderPitch, value: 30 * DEG }, { joint: J.HeadPitch, value: -15 * DEG }],
  });
  assert.deepEqual(inc, { kind: "inc", pairs: [{ joint: J.RKnee, value: -10 * DEG }] });
  assert.deepEqual(scale, { kind: "scale", pairs: [{ joint: J.LHipPitch, value: 2.5 }] });
  assert.deepEqual(foot, {
    kind: "setfoot",
    side: "left",
    pose: { x: 0.02, y: -0.05, z: -0.2, roll: 10 * DEG, pitch: -20 * DEG, yaw: 30 * DEG },
  });
  assert.deepEqual(stab, { kind: "stabilize", side: "right", x: 0.01, y: -0.02 });
  assert.ok(curve.kind === "curve" && curve.points.length === 2);
  assert.equal(curve.points[1].pitch, 90 * DEG);
  assert.equal(skill.keyframes[0].origin, "t.skl:2");
  assert.equal(skill.origin, "t.skl:1");
});

Deno.test("skl: UT effector names and our perceptor names name the same joints", () => {
  const pairs: [string, string, number][] = [
    ["EFF_H1", "hj1", J.HeadYaw],
    ["EFF_H2", "hj2", J.HeadPitch],
    ["EFF_LA1", "laj1", J.LShoulderPitch],
    ["EFF_LA4", "laj4", J.LArmYaw],
    ["EFF_RA3", "raj3", J.RArmRoll],
    ["EFF_LL1", "llj1", J.LHipYawPitch],
    ["EFF_LL6", "llj6", J.LAnkleRoll],
    ["EFF_LL7", "llj7", J.LToe],
    ["EFF_RL2", "rlj2", J.RHipRoll],
    ["EFF_RL7", "rlj7", J.RToe],
  ];
  for (const [ut, ours, index] of pairs) {
    for (const name of [ut, ours]) {
      const step = only(inState(`inctar ${name} 1 end`)).keyframes[0].steps[0];
      assert.ok(step.kind === "inc");
      assert.equal(step.pairs[0].joint, index, name);
    }
  }
});

Deno.test("skl: $param values come from the ParamSet; later files override", () => {
  const a = ParamSet.parse("k 10\n", "a.params");
  const b = a.overlay(ParamSet.parse("k 20\n", "b.params"));
  const text = inState("settar EFF_LL3 (5 + $k) end");
  assert.ok(close(firstValue(text, a), 15 * DEG));
  assert.ok(close(firstValue(text, b), 25 * DEG));
});

Deno.test("skl: REFLECTSKILL mirrors whichever of its two names is defined", () => {
  const body = "STARTSKILL L\nSTARTSTATE\nsettar EFF_LL2 10 EFF_LL3 20 end\nENDSTATE\nENDSKILL\n";
  for (const line of ["REFLECTSKILL L R", "REFLECTSKILL R L"]) {
    const lib = parseSkills(body + line + "\n", "r.skl", params);
    const r = lib.get("R");
    assert.ok(r, line);
    assert.equal(r.origin, "r.skl:6");
    assert.deepEqual(
      r.keyframes[0].steps,
      [{
        kind: "set",
        pairs: [{ joint: J.RHipRoll, value: -10 * DEG }, { joint: J.RHipPitch, value: 20 * DEG }],
      }] satisfies Step[],
    );
  }
});

Deno.test("skl: a later file may mirror an earlier file's skill", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/a.skl`, inState("settar EFF_RA2 -30 end"));
    await Deno.writeTextFile(`${dir}/b.skl`, "REFLECTSKILL T T_MIRROR\n");
    const lib = await loadSkillFiles([`${dir}/a.skl`, `${dir}/b.skl`], params);
    assert.deepEqual(lib.get("T_MIRROR")!.keyframes[0].steps, [
      { kind: "set", pairs: [{ joint: J.LShoulderYaw, value: 30 * DEG }] },
    ]);
    await assert.rejects(
      () => loadSkillFiles([`${dir}/a.skl`, `${dir}/a.skl`], params),
      (e) => {
        assert.ok(e instanceof SkillError);
        assert.equal(
          e.message,
          `${dir}/a.skl:1:12: skill 'T' is already defined at ${dir}/a.skl:1`,
        );
        return true;
      },
    );
    await assert.rejects(() => loadSkillFiles([`${dir}/none.skl`], params), (e) => {
      assert.ok(e instanceof SkillError);
      assert.match(e.message, new RegExp(`^${dir}/none\\.skl: cannot read skill file: `));
      return true;
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** [source, line, col, message pattern]: the error must be at exactly that place. */
const MALFORMED: [string, number, number, RegExp][] = [
  [inState("  settarr EFF_LL1 0 end"), 3, 3, /^unknown command 'settarr'$/],
  [inState("settar EFF_LL9 0 end"), 3, 8, /^unknown joint 'EFF_LL9'$/],
  [inState("settar LKnee 0 end"), 3, 8, /^unknown joint 'LKnee'$/],
  [
    inState("settar EFF_LL1 0\nwait 0.1 end"),
    4,
    1,
    /^missing 'end' for settar \(line 3\), found 'wait'$/,
  ],
  [inState("inctar EFF_LL1 0 ENDSTATE"), 3, 18, /^missing 'end' for inctar \(line 3\)/],
  [inState("wait 0.1 ENDSTATE"), 3, 10, /^missing 'end' for wait \(line 3\), found 'ENDSTATE'$/],
  ["STARTSKILL T\nSTARTSTATE\nsettar EFF_LL1 0", 3, 17, /^missing 'end' .*found end of file$/],
  [inState("settar EFF_LL1 (1 + 2 end"), 3, 23, /^missing '\)' for '\(' at 3:16, found 'end'$/],
  [inState("settar EFF_LL1 ((1) end"), 3, 21, /^missing '\)' for '\(' at 3:16/],
  [inState("settar EFF_LL1 1 + 2) end"), 3, 21, /^unbalanced '\)'$/],
  [inState("wait ) end"), 3, 6, /^unbalanced '\)'$/],
  [inState("settar EFF_LL1 end"), 3, 16, /^expected a value, found 'end'$/],
  [inState("settar EFF_LL1 1 +"), 4, 1, /^expected a value, found 'ENDSTATE'$/],
  [inState("settar end"), 3, 1, /^settar needs at least one joint and value$/],
  [inState("settar EFF_LL1 1 5 end"), 3, 18, /^expected a joint name or 'end', found number '5'$/],
  [inState("settar EFF_LL1 $nope end"), 3, 16, /^unknown parameter \$nope: missing parameter/],
  [inState("wait (1 + $kick.p99) end"), 3, 11, /^unknown parameter \$kick\.p99/],
  [inState("settar EFF_LL1 $ end"), 3, 16, /^expected a parameter name after '\$'$/],
  [inState("settar EFF_LL1 1 @ end"), 3, 18, /^unexpected character '@'$/],
  [inState("settar EFF_LL1 12abc end"), 3, 16, /^malformed number '12a'$/],
  [inState("wait 1.2.3 end"), 3, 6, /^malformed number '1\.2\.'$/],
  [inState("wait 1 / (2 - 2) end"), 3, 8, /^division by zero$/],
  [inState("wait -0.1 end"), 3, 6, /^wait time -0\.1 is negative$/],
  [inState("setscale EFF_LL3 (1 - 1) end"), 3, 19, /^scale 0 is not positive$/],
  [inState("wait 1 end\nwait 2 end"), 4, 1, /^second 'wait' in one state \(first at line 3\)$/],
  [inState("reset LEG_MIDDLE end"), 3, 7, /^unknown body part or joint 'LEG_MIDDLE'$/],
  [inState("reset end"), 3, 1, /^reset needs at least one body part or joint$/],
  [inState("setfoot LEG_UP 0 0 0 0 0 0 end"), 3, 9, /^setfoot expects LEG_LEFT or LEG_RIGHT/],
  [inState("setfoot LEG_LEFT 1 2 3 4 5 end"), 3, 28, /^expected a value, found 'end'$/],
  [inState("setfoot LEG_LEFT 1 2 3 4 5 6 7 end"), 3, 30, /^missing 'end' for setfoot.*'7'$/],
  [inState("setfoot LEG_LEFT 1 * 2 3 4 5 6 end"), 3, 20, /^expected a value, found '\*'$/],
  [inState("stabilize LEG_LEFT 0.01 end"), 3, 25, /^expected a value, found 'end'$/],
  [
    inState("STARTCURVE LEG_LEFT\ncontrolpoint 0 0 0 0 0 0 end\nENDCURVE"),
    3,
    1,
    /^a curve needs at least 2/,
  ],
  [
    inState("STARTCURVE LEG_LEFT\ncontrolpoint 0 0 0 0 0 0 end"),
    5,
    1,
    /^missing ENDCURVE \(STARTCURVE at line 3\), found 'ENDSTATE'$/,
  ],
  [inState("controlpoint 0 0 0 0 0 0 end"), 3, 1, /^controlpoint outside STARTCURVE … ENDCURVE$/],
  [inState("ENDCURVE"), 3, 1, /^ENDCURVE without STARTCURVE$/],
  [inState("end"), 3, 1, /^'end' without a command to close$/],
  [inState("42"), 3, 1, /^expected a command, found number '42'$/],
  ["ENDSKILL\n", 1, 1, /^ENDSKILL without STARTSKILL$/],
  ["\n\n   ENDSTATE", 3, 4, /^ENDSTATE without STARTSTATE$/],
  ["STARTSTATE\n", 1, 1, /^STARTSTATE outside a skill \(missing STARTSKILL\)$/],
  ["settar EFF_LL1 0 end\n", 1, 1, /^'settar' outside a skill$/],
  ["skill\n", 1, 1, /^expected STARTSKILL or REFLECTSKILL, found 'skill'$/],
  ["STARTSKILL\n", 2, 1, /^expected a skill name after STARTSKILL, found end of file$/],
  ["STARTSKILL end\n", 1, 12, /^expected a skill name after STARTSKILL, found 'end'$/],
  [
    "STARTSKILL T\nSTARTSTATE\nwait 1 end\nENDSTATE\n",
    5,
    1,
    /^missing ENDSKILL for skill 'T' \(STARTSKILL at line 1\)$/,
  ],
  [
    "STARTSKILL T\nSTARTSTATE\nwait 1 end\nENDSTATE\nSTARTSKILL U",
    5,
    1,
    /^missing ENDSKILL .*found 'STARTSKILL'$/,
  ],
  [
    "STARTSKILL T\nSTARTSTATE\nwait 1 end\nENDSKILL\n",
    4,
    1,
    /^missing ENDSTATE \(STARTSTATE at line 2\), found 'ENDSKILL'$/,
  ],
  [
    "STARTSKILL T\nSTARTSTATE\nwait 1 end\nSTARTSTATE\n",
    4,
    1,
    /^missing ENDSTATE \(STARTSTATE at line 2\)/,
  ],
  ["STARTSKILL T\nSTARTSTATE\nwait 1 end", 3, 11, /^missing ENDSTATE .*found end of file$/],
  ["STARTSKILL T\nwait 1 end\n", 2, 1, /^'wait' outside a state \(missing STARTSTATE\)$/],
  ["STARTSKILL T\nENDSKILL\n", 2, 1, /^skill 'T' has no states$/],
  ["STARTSKILL T\nSTARTSTATE\nENDSTATE\nENDSKILL\n", 3, 1, /^empty state \(no commands\)$/],
  [
    inState("wait 1 end") + inState("wait 2 end"),
    6,
    12,
    /^skill 'T' is already defined at t\.skl:1$/,
  ],
  [
    inState("wait 1 end") + "REFLECTSKILL A B\n",
    6,
    14,
    /^REFLECTSKILL: neither 'A' nor 'B' is defined above$/,
  ],
  [inState("wait 1 end") + "REFLECTSKILL T T\n", 6, 16, /^REFLECTSKILL names 'T' twice$/],
  [
    inState("wait 1 end") + "REFLECTSKILL T U\nREFLECTSKILL U T\n",
    7,
    16,
    /^REFLECTSKILL: both 'U' and 'T' are already defined$/,
  ],
  ["REFLECTSKILL A\n", 2, 1, /^expected a skill name after REFLECTSKILL, found end of file$/],
  ["STARTSKILL T\r\nSTARTSTATE\r\n\tsettar\tEFF_XX 1 end\r\n", 3, 9, /^unknown joint 'EFF_XX'$/],
];

Deno.test("skl: malformed input: one SkillError line at the exact line and column", () => {
  for (const [text, line, col, what] of MALFORMED) {
    assert.throws(() => parseSkills(text, "t.skl", params), (e) => {
      assert.ok(e instanceof SkillError, `${JSON.stringify(text)}: ${e}`);
      const m = /^t\.skl:(\d+):(\d+): (.*)$/.exec(e.message);
      assert.ok(m, `one line 'file:line:col: …': ${JSON.stringify(e.message)}`);
      assert.deepEqual(
        [Number(m[1]), Number(m[2])],
        [line, col],
        `${JSON.stringify(text)}: ${m[3]}`,
      );
      assert.deepEqual([e.pos?.line, e.pos?.col, e.file], [line, col, "t.skl"]);
      assert.match(m[3], what, JSON.stringify(text));
      return true;
    });
  }
});

Deno.test("skl: damaged skill files throw SkillError and nothing else", () => {
  const rng = new Rng(20240611);
  const sources = bundledSkillFiles().map((f) => Deno.readTextFileSync(f));
  const junk = [
    " ",
    "\n",
    "(",
    ")",
    "-",
    "*",
    "/",
    "$",
    "$x",
    "end",
    "#",
    "1",
    ".",
    "e",
    "@",
    "ENDSTATE",
  ];
  let failures = 0;
  for (let n = 0; n < 1500; n++) {
    let text = rng.pick(sources);
    for (let edits = rng.int(1, 4); edits > 0; edits--) {
      const at = rng.int(0, text.length);
      const len = rng.int(0, 12);
      const insert = rng.next() < 0.5 ? rng.pick(junk) : "";
      text = text.slice(0, at) + insert + text.slice(at + len);
    }
    try {
      parseSkills(text, "fuzz.skl", params);
    } catch (e) {
      assert.ok(e instanceof SkillError, `${e}`);
      assert.ok(!e.message.includes("\n"), e.message);
      assert.match(e.message, /^fuzz\.skl:\d+:\d+: /);
      failures++;
    }
  }
  assert.ok(failures > 500, `most damaged files are rejected (${failures})`);
});

Deno.test("skl: a deeply nested expression is one SkillError at its line, not a stack overflow", () => {
  for (const deep of ["(".repeat(100000) + "1" + ")".repeat(100000), "-".repeat(100000) + "1"]) {
    const text = `STARTSKILL T\nSTARTSTATE\nsettar EFF_LL2 ${deep} end\nENDSTATE\nENDSKILL\n`;
    assert.throws(() => parseSkl(text, "deep.skl"), (e: Error) => {
      assert.ok(e instanceof SkillError, String(e));
      assert.match(e.message, /^deep\.skl:3:\d+: expression nested deeper than 64 levels/);
      return true;
    });
  }
  // 64 levels still parse.
  parseSkl(
    `STARTSKILL T\nSTARTSTATE\nsettar EFF_LL2 ${"(".repeat(63)}1${
      ")".repeat(63)
    } end\nENDSTATE\nENDSKILL\n`,
    "ok.skl",
  );
});
