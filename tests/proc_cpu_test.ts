// /proc/<pid>/stat parsing (names with spaces and parentheses, malformed lines) and the CPU time
// of a real process tree: a busy grandchild's time counts toward its grandparent.

import assert from "assert";
import { parseProcStat, treeCpu } from "../src/tools/proc_cpu.ts";

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
