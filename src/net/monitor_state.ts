// The game state a monitor sees: the server sends the play-mode table, team names and the
// half once and then only what changes (time every frame; scores, half and play mode when they
// change; each foul the referee calls, once) in the first list of each monitor message. This
// folds those messages into one state.

/** rcssserver3d's foul types, in the order of its SoccerRuleAspect::EFoulType. */
export const FOUL_TYPES = [
  "crowding",
  "touching",
  "illegalDefence",
  "illegalAttack",
  "incapable",
  "kickOff",
  "charging",
  "selfCollision",
] as const;

/** A foul as the referee called it: `(foul index type team unum)` in a monitor header. */
export interface MonitorFoul {
  index: number;
  /** A FOUL_TYPES name, or the server's number for one this list does not know. */
  type: string;
  team: "left" | "right";
  unum: number;
  /** When it was called. */
  half: number;
  time: number;
}

export interface MonitorGameState {
  time: number;
  half: number;
  scoreLeft: number;
  scoreRight: number;
  /** Play mode name ("PlayOn", "GameOver", …); "" before the first. */
  playMode: string;
  teamLeft: string;
  teamRight: string;
  /** The server's play-mode names by number, from its first message. */
  playModes: string[];
  /** Every foul called so far, in order. */
  fouls: MonitorFoul[];
  /**
   * Every play mode in the order the server set them, with the time: a poller that looks less
   * often than a mode lasts (a goal's 3 s pass in 0.1 s of wall in a fast sync game) reads them
   * here.
   */
  modes: { mode: string; time: number }[];
}

export function newMonitorGameState(): MonitorGameState {
  return {
    time: 0,
    half: 1,
    scoreLeft: 0,
    scoreRight: 0,
    playMode: "",
    teamLeft: "",
    teamRight: "",
    playModes: [],
    fouls: [],
    modes: [],
  };
}

/** The first list of a monitor message: `((name value…)(name value…)…)`, or null. */
function header(message: string): string | null {
  if (!message.startsWith("((")) return null;
  let depth = 0;
  for (let i = 0; i < message.length; i++) {
    const c = message[i];
    if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return message.slice(1, i);
  }
  return null;
}

/** Folds one monitor message into `state`; returns whether it had a game-state header. */
export function updateMonitorGameState(state: MonitorGameState, message: string): boolean {
  const h = header(message);
  if (h === null) return false;
  for (const m of h.matchAll(/\(([A-Za-z_]+)((?: [^()\s]+)*)\)/g)) {
    const values = m[2].trim().split(" ");
    const num = Number(values[0]);
    switch (m[1]) {
      case "time":
        if (Number.isFinite(num)) state.time = num;
        break;
      case "half":
        if (Number.isFinite(num)) state.half = num;
        break;
      case "score_left":
        if (Number.isFinite(num)) state.scoreLeft = num;
        break;
      case "score_right":
        if (Number.isFinite(num)) state.scoreRight = num;
        break;
      case "team_left":
        state.teamLeft = values[0];
        break;
      case "team_right":
        state.teamRight = values[0];
        break;
      case "play_modes":
        state.playModes = values;
        break;
      case "play_mode":
        if (!Number.isInteger(num)) break;
        state.playMode = state.playModes[num] ?? String(num);
        if (state.modes.at(-1)?.mode !== state.playMode) {
          state.modes.push({ mode: state.playMode, time: state.time });
        }
        break;
      case "foul": {
        const [index, type, team, unum] = values.map(Number);
        const last = state.fouls.at(-1)?.index ?? 0;
        if (values.length !== 4 || !(index > last) || (team !== 1 && team !== 2)) break;
        state.fouls.push({
          index,
          type: FOUL_TYPES[type] ?? String(type),
          team: team === 1 ? "left" : "right",
          unum,
          half: state.half,
          time: state.time,
        });
        break;
      }
    }
  }
  return true;
}
