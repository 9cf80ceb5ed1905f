// Measures which characters a say message carries intact on a real rcssserver3d: two standing
// agents of one team on a server of their own (or one given with --server); one says a probe
// for every candidate character (0x21–0x7E without the parentheses, which the server forbids),
// three times each, and the other compares what it hears, parsed by our own parser, with what
// was said. Prints one JSON line: the delivered alphabet, the characters lost, and the bits 20
// characters of the alphabet hold.
// Usage: deno task say-alphabet [--server auto|HOST:PORT[:MPORT]]

import { parseFlags } from "../config/flags.ts";
import { Agent, type AgentOptions } from "../agent/agent.ts";
import { runAgent } from "../agent/runner.ts";
import { bundledSkillFiles } from "../config/paramfiles.ts";
import { loadParams } from "../agent/params.ts";
import { CliError } from "../config/cli.ts";
import { createCore } from "../core/create_core.ts";
import { SYN } from "../protocol/effectors.ts";
import type { Perception } from "../protocol/perception.ts";
import { loadSkillFiles } from "../skills/skill_compiler.ts";
import { Logger } from "log";
import { launchServer, parseServerSpec, type RunningServer } from "./server_launcher.ts";

const TEAM = "Probe";
/** Probes are said every this many cycles (a player hears one teammate every two). */
const PROBE_EVERY = 4;
const REPEATS = 3;

/** The characters to try, each as one probe text; the letters name the probe. */
function probes(): { ch: string; text: string }[] {
  const out: { ch: string; text: string }[] = [];
  let n = 0;
  for (let c = 0x21; c <= 0x7e; c++) {
    const ch = String.fromCharCode(c);
    if (ch === "(" || ch === ")") continue;
    const id = String.fromCharCode(65 + Math.floor(n / 26)) + String.fromCharCode(97 + n % 26);
    n++;
    out.push({ ch, text: `${ch}x${id}${ch}${ch}y${ch}`.padEnd(19, "z") + ch });
  }
  return out;
}

class Speaker extends Agent {
  queue: string[] = [];
  private cycles = 0;

  override act(): string {
    const reply = super.act();
    // Our own team talk must not compete with the probe: one say per message.
    const quiet = reply.replace(/\(say [^)]*\)/g, "");
    if (this.world.side === null || ++this.cycles % PROBE_EVERY !== 0) return quiet;
    const text = this.queue.shift();
    if (text === undefined) return quiet;
    return quiet.slice(0, quiet.length - SYN.length) + `(say ${text})` + SYN;
  }
}

class Listener extends Agent {
  readonly heard: string[] = [];

  override perceive(p: Perception): void {
    for (const h of p.heard) if (!h.self && h.team === TEAM) this.heard.push(h.message);
    super.perceive(p);
  }
}

async function options(unum: number, log: Logger): Promise<AgentOptions> {
  const params = await loadParams(0, []);
  return {
    team: TEAM,
    unum,
    type: 0,
    params,
    log,
    core: await createCore("wasm", 0),
    skills: await loadSkillFiles(bundledSkillFiles(), params),
    behaviour: "stand",
  };
}

async function waitFor(pred: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`say-alphabet: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function main(): Promise<number> {
  const { values } = parseFlags({
    args: Deno.args,
    options: { server: { type: "string", default: "auto" } },
    strict: true,
  });
  const spec = parseServerSpec(values.server!);
  const log = new Logger("warn", "[say-alphabet]");
  let server: RunningServer | null = null;
  const stop = new AbortController();
  const runs: Promise<number>[] = [];
  try {
    server = "auto" in spec ? await launchServer({ sync: true }) : null;
    const host = server ? server.host : (spec as { host: string }).host;
    const port = server ? server.agentPort : (spec as { port: number }).port;
    const speaker = new Speaker(await options(2, log));
    const listener = new Listener(await options(3, log));
    runs.push(runAgent(speaker, { host, port, signal: stop.signal }));
    await waitFor(() => speaker.world.side !== null, 20000, "the speaker to register");
    runs.push(runAgent(listener, { host, port, signal: stop.signal }));
    await waitFor(() => listener.world.side !== null, 20000, "the listener to register");
    const all = probes();
    for (let r = 0; r < REPEATS; r++) speaker.queue.push(...all.map((p) => p.text));
    await waitFor(() => speaker.queue.length === 0, 120000, "the probes to be said");
    const settle = listener.world.cycle + 10;
    await waitFor(() => listener.world.cycle >= settle, 5000, "the last probe to arrive");
    const heard = new Set(listener.heard);
    const delivered = all.filter((p) => heard.has(p.text)).map((p) => p.ch).join("");
    const lost = all.filter((p) => !heard.has(p.text)).map((p) => p.ch);
    console.log(JSON.stringify({
      candidates: all.length,
      delivered,
      lost,
      heardMessages: listener.heard.length,
      bitsIn20: Math.round(20 * Math.log2(delivered.length) * 100) / 100,
    }));
    return 0;
  } finally {
    stop.abort();
    await Promise.allSettled(runs);
    await server?.stop();
  }
}

if (import.meta.main) {
  try {
    Deno.exit(await main());
  } catch (e) {
    console.error(e instanceof CliError ? e.message : `say-alphabet: ${(e as Error).message}`);
    Deno.exit(e instanceof CliError ? 2 : 1);
  }
}
