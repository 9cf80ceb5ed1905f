// The server launcher: script rewriting on real excerpts of the installed 0.7.3 scripts, the
// --server spec, start-up failures with a stand-in binary, and one run of the real rcssserver3d
// (ignored when it is not on PATH).

import assert from "assert";
import { join } from "node:path";
import { connectTcp, FramedConnection } from "../src/net/connection.ts";
import {
  findServerInstall,
  launchServer,
  parseServerSpec,
  ServerLaunchError,
} from "../src/tools/server_launcher.ts";
import {
  rewriteRcssserver3d,
  rewriteSoccerVars,
  rewriteSpark,
  ScriptRewriteError,
  setGlobal,
  setSoccerVar,
  soccerVarsFor,
} from "../src/tools/server_scripts.ts";
import { CliError } from "../src/config/cli.ts";

// Lines 52-85 of /usr/local/share/simspark/spark.rb.
const SPARK = [
  "# (AgentControl) constants",
  "#",
  "$agentStep = 0.02",
  "$agentType = 'tcp'",
  "$agentPort = 3100",
  "$agentSyncMode = false",
  "$threadedAgentControl = true",
  "",
  "# (MonitorControl) constants",
  "#",
  "",
  "# define the monitor update interval in cycles",
  "$renderStep = 0.04",
  "$monitorLoggerStep = 0.2;",
  "$monitorStep = 0.04",
  "$serverType = 'tcp'",
  "$serverPort = 3200",
  "",
  "# (SparkMonitorClient) constants",
  "#",
  "$monitorServer = '127.0.0.1'",
  "$monitorPort = 3200",
  "# socket type ('tcp' or 'udp')",
  "$monitorType = 'tcp'",
  "",
  "# (Global Physics / World) constants",
  "#",
  "$physicsGlobalCFM = 0.00001",
  "$physicsGlobalGravity = -9.81",
  "",
  "# (Simulation) constants",
  "#",
  "$monitorMultiThreadedMode = false",
  "$serverMultiThreadedMode = true",
].join("\n");

// Lines 1-12 of /usr/local/share/rcssserver3d/rcssserver3d.rb.
const RCSS = [
  "#",
  "# rcssserver3d.rb",
  "#",
  "",
  "# toggle log file recording",
  "$recordLogfile = false",
  "",
  "# toggle the internal monitor",
  "$enableInternalMonitor = false",
  "",
  "# toggle the real time mode",
  "$enableRealTimeMode = true",
].join("\n");

// Lines 50-55, 83-88 and 123-139 of /usr/local/share/rcssserver3d/naosoccersim.rb (with their
// trailing blanks).
const NAO = [
  "addSoccerVar('KickRepelDist', 0.5)",
  "addSoccerVar('GoalKickDist', 1.0)",
  "addSoccerVar('BorderSize', 0.0) # prevent complaining about missing variable",
  "",
  "# soccer game settings",
  "addSoccerVar('AutomaticKickOff', false)",
  "# soccer rule parameters",
  "addSoccerVar('RuleGoalPauseTime', 3.0)",
  "addSoccerVar('RuleKickInPauseTime', 1.0)",
  "addSoccerVar('RuleHalfTime', 5.0 * 60)",
  "addSoccerVar('RuleDropBallTime', 15)   ",
  "addSoccerVar('SingleHalfTime', false)",
  "#addSoccerVar('MinOppDistance',0.8)       ",
  "#addSoccerVar('Min2PlDistance',0.4)       ",
  "#addSoccerVar('Min3PlDistance',1.0)",
  "# Turning off crowding for 2017 competition  ",
  "addSoccerVar('MinOppDistance',0.0)       ",
  "addSoccerVar('Min2PlDistance',0.0)       ",
  "addSoccerVar('Min3PlDistance',0.0)",
  "",
  "addSoccerVar('FoulHoldTime', 0.5)",
  "",
  "# 2014 server changes     ",
  "addSoccerVar('ReportScore', true)",
  "addSoccerVar('LabelMessages', true)",
  "",
  "# Noise added to requested beam positions",
  "addSoccerVar('BeamNoiseXY',0.05)",
  "addSoccerVar('BeamNoiseAngle',10.0)",
].join("\n");

const SPARK_FILE = "/usr/local/share/simspark/spark.rb";

/** The lines of `after` that differ from `before` (same line count required). */
function changed(before: string, after: string): string[] {
  const a = before.split("\n");
  const b = after.split("\n");
  assert.equal(b.length, a.length);
  return b.filter((line, i) => line !== a[i]);
}

Deno.test("spark.rb: ports, sync mode and single-threaded settings", () => {
  const sync = rewriteSpark(SPARK, SPARK_FILE, {
    agentPort: 41001,
    monitorPort: 41002,
    sync: true,
  });
  assert.deepEqual(changed(SPARK, sync), [
    "$agentPort = 41001",
    "$agentSyncMode = true",
    "$threadedAgentControl = false",
    "$serverPort = 41002",
    "$monitorPort = 41002",
    "$serverMultiThreadedMode = false",
  ]);
  const rt = rewriteSpark(SPARK, SPARK_FILE, { agentPort: 3100, monitorPort: 3200, sync: false });
  assert.deepEqual(changed(SPARK, rt), [
    "$threadedAgentControl = false",
    "$serverMultiThreadedMode = false",
  ]);
});

Deno.test("rcssserver3d.rb: real-time mode off for sync, on otherwise", () => {
  const file = "/usr/local/share/rcssserver3d/rcssserver3d.rb";
  assert.deepEqual(changed(RCSS, rewriteRcssserver3d(RCSS, file, true)), [
    "$enableRealTimeMode = false",
  ]);
  assert.equal(rewriteRcssserver3d(RCSS, file, false), RCSS);
});

Deno.test("setGlobal keeps a trailing ';' or comment and skips comparisons and comments", () => {
  assert.equal(
    setGlobal(SPARK, "f", "monitorLoggerStep", 0.5).includes("\n$monitorLoggerStep = 0.5;\n"),
    true,
  );
  const text = "  $x = 1 # one\nif ($x == 1)\n#$x = 3\n";
  assert.equal(setGlobal(text, "f", "x", 2), "  $x = 2 # one\nif ($x == 1)\n#$x = 3\n");
  assert.equal(setGlobal("$x = 1\r\n", "f", "x", 4), "$x = 4\r\n");
});

Deno.test("naosoccersim.rb: half time, beam noise and others; comments untouched", () => {
  const file = "/usr/local/share/rcssserver3d/naosoccersim.rb";
  const vars = soccerVarsFor(77, {
    BeamNoiseXY: 0,
    BeamNoiseAngle: 0,
    AutomaticKickOff: true,
    RuleDropBallTime: 10,
    MinOppDistance: 0.8,
    BorderSize: 0.5,
  });
  assert.deepEqual(changed(NAO, rewriteSoccerVars(NAO, file, vars)), [
    "addSoccerVar('BorderSize', 0.5) # prevent complaining about missing variable",
    "addSoccerVar('AutomaticKickOff', true)",
    "addSoccerVar('RuleHalfTime', 77.0)",
    "addSoccerVar('RuleDropBallTime', 10)   ",
    "addSoccerVar('MinOppDistance',0.8)       ",
    "addSoccerVar('BeamNoiseXY',0.0)",
    "addSoccerVar('BeamNoiseAngle',0.0)",
  ]);
  assert.equal(setSoccerVar(NAO, file, "RuleHalfTime", 150.5).includes("Time', 150.5)\n"), true);
  assert.throws(() => soccerVarsFor(0), RangeError);
  assert.throws(() => soccerVarsFor(60, { RuleHalfTime: 60 }), /give one of them/);
  assert.deepEqual(soccerVarsFor(undefined, { BeamNoiseXY: 0 }), { BeamNoiseXY: 0 });
});

Deno.test("a missing variable is a one-line error naming the file and the variable", () => {
  const noSync = SPARK.replace("$serverMultiThreadedMode = true", "");
  assert.throws(
    () => rewriteSpark(noSync, SPARK_FILE, { agentPort: 1, monitorPort: 2, sync: true }),
    (e: Error) =>
      e instanceof ScriptRewriteError &&
      e.message === `${SPARK_FILE}: variable $serverMultiThreadedMode not found`,
  );
  assert.throws(
    () => rewriteRcssserver3d("# $enableRealTimeMode = true\n", "rcssserver3d.rb", true),
    { message: "rcssserver3d.rb: variable $enableRealTimeMode not found" },
  );
  assert.throws(
    () => rewriteSoccerVars(NAO, "naosoccersim.rb", { Min2PlDistanc: 1 }),
    { message: "naosoccersim.rb: soccer var 'Min2PlDistanc' not found" },
  );
  assert.throws(
    () => setSoccerVar("#addSoccerVar('X', 1)\n", "naosoccersim.rb", "X", 2),
    { message: "naosoccersim.rb: soccer var 'X' not found" },
  );
  assert.throws(() => setSoccerVar(NAO, "n.rb", "UseOffside", 1), ScriptRewriteError);
  assert.throws(() => setSoccerVar(NAO, "n.rb", "AutomaticKickOff", 1), /is a boolean, got 1/);
  assert.throws(() => setSoccerVar(NAO, "n.rb", "FoulHoldTime", true), /not a boolean/);
  assert.throws(() => setSoccerVar(NAO, "n.rb", "FoulHoldTime", NaN), ScriptRewriteError);
  assert.throws(() => setGlobal(SPARK, "s.rb", "a.b", 1), /'a.b' is not a variable name/);
});

Deno.test("parseServerSpec: auto, HOST:PORT[:MPORT] and one-line errors", () => {
  assert.deepEqual(parseServerSpec("auto"), { auto: true });
  assert.deepEqual(parseServerSpec("127.0.0.1:3100"), {
    host: "127.0.0.1",
    port: 3100,
    monitorPort: 3200,
  });
  assert.deepEqual(parseServerSpec("sim.local:3101:3201"), {
    host: "sim.local",
    port: 3101,
    monitorPort: 3201,
  });
  assert.deepEqual(parseServerSpec("[::1]:3100"), { host: "::1", port: 3100, monitorPort: 3200 });
  for (const bad of ["", "auto ", "host", ":3100", "h:1:2:3", "::1:3100", "a b:1"]) {
    assert.throws(() => parseServerSpec(bad), (e: Error) => {
      assert.ok(e instanceof CliError);
      assert.equal(e.message, `--server: '${bad}' is not auto, HOST:PORT or HOST:PORT:MPORT`);
      return true;
    });
  }
  for (const [bad, port] of [["h:", ""], ["h:0", "0"], ["h:65536", "65536"], ["h:31x", "31x"]]) {
    assert.throws(() => parseServerSpec(bad), {
      message: `--server: '${port}' in '${bad}' is not a port 1-65535`,
    });
  }
  assert.throws(() => parseServerSpec("h:3100:-1"), /'-1' in 'h:3100:-1' is not a port/);
});

/** A stand-in install: <prefix>/bin/rcssserver3d runs `body`, with the excerpts as scripts. */
async function fakeInstall(body: string): Promise<{ prefix: string; binary: string }> {
  const prefix = await Deno.makeTempDir({ prefix: "fake-rcss-" });
  await Deno.mkdir(join(prefix, "bin"));
  await Deno.mkdir(join(prefix, "share", "simspark"), { recursive: true });
  await Deno.mkdir(join(prefix, "share", "rcssserver3d"), { recursive: true });
  await Deno.writeTextFile(join(prefix, "share", "simspark", "spark.rb"), SPARK);
  await Deno.writeTextFile(join(prefix, "share", "rcssserver3d", "rcssserver3d.rb"), RCSS);
  const binary = join(prefix, "bin", "rcssserver3d");
  await Deno.writeTextFile(binary, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return { prefix, binary };
}

Deno.test("launchServer: a binary that is not there", async () => {
  await assert.rejects(
    () => launchServer({ binary: "/nonexistent/rcssserver3d" }),
    (e: Error) => e instanceof ServerLaunchError && /not found or not executable/.test(e.message),
  );
});

Deno.test("launchServer: early exit and start timeout keep only the log", async () => {
  const early = await fakeInstall(`echo "fake: cannot start"; echo "HOME=$HOME"; exit 3`);
  const install = await findServerInstall(early.binary);
  assert.equal(install.sparkRb, join(early.prefix, "share", "simspark", "spark.rb"));
  let msg = "";
  await assert.rejects(() => launchServer({ binary: early.binary }), (e: Error) => {
    msg = e.message;
    return e instanceof ServerLaunchError;
  });
  assert.match(msg, /^rcssserver3d exited with code 3; log (\S+server\.log): fake: cannot start/);
  assert.ok(!msg.includes("\n"));
  const logPath = /log (\S+server\.log)/.exec(msg)![1];
  const root = join(logPath, "..");
  const log = await Deno.readTextFile(logPath);
  assert.ok(log.includes(`HOME=${join(root, "home")}`));
  assert.deepEqual([...Deno.readDirSync(root)].map((e) => e.name), ["server.log"]);
  await Deno.remove(root, { recursive: true });
  await Deno.remove(early.prefix, { recursive: true });

  const slow = await fakeInstall("exec sleep 30");
  const t0 = Date.now();
  await assert.rejects(
    () => launchServer({ binary: slow.binary, startTimeoutMs: 300 }),
    (e: Error) => {
      assert.match(e.message, /^rcssserver3d port \d+ and \d+ not listening after 300 ms; log /);
      Deno.removeSync(join(/log (\S+server\.log)/.exec(e.message)![1], ".."), { recursive: true });
      return true;
    },
  );
  assert.ok(Date.now() - t0 < 3000, "the sleeping stand-in ends on SIGINT");
  await Deno.remove(slow.prefix, { recursive: true });
});

async function onPath(name: string): Promise<boolean> {
  try {
    await findServerInstall(name);
    return true;
  } catch {
    return false;
  }
}

async function refused(port: number): Promise<boolean> {
  try {
    (await Deno.connect({ hostname: "127.0.0.1", port })).close();
    return false;
  } catch {
    return true;
  }
}

Deno.test({
  name: "launchServer: a real rcssserver3d in sync mode answers an agent, then stops",
  ignore: !(await onPath("rcssserver3d")),
  async fn() {
    const server = await launchServer({ halfTime: 77, soccerVars: { BeamNoiseXY: 0 } });
    const dec = new TextDecoder();
    try {
      assert.notEqual(server.agentPort, 3100);
      const spark = await Deno.readTextFile(join(server.home, ".simspark", "spark.rb"));
      assert.ok(spark.includes(`\n$agentPort = ${server.agentPort}\n`));

      // The monitor's first message carries the soccer vars the server read from our override.
      const mon = new FramedConnection(await connectTcp(server.host, server.monitorPort));
      const header = await mon.frames().next();
      mon.close();
      assert.ok(dec.decode(header.value!).includes("(RuleHalfTime 77)"));

      const link = new FramedConnection(await connectTcp(server.host, server.agentPort));
      await link.send("(scene rsg/agent/nao/nao_hetero.rsg 0)");
      const first = await link.frames().next();
      link.close();
      assert.ok(!first.done);
      assert.ok(dec.decode(first.value).includes("(time"));
    } finally {
      await server.stop();
    }
    await server.stop();
    await assert.rejects(() => Deno.stat(`/proc/${server.pid}`), Deno.errors.NotFound);
    assert.ok(await refused(server.agentPort));
    assert.ok(await refused(server.monitorPort));
    await assert.rejects(() => Deno.stat(server.home), Deno.errors.NotFound);
  },
});
