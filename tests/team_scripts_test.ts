// The team launcher and the competition scripts, end to end against the fake server: eleven
// agents with the league's type mix, in processes of their own or in one, unum-prefixed output,
// and a clean stop; and the offline bundle, unpacked and started with a PATH that has no node, npx
// or deno, and (where the machine allows a network namespace) no network but loopback.

import assert from "assert";
import { FakeServer, type Script } from "../src/testing/fake_server.ts";
import { cycleMessage } from "./helpers.ts";
import { DEFAULT_TYPES } from "../src/tools/team.ts";

const ROOT = decodeURIComponent(new URL("../", import.meta.url).pathname);

/** Registers each agent, then keeps it in BeforeKickOff until the connection ends. */
const endless: Script = function* (s) {
  yield cycleMessage(0, "BeforeKickOff");
  yield cycleMessage(0.02, "BeforeKickOff", `(unum ${s.unum}) (team left) `);
  for (let i = 2; i < 100000; i++) yield cycleMessage(i * 0.02, "BeforeKickOff");
};

async function waitFor(
  what: string,
  cond: () => boolean,
  ms = 60000,
  detail: () => string = () => "",
): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n${detail()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function registered(server: FakeServer): boolean {
  return server.sessions.filter((s) => s.received.length > 3).length === 11;
}

/** `--types` for the in-process team: the default mix but type 1 on 5-8 and 11. */
const OWN_TYPES = [0, 0, 1, 1, 1, 1, 1, 1, 4, 4, 1];

function checkTypes(server: FakeServer, types: readonly number[]): void {
  const byUnum = new Map(server.sessions.map((s) => [s.unum, s.robotType]));
  assert.deepEqual(Array.from({ length: 11 }, (_, i) => byUnum.get(i + 1)), types);
  assert.deepEqual(server.sessions.flatMap((s) => s.violations), []);
}

function alive(pid: number): boolean {
  try {
    Deno.kill(pid, "SIGCONT");
    return true;
  } catch {
    return false;
  }
}

function groupPids(pgid: number): number[] {
  const out: number[] = [];
  for (const e of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    try {
      const stat = Deno.readTextFileSync(`/proc/${e.name}/stat`);
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === pgid && fields[0] !== "Z") out.push(Number(e.name));
    } catch {
      // process went away
    }
  }
  return out;
}

/** Threads of `pid` and the processes they started. */
function childPids(pid: number): number[] {
  const out: number[] = [];
  for (const t of Deno.readDirSync(`/proc/${pid}/task`)) {
    const text = Deno.readTextFileSync(`/proc/${pid}/task/${t.name}/children`).trim();
    if (text) out.push(...text.split(" ").map(Number));
  }
  return out;
}

for (const processes of [false, true]) {
  Deno.test({
    name: `run-team${
      processes ? " --processes" : ""
    }: eleven agents, types by unum, prefixed lines, stop on SIGTERM`,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async () => {
      const server = FakeServer.start({ script: endless, paceMs: 20 });
      const child = new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "-A",
          `${ROOT}src/tools/team.ts`,
          "127.0.0.1",
          String(server.port),
          "--team",
          "TeamT",
          ...(processes ? ["--processes"] : ["--types", OWN_TYPES.join(",")]),
        ],
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      const errText: string[] = [];
      const reading = (async () => {
        for await (const c of child.stderr.pipeThrough(new TextDecoderStream())) errText.push(c);
      })();
      await waitFor(
        "11 registered agents",
        () => registered(server),
        60000,
        () => errText.join(""),
      );
      const types = processes ? DEFAULT_TYPES : OWN_TYPES;
      checkTypes(server, types);
      assert.ok(server.sessions.every((s) => s.team === "TeamT"));
      assert.equal(childPids(child.pid).length, processes ? 11 : 0);
      child.kill("SIGTERM");
      const status = await child.status;
      await reading;
      await child.stdout.cancel();
      assert.equal(status.code, 0);
      await server.finished(11, 10000);
      await server.close();
      const lines = errText.join("").trimEnd().split("\n");
      for (let u = 1; u <= 11; u++) {
        const p = `${String(u).padStart(2)}| `;
        assert.ok(
          lines.some((l) =>
            l.startsWith(p) && l.includes(`registered as unum ${u}`) &&
            l.endsWith(`robot type ${types[u - 1]}`)
          ),
          `unum ${u}`,
        );
      }
      for (const l of lines) assert.match(l, /^( \d|\d\d)\| |^team: stopping 11 agents$/);
    },
  });
}

Deno.test("run-team: a param file it cannot read: one line per agent, exit code 2", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      `${ROOT}src/tools/team.ts`,
      "127.0.0.1",
      "1",
      "--stagger-ms",
      "0",
      "--paramsfile",
      "/nonexistent.params",
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 2);
  const lines = new TextDecoder().decode(out.stderr).trimEnd().split("\n");
  assert.equal(lines.length, 11, lines.join("\n"));
  lines.forEach((l, i) =>
    assert.match(l, new RegExp(`^ ?${i + 1}\\| ERROR .*/nonexistent\\.params: cannot read`))
  );
});

Deno.test({
  name: "run-team: with its output on a full disk the agents still play, and stop on SIGTERM",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const server = FakeServer.start({ script: endless, paceMs: 20 });
    // Every write to /dev/full fails with "No space left on device".
    const team = `"${Deno.execPath()}" run -A "${ROOT}src/tools/team.ts" 127.0.0.1 ${server.port}`;
    const child = new Deno.Command("bash", {
      args: ["-c", `exec ${team} --log-level debug >/dev/full 2>/dev/full`],
    }).spawn();
    await waitFor("11 registered agents", () => registered(server), 60000, () => "");
    // Debug lines fill a pipe that is not read within seconds; the agents keep replying.
    const before = server.sessions.map((s) => s.received.length);
    await new Promise((r) => setTimeout(r, 3000));
    server.sessions.forEach((s, i) => assert.ok(s.received.length > before[i] + 20, `agent ${i}`));
    child.kill("SIGTERM");
    assert.equal((await child.status).code, 0);
    await server.finished(11, 10000);
    await server.close();
  },
});

Deno.test({
  name: "start.sh / kill.sh: start the team in the background and end exactly it",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const server = FakeServer.start({ script: endless, paceMs: 20 });
    const dir = await Deno.makeTempDir();
    // A copy of the scripts' folder layout, so that .run/ of the real checkout is untouched.
    await Deno.symlink(`${ROOT}src`, `${dir}/src`);
    await Deno.symlink(`${ROOT}core-as`, `${dir}/core-as`);
    await Deno.symlink(`${ROOT}skills`, `${dir}/skills`);
    await Deno.symlink(`${ROOT}paramfiles`, `${dir}/paramfiles`);
    await Deno.symlink(`${ROOT}main.ts`, `${dir}/main.ts`);
    await Deno.symlink(`${ROOT}deno.json`, `${dir}/deno.json`);
    await Deno.copyFile(`${ROOT}start.sh`, `${dir}/start.sh`);
    await Deno.copyFile(`${ROOT}kill.sh`, `${dir}/kill.sh`);
    const sh = (script: string, ...args: string[]) =>
      new Deno.Command("bash", {
        args: [`${dir}/${script}`, ...args],
        stdout: "piped",
        stderr: "piped",
      })
        .output();
    const bystander = new Deno.Command("sleep", { args: ["600"] }).spawn();
    const started = await sh("start.sh", "127.0.0.1", String(server.port));
    assert.equal(started.code, 0, new TextDecoder().decode(started.stderr));
    const pgid = Number(await Deno.readTextFile(`${dir}/.run/team.pid`));
    await waitFor(
      "11 registered agents",
      () => registered(server),
      60000,
      () => Deno.readTextFileSync(`${dir}/.run/team.log`),
    );
    checkTypes(server, DEFAULT_TYPES);
    assert.equal(groupPids(pgid).length, 12, "launcher and eleven agents in one group");
    const again = await sh("start.sh", "127.0.0.1", String(server.port));
    assert.equal(again.code, 1, "a second start while running is refused");
    const killed = await sh("kill.sh");
    assert.equal(killed.code, 0);
    await waitFor("the group to end", () => groupPids(pgid).length === 0, 10000);
    assert.ok(alive(bystander.pid), "kill.sh leaves other processes alone");
    bystander.kill("SIGKILL");
    await bystander.status;
    await server.finished(11, 10000);
    await server.close();
    await Deno.remove(dir, { recursive: true });
  },
});

/** Set inside the network namespace the bundle test runs itself in. */
const NO_NETWORK = Deno.env.get("DENONAO_NO_NETWORK") === "1";
const LOOPBACK_UP = "ip link set lo up";

/** Whether this machine lets us make a network namespace with only loopback. */
function canIsolate(): boolean {
  try {
    const args = ["-rn", "sh", "-c", LOOPBACK_UP];
    return new Deno.Command("unshare", { args, stderr: "null" }).outputSync().success;
  } catch {
    return false;
  }
}

Deno.test({
  name: "bundle: unpacked elsewhere, no network, no node, npx or deno on PATH, eleven agents play",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    if (!NO_NETWORK && canIsolate()) {
      // Again, in a network namespace of our own that has only loopback (the fake server's).
      const self = decodeURIComponent(new URL(import.meta.url).pathname);
      const script = `${LOOPBACK_UP} && exec "$0" test -A --filter "bundle:" "$1"`;
      const run = await new Deno.Command("unshare", {
        args: ["-rn", "sh", "-c", script, Deno.execPath(), self],
        env: { DENONAO_NO_NETWORK: "1" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const out = new TextDecoder().decode(run.stdout) + new TextDecoder().decode(run.stderr);
      assert.equal(run.code, 0, out);
      assert.match(out, /1 passed/);
      return;
    }
    if (NO_NETWORK) {
      // The only network interface here is loopback.
      const ifaces = Deno.readTextFileSync("/proc/self/net/dev").split("\n")
        .filter((l) => l.includes(":")).map((l) => l.split(":")[0].trim());
      assert.deepEqual(ifaces, ["lo"]);
    } else {
      console.log("bundle test: no network namespace here (unshare -rn), so the network stays");
    }
    const { makeBundle } = await import("../src/tools/bundle.ts");
    const dir = await Deno.makeTempDir();
    const tarball = await makeBundle(`${dir}/dist`);
    const untar = await new Deno.Command("tar", { args: ["-C", dir, "-xzf", tarball] }).output();
    assert.equal(untar.code, 0);
    const top = `${dir}/${tarball.replace(/^.*\/(denonao-[^/]*)-linux-x64\.tar\.gz$/, "$1")}`;
    // A PATH with only the shell tools the scripts use, and an empty Deno cache.
    const bin = `${dir}/bin`;
    await Deno.mkdir(bin);
    for (
      const tool of [
        "bash",
        "dirname",
        "mkdir",
        "cat",
        "setsid",
        "nohup",
        "sleep",
        "tail",
        "rm",
        "seq",
      ]
    ) {
      for (const where of ["/usr/bin", "/bin"]) {
        try {
          await Deno.symlink(`${where}/${tool}`, `${bin}/${tool}`);
          break;
        } catch {
          // not there, or already linked
        }
      }
    }
    const env = { PATH: bin, HOME: dir, DENO_DIR: `${dir}/deno-cache` };
    const server = FakeServer.start({ script: endless, paceMs: 20 });
    const sh = (script: string, ...args: string[]) =>
      new Deno.Command(`${bin}/bash`, {
        args: [`${top}/${script}`, ...args],
        env,
        clearEnv: true,
        stdout: "piped",
        stderr: "piped",
      }).output();
    const started = await sh("start.sh", "127.0.0.1", String(server.port));
    assert.equal(started.code, 0, new TextDecoder().decode(started.stderr));
    await waitFor(
      "11 registered agents",
      () => registered(server),
      60000,
      () => Deno.readTextFileSync(`${top}/.run/team.log`),
    );
    checkTypes(server, DEFAULT_TYPES);
    assert.equal((await sh("kill.sh")).code, 0);
    await server.finished(11, 10000);
    await server.close();
    await Deno.remove(dir, { recursive: true });
  },
});
