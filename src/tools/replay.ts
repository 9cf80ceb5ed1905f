// `deno task replay FILE.jsonl[.gz] [--json] [--core wasm|ts] [--paramsfile F]…`: feeds every
// server → agent message of a recording through the parser and the agent's perception update,
// with no network. With --json it prints one JSON object per server message and a final
// {"summary": …} line; without, the summary only. The per-message fields are a stable format
// that estimation work measures itself with.

import { parseFlags } from "../config/flags.ts";
import { Agent } from "../agent/agent.ts";
import { isRobotType, JOINTS, type RobotType } from "../body/joints.ts";
import { choiceFlag, DEFAULT_TEAM } from "../config/cli.ts";
import { bundledSkillFiles } from "../config/paramfiles.ts";
import { loadParams } from "../agent/params.ts";
import { loadSkillFiles } from "../skills/skill_compiler.ts";
import { CORE_KINDS, type CoreKind } from "../core/numeric_core.ts";
import { createCore } from "../core/create_core.ts";
import { PerceptionParser } from "../protocol/parser.ts";
import type { Perception } from "../protocol/perception.ts";
import { isBeamMode, PlayMode } from "../protocol/playmode.ts";
import { Logger } from "log";
import { readRecording, type RecordLine } from "./recording.ts";
import { wrapAngle } from "../util/angles.ts";
import { type Percentiles, percentiles, quantile } from "../util/quantile.ts";
import type { Pose2 } from "../util/pose.ts";
import { type AuditSummary, LocalizationAudit } from "./loc_audit.ts";

export interface ReplayFrame {
  now: number | null;
  gameTime: number | null;
  playMode: string | null;
  joints: Record<string, number>;
  gyro: { x: number; y: number; z: number } | null;
  acc: { x: number; y: number; z: number } | null;
  seen: { flags: number; posts: number; lines: number; players: number; ball: boolean };
  groundTruth: Perception["groundTruth"];
  self: Pose2 | null;
  ball: { x: number; y: number; vx: number; vy: number } | null;
  /** Our unum and side once the server has given them. */
  unum: number | null;
  side: "left" | "right" | null;
  /** Goals [left, right] as the server last said. */
  score: [number, number];
  /** The camera's estimated field position and yaw (the pose ground truth describes). */
  camera: { x: number; y: number; yaw: number } | null;
  /** Players seen in this message, placed on the field by the self estimate. */
  seenPlayers: { teammate: boolean; unum: number; x: number; y: number }[];
  error?: string;
}

export interface ReplaySummary {
  messages: number;
  parseErrors: number;
  unknownExpressions: number;
  parseMicros: { p50: number; p99: number };
  /** Camera (head) position error against mypos, metres, where both exist. */
  selfError: Percentiles | null;
  /** Camera yaw error against myorien, degrees. */
  orientationErrorDeg: Percentiles | null;
  /** Ball position error against ballpos, metres. */
  ballError: Percentiles | null;
  /** Fraction of PlayOn messages with a confident, recent self estimate. */
  localizedPlayOn: number | null;
  /** Localizer cost per vision frame, milliseconds (p50, p95). */
  filterMs: Percentiles | null;
  /**
   * In PlayOn, the age (s) of what the team world holds of each other teammate and of each
   * opponent, over the entries it knows, and the fraction of entries it knows at all.
   */
  mateInfoAge: InfoAge;
  opponentInfoAge: InfoAge;
  /** Against ground truth as a game judges it: upright, worst case, get-ups, episodes. */
  localization: AuditSummary;
}

export interface InfoAge {
  age: Percentiles | null;
  known: number | null;
}

function infoAge(ages: number[], samples: number): InfoAge {
  return { age: percentiles(ages), known: samples ? ages.length / samples : null };
}

/** The team name the recorded agent registered with (from its init message). */
export function recordedTeam(lines: readonly RecordLine[]): string {
  for (const l of lines) {
    const m = l.dir === "a2s" ? /\(teamname ([^)\s]+)\)/.exec(l.msg) : null;
    if (m) return m[1];
  }
  return DEFAULT_TEAM;
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
  paramFiles: readonly string[] = [],
): Promise<ReplaySummary> {
  const type = recordedRobotType(lines);
  const params = await loadParams(type, paramFiles);
  const agent = new Agent({
    team: recordedTeam(lines),
    unum: 0,
    type,
    params,
    log: new Logger("warn", "[replay]"),
    core: await createCore(coreKind, type),
    // Replay only perceives, but the agent checks at start-up that its skills are there.
    skills: await loadSkillFiles(bundledSkillFiles(), params),
  });
  const parser = new PerceptionParser();
  const micros: number[] = [];
  let messages = 0;
  let parseErrors = 0;
  let unknown = 0;
  const selfErr: number[] = [],
    yawErr: number[] = [],
    ballErr: number[] = [],
    filterMs: number[] = [];
  let playOn = 0, localized = 0;
  const mateAges: number[] = [], oppAges: number[] = [];
  let mateSamples = 0, oppSamples = 0;
  const audit = new LocalizationAudit();
  for (const line of lines) {
    if (line.dir === "a2s") {
      // The recorded agent's own beams re-seed the filter, as they do live, where the server
      // accepts them (UT's agent also beams at kick-off, which the server ignores).
      const b = /\(beam (-?[\d.]+) (-?[\d.]+) (-?[\d.]+)\)/.exec(line.msg);
      if (b && agent.world.side && isBeamMode(agent.world.playMode)) {
        agent.estimator.beamed(Number(b[1]), Number(b[2]), Number(b[3]) * Math.PI / 180);
      }
      continue;
    }
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
        unum: agent.world.unum,
        side: agent.world.side,
        score: [agent.world.scoreLeft, agent.world.scoreRight],
        camera: null,
        seenPlayers: [],
        error: `byte ${r.error.offset}: ${r.error.message}`,
      });
      continue;
    }
    const p = r.perception;
    unknown += p.unknownExpressions;
    agent.perceive(p);
    const est = agent.estimator;
    if (p.vision && est.localizer.pose) filterMs.push(est.lastFilterMs);
    const gt = p.groundTruth;
    const cam = est.cameraOnField();
    if (gt && cam && gt.myPos) selfErr.push(Math.hypot(cam.x - gt.myPos.x, cam.y - gt.myPos.y));
    if (gt && cam && gt.myOrientation !== null) {
      yawErr.push(Math.abs(wrapAngle(cam.yaw - gt.myOrientation)) * 180 / Math.PI);
    }
    const ballEst = agent.world.ball;
    if (gt && gt.ballPos && ballEst) {
      ballErr.push(Math.hypot(ballEst.x - gt.ballPos.x, ballEst.y - gt.ballPos.y));
    }
    if (gt?.myPos && gt.myOrientation !== null && p.time !== null) {
      audit.add({
        now: p.time,
        gameTime: agent.world.gameTime,
        beamMode: isBeamMode(agent.world.playMode),
        truth: { ...gt.myPos, yaw: gt.myOrientation },
        ballTruth: gt.ballPos,
        camera: cam,
        ball: ballEst,
        teamBall: agent.teamWorld.ball(agent.world.time),
      });
    }
    if (agent.world.playMode === PlayMode.PlayOn) {
      playOn++;
      if (est.localized(agent.world.time)) localized++;
      const now = agent.world.time;
      for (let u = 1; u <= 11; u++) {
        const o = agent.teamWorld.opponent(u, now, Infinity);
        oppSamples++;
        if (o) oppAges.push(now - o.time);
        if (u === agent.world.unum) continue;
        const m = agent.teamWorld.mate(u, now, Infinity);
        mateSamples++;
        if (m) mateAges.push(now - m.time);
      }
    }
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
      unum: w.unum,
      side: w.side,
      score: [w.scoreLeft, w.scoreRight],
      camera: cam,
      seenPlayers: est.players.all().flatMap((t) =>
        t && t.seen === w.time ? [{ teammate: t.teammate, unum: t.unum, x: t.x, y: t.y }] : []
      ),
    });
  }
  micros.sort((a, b) => a - b);
  return {
    messages,
    parseErrors,
    unknownExpressions: unknown,
    parseMicros: { p50: quantile(micros, 0.5), p99: quantile(micros, 0.99) },
    selfError: percentiles(selfErr),
    orientationErrorDeg: percentiles(yawErr),
    ballError: percentiles(ballErr),
    localizedPlayOn: playOn ? localized / playOn : null,
    filterMs: percentiles(filterMs),
    mateInfoAge: infoAge(mateAges, mateSamples),
    opponentInfoAge: infoAge(oppAges, oppSamples),
    localization: audit.summary(),
  };
}

async function main(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseFlags({
      args,
      allowPositionals: true,
      options: {
        json: { type: "boolean", default: false },
        core: { type: "string", default: "wasm" },
        paramsfile: { type: "string", multiple: true, default: [] },
        help: { type: "boolean", default: false },
      },
    });
  } catch (e) {
    console.error(`error: ${(e as Error).message.split("\n")[0]}`);
    return 2;
  }
  if (parsed.values.help || parsed.positionals.length !== 1) {
    console.error(
      "Usage: deno task replay FILE.jsonl[.gz] [--json] [--core wasm|ts] [--paramsfile F]…",
    );
    return parsed.values.help ? 0 : 2;
  }
  let core: CoreKind;
  try {
    core = choiceFlag("core", parsed.values.core as string, CORE_KINDS);
  } catch (e) {
    console.error(`error: ${(e as Error).message}`);
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
  const summary = await replay(
    lines,
    (f) => {
      if (!json) return;
      chunks.push(JSON.stringify(f) + "\n");
      if (chunks.length >= 256) flush();
    },
    core,
    parsed.values.paramsfile as string[],
  );
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
    const pp = (x: Percentiles | null, unit: string, k = 1) =>
      x ? `${(x.p50 * k).toFixed(1)} / ${(x.p95 * k).toFixed(1)} ${unit}` : "n/a";
    console.log(`self error p50/p95 ${pp(summary.selfError, "cm", 100)}`);
    console.log(`yaw error p50/p95  ${pp(summary.orientationErrorDeg, "°")}`);
    console.log(`ball error p50/p95 ${pp(summary.ballError, "cm", 100)}`);
    const loc = summary.localizedPlayOn;
    console.log(`localized PlayOn   ${loc === null ? "n/a" : (loc * 100).toFixed(1) + " %"}`);
    console.log(`filter ms p50/p95  ${pp(summary.filterMs, "ms")}`);
    for (
      const [name, a] of [["mates", summary.mateInfoAge], [
        "opponents",
        summary.opponentInfoAge,
      ]] as const
    ) {
      const known = a.known === null ? "n/a" : (a.known * 100).toFixed(0) + " % known";
      console.log(`${name} info age p50/p95 ${pp(a.age, "s")}, ${known}`);
    }
    const l = summary.localization;
    console.log(`upright self p50/p95 ${pp(l.uprightSelf, "cm", 100)}`);
    console.log(`upright ball p50/p95 ${pp(l.uprightBall, "cm", 100)}`);
    console.log(`  team ball p50/p95 ${pp(l.uprightTeamBall, "cm", 100)}`);
    const metres = (x: number | null) => x === null ? "n/a" : x.toFixed(2) + " m";
    console.log(`worst self error   ${metres(l.maxSelf)}`);
    console.log(`  upright, outside moves ${metres(l.maxSelfSettled)}`);
    console.log(`server moves       ${l.moves}, followed within 0.5 s: ${l.movesFollowed}`);
    console.log(
      `get-ups recovered  ${l.recovered} of ${l.getUps} within 1 s (${l.fellAgain} fell again)`,
    );
    if (l.missedGetUps.length > 0) {
      console.log(`  missed, ended at ${l.missedGetUps.map((t) => t.toFixed(2)).join(", ")} s`);
    }
    console.log(`episodes > 0.3 m   ${l.episodes.length}`);
    for (const e of l.episodes) {
      console.log(
        `  at ${e.start.toFixed(2)} s (game ${e.gameTime?.toFixed(1) ?? "?"} s): ` +
          `${e.length.toFixed(2)} s, peak ${e.peak.toFixed(2)} m, ${e.doing}`,
      );
    }
  }
  return summary.parseErrors > 0 ? 1 : 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
