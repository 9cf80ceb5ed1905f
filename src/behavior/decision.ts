// The behaviour framework: behaviours are created by name from a per-agent registry with typed
// options, and a priority-ordered decision list asks them in turn each cycle — the first one
// that applies decides what the body does. A behaviour is told when it takes over (enter) and
// when it hands over (leave). Nothing here is global: every agent builds its own.

import type { FallState, MotionRequest } from "../motion/motion.ts";
import type { TeamWorld } from "../world/team_world.ts";
import type { WorldView } from "../world/world_view.ts";
import type { Pose2 } from "../util/pose.ts";
import { isBeamMode } from "../protocol/playmode.ts";

export interface BehaviorContext {
  readonly view: WorldView;
  /** Whether the body is lying or getting up. */
  readonly fallen: boolean;
  /** How it lies while down (the world's fall detector); "upright" otherwise. */
  readonly fall?: FallState;
  /** The recovery skill the body plays now, or null. */
  readonly recovering?: string | null;
  /** The skill asked for while walking that the body starts next cycle (Motion.skillDue). */
  readonly skillDue?: string | null;
  /** The body stands still, nothing pending: a skill asked for now starts at once. */
  readonly standing?: boolean;
  /** How fast the walk goes now (m/s, Motion.walkSpeed): 0 standing or in a skill. */
  readonly walkSpeed?: number;
  /** What we and our teammates know of every player and the ball, fused. */
  readonly team: TeamWorld;
  /** What we tell them (and show in RoboViz); behaviours set it, the agent says and draws it. */
  readonly outbox: Outbox;
}

export interface Outbox {
  /** We took the last set play and must not touch the ball before someone else has. */
  taker: boolean;
  /** We are going for the ball. */
  onBall: boolean;
  /** Our role and where we are going, for drawing; null when none. */
  role: string | null;
  target: { x: number; y: number } | null;
  /** The teammate our kick this cycle passes to, or null. */
  pass: number | null;
  /**
   * What we do at the ball (approach, fine, dribble, kick; shot: lining up or taking one), for
   * logs; null away from it.
   */
  ballAction: string | null;
  /**
   * Where we would stand for the kick-off now, in the modes that take beams: the agent beams
   * there when it lies off the last beam; null: the formation's spot.
   */
  beam: Pose2 | null;
}

export function newOutbox(): Outbox {
  return {
    taker: false,
    onBall: false,
    role: null,
    target: null,
    pass: null,
    ballAction: null,
    beam: null,
  };
}

export interface Behavior {
  readonly name: string;
  /** What to do now, or null when this behaviour does not apply (the next one is asked). */
  decide(ctx: BehaviorContext): MotionRequest | null;
  /**
   * Where to stand for the kick-off, asked in the modes that take beams whichever layer decides;
   * null or absent: the formation's spot.
   */
  kickOffBeam?(ctx: BehaviorContext): Pose2 | null;
  enter?(ctx: BehaviorContext): void;
  leave?(ctx: BehaviorContext): void;
}

export interface BehaviorFactory<O> {
  readonly name: string;
  readonly defaults: O;
  create(options: O): Behavior;
}

export class BehaviorRegistry {
  private readonly factories = new Map<string, BehaviorFactory<unknown>>();

  register<O>(factory: BehaviorFactory<O>): this {
    if (this.factories.has(factory.name)) {
      throw new Error(`behaviour '${factory.name}' is registered twice`);
    }
    this.factories.set(factory.name, factory as BehaviorFactory<unknown>);
    return this;
  }

  names(): string[] {
    return [...this.factories.keys()].sort();
  }

  /** A new behaviour by name, its defaults overlaid with `options`. */
  create(name: string, options: object = {}): Behavior {
    const f = this.factories.get(name);
    if (!f) throw new Error(`no behaviour named '${name}' (known: ${this.names().join(", ")})`);
    return f.create({ ...(f.defaults as Record<string, unknown>), ...options });
  }
}

export class DecisionList {
  private active: Behavior | null = null;

  constructor(readonly layers: readonly Behavior[]) {}

  /** The name of the behaviour that decided last. */
  get current(): string | null {
    return this.active?.name ?? null;
  }

  step(ctx: BehaviorContext): MotionRequest {
    ctx.outbox.beam = null;
    if (isBeamMode(ctx.view.playMode)) {
      for (const b of this.layers) {
        ctx.outbox.beam = b.kickOffBeam?.(ctx) ?? null;
        if (ctx.outbox.beam) break;
      }
    }
    for (const b of this.layers) {
      const request = b.decide(ctx);
      if (request === null) continue;
      if (b !== this.active) {
        this.active?.leave?.(ctx);
        b.enter?.(ctx);
        this.active = b;
      }
      return request;
    }
    return { kind: "stand" };
  }
}
