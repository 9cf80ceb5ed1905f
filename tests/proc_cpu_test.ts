// /proc/<pid>/stat parsing (names with spaces and parentheses, malformed lines) and the CPU time
// of a real process tree: a busy grandchild's time counts toward its grandparent, and a busy
// process outside the tree is found by the connection it owns.

import assert from "assert";
import { connectionOwners, parseProcStat, treeCpu } from "../src/tools/proc_cpu.ts";

Deno.test("proc cpu: pid, ppid and user + system time from a stat line", () => {
  const line = "4242 (deno (agent) 1) S 4200 4242 4200 0 -1 4194560 9 0 0 0 150 25 0 0 20 0 4 0 99";
  assert.deepEqual(parseProcStat(line), { pid: 4242, ppid: 4200, cpuSeconds: 1.75 });
  assert.equal(parseProcStat("4242 (truncated"), null);
  assert.equal(parseProcStat("4242 (x) S 1 2"), null);
  assert.equal(parseProcStat(""), null);
});

Deno.test("proc cpu: a busy grandchild's time counts toward the tree's root", async () => {
  const child = new Deno.Command("setsid", {
    args: ["sh", "-c", "sh -c 'while :; do :; done' & sleep 30"],
    stdout: "null",
    stderr: "null",
  }).spawn();
  try {
    // Only the grandchild burns CPU; on a loaded machine it may take a while to use 0.2 s.
    let cpu = await treeCpu(child.pid);
    for (let waited = 0; waited < 10_000 && !(cpu && cpu.seconds > 0.2); waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
      cpu = await treeCpu(child.pid);
    }
    assert.ok(cpu, "the root is listed");
    assert.ok(cpu.processes >= 3, `${cpu.processes} processes`);
    assert.ok(cpu.seconds > 0.2, `${cpu.seconds} s`);
  } finally {
    Deno.kill(-child.pid, "SIGKILL");
    await child.status;
  }
  assert.equal(await treeCpu(child.pid), null, "gone once it has ended");
});

Deno.test("proc cpu: a process outside the tree is found by its connection and counted", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  // A busy process that holds a connection to us, as a detached agent holds one to the server.
  const agent = new Deno.Command("bash", {
    args: ["-c", `exec 3<>/dev/tcp/127.0.0.1/${port}; while :; do :; done`],
    stdout: "null",
    stderr: "null",
  }).spawn();
  const root = new Deno.Command("sleep", { args: ["30"] }).spawn();
  const conn = await listener.accept();
  try {
    const clientPort = (conn.remoteAddr as Deno.NetAddr).port;
    const owners = await connectionOwners(new Set([clientPort]), port);
    assert.deepEqual([...owners], [agent.pid]);
    assert.equal((await connectionOwners(new Set([clientPort]), port + 1)).size, 0);
    let cpu = await treeCpu(root.pid, owners);
    for (let waited = 0; waited < 10_000 && !(cpu && cpu.seconds > 0.2); waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
      cpu = await treeCpu(root.pid, owners);
    }
    assert.ok(cpu && cpu.processes === 2, JSON.stringify(cpu));
    assert.ok(cpu.seconds > 0.2, `${cpu.seconds} s`);
    // Without the owners only the idle root counts.
    assert.ok((await treeCpu(root.pid))!.seconds < 0.1);
  } finally {
    conn.close();
    listener.close();
    agent.kill("SIGKILL");
    root.kill("SIGKILL");
    await agent.status;
    await root.status;
  }
});
