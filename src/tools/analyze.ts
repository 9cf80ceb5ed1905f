// `deno task analyze DIR [DIR…]`: what happened in a game, from the recordings our agents made
// with --record-dir while the server sent ground truth. Each agent's recording is replayed to
// place what it saw; the analysis reads the ball and our players from ground truth, and the
// opponents from our agents' sightings moved by the seer's own estimate error (its camera
// estimate against its ground truth). Per game it prints one JSON line: possession by team, the
// time the ball is still, the ball's time in each third and in front of each goal, kicks and
// shots with their distances, goals and own goals, and falls per player. All of it counts PlayOn
// only, in our frame (we attack +x); besides, the stoppages: how often and how long each play
// mode other than PlayOn held, named for our side (KickOff_ours: our kick-off, goal_kick_theirs:
// theirs). A match's log directory without recordings is read from its scene trace instead
// (scene_analysis.ts).

import { parseFlags } from "../config/flags.ts";
import { FIELD_LENGTH, GOAL_WIDTH } from "../field/field.ts";
import { CYCLE_SECONDS } from "../protocol/cycle.ts";
import { readRecording } from "./recording.ts";
import type { Point2 } from "../util/pose.ts";
import { replay, type ReplayFrame } from "./replay.ts";
import { analyzeScene, parseSceneTrace } from "./scene_analysis.ts";

/** The player nearest the ball has it when within this distance (m). */
const POSSESSION_RADIUS = 0.6;
/** How long a player's last known position stands for it: ours (truth), theirs (sightings). */
const OURS_FRESH = 0.2;
const THEIRS_FRESH = 0.6;
/** The ball is still below this speed (m/s). */
const STILL_SPEED = 0.1;
/** A kick: the ball's speed rises from below KICK_FROM to above KICK_TO (m/s). */
const KICK_FROM = 0.5;
const KICK_TO = 1.2;
/** The kicker is the nearest player within this distance of the ball when it starts (m). */
const KICKER_RADIUS = 1;
/**
 * In front of a goal: within GOAL_MOUTH_DEPTH of its line and GOAL_MOUTH_HALF_WIDTH of the long
 * axis (m). Against UT the ball lay in front of their goal for 2-2.5 min of a game we won 2:0.
 */
const GOAL_MOUTH_DEPTH = 3;
const GOAL_MOUTH_HALF_WIDTH = 3;
/** Head height (m) below which a player is down, and above which it is up again. */
const DOWN_HEAD = 0.25;
const UP_HEAD = 0.4;

export type Team = "ours" | "theirs";

/** What one cycle of the game holds, merged over every recording. */
interface Cycle {
  ball?: Point2;
  playOn: boolean;
  /** The play mode, named for our side (ourMode). */
  mode: string;
  gameTime: number;
  /** Goals for us and for them. */
  score: [number, number];
}

interface Track {
  cycles: number[];
  points: (Point2 & { z?: number })[];
}

/** The recordings of one game, merged by cycle. */
export class GameTimeline {
  readonly cycles = new Map<number, Cycle>();
  readonly ours = new Map<number, Track>();
  readonly theirs = new Map<number, Track>();
  side: "left" | "right" | null = null;

  /** Adds one agent's replayed message. */
  add(f: ReplayFrame): void {
    if (f.now === null || f.side === null) return;
    this.side ??= f.side;
    const flip = f.side === "right" ? -1 : 1;
    const c = Math.round(f.now / CYCLE_SECONDS);
    const cycle = this.cycles.get(c) ?? {
      playOn: false,
      mode: ourMode(f.playMode ?? "unknown", f.side),
      gameTime: f.gameTime ?? 0,
      score: [0, 0] as [number, number],
    };
    cycle.playOn ||= f.playMode === "PlayOn";
    cycle.score = f.side === "left" ? [f.score[0], f.score[1]] : [f.score[1], f.score[0]];
    const gt = f.groundTruth;
    if (gt?.ballPos) cycle.ball = { x: flip * gt.ballPos.x, y: flip * gt.ballPos.y };
    this.cycles.set(c, cycle);
    if (!gt?.myPos || f.unum === null) return;
    push(this.ours, f.unum, c, { x: flip * gt.myPos.x, y: flip * gt.myPos.y, z: gt.myPos.z });
    // Sightings are placed by the seer's estimate: move them by that estimate's error.
    const cam = f.camera;
    if (!cam || gt.myOrientation === null) return;
    const d = gt.myOrientation - cam.yaw, cd = Math.cos(d), sd = Math.sin(d);
    for (const p of f.seenPlayers) {
      if (p.teammate) continue;
      const rx = p.x - cam.x, ry = p.y - cam.y;
      const x = gt.myPos.x + cd * rx - sd * ry, y = gt.myPos.y + sd * rx + cd * ry;
      push(this.theirs, p.unum, c, { x: flip * x, y: flip * y });
    }
  }
}

/** A play mode named for our side: KickOff_Left played on the left is KickOff_ours. */
export function ourMode(mode: string, side: "left" | "right"): string {
  const m = /^(.*)_(left|right)$/i.exec(mode);
  if (!m) return mode;
  return `${m[1]}_${m[2].toLowerCase() === side ? "ours" : "theirs"}`;
}

/**
 * Each play mode other than PlayOn: how often it began and how many seconds it held in all (by the
 * server's clock, which runs on while the game clock stops).
 */
function stoppages(tl: GameTimeline): Record<string, { count: number; seconds: number }> {
  const out: Record<string, { count: number; seconds: number }> = {};
  let mode: string | null = null, from = 0, last = 0;
  // A mode holds from its first cycle until the first cycle of the next one.
  const close = (until: number) => {
    if (mode === null || mode === "PlayOn") return;
    const s = out[mode] ??= { count: 0, seconds: 0 };
    s.count++;
    s.seconds = round(s.seconds + (until - from) * CYCLE_SECONDS);
  };
  for (const c of [...tl.cycles.keys()].sort((a, b) => a - b)) {
    const m = tl.cycles.get(c)!.mode;
    if (m !== mode) {
      close(c);
      [mode, from] = [m, c];
    }
    last = c;
  }
  close(last + 1);
  return out;
}

function push(tracks: Map<number, Track>, unum: number, c: number, p: Point2 & { z?: number }) {
  let t = tracks.get(unum);
  if (!t) tracks.set(unum, t = { cycles: [], points: [] });
  t.cycles.push(c);
  t.points.push(p);
}

/** The track's last point at or before cycle c, if no older than `fresh` seconds. */
function at(t: Track, c: number, fresh: number): (Point2 & { z?: number }) | null {
  let lo = 0, hi = t.cycles.length - 1, found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (t.cycles[mid] <= c) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0 || (c - t.cycles[found]) * CYCLE_SECONDS > fresh) return null;
  return t.points[found];
}

export interface Kick {
  team: Team | null;
  unum: number | null;
  gameTime: number;
  from: Point2;
  distance: number;
  shot: boolean;
}

export interface GameAnalysis {
  playOnSeconds: number;
  possession: { ours: number; theirs: number; nobody: number };
  ballStill: number;
  thirds: { defence: number; middle: number; attack: number };
  /** Shares of PlayOn with the ball in front of their goal and of ours (GOAL_MOUTH_*). */
  goalMouths: { theirs: number; ours: number };
  kicks: { ours: KickSummary; theirs: KickSummary; unknown: number };
  goals: { ours: number; theirs: number; ownGoalsOurs: number; ownGoalsTheirs: number };
  falls: Record<string, number>;
  /** The passes our agents logged: how many, and how many a teammate reached first. */
  passes: { attempts: number; completed: number };
  /** Play modes other than PlayOn, named for our side: how often, and seconds in all. */
  stoppages: Record<string, { count: number; seconds: number }>;
}

/** A pass as our agent logs it. */
export interface LoggedPass {
  unum: number;
  to: number;
  gameTime: number;
}

/** The passes in a team log (lines of `run-team`, e.g. "[7] INFO pass 3 to 9 at game time 41.2"). */
export function loggedPasses(log: string): LoggedPass[] {
  const out: LoggedPass[] = [];
  for (const m of log.matchAll(/\[(\d+)\][^\n]*?pass \d+ to (\d+) at game time ([\d.]+)/g)) {
    out.push({ unum: Number(m[1]), to: Number(m[2]), gameTime: Number(m[3]) });
  }
  return out;
}

interface KickSummary {
  count: number;
  shots: number;
  meanDistance: number | null;
  maxDistance: number | null;
}

/** Whether a ball kicked from `from` along (dx, dy) heads into the goal at x = goalX. */
function headsIntoGoal(from: Point2, dx: number, dy: number, goalX: number): boolean {
  if (Math.sign(goalX - from.x) !== Math.sign(dx) || Math.abs(dx) < 1e-9) return false;
  const y = from.y + dy * (goalX - from.x) / dx;
  return Math.abs(y) <= GOAL_WIDTH / 2;
}

/** The nearest player to `p` at cycle c within `radius`: team and unum. */
function nearest(
  tl: GameTimeline,
  c: number,
  p: Point2,
  radius: number,
): { team: Team; unum: number; d: number } | null {
  let best: { team: Team; unum: number; d: number } | null = null;
  for (
    const [team, tracks, fresh] of [
      ["ours", tl.ours, OURS_FRESH],
      ["theirs", tl.theirs, THEIRS_FRESH],
    ] as const
  ) {
    for (const [unum, t] of tracks) {
      const q = at(t, c, fresh);
      if (!q || (team === "ours" && (q.z ?? 1) < DOWN_HEAD)) continue;
      const d = Math.hypot(q.x - p.x, q.y - p.y);
      if (d <= radius && (!best || d < best.d)) best = { team, unum, d };
    }
  }
  return best;
}

/** Who is at the ball, each time that changes: game time, team and unum. */
interface Touch {
  gameTime: number;
  team: Team;
  unum: number;
}

export function analyze(tl: GameTimeline, passes: readonly LoggedPass[] = []): GameAnalysis {
  const keys = [...tl.cycles.keys()].sort((a, b) => a - b);
  const balls = keys.filter((c) => tl.cycles.get(c)!.ball);
  let playOn = 0, still = 0;
  const poss = { ours: 0, theirs: 0, nobody: 0 };
  const thirds = { defence: 0, middle: 0, attack: 0 };
  const mouths = { theirs: 0, ours: 0 };
  let holder: Team | null = null;
  const touches: Touch[] = [];
  const kicks: Kick[] = [];
  let open: { kick: Kick; start: Point2 } | null = null;
  let prevSpeed = 0;
  const goals = { ours: 0, theirs: 0, ownGoalsOurs: 0, ownGoalsTheirs: 0 };
  let score: [number, number] = [0, 0];
  for (let i = 1; i < balls.length; i++) {
    const c = balls[i], cycle = tl.cycles.get(c)!, b = cycle.ball!;
    // Speed over at least 0.06 s (ground truth comes with vision, every third cycle).
    let j = i - 1;
    while (j > 0 && (c - balls[j]) * CYCLE_SECONDS < 0.06) j--;
    const pb = tl.cycles.get(balls[j])!.ball!;
    const dt = (c - balls[j]) * CYCLE_SECONDS;
    const dx = b.x - pb.x, dy = b.y - pb.y;
    const speed = dt > 0 && dt < 0.5 ? Math.hypot(dx, dy) / dt : 0;
    const [gf, ga] = cycle.score;
    if (gf > score[0] || ga > score[1]) {
      const scorer: Team = gf > score[0] ? "ours" : "theirs";
      goals[scorer]++;
      const last = kicks[kicks.length - 1];
      if (last?.team && last.team !== scorer) {
        if (last.team === "ours") goals.ownGoalsOurs++;
        else goals.ownGoalsTheirs++;
      }
      score = [gf, ga];
    }
    if (!cycle.playOn) {
      open = null;
      prevSpeed = 0;
      continue;
    }
    const step = Math.min((c - balls[i - 1]) * CYCLE_SECONDS, 0.1);
    playOn += step;
    if (speed < STILL_SPEED) still += step;
    const third = b.x < -FIELD_LENGTH / 6
      ? "defence"
      : b.x > FIELD_LENGTH / 6
      ? "attack"
      : "middle";
    thirds[third] += step;
    if (
      Math.abs(b.y) < GOAL_MOUTH_HALF_WIDTH && Math.abs(b.x) > FIELD_LENGTH / 2 - GOAL_MOUTH_DEPTH
    ) {
      mouths[b.x > 0 ? "theirs" : "ours"] += step;
    }
    const n = nearest(tl, c, b, POSSESSION_RADIUS);
    if (n) {
      holder = n.team;
      const last = touches[touches.length - 1];
      if (!last || last.team !== n.team || last.unum !== n.unum) {
        touches.push({ gameTime: cycle.gameTime, team: n.team, unum: n.unum });
      }
    }
    poss[holder ?? "nobody"] += step;
    if (open && (speed < STILL_SPEED || (prevSpeed < KICK_FROM && speed > KICK_TO))) {
      open.kick.distance = Math.hypot(b.x - open.start.x, b.y - open.start.y);
      open = null;
    }
    if (prevSpeed < KICK_FROM && speed > KICK_TO) {
      const who = nearest(tl, balls[j], pb, KICKER_RADIUS);
      const goalX = who?.team === "theirs" ? -FIELD_LENGTH / 2 : FIELD_LENGTH / 2;
      const kick: Kick = {
        team: who?.team ?? null,
        unum: who?.unum ?? null,
        gameTime: cycle.gameTime,
        from: pb,
        distance: 0,
        shot: who !== null && headsIntoGoal(pb, dx, dy, goalX),
      };
      kicks.push(kick);
      open = { kick, start: pb };
    }
    prevSpeed = speed;
  }
  const summary = (team: Team): KickSummary => {
    const ks = kicks.filter((k) => k.team === team);
    const d = ks.map((k) => k.distance);
    return {
      count: ks.length,
      shots: ks.filter((k) => k.shot).length,
      meanDistance: d.length ? round(d.reduce((a, b) => a + b, 0) / d.length) : null,
      maxDistance: d.length ? round(Math.max(...d)) : null,
    };
  };
  const share = (x: number) => playOn > 0 ? round(x / playOn) : 0;
  return {
    playOnSeconds: round(playOn),
    possession: { ours: share(poss.ours), theirs: share(poss.theirs), nobody: share(poss.nobody) },
    ballStill: share(still),
    thirds: {
      defence: share(thirds.defence),
      middle: share(thirds.middle),
      attack: share(thirds.attack),
    },
    goalMouths: { theirs: share(mouths.theirs), ours: share(mouths.ours) },
    kicks: {
      ours: summary("ours"),
      theirs: summary("theirs"),
      unknown: kicks.filter((k) => !k.team).length,
    },
    goals,
    falls: falls(tl),
    passes: passCompletion(passes, touches),
    stoppages: stoppages(tl),
  };
}

/**
 * A pass is completed when, after the passer's time at the ball that it was logged in (or up to
 * 1 s before), the next player at the ball is one of ours.
 */
function passCompletion(
  passes: readonly LoggedPass[],
  touches: readonly Touch[],
): { attempts: number; completed: number } {
  let completed = 0;
  for (const p of passes) {
    const i = touches.findLastIndex((t) =>
      t.team === "ours" && t.unum === p.unum && t.gameTime <= p.gameTime + 1
    );
    const next = i >= 0 ? touches[i + 1] : undefined;
    if (next?.team === "ours") completed++;
  }
  return { attempts: passes.length, completed };
}

/** Falls per player of ours: the head going below DOWN_HEAD after being above UP_HEAD. */
function falls(tl: GameTimeline): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [unum, t] of [...tl.ours].sort((a, b) => a[0] - b[0])) {
    let up = false, n = 0;
    t.points.forEach((p, i) => {
      const playOn = tl.cycles.get(t.cycles[i])?.playOn ?? false;
      const z = p.z ?? 1;
      if (z > UP_HEAD) up = true;
      else if (z < DOWN_HEAD && up) {
        up = false;
        if (playOn) n++;
      }
    });
    out[String(unum)] = n;
  }
  return out;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** The passes logged in `file`, if it exists. */
async function passesIn(file: string): Promise<LoggedPass[]> {
  try {
    return loggedPasses(await Deno.readTextFile(file));
  } catch {
    return [];
  }
}

/** Replays every agent*.jsonl[.gz] in `dir` into one timeline. */
export async function loadGame(dir: string): Promise<GameTimeline> {
  const tl = new GameTimeline();
  const files: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    if (e.isFile && /^agent\d+\.jsonl(\.gz)?$/.test(e.name)) files.push(`${dir}/${e.name}`);
  }
  if (files.length === 0) throw new Error(`${dir}: no agent<unum>.jsonl recordings`);
  for (const f of files.sort()) await replay(await readRecording(f), (fr) => tl.add(fr));
  return tl;
}

const USAGE = `Usage: deno task analyze DIR [DIR…] [--log FILE]

Reads the recordings (agent<unum>.jsonl, from run-team --record-dir, ground truth on) of one
game per DIR and prints one JSON line per game. Passes are read from the team's log: --log, or
DIR/../left.log as deno task match writes it. A DIR without recordings that holds a match's
scene.jsonl (deno task match --log-dir) is read from that instead, both teams alike: possession,
the still ball and who stands at it (with both teams at it, by third), thirds, each team's falls
with what was near the robot, and its kicks and shots by outcome (scene_analysis.ts).`;

/** The scene analysis of DIR/scene.jsonl, or null when DIR has agent recordings or no trace. */
async function sceneGame(dir: string): Promise<Record<string, unknown> | null> {
  for await (const e of Deno.readDir(dir)) {
    if (e.isFile && /^agent\d+\.jsonl(\.gz)?$/.test(e.name)) return null;
  }
  const path = `${dir}/scene.jsonl`;
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch {
    return null;
  }
  return { source: "scene", ...analyzeScene(parseSceneTrace(text, path)) };
}

async function main(args: string[]): Promise<number> {
  let dirs: string[];
  let logFile: string | undefined;
  try {
    const parsed = parseFlags({
      args,
      allowPositionals: true,
      options: { help: { type: "boolean", default: false }, log: { type: "string" } },
    });
    logFile = parsed.values.log as string | undefined;
    if (parsed.values.help) {
      console.log(USAGE);
      return 0;
    }
    dirs = parsed.positionals;
    if (dirs.length === 0) throw new Error("a directory of recordings is required");
  } catch (e) {
    console.error(`error: ${(e as Error).message} (see --help)`);
    return 2;
  }
  for (const dir of dirs) {
    try {
      const scene = await sceneGame(dir);
      if (scene) {
        console.log(JSON.stringify({ game: dir, ...scene }));
        continue;
      }
      const passes = await passesIn(logFile ?? `${dir}/../left.log`);
      console.log(JSON.stringify({ game: dir, ...analyze(await loadGame(dir), passes) }));
    } catch (e) {
      console.error(`error: ${(e as Error).message.split("\n")[0]}`);
      return 1;
    }
  }
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
