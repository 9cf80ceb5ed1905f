// One soccer agent's brain, independent of the network: it turns each server message into
// exactly one reply ending in (syn). It runs the handshake (scene → init → wait for unum and
// side → beam), re-beams when the game returns to a beam mode, updates its estimates, asks its
// behaviours what to do, and has the motion layer's joint targets driven by the joint
// controller. Everything it holds is its own, its WASM instance included.

import { DEG, wrapAngle } from "../util/angles.ts";
import { type Point2, type Pose2, toRobot } from "../util/pose.ts";
import { bodyModel } from "../body/body_model.ts";
import { J, NUM_JOINTS, type RobotType } from "../body/joints.ts";
import { JointController } from "../control/joint_controller.ts";
import type { NumericCore } from "../core/numeric_core.ts";
import { Estimator, estimatorParams } from "../estimation/estimator.ts";
import {
  getupCalmRate,
  jointGainsFromParams,
  soccerOptions,
  standPoseFromParams,
} from "./play_options.ts";
import { Motion } from "../motion/motion.ts";
import { FallDetector } from "../world/fall_detector.ts";
import { sprintParams, walkParams } from "../motion/walk_engine.ts";
import { kickPreSeconds } from "../skills/kicks.ts";
import type { Skill } from "../skills/skill.ts";
import { ROBOVIZ_PORT, RoboVizDrawer } from "../net/roboviz.ts";
import { DecisionList, newOutbox, type Outbox } from "../behavior/decision.ts";
import { HeadControl } from "../behavior/head.ts";
import { agentBehaviors, LAYERS, PENALTY_BEHAVIOURS } from "../behavior/registry.ts";
import type { ParamSet } from "../config/params.ts";
import type { Perception } from "../protocol/perception.ts";
import { PerceptionParser } from "../protocol/parser.ts";
import { isBeamMode } from "../protocol/playmode.ts";
import { beamMessage, initMessage, ReplyWriter, sceneMessage, SYN } from "../protocol/effectors.ts";
import {
  beamSpot,
  type Formation,
  KICK_OFF_FORMATION,
  kickOffIsTheirs,
  type Mode,
  TEST_FORMATION,
} from "../strategy/formation.ts";
import { DIVE_SKILLS } from "../ballplay/goalie_dive.ts";
import { nearestDistance } from "../ballplay/avoid.ts";
import { RADIO_QUIET, RadioCodec, speaksAt } from "../team/radio.ts";
import { drawAgent } from "./roboviz_view.ts";
import { TeamReporter } from "./team_report.ts";
import { TeamModel } from "../team/team_model.ts";
import type { Logger } from "log";
import { PerceptionGuard } from "../world/perception_guard.ts";
import { TeamWorld } from "../world/team_world.ts";
import { WorldState } from "../world/world_state.ts";
import { type WorldView, worldView } from "../world/world_view.ts";
import { FallContext } from "./fall_context.ts";

export interface AgentOptions {
  team: string;
  /** Requested uniform number; 0 lets the server choose. */
  unum: number;
  type: RobotType;
  params: ParamSet;
  log: Logger;
  /** This agent's own numeric core, built for `type`. */
  core: NumericCore;
  /** Skills by name (get-ups, kicks); the motion layer plays them. */
  skills: ReadonlyMap<string, Skill>;
  /** Send RoboViz drawings to this host; off when absent. */
  drawHost?: string;
  /** RoboViz's UDP port (32769). */
  drawPort?: number;
  /**
   * The top-level behaviour (e.g. "soccer", "stand"), under get-up and set-play handling. Without
   * one the agent decides, says and turns its head to nothing, and whoever drives `motion` (an
   * evaluation) does.
   */
  behaviour?: string;
  /** A game (default), or one side of a penalty shoot-out: its beam spot and behaviour. */
  mode?: Mode;
  /** Without a behaviour, still turn the head to the ball (an evaluation that plays it). */
  headControl?: boolean;
}

type Phase = "new" | "scene-sent" | "init-sent";

/** A localized pose that moves this far (m) within a second was moved by the referee. */
const RELOCATION_JUMP = 1.2;

/** The top-level behaviours that take the soccer options. */
const SOCCER_LIKE = new Set(["soccer", ...PENALTY_BEHAVIOURS]);

/** A beam waits until the legs hold the stand pose this closely (or BEAM_WAIT_CYCLES pass). */
const BEAM_POSE_TOLERANCE = 3 * DEG;
const BEAM_WAIT_CYCLES = 50;
/**
 * The taker beams again (restage) once its spot moves this far (m) or turns this much (rad),
 * RESTAGE_CYCLES after the last beam (ten vision frames: the robot has placed itself, and the
 * opponents), at most RESTAGES times a beam mode.
 */
const RESTAGE_MOVE = 0.05;
const RESTAGE_TURN = 5 * DEG;
const RESTAGE_CYCLES = 30;
const RESTAGES = 4;
/** A fall's debug log gives every this-many-th cycle of the second before it. */
const FALL_CONTEXT_EVERY = 5;
/**
 * Head-yaw velocity (rad/s) of one reply that wakes the body: the server's physics puts a robot
 * at rest to sleep, and only a joint velocity other than 0 wakes it again.
 */
const WAKE_VELOCITY = 0.001;

/** A deterministic per-agent seed for the filter's random stream. */
function agentSeed(team: string, unum: number, type: number): number {
  let h = 2166136261;
  for (const ch of `${team}/${unum}/${type}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

export class Agent {
  readonly world = new WorldState();
  readonly estimator: Estimator;
  readonly motion: Motion;
  /** Whether we are down, from the tilt (the world model's fall detector). */
  readonly falls = new FallDetector();
  parseErrors = 0;
  /** Cycles an error of our own cut short (see failed). */
  internalErrors = 0;
  /** Zero velocity for every joint: the reply of a failed cycle. */
  private readonly stopped = new Float64Array(NUM_JOINTS);
  /** Times the referee moved us during play (see watchRelocation). */
  relocations = 0;
  /** The last localized pose (t: server time, NaN before the first). */
  private readonly lastFix = { x: 0, y: 0, t: NaN };
  private phase: Phase = "new";
  private beamPending = false;
  private beamWait = 0;
  /** Where the last beam went (null: none yet). */
  private beamedTo: Pose2 | null = null;
  /** The pending beam's spot when restage asked for it (null: the formation's). */
  private restageTo: Pose2 | null = null;
  /** Beams restage asked for in this beam mode. */
  private restages = 0;
  /** Replies until the one that wakes the body (0: none pending). */
  private wakeIn = 0;
  private drawer: RoboVizDrawer | null = null;
  private readonly decisions: DecisionList | null;
  /** What teammates said (team talk). */
  readonly team: TeamModel;
  /** Every teammate, opponent and the ball, from our vision and team talk. */
  readonly teamWorld = new TeamWorld();
  private readonly radio = new RadioCodec();
  private readonly reporter = new TeamReporter();
  /** Passes kicked so far, and the receiver of the kick under way (null: none). */
  passes = 0;
  private lastPass: number | null = null;
  /** The fall detector had the robot down last cycle. */
  private wasDown = false;
  /** The last second of walk and tilt, logged at debug level when the robot falls. */
  private readonly fallContext = new FallContext();
  private readonly head = new HeadControl();
  private readonly outbox: Outbox = newOutbox();
  private readonly parser = new PerceptionParser();
  private readonly guard: PerceptionGuard;
  private readonly writer: ReplyWriter;
  private readonly controller: JointController;
  private readonly standPose: Float64Array;
  /** Where it beams to: a test opponent (stand, walk-test) keeps the test formation. */
  private readonly formation: Formation;

  constructor(readonly options: AgentOptions) {
    if (options.core.type !== options.type) {
      throw new Error(
        `numeric core is for type ${options.core.type}, agent is type ${options.type}`,
      );
    }
    this.guard = new PerceptionGuard((line) => options.log.warn(line));
    const model = bodyModel(options.type);
    this.writer = new ReplyWriter(options.type);
    this.controller = new JointController(jointGainsFromParams(options.params), model);
    this.standPose = standPoseFromParams(options.params);
    const walk = walkParams(options.params);
    const preSkillSeconds = kickPreSeconds((name) => options.params.get(name));
    this.motion = new Motion({
      type: options.type,
      core: options.core,
      walk,
      sprint: sprintParams(options.params),
      standPose: this.standPose,
      skills: options.skills,
      skillGain: options.params.get("joint.skill_kp") / options.params.get("joint.kp"),
      calmRate: getupCalmRate(options.params),
      preSkillSeconds,
      immediateSkills: new Set(Object.values(DIVE_SKILLS)),
    });
    this.motion.requireSkills([...preSkillSeconds.keys(), ...Object.values(DIVE_SKILLS)]);
    const behaviours = agentBehaviors();
    const mode = options.mode ?? "game";
    const top = mode === "game" ? options.behaviour : mode;
    this.formation = top !== undefined && !SOCCER_LIKE.has(top)
      ? TEST_FORMATION
      : KICK_OFF_FORMATION;
    this.decisions = top === undefined ? null : new DecisionList([
      ...LAYERS.map((name) => behaviours.create(name)),
      behaviours.create(
        top,
        SOCCER_LIKE.has(top) ? soccerOptions(options.params, walk, options.core) : {},
      ),
    ]);
    this.team = new TeamModel(options.team, () => this.world.unum);
    this.estimator = new Estimator(
      options.core,
      estimatorParams(options.params),
      options.team,
      agentSeed(options.team, options.unum, options.type),
    );
  }

  /** This cycle's read-only view of the world, for behaviours. */
  view(): WorldView {
    return worldView(this.world, this.estimator);
  }

  private get log(): Logger {
    return this.options.log;
  }

  /** Our pose, the ball, our role and target and what the body does, in RoboViz (with drawHost). */
  private draw(): void {
    const w = this.world;
    if (w.side === null || w.unum === null) return;
    this.drawer ??= new RoboVizDrawer(
      this.options.drawHost!,
      this.options.drawPort ?? ROBOVIZ_PORT,
      this.options.team,
      w.side,
      w.unum,
    );
    drawAgent(this.drawer, w, this.outbox, this.motion.activity);
  }

  /** The first message to the server: create our body of the chosen type. */
  hello(): string {
    this.phase = "scene-sent";
    return sceneMessage(this.options.type) + SYN;
  }

  /** Parses one server message, updates the world and returns the one reply it is owed. */
  onMessage(message: string | Uint8Array): string {
    try {
      const result = this.parser.parse(message);
      if (result.ok) this.perceive(result.perception);
      else {
        this.parseErrors++;
        if (this.parseErrors <= 5 || this.parseErrors % 500 === 0) {
          this.log.warn(
            `malformed server message (#${this.parseErrors}) at byte ${result.error.offset}: ${result.error.message}`,
          );
        }
      }
      return this.act();
    } catch (e) {
      return this.failed(e);
    }
  }

  /**
   * A cycle that an error of our own cut short: logged (the first few, then every 500th), and a
   * reply that stops every joint, as the server keeps a hinge turning at its last velocity. The
   * next message is played as usual.
   */
  private failed(e: unknown): string {
    this.internalErrors++;
    if (this.internalErrors <= 5 || this.internalErrors % 500 === 0) {
      const where = e instanceof Error ? e.stack?.split("\n").find((l) => l.includes(" at ")) : "";
      this.log.error(
        `internal error (#${this.internalErrors}) at cycle ${this.world.cycle}: ` +
          `${e instanceof Error ? e.message : String(e)}${where ? ` (${where.trim()})` : ""}`,
      );
    }
    this.writer.clear();
    this.writer.velocities(this.stopped);
    return this.writer.finish();
  }

  /** Updates the world model from a parsed message (also used by the replay tool). */
  perceive(p: Perception): void {
    this.guard.check(p);
    const w = this.world;
    const hadSide = w.side !== null;
    w.update(p);
    const core = this.options.core;
    core.q.set(w.joints);
    core.forwardKinematics();
    core.centerOfMass();
    this.estimator.update(p, w);
    if (p.heard.length > 0) this.team.hear(p.heard, w.time);
    this.teamWorld.update({
      now: w.time,
      unum: w.unum,
      players: this.estimator.players.all(),
      ball: w.ball,
      ballSeen: this.estimator.ball.lastSeen,
    }, this.team);
    this.watchRelocation();
    if (w.cycle % 50 === 0 && this.log.enabled("debug")) {
      const s = w.self;
      this.log.debug(
        `localization confidence ${this.estimator.localizer.confidence.toFixed(2)}` +
          (s ? ` at ${poseText(s)}` : ""),
      );
    }
    if (!hadSide && w.side !== null) {
      const want = this.options.unum;
      if (want !== 0 && w.unum !== null && w.unum !== want) {
        this.log.warn(`server assigned unum ${w.unum}, requested ${want}`);
      }
      this.log.info(
        `registered as unum ${w.unum} on the ${w.side} side, robot type ${this.options.type}`,
      );
      this.requestBeam(isBeamMode(w.playMode));
    } else if (w.side !== null && w.playModeAge === 0 && isBeamMode(w.playMode)) {
      this.requestBeam(true);
    }
  }

  /**
   * The referee moves players (crowding, lying too long) without telling them: a jump of the
   * localized pose by more than RELOCATION_JUMP within a second, while standing or walking
   * outside the beam modes, is counted and logged as such.
   */
  private watchRelocation(): void {
    const w = this.world;
    const s = w.self;
    const last = this.lastFix;
    if (this.motion.activity !== "stand" && this.motion.activity !== "walk") last.t = NaN;
    if (!s || w.visionTime !== w.time || !this.estimator.localized(w.time)) return;
    if (!isBeamMode(w.playMode) && w.playModeAge > 50 && w.time - last.t < 1) {
      const jump = Math.hypot(s.x - last.x, s.y - last.y);
      if (jump > RELOCATION_JUMP) {
        this.relocations++;
        this.log.warn(
          `relocated by the referee at game time ${w.gameTime.toFixed(1)} (${w.playModeName}): ` +
            `(${last.x.toFixed(1)}, ${last.y.toFixed(1)}) → (${s.x.toFixed(1)}, ${s.y.toFixed(1)})`,
        );
      }
    }
    last.x = s.x;
    last.y = s.y;
    last.t = w.time;
  }

  private requestBeam(on: boolean): void {
    this.beamPending = on;
    this.beamWait = 0;
    this.restageTo = null;
    this.restages = 0;
  }

  /**
   * Beams again to where the behaviour would stand for the kick-off (outbox.beam: our taker,
   * lined up for the kick-off's way) while the kick-off may be ours: when that lies RESTAGE_MOVE
   * or RESTAGE_TURN off the last beam, RESTAGE_CYCLES after it, at most RESTAGES times a mode.
   */
  private restage(): void {
    const w = this.world, b = this.outbox.beam, last = this.beamedTo;
    if (!b || !last || this.beamPending || w.side === null || !isBeamMode(w.playMode)) return;
    if (this.restages >= RESTAGES || this.estimator.cyclesSinceBeam < RESTAGE_CYCLES) return;
    if (kickOffIsTheirs(w.playMode, w.side, w.gameTime, w.firstKickOff)) return;
    const moved = Math.hypot(b.x - last.x, b.y - last.y) >= RESTAGE_MOVE;
    if (!moved && Math.abs(wrapAngle(b.theta - last.theta)) < RESTAGE_TURN) return;
    this.restageTo = { x: b.x, y: b.y, theta: b.theta };
    this.restages++;
    this.beamPending = true;
    this.beamWait = 0;
  }

  /** Whether the legs hold the stand pose; a beam then lands the robot on bent knees. */
  private legsInPose(): boolean {
    const q = this.world.joints;
    for (let i = J.LHipYawPitch; i <= J.RAnkleRoll; i++) {
      if (i === J.LToe) continue;
      if (!(Math.abs(q[i] - this.standPose[i]) < BEAM_POSE_TOLERANCE)) return false;
    }
    return true;
  }

  /** In our slot (or a quiet teammate's), tells the team what we know (team_report.ts). */
  private say(view: WorldView, fallen: boolean): void {
    const unum = view.unum;
    if (unum === null) return;
    const talks = (u: number) => this.team.report(u, view.time, RADIO_QUIET) !== null;
    if (!speaksAt(view.time, unum, talks)) return;
    const report = this.reporter.report(view, this.outbox, fallen);
    if (report) this.writer.say(this.radio.encode(report));
  }

  /**
   * Wakes the body in the next reply. A robot at rest sleeps in the server's physics and stays
   * where a beam or a trainer's move puts it, up in the air too, until one of its joints moves.
   */
  wake(): void {
    this.wakeIn = 1;
  }

  /** One debug line: what we play and do, where we think we and the ball are. */
  private trace(view: WorldView, fallen: boolean): void {
    const f = (x: number) => x.toFixed(2);
    const s = view.self, b = view.ball, o = this.outbox;
    this.log.debug(
      `t=${this.world.gameTime.toFixed(1)} ${o.role ?? "-"}${
        o.ballAction ? ":" + o.ballAction : ""
      }` +
        `${fallen ? " fallen" : ""}${o.taker ? " taker" : ""} ${this.motion.activity}` +
        (s ? ` self ${poseText(s)}` : "") +
        (b ? ` ball ${pointText(b)}` : "") +
        (o.target ? ` to ${pointText(o.target)}` : "") +
        (b && o.ballAction ? ` opp ${f(nearestDistance(b, view.opponents))}` : ""),
    );
  }

  /** One info line per skill asked for while walking: whether it started or was called off. */
  private traceDue(skill: string, view: WorldView): void {
    const started = this.motion.playing === skill;
    if (!this.log.enabled("info") || (!started && this.motion.pendingSkill === skill)) return;
    const s = view.self, b = view.ball;
    const rel = s && b ? toRobot(s, b) : null;
    this.log.info(
      `${started ? "start" : "call off"} ${skill} at game time ${this.world.gameTime.toFixed(1)}` +
        (s ? ` self ${poseText(s)}` : "") +
        (b ? ` ball ${pointText(b)}` : "") +
        (rel ? ` ahead ${rel.x.toFixed(3)} aside ${rel.y.toFixed(3)}` : ""),
    );
  }

  /** Builds this cycle's reply. */
  act(): string {
    if (this.phase === "scene-sent") {
      this.phase = "init-sent";
      return initMessage(this.options.unum, this.options.team) + SYN;
    }
    const w = this.world;
    if (
      this.beamPending && w.side !== null &&
      (this.legsInPose() || ++this.beamWait >= BEAM_WAIT_CYCLES)
    ) {
      const theirs = kickOffIsTheirs(w.playMode, w.side, w.gameTime, w.firstKickOff);
      const unum = w.unum ?? this.options.unum;
      const spot = this.restageTo ??
        beamSpot(this.options.mode ?? "game", unum, theirs, this.formation);
      this.writer.add(beamMessage(spot.x, spot.y, spot.theta));
      this.estimator.beamed(spot.x, spot.y, spot.theta);
      this.motion.reset();
      this.beamPending = false;
      this.beamedTo = spot;
      this.restageTo = null;
      // Woken in the reply after this one, once the beam has put it in the air.
      this.wakeIn = 2;
      this.log.debug(`beam to (${spot.x}, ${spot.y}) in ${w.playModeName}`);
    }
    const view = this.decisions || this.options.headControl ? this.view() : null;
    // Read before this cycle's request, which calls the skill off if it is not asked for again.
    const due = this.motion.skillDue;
    if (view && this.decisions) {
      const fallen = this.falls.down;
      this.motion.set(
        this.decisions.step({
          view,
          fallen,
          fall: this.falls.state,
          recovering: this.motion.recovering,
          skillDue: due,
          standing: this.motion.standingIdle,
          walkSpeed: this.motion.walkSpeed,
          team: this.teamWorld,
          outbox: this.outbox,
        }),
      );
      // Teammates count us out until the get-up is over.
      this.say(view, fallen || this.motion.recovering !== null);
      const pass = this.outbox.pass;
      if (pass !== null && pass !== this.lastPass) {
        this.passes++;
        this.log.info(`pass ${this.passes} to ${pass} at game time ${w.gameTime.toFixed(1)}`);
      }
      this.lastPass = pass;
      if (w.cycle % 25 === 0 && this.log.enabled("debug")) this.trace(view, fallen);
      this.restage();
    }
    // A robot about to be beamed gets put on its feet by the beam: no get-up meanwhile.
    const up = this.estimator.tilt.up;
    this.falls.update(w.clock, up, !this.beamPending, w.gyro);
    if (this.log.enabled("debug")) {
      const walk = this.motion.walk;
      this.fallContext.record(w.gameTime, this.motion.activity, walk.asked, walk, up);
    }
    this.logFall(w.gameTime);
    this.controller.target.set(
      this.motion.update(w.clock, w.dt, up, w.joints, this.falls.lying, this.falls.turnRate),
    );
    if (due !== null && view) this.traceDue(due, view);
    // Skills move the head themselves; standing and walking, the head looks for what matters.
    if (view && (this.motion.activity === "stand" || this.motion.activity === "walk")) {
      const h = this.head.update(view);
      this.controller.target[J.HeadYaw] = h.yaw;
      this.controller.target[J.HeadPitch] = h.pitch;
    }
    const m = this.motion;
    const v = this.controller.update(w.joints, w.dt, m.gains, m.tracking, m.feedForward);
    if (this.wakeIn > 0 && --this.wakeIn === 0 && v[J.HeadYaw] === 0) v[J.HeadYaw] = WAKE_VELOCITY;
    this.writer.velocities(v);
    if (this.options.drawHost !== undefined && w.visionTime === w.time) this.draw();
    return this.writer.finish();
  }

  /** One info line when the robot goes down: how it lies and what the body was doing. */
  private logFall(gameTime: number): void {
    const down = this.falls.lying !== "upright";
    if (down && !this.wasDown) {
      const m = this.motion, walking = m.activity === "walk";
      const how = walking
        ? `walking ${m.walkSpeed.toFixed(2)} m/s, sprint ${m.walk.sprinting.toFixed(2)}`
        : m.activity;
      this.log.info(`fell (${this.falls.lying}) at game time ${gameTime.toFixed(1)}, ${how}`);
      if (this.log.enabled("debug")) {
        for (const line of this.fallContext.lines(FALL_CONTEXT_EVERY)) {
          this.log.debug(`before the fall: ${line}`);
        }
      }
    }
    this.wasDown = down;
  }
}

/** A point for the log lines: (x, y), metres to the centimetre. */
function pointText(p: Point2): string {
  return `(${p.x.toFixed(2)}, ${p.y.toFixed(2)})`;
}

/** A pose for the log lines: (x, y, θ°). */
function poseText(p: Pose2): string {
  return `(${p.x.toFixed(2)}, ${p.y.toFixed(2)}, ${(p.theta / DEG).toFixed(0)}°)`;
}
