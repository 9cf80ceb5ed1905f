// The agent's CPU per simulated cycle: counted from the kick-off to the first GameOver by the
// server's clock (the half-time break included), reported once, and read back by the match tool.

import assert from "assert";
import process from "node:process";
import { cpuLine, CpuMeter, cpuReports } from "../src/agent/cpu_meter.ts";
import { PlayMode } from "../src/protocol/playmode.ts";

/** Uses `ms` of this process's CPU time (not wall time: the machine may be busy). */
function burn(ms: number): void {
  const used = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const end = used() + ms;
  let x = 0;
  while (used() < end) x += Math.sqrt(x + 1);
  if (x < 0) throw new Error("unreachable");
}

Deno.test("cpu meter: from the first cycle out of BeforeKickOff to GameOver, once", () => {
  const m = new CpuMeter();
  assert.equal(m.update(0, PlayMode.BeforeKickOff), null);
  assert.equal(m.update(5, PlayMode.BeforeKickOff), null);
  assert.equal(m.update(10, PlayMode.KickOffLeft), null);
  burn(60);
  assert.equal(m.update(11, PlayMode.PlayOn), null);
  // The break between the halves counts.
  assert.equal(m.update(12, PlayMode.BeforeKickOff), null);
  const r = m.update(14, PlayMode.GameOver);
  assert.ok(r);
  assert.equal(r.cycles, 200);
  // 60 ms of CPU over 200 cycles: 0.3 ms a cycle, a little more with the test's own work.
  assert.ok(r.msPerCycle >= 0.3 && r.msPerCycle < 2, `${r.msPerCycle}`);
  assert.equal(m.update(15, PlayMode.GameOver), null);
});

Deno.test("cpu meter: agents sharing a process each report their share of its CPU", () => {
  const alone = new CpuMeter(), shared = new CpuMeter(4);
  for (const m of [alone, shared]) m.update(10, PlayMode.KickOffLeft);
  burn(80);
  const a = alone.update(12, PlayMode.GameOver), s = shared.update(12, PlayMode.GameOver);
  assert.ok(a && s);
  assert.equal(s.cycles, 100);
  // The same process CPU (80 ms and a little more) over 100 cycles, a quarter of it for each.
  assert.ok(a.msPerCycle >= 0.8 && a.msPerCycle < 2, `${a.msPerCycle}`);
  assert.ok(Math.abs(s.msPerCycle - a.msPerCycle / 4) < 0.05, `${s.msPerCycle}`);
});

Deno.test("cpu meter: nothing before a kick-off, nothing for a game of no cycles", () => {
  const m = new CpuMeter();
  assert.equal(m.update(3, PlayMode.GameOver), null);
  assert.equal(m.update(3, PlayMode.PlayOn), null);
  assert.equal(m.update(3, PlayMode.GameOver), null);
});

Deno.test("cpu meter: the logged line reads back from a team log", () => {
  const log = [
    `1| INFO [1] registered as unum 1 on the left side`,
    `1| INFO [1] ${cpuLine({ msPerCycle: 0.4123, cycles: 30050 })}`,
    `2| INFO [2] ${cpuLine({ msPerCycle: 0.39, cycles: 30049 })}`,
  ].join("\n");
  assert.deepEqual(cpuReports(log), [
    { msPerCycle: 0.412, cycles: 30050 },
    { msPerCycle: 0.39, cycles: 30049 },
  ]);
  assert.deepEqual(cpuReports("no such line"), []);
});
