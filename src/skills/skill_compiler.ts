// Turns parsed skill files into playable skills: evaluates the value expressions with $params
// from a ParamSet, converts the file's units (degrees) to radians, checks values (finite, wait
// ≥ 0, scale > 0), resolves REFLECTSKILL, and loads skill files from disk. Errors are
// SkillErrors at the offending expression's line and column.

import { DEG } from "../util/angles.ts";
import { ConfigError, type ParamSet } from "../config/params.ts";
import type { Command, Expr, PoseExprs, SkillNode, SklFile } from "./skl_ast.ts";
import { parseSkl } from "./skl_parser.ts";
import { SkillError, type SourcePos } from "./skill_error.ts";
import { mirrorSkill } from "./skill_mirror.ts";
import type { FootPose, Keyframe, Skill, SkillLibrary, Step } from "./skill.ts";

/** Where an expression begins (a binary node's own position is its operator's). */
export function exprStart(e: Expr): SourcePos {
  return e.kind === "binary" ? exprStart(e.left) : e.pos;
}

/** Evaluates an expression; $params come from `params`. */
export function evaluate(e: Expr, params: ParamSet, file: string): number {
  const v = evalNode(e, params, file);
  if (!Number.isFinite(v)) {
    throw new SkillError(file, exprStart(e), "value is not a finite number");
  }
  return v;
}

function evalNode(e: Expr, params: ParamSet, file: string): number {
  switch (e.kind) {
    case "number":
      return e.value;
    case "param":
      try {
        return params.get(e.name);
      } catch (err) {
        if (err instanceof ConfigError) {
          throw new SkillError(file, e.pos, `unknown parameter $${e.name}: ${err.message}`);
        }
        throw err;
      }
    case "negate":
      return -evalNode(e.operand, params, file);
    case "binary": {
      const a = evalNode(e.left, params, file);
      const b = evalNode(e.right, params, file);
      switch (e.op) {
        case "+":
          return a + b;
        case "-":
          return a - b;
        case "*":
          return a * b;
        case "/":
          if (b === 0) throw new SkillError(file, e.pos, "division by zero");
          return a / b;
      }
    }
  }
}

function origin(file: string, pos: SourcePos): string {
  return `${file}:${pos.line}`;
}

class Compiler {
  constructor(private readonly params: ParamSet, private readonly file: string) {}

  value(e: Expr): number {
    return evaluate(e, this.params, this.file);
  }

  pose(p: PoseExprs): FootPose {
    const [x, y, z, roll, pitch, yaw] = p.map((e) => this.value(e));
    return { x, y, z, roll: roll * DEG, pitch: pitch * DEG, yaw: yaw * DEG };
  }

  skill(node: SkillNode): Skill {
    const keyframes: Keyframe[] = node.states.map((s) => {
      const steps: Step[] = [];
      let wait = 0;
      for (const c of s.commands) {
        if (c.kind === "wait") wait = this.wait(c.seconds);
        else steps.push(this.step(c));
      }
      return { steps, wait, origin: origin(this.file, s.pos) };
    });
    return { name: node.name, keyframes, origin: origin(this.file, node.pos) };
  }

  private wait(e: Expr): number {
    const v = this.value(e);
    if (v < 0) throw new SkillError(this.file, exprStart(e), `wait time ${v} is negative`);
    return v;
  }

  private step(c: Exclude<Command, { kind: "wait" }>): Step {
    switch (c.kind) {
      case "settar":
      case "inctar":
      case "movetar":
        return {
          kind: c.kind === "settar" ? "set" : c.kind === "inctar" ? "inc" : "move",
          pairs: c.pairs.map((p) => ({ joint: p.joint.index, value: this.value(p.value) * DEG })),
        };
      case "setscale":
        return {
          kind: "scale",
          pairs: c.pairs.map((p) => {
            const value = this.value(p.value);
            if (value <= 0) {
              throw new SkillError(this.file, exprStart(p.value), `scale ${value} is not positive`);
            }
            return { joint: p.joint.index, value };
          }),
        };
      case "reset":
        return { kind: "reset", joints: [...new Set(c.parts.flatMap((p) => p.joints))] };
      case "setfoot":
        return { kind: "setfoot", side: c.side, pose: this.pose(c.pose) };
      case "stabilize":
        return { kind: "stabilize", side: c.side, x: this.value(c.x), y: this.value(c.y) };
      case "curve":
        return { kind: "curve", side: c.side, points: c.points.map((p) => this.pose(p.pose)) };
    }
  }
}

/**
 * Compiles a parsed file. `known` holds skills loaded before (from other files): names must be
 * new, and REFLECTSKILL may mirror them.
 */
export function compileSkills(
  ast: SklFile,
  params: ParamSet,
  known: SkillLibrary = new Map(),
): Map<string, Skill> {
  const out = new Map<string, Skill>();
  const compiler = new Compiler(params, ast.file);
  const find = (name: string) => out.get(name) ?? known.get(name);
  const define = (name: string, pos: SourcePos, skill: Skill) => {
    const prev = find(name);
    if (prev) {
      throw new SkillError(ast.file, pos, `skill '${name}' is already defined at ${prev.origin}`);
    }
    out.set(name, skill);
  };
  for (const item of ast.items) {
    if (item.kind === "skill") {
      define(item.name, item.pos, compiler.skill(item));
      continue;
    }
    // REFLECTSKILL a b: the one of the two that exists is mirrored into the other.
    const a = find(item.first.name), b = find(item.second.name);
    if (a && b) {
      throw new SkillError(
        ast.file,
        item.second.pos,
        `REFLECTSKILL: both '${item.first.name}' and '${item.second.name}' are already defined`,
      );
    }
    if (!a && !b) {
      throw new SkillError(
        ast.file,
        item.first.pos,
        `REFLECTSKILL: neither '${item.first.name}' nor '${item.second.name}' is defined above`,
      );
    }
    const source = (a ?? b)!;
    const target = a ? item.second : item.first;
    define(target.name, target.pos, mirrorSkill(source, target.name, origin(ast.file, item.pos)));
  }
  return out;
}

/** Parses and compiles one file's text. */
export function parseSkills(
  text: string,
  file: string,
  params: ParamSet,
  known?: SkillLibrary,
): Map<string, Skill> {
  return compileSkills(parseSkl(text, file), params, known);
}

/** Loads skill files in order into one library; a later file may reflect an earlier one's. */
/** A skill file's path and text. */
export interface SkillSource {
  path: string;
  text: string;
}

/** Reads skill files, in order. */
export async function readSkillFiles(paths: readonly string[]): Promise<SkillSource[]> {
  const sources: SkillSource[] = [];
  for (const path of paths) {
    try {
      sources.push({ path, text: await Deno.readTextFile(path) });
    } catch (e) {
      throw new SkillError(path, null, `cannot read skill file: ${(e as Error).message}`);
    }
  }
  return sources;
}

/** Compiles skill texts with `params`; later files may reflect skills of earlier ones. */
export function compileSkillSources(
  sources: readonly SkillSource[],
  params: ParamSet,
): Map<string, Skill> {
  const all = new Map<string, Skill>();
  for (const { path, text } of sources) {
    for (const [name, skill] of parseSkills(text, path, params, all)) all.set(name, skill);
  }
  return all;
}

export async function loadSkillFiles(
  paths: readonly string[],
  params: ParamSet,
): Promise<Map<string, Skill>> {
  return compileSkillSources(await readSkillFiles(paths), params);
}
