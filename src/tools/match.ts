// `deno task match --left "CMD" --right "CMD" [--half S] [--server auto|HOST:PORT[:MPORT]]`:
// plays one game, or a series with --games N closed by a summary line. It starts the server
// through the launcher (sync mode, or real time with --realtime), starts the left team and waits
// for its 11 players, then the right team, kicks off both halves from the monitor port, stops at
// GameOver (or when game time stalls for 60 s of wall time; a game that stalls before any game
// time has run, or one a team's agent left or had no robot in the scene before kick-off or left
// in its first minute, is void and is played again, at most MAX_VOID_REPLAYS times), ends every process it started and prints
// one JSON line, with each goal's last toucher (own goals: GoalCredit), each team's fouls per
// half as the referee called them and its CPU per agent per simulated cycle (the cycles counted
// by our agents from the server's clock, the break included). Each CMD runs in sh with the
// server's host and agent port appended, e.g. --left "deno task run-team" runs
// `deno task run-team 127.0.0.1 <port>`.

import { parseFlags } from "../config/flags.ts";
import { CliError, intFlag } from "../config/cli.ts";
import { MonitorClient, trainer } from "../net/monitor.ts";
import type { MonitorFoul } from "../net/monitor_state.ts";
import type { MonitorScene } from "../net/monitor_scene.ts";
import {
  agentConnections,
  refreshConnections,
  sleep,
  startTeam,
  stopTeam,
  type TeamProcess,
} from "./team_process.ts";
import { connectionOwners, treeCpu } from "./proc_cpu.ts";
import { cpuReports } from "../agent/cpu_meter.ts";
import { type PenaltyOptions, playPenalties } from "./penalty_match.ts";
import { launchServer, parseServerSpec, type RunningServer } from "./server_launcher.ts";
import {
  codeVersion,
  DEFAULT_QUEUE,
  type GameJobResult,
  JobQueue,
  parseRedisUrl,
  type RedisConnection,
} from "../jobs/queue.ts";

export const MATCH_USAGE = `Usage: deno task match --left "CMD" --right "CMD" [flags]

  --left CMD        command that starts the left team (host and port are appended)
  --right CMD       command that starts the right team
  --half S          length of a half in seconds of game time (default 300)
  --server S        auto (start rcssserver3d from PATH) or HOST:PORT[:MPORT] (default auto)
  --log-dir DIR     where the teams' output, the fouls called (fouls.jsonl) and the game's
                    trace every 0.1 s (scene.jsonl) go (default: a new temporary directory)
  --stall S         give up when game time has not advanced for S seconds (default 60)
  --realtime        run the launched server in real time (not sync mode)
  --penalty N       a penalty shoot-out instead (rcssserver3d's PenaltyShootout mode): N rounds
                    of --our-kicker against --their-goalie, then N of --their-kicker against
                    --our-goalie, each round up to --round S game seconds (default 40); one
                    JSON line with the goals each way. Ours default to deno task run-team
                    --mode penalty-kicker / penalty-goalie. A player whose agent leaves is
                    started again and its round replayed (restarts, at most 2 a side)
  --games N         play N games one after another (default 1): one JSON line per game, then a
                    summary line from the left team's side (wins, goals, goal difference with its
                    95 % confidence interval, fouls, own goals). A game that stalls before any
                    game time has run, or one a team's agent left or had no robot before
                    kick-off or left in its first minute, is void: not counted, and played again
                    (at most twice)
  --redis URL       with --games: play the games as jobs on this Redis for 'deno task worker'
                    on any hosts (the team commands run in each worker's checkout)
  --queue NAME      the job queue (default ${DEFAULT_QUEUE})`;

/**
 * The referee's calls that begin a foul: the server repeats a foul's call every cycle while it
 * holds the player, so calls of one player and type less than FOUL_REPEAT seconds apart are one
 * foul.
 */
export function distinctFouls(fouls: readonly MonitorFoul[]): MonitorFoul[] {
  const out: MonitorFoul[] = [];
  const lastCall = new Map<string, number>();
  for (const f of fouls) {
    const key = `${f.team} ${f.unum} ${f.type}`;
    const last = lastCall.get(key);
    lastCall.set(key, f.time);
    if (last === undefined || f.time - last >= FOUL_REPEAT) out.push(f);
  }
  return out;
}

/**
 * A team's fouls per half (distinctFouls of the calls the monitor saw): counts by type, the most
 * any one player got, and the most of those that move the player off the field.
 */
export function foulsPerHalf(
  fouls: readonly MonitorFoul[],
  team: "left" | "right",
): { byType: Record<string, number>[]; maxPerPlayer: number[]; maxMovedPerPlayer: number[] } {
  const byType: Record<string, number>[] = [{}, {}];
  const perPlayer = [new Map<number, number>(), new Map<number, number>()];
  const moved = [new Map<number, number>(), new Map<number, number>()];
  for (const f of distinctFouls(fouls)) {
    if (f.team !== team) continue;
    const h = f.half >= 2 ? 1 : 0;
    byType[h][f.type] = (byType[h][f.type] ?? 0) + 1;
    perPlayer[h].set(f.unum, (perPlayer[h].get(f.unum) ?? 0) + 1);
    if (!UNMOVED.has(f.type)) moved[h].set(f.unum, (moved[h].get(f.unum) ?? 0) + 1);
  }
  const most = (m: Map<number, number>) => Math.max(0, ...m.values());
  return { byType, maxPerPlayer: perPlayer.map(most), maxMovedPerPlayer: moved.map(most) };
}

/**
 * Fouls that leave the player where it is under rcssserver3d 0.7.3's defaults
 * (TouchingFoulBeamPenalty, IllegalDefenseBeamPenalty and SelfCollisionBeamPenalty are false);
 * every other foul moves the player off the field.
 */
const UNMOVED = new Set(["touching", "illegalDefence", "selfCollision"]);

/** Calls of one foul repeat every cycle while the server holds the player: seconds. */
const FOUL_REPEAT = 1;

export interface MatchOptions {
  left: string;
  right: string;
  half: number;
  server: ReturnType<typeof parseServerSpec>;
  logDir: string | undefined;
  stall: number;
  realtime: boolean;
  games: number;
  redis?: RedisConnection | null;
  queue?: string;
  /** A penalty shoot-out of this many rounds each way instead of a game (null: a game). */
  penalty: Omit<PenaltyOptions, "logDir"> | null;
}

function parse(args: string[]): MatchOptions {
  let parsed;
  try {
    parsed = parseFlags({
      args,
      strict: true,
      options: {
        left: { type: "string" },
        right: { type: "string" },
        half: { type: "string", default: "300" },
        server: { type: "string", default: "auto" },
        "log-dir": { type: "string" },
        stall: { type: "string", default: "60" },
        realtime: { type: "boolean", default: false },
        games: { type: "string", default: "1" },
        penalty: { type: "string" },
        "our-kicker": { type: "string", default: "deno task run-team --mode penalty-kicker" },
        "our-goalie": { type: "string", default: "deno task run-team --mode penalty-goalie" },
        "their-kicker": { type: "string" },
        "their-goalie": { type: "string" },
        round: { type: "string", default: "40" },
        redis: { type: "string" },
        queue: { type: "string", default: DEFAULT_QUEUE },
      },
    });
  } catch (e) {
    throw new CliError((e as Error).message.split("\n")[0]);
  }
  const v = parsed.values;
  const penalty = v.penalty === undefined ? null : {
    rounds: intFlag("penalty", v.penalty, 1, 1000),
    ourKicker: v["our-kicker"] as string,
    ourGoalie: v["our-goalie"] as string,
    theirKicker: required(v["their-kicker"], "their-kicker"),
    theirGoalie: required(v["their-goalie"], "their-goalie"),
    roundSeconds: intFlag("round", v.round as string, 1, 600),
  };
  return {
    left: penalty ? "" : required(v.left, "left"),
    right: penalty ? "" : required(v.right, "right"),
    penalty,
    half: intFlag("half", v.half as string, 1, 3600),
    server: parseServerSpec(v.server as string),
    logDir: v["log-dir"],
    stall: intFlag("stall", v.stall as string, 1, 3600),
    realtime: v.realtime as boolean,
    games: intFlag("games", v.games as string, 1, 10000),
    redis: v.redis === undefined ? null : parseRedisUrl(v.redis as string),
    queue: v.queue as string,
  };
}

function required(value: string | undefined, flag: string): string {
  if (!value?.trim()) throw new CliError(`--${flag}: a command is required`);
  return value;
}

/** Plays one game (a series and the shoot-out are main()'s) and returns its JSON line. */
export async function play(o: MatchOptions): Promise<Record<string, unknown>> {
  const wallStart = Date.now();
  let server: RunningServer | null = null;
  const teams: TeamProcess[] = [];
  let monitor: MonitorClient | null = null;
  let logDir = "";
  try {
    let host: string, port: number, mport: number;
    if ("auto" in o.server) {
      server = await launchServer({ sync: !o.realtime, halfTime: o.half });
      host = server.host;
      port = server.agentPort;
      mport = server.monitorPort;
    } else {
      ({ host, port, monitorPort: mport } = o.server);
    }
    monitor = await MonitorClient.connect(host, mport, undefined, true);
    logDir = o.logDir ?? await Deno.makeTempDir({ prefix: "match-" });
    await Deno.mkdir(logDir, { recursive: true });
    console.error(`match: server on ${host}:${port}, team output in ${logDir}`);
    const known = await agentConnections(port);
    for (const [side, cmd] of [["left", o.left], ["right", o.right]] as const) {
      const t = await startTeam(cmd, host, port, `${logDir}/${side}.log`, known);
      teams.push(t);
      console.error(`match: ${side} team has ${t.ports.size} players`);
    }
    const started = Date.now();
    const g = monitor.game;
    const { goals: credit, scene, trace } = monitor.follower!;
    // Let the last bodies settle before the whistle.
    await sleep(2000);
    const absent = await robotsAbsent(scene, teams);
    await refreshConnections(teams, port, known);
    let short = teams.some((t) => t.exited > 0) || absent > 0;
    if (short) {
      console.error(
        `match: ${
          absent > 0 ? `${absent} robots not in the scene` : "an agent left"
        } before kick-off: the game is void`,
      );
    }
    // CPU is counted from the whistle, past the agents' start-up.
    const teamCpu = async (t: TeamProcess) =>
      treeCpu(t.child.pid, await connectionOwners(t.ports, port));
    const cpuFrom = await Promise.all(teams.map(teamCpu));
    if (!short) await monitor.send(trainer.kickOff("Left"));
    let lastTime = g.time;
    let lastChange = Date.now();
    let secondHalfKicked = false;
    let stalled = false;
    // A server we launched that exits before GameOver crashed (ODE aborts on a body blown up).
    let serverExited = false;
    server?.status.then(() => serverExited = true);
    let lastReport = Date.now();
    while (!short && g.playMode !== "GameOver") {
      await sleep(500);
      if (serverExited) break;
      if (Date.now() - lastReport > 10_000) {
        lastReport = Date.now();
        console.error(
          `match: half ${g.half} ${
            g.time.toFixed(1)
          } s ${g.playMode} ${g.scoreLeft}:${g.scoreRight}`,
        );
      }
      if (g.half === 2 && g.playMode === "BeforeKickOff" && !secondHalfKicked) {
        secondHalfKicked = true;
        await sleep(1000);
        await monitor.send(trainer.kickOff("Right"));
      }
      if (g.time !== lastTime) {
        lastTime = g.time;
        lastChange = Date.now();
      } else if (Date.now() - lastChange > o.stall * 1000) {
        stalled = true;
        break;
      }
      await refreshConnections(teams, port, known);
      if (teams.some((t) => t.exited > 0) && Date.now() - started < EARLY_EXIT_MS) {
        console.error("match: an agent left in the game's first minute: the game is void");
        short = true;
      }
    }
    const cpuTo = await Promise.all(teams.map(teamCpu));
    // Give the teams a moment to flush their output before it is read.
    await sleep(1000);
    const reports = await Promise.all(
      ["left", "right"].map(async (s) =>
        cpuReports(await Deno.readTextFile(`${logDir}/${s}.log`).catch(() => ""))
      ),
    );
    // The cycles the server ran, as our agents counted them from its clock (null when no team
    // of ours played to GameOver).
    const cycles = Math.max(0, ...reports.flat().map((r) => r.cycles)) || null;
    // The game from the scene every 0.1 s (SceneTrace), one JSON line each.
    await Deno.writeTextFile(`${logDir}/scene.jsonl`, trace.text());
    // Every foul the referee called (once, not its repeated calls), one JSON line each.
    await Deno.writeTextFile(
      `${logDir}/fouls.jsonl`,
      distinctFouls(g.fouls).map((f) => JSON.stringify(f) + "\n").join(""),
    );
    const side = (i: number, name: string) => {
      const agents = teams[i].ports.size + teams[i].exited;
      const from = cpuFrom[i], to = cpuTo[i];
      const seconds = from && to ? to.seconds - from.seconds : null;
      const own = reports[i].map((r) => r.msPerCycle);
      return {
        team: name,
        agents,
        exitedEarly: teams[i].exited,
        fouls: foulsPerHalf(g.fouls, i === 0 ? "left" : "right"),
        cpu: {
          seconds: seconds === null ? null : Math.round(seconds * 100) / 100,
          cycles,
          // The team's whole process tree, launcher included, and the processes that own its
          // connections (agents a script started detached).
          msPerAgentCycle: seconds !== null && cycles && agents > 0
            ? Math.round(seconds / agents / cycles * 1e6) / 1e3
            : null,
          // What our agents measured of their own processes.
          agentMsPerCycle: own.length
            ? Math.round(own.reduce((a, b) => a + b, 0) / own.length * 1e3) / 1e3
            : null,
        },
      };
    };
    return {
      left: side(0, g.teamLeft),
      right: side(1, g.teamRight),
      score: [g.scoreLeft, g.scoreRight],
      goals: credit.goals.map((c) => ({ ...c, time: Math.round(c.time * 10) / 10 })),
      ownGoals: credit.ownGoals(),
      gameTime: g.time,
      wallSeconds: Math.round((Date.now() - wallStart) / 100) / 10,
      end: gameEnd(stalled || serverExited, g.time, short, serverExited),
      ...(serverExited && server ? { serverError: await serverError(server.logPath) } : {}),
    };
  } finally {
    await Promise.all(teams.map(stopTeam));
    await monitor?.close();
    if (server && logDir) {
      await Deno.copyFile(server.logPath, `${logDir}/server.log`).catch(() => {});
    }
    await server?.stop();
  }
}

/** How long (ms) the match waits for every connected agent's robot to show in the scene. */
const ROBOTS_WAIT_MS = 45_000;

/**
 * An agent that leaves this soon (ms of wall) after the teams started makes the game void, which
 * then ends at once: UT's agent gives up 60 s after it connected when the server has sent it
 * nothing (four of UT's agents in s11b's game 1, three in s11a's game 2, a minute into the game).
 */
const EARLY_EXIT_MS = 75_000;

/** How many robots each team lacks in the scene against its connected agents ([left, right]). */
export function robotsMissing(
  robots: readonly { team: "left" | "right" }[],
  agents: readonly [number, number],
): [number, number] {
  const count = (side: "left" | "right") => robots.filter((r) => r.team === side).length;
  return [Math.max(0, agents[0] - count("left")), Math.max(0, agents[1] - count("right"))];
}

/** Waits up to ROBOTS_WAIT_MS for every agent's robot; returns how many are still missing. */
async function robotsAbsent(scene: MonitorScene, teams: readonly TeamProcess[]): Promise<number> {
  const deadline = Date.now() + ROBOTS_WAIT_MS;
  for (;;) {
    const [l, r] = robotsMissing(scene.robots(), [teams[0].ports.size, teams[1].ports.size]);
    if (l + r === 0 || Date.now() > deadline) return l + r;
    await sleep(500);
  }
}

/** What seriesSummary reads of a game's JSON line. */
export interface GameResult {
  score: [number, number];
  /** Own goals by each side's players (GoalCredit); absent from older lines. */
  ownGoals?: [number, number];
  end: string;
  left: { fouls: { byType: Record<string, number>[] } };
  right: { fouls: { byType: Record<string, number>[] } };
}

/**
 * How a game ended: void when a team was short at kick-off (an agent gone or without a robot) or
 * lost an agent in the first minute (so not all 22 could play to GameOver: UT's agents abort while
 * connecting on a loaded machine), or when it stopped before any game time ran; later, crashed
 * when the server process exited, else stalled (its clock stood still).
 */
export function gameEnd(
  stopped: boolean,
  gameTime: number,
  short: boolean,
  crashed = false,
): string {
  if (short) return "void";
  if (!stopped) return "GameOver";
  return gameTime <= 0 ? "void" : crashed ? "crashed" : "stalled";
}

/** The server log's first line that says why it stopped (an ODE error or a signal), or null. */
export async function serverError(logPath: string): Promise<string | null> {
  const text = await Deno.readTextFile(logPath).catch(() => "");
  return text.split("\n").find((l) => /INTERNAL ERROR|caught signal/.test(l))?.trim() ?? null;
}

/** A void game (gameEnd) is played again this often at most. */
export const MAX_VOID_REPLAYS = 2;

/**
 * Plays `n` games through `playOne` (given the game's name: game1, game2, … and game3-replay1 for
 * a void game played again), reporting each as it ends; a void game is played again at most
 * MAX_VOID_REPLAYS times, and every game played is returned.
 */
export async function playSeries(
  n: number,
  playOne: (name: string) => Promise<GameResult>,
  report: (game: GameResult) => void | Promise<void>,
): Promise<GameResult[]> {
  const games: GameResult[] = [];
  let kept = 0, replays = 0;
  while (kept < n) {
    const game = await playOne(`game${kept + 1}${replays ? `-replay${replays}` : ""}`);
    games.push(game);
    await report(game);
    if (game.end === "void" && replays < MAX_VOID_REPLAYS) replays++;
    else [kept, replays] = [kept + 1, 0];
  }
  return games;
}

/**
 * A series from the left team's side: wins, draws, losses, goals, the mean goal difference with
 * its 95 % confidence interval (Student's t), and each team's fouls and own goals in all; void
 * games are only counted as such.
 */
export function seriesSummary(all: readonly GameResult[]): Record<string, unknown> {
  const games = all.filter((g) => g.end !== "void");
  const n = games.length;
  const diff = games.map((g) => g.score[0] - g.score[1]);
  const mean = diff.reduce((a, b) => a + b, 0) / n;
  const sd = n > 1 ? Math.sqrt(diff.reduce((a, d) => a + (d - mean) ** 2, 0) / (n - 1)) : NaN;
  const half = n > 1 ? tQuantile975(n - 1) * sd / Math.sqrt(n) : NaN;
  const round = (x: number) => Number.isFinite(x) ? Math.round(x * 100) / 100 : null;
  const fouls = (side: "left" | "right") =>
    games.reduce(
      (a, g) =>
        a +
        g[side].fouls.byType.reduce((b, h) => b + Object.values(h).reduce((c, k) => c + k, 0), 0),
      0,
    );
  return {
    summary: true,
    games: n,
    wins: diff.filter((d) => d > 0).length,
    draws: diff.filter((d) => d === 0).length,
    losses: diff.filter((d) => d < 0).length,
    goalsFor: games.reduce((a, g) => a + g.score[0], 0),
    goalsAgainst: games.reduce((a, g) => a + g.score[1], 0),
    goalDifference: { mean: round(mean), ci95: [round(mean - half), round(mean + half)] },
    fouls: { left: fouls("left"), right: fouls("right") },
    ownGoals: {
      left: games.reduce((a, g) => a + (g.ownGoals?.[0] ?? 0), 0),
      right: games.reduce((a, g) => a + (g.ownGoals?.[1] ?? 0), 0),
    },
    stalled: games.filter((g) => g.end === "stalled").length,
    crashed: games.filter((g) => g.end === "crashed").length,
    void: all.length - n,
  };
}

/** The 97.5 % quantile of Student's t with `df` degrees of freedom: a table, then the
 * Cornish–Fisher expansion (within 0.002 from df 13). */
function tQuantile975(df: number): number {
  const T = [12.71, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179];
  if (df <= T.length) return T[df - 1];
  const z = 1.959964;
  return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df * df);
}

/**
 * The series as jobs for workers: each game's JSON line as it finishes, a progress line with the
 * queue's counts and the time left on stderr; resolves with the games in the order they ended.
 */
async function playOnWorkers(o: MatchOptions, redis: RedisConnection): Promise<GameResult[]> {
  const queue = await JobQueue.connect(redis, o.queue);
  try {
    const version = await codeVersion();
    const t0 = Date.now();
    const games: GameResult[] = [];
    let done = 0;
    await Promise.all(Array.from({ length: o.games }, () =>
      playSeries(1, async () => {
        const game = await queue.run<GameJobResult>({
          kind: "game",
          left: o.left,
          right: o.right,
          half: o.half,
          stall: o.stall,
          version,
        });
        return game as unknown as GameResult;
      }, async (game) => {
        games.push(game);
        console.log(JSON.stringify(game));
        if (game.end !== "void") done++;
        const c = await queue.counts();
        const eta = (Date.now() - t0) / Math.max(done, 1) * (o.games - done) / 1000;
        console.error(
          `match: ${done}/${o.games} games done; jobs queued ${c.queued}, running ` +
            `${c.running}; about ${Math.round(eta / 60)} min left`,
        );
      })));
    return games;
  } finally {
    await queue.close();
  }
}

async function main(args: string[]): Promise<number> {
  if (args.includes("--help")) {
    console.log(MATCH_USAGE);
    return 0;
  }
  let o: MatchOptions;
  try {
    o = parse(args);
  } catch (e) {
    console.error(`error: ${(e as Error).message.split("\n")[0]} (see --help)`);
    return 2;
  }
  try {
    if (o.penalty) {
      const logDir = o.logDir ?? await Deno.makeTempDir({ prefix: "penalty-" });
      await Deno.mkdir(logDir, { recursive: true });
      console.log(JSON.stringify(await playPenalties({ ...o.penalty, logDir })));
      return 0;
    }
    if (o.redis) {
      const games = await playOnWorkers(o, o.redis);
      if (o.games > 1) console.log(JSON.stringify(seriesSummary(games)));
      return 0;
    }
    const games = await playSeries(o.games, (name) => {
      // Each game's output goes to a folder of its own under --log-dir.
      const logDir = o.logDir && o.games > 1 ? `${o.logDir}/${name}` : o.logDir;
      return play({ ...o, logDir }) as unknown as Promise<GameResult>;
    }, (game) => console.log(JSON.stringify(game)));
    if (o.games > 1) console.log(JSON.stringify(seriesSummary(games)));
    return 0;
  } catch (e) {
    console.error(`error: ${(e as Error).message.split("\n")[0]}`);
    return 1;
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
