// An evaluation session: a server (started with the launcher, or given), a monitor client for
// trainer commands, one in-process agent whose every perception — ground truth included, which
// only evaluation code may read — is visible to the task driving it, and the opponents a task
// adds: in-process agents of the other team playing their own behaviour, or another team's agent
// run as a process of its own (followed through the monitor's scene).

import { Agent, type AgentOptions } from "../agent/agent.ts";
import { loadParams } from "../agent/params.ts";
import type { RobotType } from "../body/joints.ts";
import { bundledSkillFiles } from "../config/paramfiles.ts";
import { createCore } from "../core/create_core.ts";
import { loadSkillFiles } from "../skills/skill_compiler.ts";
import { runAgent } from "../agent/runner.ts";
import { MonitorClient, type TeamSide, trainer } from "../net/monitor.ts";
import type { ScenePoint } from "../net/monitor_scene.ts";
import type { GroundTruth, Perception } from "../protocol/perception.ts";
import { J } from "../body/joints.ts";
import { wrapAngle } from "../util/angles.ts";
import {
  launchServer,
  type RunningServer,
  type ServerOptions,
  serverTarget,
} from "../tools/server_launcher.ts";
import { stopProcessGroup } from "../tools/team_process.ts";
import { toOwnFrame } from "../world/world_view.ts";

/** Beams wait for the robot to stand with the torso this upright (cos of ~11°)… */
const UPRIGHT_UP_Z = 0.98;
/** …for this long. */
const REST_SECONDS = 0.5;
/**
 * The half length (s) of an eval's own server: at the default 300 s, half time put the ball back
 * on the centre spot in the middle of the 28th of 30 kicks.
 */
const EVAL_HALF_TIME = 100_000;
/** How an evaluation's server runs: sync mode, a half that never ends, beams without noise. */
export const EVAL_SERVER: Readonly<ServerOptions> = {
  sync: true,
  halfTime: EVAL_HALF_TIME,
  soccerVars: { BeamNoiseXY: 0, BeamNoiseAngle: 0 },
};
/** The server's pause after a goal, before its kick-off, seconds at most. */
const GOAL_PAUSE = 10;
/** place() waits at most this long (s) for the robot to come to rest, get-ups included. */
const PLACE_REST_WAIT = 12;

/** An agent that remembers the last ground truth and wakes tasks waiting for cycles. */
export class EvalAgent extends Agent {
  truth: GroundTruth | null = null;
  private waiters: (() => void)[] = [];

  /**
   * The torso's true yaw (rad): the server's `myorien` is the head's, so the head's pan comes off;
   * null without ground truth.
   */
  get truthYaw(): number | null {
    const yaw = this.truth?.myOrientation;
    return yaw === null || yaw === undefined ? null : wrapAngle(yaw - this.world.joints[J.HeadYaw]);
  }

  override perceive(p: Perception): void {
    if (p.groundTruth) this.truth = p.groundTruth;
    super.perceive(p);
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** Resolves after the next server message. */
  nextCycle(): Promise<void> {
    return new Promise((r) => this.waiters.push(r));
  }
}

export interface SessionTarget {
  host: string;
  port: number;
  monitorPort: number;
}

/** An opponent a task added: its agent, and how to stop it. */
interface Opponent {
  agent: Agent;
  stop: AbortController;
  running: Promise<number>;
}

/** An opponent of another team's code, run as a process of its own (addExternalOpponent). */
export interface ExternalOpponent {
  unum: number;
  /** Its torso (world frame) as the monitor's scene shows it; null while it is not on the field. */
  torso(): ScenePoint | null;
}

/** An external opponent's torso stands this high (m) once it is up; a fallen one lies lower. */
const EXTERNAL_UP_Z = 0.3;
/** An external opponent must join the field within this long (s of server time). */
const EXTERNAL_JOIN_WAIT = 60;

export class EvalSession {
  private running: Promise<number> | null = null;
  private readonly opponents: Opponent[] = [];
  private readonly processes: Deno.ChildProcess[] = [];
  /** A monitor that follows the scene, opened when a task first watches an opponent. */
  private sceneMonitor: MonitorClient | null = null;

  private constructor(
    readonly agent: EvalAgent,
    readonly monitor: MonitorClient,
    private readonly server: RunningServer | null,
    private readonly stopAgent: AbortController,
    private readonly target: SessionTarget,
  ) {}

  /** Starts (or joins) a server, connects the monitor and the agent, waits for registration. */
  static async open(
    options: AgentOptions,
    target: SessionTarget | "auto",
  ): Promise<EvalSession> {
    const server = target === "auto" ? await launchServer(EVAL_SERVER) : null;
    const t = server ? serverTarget(server) : target as SessionTarget;
    try {
      const monitor = await MonitorClient.connect(t.host, t.monitorPort);
      const agent = new EvalAgent(options);
      const stop = new AbortController();
      const s = new EvalSession(agent, monitor, server, stop, t);
      s.running = runAgent(agent, { host: t.host, port: t.port, signal: stop.signal });
      await s.until(() => agent.world.side !== null, 20, "the agent to register");
      return s;
    } catch (e) {
      await server?.stop();
      throw e;
    }
  }

  get side(): TeamSide {
    return this.agent.world.side === "right" ? "Right" : "Left";
  }

  /** The other team's side. */
  get otherSide(): TeamSide {
    return this.side === "Left" ? "Right" : "Left";
  }

  /**
   * Connects an agent of the other team (its own team name, its behaviour) to the session's
   * server; it plays until the session closes. Resolves once it has registered.
   */
  async addOpponent(options: AgentOptions): Promise<Agent> {
    const agent = new Agent(options);
    const stop = new AbortController();
    const running = runAgent(agent, {
      host: this.target.host,
      port: this.target.port,
      signal: stop.signal,
    });
    this.opponents.push({ agent, stop, running });
    await this.until(() => agent.world.side !== null, 20, "the opponent to register");
    return agent;
  }

  /**
   * addOpponent with an agent of our own code: robot `type` with its bundled param and skill
   * files, logging as ours does; `behaviour` absent, it does only what its motion is asked.
   */
  async addOwnOpponent(
    team: string,
    unum: number,
    type: RobotType,
    behaviour?: string,
  ): Promise<Agent> {
    const params = await loadParams(type, []);
    return await this.addOpponent({
      team,
      unum,
      type,
      params,
      log: this.agent.options.log,
      core: await createCore("wasm", type),
      skills: await loadSkillFiles(bundledSkillFiles(), params),
      behaviour,
    });
  }

  /**
   * Starts another team's agent as a process of its own: `command` run by the shell with the
   * server's host, agent port and `unum` appended (in a session of its own, so that closing
   * reaches every process it starts). Resolves once its robot is on the field, at most `joinWait`
   * s of server time.
   */
  async addExternalOpponent(
    command: string,
    unum: number,
    joinWait = EXTERNAL_JOIN_WAIT,
  ): Promise<ExternalOpponent> {
    const t = this.target;
    const child = new Deno.Command("setsid", {
      args: ["sh", "-c", `exec ${command} "$@"`, "sh", t.host, String(t.port), String(unum)],
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).spawn();
    this.processes.push(child);
    const torso = await this.watchOpponent(unum);
    await this.until(() => torso() !== null, joinWait, `'${command}' to join`);
    return { unum, torso };
  }

  /**
   * The torso (world frame) of the other team's robot `unum` as the monitor's scene shows it,
   * each time it is called; null while it is not on the field.
   */
  async watchOpponent(unum: number): Promise<() => ScenePoint | null> {
    const t = this.target;
    this.sceneMonitor ??= await MonitorClient.connect(t.host, t.monitorPort, 5000, true);
    const scene = this.sceneMonitor.follower!.scene;
    const team = this.otherSide === "Left" ? "left" : "right";
    return () =>
      scene.robots().find((r) => r.team === team && r.unum === unum)?.parts[0].at ?? null;
  }

  /**
   * Puts an external opponent at (x, y) facing rot (world frame), once its torso stands up (it
   * gets up by its own behaviour; at most PLACE_REST_WAIT s).
   */
  async placeExternal(o: ExternalOpponent, x: number, y: number, rot: number): Promise<void> {
    const t0 = this.now;
    await this.until(
      () => (o.torso()?.z ?? 0) > EXTERNAL_UP_Z || this.now - t0 > PLACE_REST_WAIT,
      PLACE_REST_WAIT + 5,
      "the opponent to stand",
    );
    await this.monitor.send(trainer.moveAgent(o.unum, this.otherSide, { x, y, z: 0.4 }, rot));
    await this.cycles(4);
  }

  /**
   * Puts opponent `agent` at (x, y) facing rot (world frame), once it stands upright (it gets up
   * by its own behaviour; at most PLACE_REST_WAIT s).
   */
  async placeOpponent(agent: Agent, x: number, y: number, rot: number): Promise<void> {
    const t0 = this.now;
    await this.until(
      () => agent.falls.state === "upright" || this.now - t0 > PLACE_REST_WAIT,
      PLACE_REST_WAIT + 5,
      "the opponent to stand",
    );
    await this.monitor.send(trainer.moveAgent(agent.world.unum ?? 1, this.otherSide, {
      x,
      y,
      z: 0.4,
    }, rot));
    await this.cycles(2);
    agent.wake();
    await this.cycles(2);
  }

  /** The agent's motion clock (WorldState.clock), seconds: what skills and falls are timed on. */
  get now(): number {
    return this.agent.world.clock;
  }

  async cycles(n: number): Promise<void> {
    for (let i = 0; i < n; i++) await this.agent.nextCycle();
  }

  /** Waits until pred holds, at most `seconds` of server time. */
  async until(pred: () => boolean, seconds: number, what: string): Promise<void> {
    const start = this.agent.world.time;
    while (!pred()) {
      await this.agent.nextCycle();
      const now = this.agent.world.time;
      if (!Number.isNaN(start) && now - start > seconds) {
        throw new Error(`eval: timed out after ${seconds} s waiting for ${what}`);
      }
    }
  }

  /** Puts our robot at (x, y) facing rot (world frame), upright, and lets it settle. */
  async place(x: number, y: number, rot: number, settleSeconds = 1): Promise<void> {
    const unum = this.agent.world.unum ?? 1;
    // The robot is brought to rest first: beamed in mid-stride or while still swaying (a new
    // agent drops onto the field), it keeps swinging and falls after landing. A fallen robot
    // gets up first: beamed in the middle of a get-up, it landed in that pose and the next kick
    // barely touched the ball.
    this.agent.motion.set({ kind: "stand" });
    const t0 = this.now;
    let restingSince = Infinity;
    await this.until(
      () => {
        const resting = this.agent.motion.activity === "stand" &&
          this.agent.estimator.tilt.up[2] > UPRIGHT_UP_Z;
        restingSince = resting ? Math.min(restingSince, this.now) : Infinity;
        return this.now - restingSince >= REST_SECONDS || this.now - t0 > PLACE_REST_WAIT;
      },
      PLACE_REST_WAIT + 5,
      "the robot to come to rest",
    );
    await this.monitor.send(trainer.moveAgent(unum, this.side, { x, y, z: 0.4 }, rot));
    // Put down standing: whatever the body was doing (a stride, a get-up) ends here. The agent
    // knows where it was put, as after a beam of its own (the tilt filter starts again from
    // upright, the localizer from the pose): otherwise the mirror-symmetric field let it settle
    // on the mirrored pose now and then, and walk off the wrong way.
    this.agent.motion.reset();
    const side = this.agent.world.side ?? "left";
    const own = toOwnFrame(x, y, side);
    this.agent.estimator.beamed(own.x, own.y, side === "left" ? rot : rot + Math.PI);
    await this.cycles(2);
    // A robot at rest sleeps in the server's physics and stays where it is put: it hung in the
    // air until its next skill woke it, then dropped onto its feet as the skill began. Awake, it
    // lands while settling.
    this.agent.wake();
    await this.cycles(2);
    const t = this.now;
    await this.until(() => this.now - t >= settleSeconds, settleSeconds + 5, "settling");
  }

  async playOn(): Promise<void> {
    await this.monitor.send(trainer.playMode("PlayOn"));
    await this.until(() => this.agent.world.playModeName === "PlayOn", 5, "PlayOn");
  }

  /**
   * Waits out the server's pause after a goal: its kick-off moves the ball to the centre spot,
   * and a run started in the pause lost its ball there. Then plays on from the kick-off: in the
   * other team's, the server moves a robot put in their half back into ours (the score task's
   * runs after a goal began 11 m from the ball). Other stops (a goal kick: the referee holds it
   * while the ball lies in the penalty area) are the runs' to resume once the ball is placed.
   */
  async goalPauseOver(): Promise<void> {
    const mode = () => this.agent.world.playModeName;
    await this.until(() => !mode().startsWith("Goal"), GOAL_PAUSE, "the kick-off");
    if (mode() === "BeforeKickOff" || mode().startsWith("KickOff")) await this.playOn();
  }

  /** Play on, from whatever the referee called when the ball last crossed a line. */
  async resumePlay(): Promise<void> {
    if (this.agent.world.playModeName !== "PlayOn") await this.playOn();
  }

  async close(): Promise<void> {
    await Promise.all(this.processes.map(stopProcessGroup));
    await this.sceneMonitor?.close();
    for (const o of this.opponents) o.stop.abort();
    this.stopAgent.abort();
    await Promise.all(this.opponents.map((o) => o.running));
    await this.running;
    await this.monitor.close();
    await this.server?.stop();
  }
}
