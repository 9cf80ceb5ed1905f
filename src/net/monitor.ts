// Client for the server's monitor port (3200): sends trainer commands used by evaluation,
// optimization and the match runner, and keeps reading what the server streams (a
// single-threaded server stalls when a monitor stops reading), folding its game state.

import { connectTcp, FramedConnection } from "./connection.ts";
import {
  type MonitorGameState,
  newMonitorGameState,
  updateMonitorGameState,
} from "./monitor_state.ts";
import { SceneFollower } from "./scene_follower.ts";

export type TeamSide = "Left" | "Right";

export interface Vec3Like {
  x: number;
  y: number;
  z: number;
}

function n(v: number): string {
  if (!Number.isFinite(v)) throw new RangeError(`trainer command value ${v} is not finite`);
  return String(Math.round(v * 1e4) / 1e4);
}

const RAD = 180 / Math.PI;

/** Trainer command builders (pure; metres, m/s and radians in, the server's units out). */
export const trainer = {
  ball(pos: Vec3Like, vel?: Vec3Like): string {
    const v = vel ? `(vel ${n(vel.x)} ${n(vel.y)} ${n(vel.z)})` : "";
    return `(ball (pos ${n(pos.x)} ${n(pos.y)} ${n(pos.z)})${v})`;
  },
  /**
   * Moves a player's torso to pos (world frame). With `rot` (radians, 0 = facing +x) it also
   * turns the player: the server's angle is about the Nao's local +y, so it is rot − 90°.
   */
  moveAgent(unum: number, team: TeamSide, pos: Vec3Like, rot?: number): string {
    const where = `${n(pos.x)} ${n(pos.y)} ${n(pos.z)}`;
    return rot === undefined
      ? `(agent (unum ${unum}) (team ${team}) (pos ${where}))`
      : `(agent (unum ${unum}) (team ${team}) (move ${where} ${n(rot * RAD - 90)}))`;
  },
  playMode(name: string): string {
    if (!/^[A-Za-z_]+$/.test(name)) throw new RangeError(`'${name}' is not a play mode name`);
    return `(playMode ${name})`;
  },
  kickOff(team: TeamSide | "None"): string {
    return `(kickOff ${team})`;
  },
  dropBall(): string {
    return "(dropBall)";
  },
};

export class MonitorClient {
  /** The latest message the server sent to the monitor. */
  latest = "";
  messages = 0;
  /** Time, half, scores, play mode and team names, as the monitor stream tells them. */
  readonly game: MonitorGameState = newMonitorGameState();
  /** The scene graph, who scored each goal and a trace of the game, when asked for at connect. */
  readonly follower: SceneFollower | null;
  private readonly reading: Promise<void>;
  private readonly decoder = new TextDecoder();

  private constructor(private readonly link: FramedConnection, scene: boolean) {
    this.follower = scene ? new SceneFollower() : null;
    this.reading = this.readLoop();
  }

  /**
   * `scene`: also follow the scene graph (SceneFollower; it costs reading every frame) to credit
   * each goal and trace the game.
   */
  static async connect(
    host: string,
    port: number,
    timeoutMs = 5000,
    scene = false,
  ): Promise<MonitorClient> {
    const conn = await connectTcp(host, port, timeoutMs);
    conn.setNoDelay(true);
    return new MonitorClient(new FramedConnection(conn), scene);
  }

  send(command: string): Promise<void> {
    return this.link.send(command);
  }

  async close(): Promise<void> {
    this.link.close();
    await this.reading;
  }

  private async readLoop(): Promise<void> {
    try {
      for await (const frame of this.link.frames()) {
        this.latest = this.decoder.decode(frame);
        this.messages++;
        updateMonitorGameState(this.game, this.latest);
        this.follower?.update(this.game, this.latest);
      }
    } catch {
      // The server went away; close() still resolves.
    }
  }
}
