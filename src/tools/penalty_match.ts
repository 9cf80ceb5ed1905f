// `deno task match --penalty N`: a penalty shoot-out on launched servers (rcssserver3d's
// PenaltyShootout mode): N rounds of our kicker against their goalie, then N of their kicker
// against our goalie. The kicker's team connects first, so it is the left team, and each round
// starts from BeforeKickOff with the ball on the centre spot (both players beam), then the
// left team's kick-off; it ends with a goal, the ball leaving the field (any other play mode),
// or after `roundSeconds` of game time. A player whose agent has left (the UT base agent sometimes
// aborts just after connecting) and has not connected anew is started again and the round played
// again, at most MAX_RESTARTS times a side. Prints one JSON line.

import { MonitorClient, trainer } from "../net/monitor.ts";
import { launchServer } from "./server_launcher.ts";
import {
  refreshConnections,
  sleep,
  startTeam,
  stopTeam,
  type TeamProcess,
} from "./team_process.ts";

export interface PenaltyOptions {
  rounds: number;
  ourKicker: string;
  ourGoalie: string;
  theirKicker: string;
  theirGoalie: string;
  /** Game seconds a round may last. */
  roundSeconds: number;
  logDir: string;
}

export type RoundEnd = "goal" | "out" | "time";

/** Wall time for both players to beam and settle before each round's kick-off, ms. */
const BEAM_WAIT_MS = 3000;
/**
 * Wall time the server may take to call the kick-off, ms: a sync server runs no cycle before
 * every player's first reply, and the UT agent's start took over 30 s while other jobs loaded
 * both cores.
 */
const KICK_OFF_WAIT_MS = 120_000;
const WHISTLE_REPEAT_MS = 2000;
/** Players started again after their agent left, per side, before the shoot-out gives up. */
const MAX_RESTARTS = 2;

/** How long a player whose connection closed may take to connect anew (ours reconnect), ms. */
const REJOIN_WAIT_MS = 15_000;

/**
 * Brings each team's connections up to date (trackConnections: a closed one counts as an exit
 * until a new one replaces it), waiting up to REJOIN_WAIT_MS for every player to be connected.
 */
async function awaitConnections(teams: TeamProcess[], port: number, known: Set<number>) {
  const until = Date.now() + REJOIN_WAIT_MS;
  for (;;) {
    await refreshConnections(teams, port, known);
    if (teams.every((t) => t.exited === 0) || Date.now() > until) return;
    await sleep(250);
  }
}

interface SideResult {
  ends: RoundEnd[];
  /** Players started again because their agent had left. */
  restarts: number;
}

/** One side's shoot-out: the kicker's command against the goalie's, `rounds` times. */
async function shootOut(
  kicker: string,
  goalie: string,
  o: PenaltyOptions,
  name: string,
): Promise<SideResult> {
  const server = await launchServer({
    sync: true,
    halfTime: 100_000,
    soccerVars: { PenaltyShootout: true },
  });
  const teams: TeamProcess[] = [];
  let monitor: MonitorClient | null = null;
  try {
    monitor = await MonitorClient.connect(server.host, server.monitorPort);
    const known = new Set<number>();
    const port = server.agentPort;
    const players = [["kicker", kicker], ["goalie", goalie]] as const;
    const start = (i: number, restart: number) =>
      startTeam(
        players[i][1],
        server.host,
        port,
        `${o.logDir}/${name}-${players[i][0]}${restart ? `-${restart}` : ""}.log`,
        known,
        1,
      );
    for (let i = 0; i < players.length; i++) teams.push(await start(i, 0));
    let restarts = 0;
    /** Starts again a player whose agent has left; false if one had. */
    const allPresent = async (r: number): Promise<boolean> => {
      await awaitConnections(teams, port, known);
      let all = true;
      for (let i = 0; i < teams.length; i++) {
        if (teams[i].exited === 0) continue;
        all = false;
        if (++restarts > MAX_RESTARTS) {
          throw new Error(`penalty: ${name}: the ${players[i][0]}'s agent left again`);
        }
        console.error(
          `penalty: ${name} round ${r + 1}: the ${players[i][0]}'s agent left; started again`,
        );
        await stopTeam(teams[i]);
        teams[i] = await start(i, restarts);
      }
      return all;
    };
    const g = monitor.game;
    const ends: RoundEnd[] = [];
    // A round in which a player left is played again: only the rounds that count are kept.
    while (ends.length < o.rounds) {
      const r = ends.length;
      await monitor.send(trainer.playMode("BeforeKickOff"));
      await monitor.send(trainer.ball({ x: 0, y: 0, z: 0.042 }, { x: 0, y: 0, z: 0 }));
      // Both beam, then stand still before the whistle (the game clock stands meanwhile).
      await sleep(BEAM_WAIT_MS);
      if (!(await allPresent(r))) continue;
      await monitor.send(trainer.ball({ x: 0, y: 0, z: 0.042 }, { x: 0, y: 0, z: 0 }));
      // The round ends at the first mode after the kick-off's, read from the monitor's log of
      // modes: a poll misses short ones (a goal's 3 s pass in 0.1 s of wall in a sync game).
      // The whistle is repeated until the server has called the kick-off.
      const before = g.modes.length;
      const whistle = Date.now();
      let from = -1;
      for (let sent = -Infinity; from < 0 && Date.now() - whistle < KICK_OFF_WAIT_MS;) {
        if (Date.now() - sent > WHISTLE_REPEAT_MS) {
          await monitor.send(trainer.kickOff("Left"));
          sent = Date.now();
        }
        await sleep(20);
        from = g.modes.findIndex((m, i) => i >= before && m.mode === "KickOff_Left");
      }
      if (from < 0) {
        throw new Error(`penalty: no kick-off in ${KICK_OFF_WAIT_MS / 1000} s (${g.playMode})`);
      }
      const kicked = g.modes[from].time;
      const ended = () =>
        g.modes.slice(from + 1).find((m) => m.mode !== "PlayOn" && m.mode !== "KickOff_Left");
      let stalled = Date.now();
      let last = g.time;
      while (!ended() && g.time - kicked < o.roundSeconds) {
        await sleep(100);
        if (g.time !== last) [last, stalled] = [g.time, Date.now()];
        else if (Date.now() - stalled > 30_000) throw new Error("penalty: the game clock stalled");
      }
      const e = ended();
      const end: RoundEnd = !e || e.time - kicked > o.roundSeconds
        ? "time"
        : e.mode === "Goal_Left"
        ? "goal"
        : "out";
      if (!(await allPresent(r))) continue;
      ends.push(end);
      console.error(`penalty: ${name} round ${r + 1}: ${end}`);
    }
    return { ends, restarts };
  } finally {
    await Promise.all(teams.map(stopTeam));
    await monitor?.close();
    await Deno.copyFile(server.logPath, `${o.logDir}/${name}-server.log`).catch(() => {});
    await server.stop();
  }
}

export async function playPenalties(o: PenaltyOptions): Promise<Record<string, unknown>> {
  const ours = await shootOut(o.ourKicker, o.theirGoalie, o, "ours");
  const theirs = await shootOut(o.theirKicker, o.ourGoalie, o, "theirs");
  const count = (ends: RoundEnd[], e: RoundEnd) => ends.filter((x) => x === e).length;
  return {
    penalty: true,
    rounds: o.rounds,
    scored: count(ours.ends, "goal"),
    conceded: count(theirs.ends, "goal"),
    ours: ours.ends,
    theirs: theirs.ends,
    restarts: { ours: ours.restarts, theirs: theirs.restarts },
  };
}
