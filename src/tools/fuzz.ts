// `deno task fuzz [--messages N] [--seed S] [--rate R]`: an agent-level fuzz. Fresh agents replay
// the real-server recordings (../shared/fixtures, or --recording FILE…) with a fraction R of the
// messages mutated: a number replaced by a wild one, a byte flipped, a message cut short or a
// parenthesis added or dropped. It counts exceptions out of Agent.onMessage, and agents that end
// poisoned: an estimate that is not finite, or off the field, at the end of the recording. Prints
// one JSON line.

import { Agent } from "../agent/agent.ts";
import { bundledSkillFiles } from "../config/paramfiles.ts";
import { loadParams } from "../agent/params.ts";
import { parseFlags } from "../config/flags.ts";
import { intFlag, numberFlag } from "../config/cli.ts";
import { createCore } from "../core/create_core.ts";
import { FIELD_LENGTH, FIELD_WIDTH } from "../field/field.ts";
import { loadSkillFiles } from "../skills/skill_compiler.ts";
import type { SkillLibrary } from "../skills/skill.ts";
import type { ParamSet } from "../config/params.ts";
import { SeededRandom } from "../util/random.ts";
import { Logger } from "log";
import { readRecording } from "./recording.ts";
import { recordedRobotType, recordedTeam } from "./replay.ts";

const NUMBER = /-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/g;
/** An estimate farther than this outside the field lines is poisoned (m). */
const MARGIN = 3;

/** One mutation of a message, chosen by `rng`. */
export function mutate(m: string, rng: SeededRandom): string {
  const kind = Math.floor(rng.uniform() * 4);
  if (kind === 0) {
    const count = m.match(NUMBER)?.length ?? 0;
    if (count === 0) return m;
    const k = Math.floor(rng.uniform() * count);
    const wild = String((rng.uniform() < 0.5 ? -1 : 1) * 10 ** (rng.uniform() * 600 - 300));
    let i = 0;
    return m.replace(NUMBER, (n) => i++ === k ? wild : n);
  }
  const at = Math.floor(rng.uniform() * m.length);
  if (kind === 1) {
    const c = m.charCodeAt(at) ^ (1 << Math.floor(rng.uniform() * 7));
    return m.slice(0, at) + String.fromCharCode(c) + m.slice(at + 1);
  }
  if (kind === 2) return m.slice(0, at);
  return rng.uniform() < 0.5 ? m.slice(0, at) + "(" + m.slice(at) : m.replace(")", "");
}

interface Stream {
  messages: string[];
  type: ReturnType<typeof recordedRobotType>;
  team: string;
}

export interface FuzzResult {
  messages: number;
  mutated: number;
  agents: number;
  exceptions: number;
  poisoned: number;
  firstException: string | null;
}

export async function fuzz(
  streams: readonly Stream[],
  total: number,
  rate: number,
  seed: number,
): Promise<FuzzResult> {
  const rng = new SeededRandom(seed);
  const r: FuzzResult = {
    messages: 0,
    mutated: 0,
    agents: 0,
    exceptions: 0,
    poisoned: 0,
    firstException: null,
  };
  // Params and skills are read once per robot type; every agent gets its own core.
  const setups = new Map<Stream["type"], { params: ParamSet; skills: SkillLibrary }>();
  for (const s of streams) {
    if (setups.has(s.type)) continue;
    const params = await loadParams(s.type, []);
    setups.set(s.type, { params, skills: await loadSkillFiles(bundledSkillFiles(), params) });
  }
  while (r.messages < total) {
    const s = streams[r.agents % streams.length];
    const agent = new Agent({
      team: s.team,
      unum: 0,
      type: s.type,
      ...setups.get(s.type)!,
      log: new Logger("error", "[fuzz]", () => {}),
      core: await createCore("wasm", s.type),
      behaviour: "soccer",
    });
    r.agents++;
    for (const m of s.messages) {
      if (r.messages >= total) break;
      r.messages++;
      const bad = rng.uniform() < rate;
      if (bad) r.mutated++;
      try {
        agent.onMessage(bad ? mutate(m, rng) : m);
      } catch (e) {
        r.exceptions++;
        r.firstException ??= String(e);
      }
    }
    if (poisoned(agent)) r.poisoned++;
  }
  return r;
}

function poisoned(agent: Agent): boolean {
  const { self, ball } = agent.world;
  const off = (p: { x: number; y: number }) =>
    !(Math.abs(p.x) <= FIELD_LENGTH / 2 + MARGIN && Math.abs(p.y) <= FIELD_WIDTH / 2 + MARGIN);
  return (self !== null && (off(self) || !Number.isFinite(self.theta))) ||
    (ball !== null && (off(ball) || !Number.isFinite(ball.vx) || !Number.isFinite(ball.vy)));
}

const FIXTURES = ["agent1", "agent9"].map((n) =>
  decodeURIComponent(
    new URL(`../../../shared/fixtures/rcssserver3d-0.7.3-ut-base-${n}.jsonl.gz`, import.meta.url)
      .pathname,
  )
);

async function main(args: string[]): Promise<number> {
  let total: number, rate: number, seed: number, files: string[];
  try {
    const { values } = parseFlags({
      args,
      options: {
        messages: { type: "string", default: "100000" },
        rate: { type: "string", default: "0.01" },
        seed: { type: "string", default: "1" },
        recording: { type: "string", multiple: true, default: [] },
      },
    });
    total = intFlag("messages", values.messages as string, 1, 1e9);
    rate = numberFlag("rate", values.rate as string, 0, 1);
    seed = intFlag("seed", values.seed as string, 0, 2 ** 31);
    files = (values.recording as string[]).length ? values.recording as string[] : FIXTURES;
  } catch (e) {
    console.error(`error: ${(e as Error).message} (see the header of src/tools/fuzz.ts)`);
    return 2;
  }
  const streams: Stream[] = [];
  for (const f of files) {
    try {
      const lines = await readRecording(f);
      streams.push({
        messages: lines.filter((l) => l.dir === "s2a").map((l) => l.msg),
        type: recordedRobotType(lines),
        team: recordedTeam(lines),
      });
    } catch (e) {
      console.error(`error: ${(e as Error).message.split("\n")[0]}`);
      return 2;
    }
  }
  const t0 = performance.now();
  const r = await fuzz(streams, total, rate, seed);
  console.log(JSON.stringify({ ...r, seconds: Math.round((performance.now() - t0) / 100) / 10 }));
  return r.exceptions || r.poisoned ? 1 : 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
