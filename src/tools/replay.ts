// `deno task replay FILE.jsonl[.gz] [--json] [--core wasm|ts]`: feeds every server → agent
// message of a recording through the parser and the agent's perception update, with no network. With --json it prints
// one JSON object per server message and a final {"summary": …} line; without, the summary only.
// The per-message fields are a stable format that estimation work measures itself with.

import { parseArgs } from "cli-args";
import { Agent } from "../agent/agent.ts";
import { isRobotType, JOINTS, type RobotType } from "../body/joints.ts";
import { DEFAULT_TEAM } from "../config/cli.ts";
import { loadAgentParams } from "../config/paramfiles.ts";
import { CORE_KINDS, type CoreKind, createCore } from "../core/numeric_core.ts";
import { PerceptionParser } from "../protocol/parser.ts";
import type { Perception } from "../protocol/perception.ts";
import { Logger } from "log";
import { readRecording, type RecordLine } from "./recording.ts";

export interface ReplayFrame {
  now: number | null;
  gameTime: number | null;
  playMode: string | null;
  joints: Record<string, number>;
  gyro: { x: number; y: number; z: number } | null;
  acc: { x: number; y: number; z: number } | null;
  seen: { flags: number; posts: number; lines: number; players: number; ball: boolean };
  groundTruth: Perception["groundTruth"];
  self: { x: number; y: number; theta: number } | null;
  ball: { x: number; y: number; vx: number; vy: number } | null;
  error?: string;
}

export interface ReplaySummary {
  messages: number;
  parseErrors: number;
  unknownExpressions: number;
  parseMicros: { p50: number; p99: number };
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** The robot type the recorded agent asked for in its scene message (0 when absent). */
export function recordedRobotType(lines: readonly RecordLine[]): RobotType {
  for (const l of lines) {
    const m = l.dir === "a2s" ? /\(scene \S+ (\d)\)/.exec(l.msg) : null;
    if (m) {
      const t = Number(m[1]);
      return isRobotType(t) ? t : 0;
    }
  }
  return 0;
}

/** Replays recorded server messages; calls onFrame for each. Returns the summary. */
export async function replay(
  lines: readonly RecordLine[],
  onFrame: (f: ReplayFrame) => void,
  coreKind: CoreKind = "wasm",
): Promise<ReplaySummary> {
  const type = recordedRobotType(lines);
  const agent = new Agent({
    team: DEFAULT_TEAM,
    unum: 0,
    type,
    params: await loadAgentParams(type, []),
    log: new Logger("warn", "[replay]"),
    core: await createCore(coreKind, type),
  });
  const parser = new PerceptionParser();
  const micros: number[] = [];
  let messages = 0;
  let parseErrors = 0;
  let unknown = 0;
  for (const line of lines) {
    if (line.dir !== "s2a") continue;
    messages++;
    const t0 = performance.now();
    const r = parser.parse(line.msg);
    micros.push((performance.now() - t0) * 1000);
    if (!r.ok) {
      parseErrors++;
      onFrame({
        now: null,
        gameTime: null,
        playMode: null,
        joints: {},
        gyro: null,
        acc: null,
        seen: { flags: 0, posts: 0, lines: 0, players: 0, ball: false },
        groundTruth: null,
        self: null,
        ball: null,
        error: `byte ${r.error.offset}: ${r.error.message}`,
      });
      continue;
    }
    const p = r.perception;
    unknown += p.unknownExpressions;
    agent.perceive(p);
    const joints: Record<string, number> = {};
    for (const j of JOINTS) {
      if (!Number.isNaN(p.joints[j.index])) joints[j.perceptor] = p.joints[j.index];
    }
    const v = p.vision;
    const w = agent.world;
    onFrame({
      now: p.time,
      gameTime: p.gameState?.gameTime ?? null,
      playMode: p.gameState?.playModeName ?? null,
      joints,
      gyro: p.gyro,
      acc: p.acc,
      seen: {
        flags: v ? Object.keys(v.flags).length : 0,
        posts: v ? Object.keys(v.goalPosts).length : 0,
        lines: v ? v.lines.length : 0,
        players: v ? v.players.length : 0,
        ball: v ? v.ball !== null : false,
      },
      groundTruth: p.groundTruth,
      self: w.self ? { ...w.self } : null,
      ball: w.ball ? { ...w.ball } : null,
    });
  }
  micros.sort((a, b) => a - b);
  return {
    messages,
    parseErrors,
    unknownExpressions: unknown,
    parseMicros: { p50: percentile(micros, 0.5), p99: percentile(micros, 0.99) },
  };
}

async function main(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        json: { type: "boolean", default: false },
        core: { type: "string", default: "wasm" },
        help: { type: "boolean", default: false },
      },
    });
  } catch (e) {
    console.error(`error: ${(e as Error).message.split("\n")[0]}`);
    return 2;
  }
  if (parsed.values.help || parsed.positionals.length !== 1) {
    console.error("Usage: deno task replay FILE.jsonl[.gz] [--json] [--core wasm|ts]");
    return parsed.values.help ? 0 : 2;
  }
  const core = parsed.values.core as string;
  if (!(CORE_KINDS as readonly string[]).includes(core)) {
    console.error(`error: --core: '${core}' is not one of ${CORE_KINDS.join(", ")}`);
    return 2;
  }
  const file = parsed.positionals[0];
  let lines;
  try {
    lines = await readRecording(file);
  } catch (e) {
    console.error(`error: ${(e as Error).message}`);
    return 2;
  }
  const json = parsed.values.json;
  const enc = new TextEncoder();
  const chunks: string[] = [];
  const flush = () => {
    Deno.stdout.writeSync(enc.encode(chunks.join("")));
    chunks.length = 0;
  };
  const summary = await replay(lines, (f) => {
    if (!json) return;
    chunks.push(JSON.stringify(f) + "\n");
    if (chunks.length >= 256) flush();
  }, core as CoreKind);
  if (json) {
    chunks.push(JSON.stringify({ summary }) + "\n");
    flush();
  } else {
    console.log(`file               ${file}`);
    console.log(`messages           ${summary.messages}`);
    console.log(`parse errors       ${summary.parseErrors}`);
    console.log(`unknown exprs      ${summary.unknownExpressions}`);
    console.log(
      `parse µs p50/p99   ${summary.parseMicros.p50.toFixed(1)} / ${
        summary.parseMicros.p99.toFixed(1)
      }`,
    );
  }
  return summary.parseErrors > 0 ? 1 : 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
