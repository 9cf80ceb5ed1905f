// Parser of the .skl keyframe skill language (the UT Austin Villa format) into the syntax tree of
// skl_ast.ts. Recursive descent over skl_lexer.ts tokens; every error is a SkillError naming the
// file, line and column of the offending token. Values stay expressions here; the compiler
// (skill_compiler.ts) resolves $params and converts units.

import type {
  Command,
  ControlPoint,
  JointValue,
  PoseExprs,
  ReflectNode,
  SkillNode,
  SklFile,
  StateNode,
} from "./skl_ast.ts";
import { describeToken, type Token, tokenize } from "./skl_lexer.ts";
import type { SkillError, SourcePos } from "./skill_error.ts";
import { posOf, SklReader } from "./skl_expr.ts";
import { BODY_PARTS, LEGS, type Side, skillJoint } from "./skill_names.ts";

/** Words that open or close a block; never joint, part or skill names. */
const STRUCTURE = new Set([
  "STARTSKILL",
  "ENDSKILL",
  "STARTSTATE",
  "ENDSTATE",
  "REFLECTSKILL",
  "STARTCURVE",
  "ENDCURVE",
  "controlpoint",
  "end",
]);

/** Commands allowed directly inside a state. */
const COMMANDS = new Set([
  "settar",
  "inctar",
  "setscale",
  "movetar",
  "reset",
  "wait",
  "setfoot",
  "stabilize",
  "STARTCURVE",
]);

function isKeyword(t: Token): boolean {
  return t.kind === "word" && (STRUCTURE.has(t.text) || COMMANDS.has(t.text));
}

function at(t: SourcePos): string {
  return `line ${t.line}`;
}

/**
 * Parses one skill file's text; `file` names it in error messages. The grammar:
 *
 *   file      = { skill | reflect }
 *   skill     = "STARTSKILL" name state { state } "ENDSKILL"
 *   reflect   = "REFLECTSKILL" name name        (one of the two is defined above)
 *   state     = "STARTSTATE" command { command } "ENDSTATE"      (at most one wait)
 *   command   = ("settar" | "inctar" | "setscale" | "movetar") joint expr { joint expr } "end"
 *             | "reset" part { part } "end"                      (part: HEAD, ARM_LEFT, …, joint)
 *             | "wait" expr "end"
 *             | "setfoot" leg pose "end"
 *             | "stabilize" leg unary unary "end"
 *             | "STARTCURVE" leg point point { point } "ENDCURVE"
 *   point     = "controlpoint" pose "end"
 *   pose      = unary unary unary unary unary unary   (x y z m, roll pitch yaw °)
 *   leg       = "LEG_LEFT" | "LEG_RIGHT"
 *   expr      = term { ("+" | "-") term };   term = unary { ("*" | "/") unary }
 *   unary     = ("-" | "+") unary | primary;   primary = number | "$" param | "(" expr ")"
 *   (runs of values are unary expressions, so that "0.1 -0.05" reads as two values)
 */
export function parseSkl(text: string, file: string): SklFile {
  return new Parser(tokenize(text, file), file).file();
}

class Parser extends SklReader {
  file(): SklFile {
    const items: (SkillNode | ReflectNode)[] = [];
    for (;;) {
      const t = this.peek();
      if (t.kind === "eof") return { file: this.name, items };
      if (this.isWord(t, "STARTSKILL")) items.push(this.skill());
      else if (this.isWord(t, "REFLECTSKILL")) items.push(this.reflect());
      else if (this.isWord(t, "ENDSKILL")) throw this.error(t, "ENDSKILL without STARTSKILL");
      else if (this.isWord(t, "STARTSTATE")) {
        throw this.error(t, "STARTSTATE outside a skill (missing STARTSKILL)");
      } else if (this.isWord(t, "ENDSTATE")) throw this.error(t, "ENDSTATE without STARTSTATE");
      else if (isKeyword(t)) throw this.error(t, `'${t.text}' outside a skill`);
      else throw this.error(t, `expected STARTSKILL or REFLECTSKILL, found ${describeToken(t)}`);
    }
  }

  private skill(): SkillNode {
    const start = this.next();
    const nameTok = this.skillName("STARTSKILL");
    const states: StateNode[] = [];
    for (;;) {
      const t = this.peek();
      if (this.isWord(t, "STARTSTATE")) {
        states.push(this.state());
      } else if (this.isWord(t, "ENDSKILL")) {
        this.next();
        if (states.length === 0) throw this.error(t, `skill '${nameTok.text}' has no states`);
        return { kind: "skill", name: nameTok.text, states, pos: posOf(nameTok) };
      } else if (
        t.kind === "eof" || this.isWord(t, "STARTSKILL") || this.isWord(t, "REFLECTSKILL")
      ) {
        throw this.error(
          t,
          `missing ENDSKILL for skill '${nameTok.text}' (STARTSKILL at ${at(start)})` +
            (t.kind === "eof" ? "" : `, found ${describeToken(t)}`),
        );
      } else if (this.isWord(t, "ENDSTATE")) {
        throw this.error(t, "ENDSTATE without STARTSTATE");
      } else if (isKeyword(t)) {
        throw this.error(t, `'${t.text}' outside a state (missing STARTSTATE)`);
      } else {
        throw this.error(t, `expected STARTSTATE or ENDSKILL, found ${describeToken(t)}`);
      }
    }
  }

  private reflect(): ReflectNode {
    const start = this.next();
    const first = this.skillName("REFLECTSKILL");
    const second = this.skillName("REFLECTSKILL");
    if (first.text === second.text) {
      throw this.error(second, `REFLECTSKILL names '${first.text}' twice`);
    }
    return {
      kind: "reflect",
      first: { name: first.text, pos: posOf(first) },
      second: { name: second.text, pos: posOf(second) },
      pos: posOf(start),
    };
  }

  private skillName(after: string): Token {
    const t = this.peek();
    if (t.kind !== "word" || isKeyword(t)) {
      throw this.error(t, `expected a skill name after ${after}, found ${describeToken(t)}`);
    }
    return this.next();
  }

  private state(): StateNode {
    const start = this.next();
    const commands: Command[] = [];
    let wait: Token | null = null;
    for (;;) {
      const t = this.peek();
      if (this.isWord(t, "ENDSTATE")) {
        this.next();
        if (commands.length === 0) throw this.error(t, "empty state (no commands)");
        return { commands, pos: posOf(start) };
      }
      if (t.kind === "word" && COMMANDS.has(t.text)) {
        if (t.text === "wait") {
          if (wait) throw this.error(t, `second 'wait' in one state (first at ${at(wait)})`);
          wait = t;
        }
        commands.push(this.command());
      } else if (t.kind === "eof" || (t.kind === "word" && STRUCTURE.has(t.text))) {
        throw this.stateBreak(t, start);
      } else if (t.kind === "word") {
        throw this.error(t, `unknown command '${t.text}'`);
      } else {
        throw this.error(t, `expected a command, found ${describeToken(t)}`);
      }
    }
  }

  private stateBreak(t: Token, start: Token): SkillError {
    switch (t.text) {
      case "end":
        return this.error(t, "'end' without a command to close");
      case "controlpoint":
        return this.error(t, "controlpoint outside STARTCURVE … ENDCURVE");
      case "ENDCURVE":
        return this.error(t, "ENDCURVE without STARTCURVE");
      default:
        return this.error(
          t,
          `missing ENDSTATE (STARTSTATE at ${at(start)}), found ${describeToken(t)}`,
        );
    }
  }

  private command(): Command {
    const t = this.next();
    switch (t.text) {
      case "settar":
      case "inctar":
      case "setscale":
      case "movetar":
        return { kind: t.text, pairs: this.jointValues(t), pos: posOf(t) };
      case "reset":
        return { kind: "reset", parts: this.parts(t), pos: posOf(t) };
      case "wait": {
        const seconds = this.expr();
        this.end(t);
        return { kind: "wait", seconds, pos: posOf(t) };
      }
      case "setfoot": {
        const side = this.leg(t);
        const pose = this.pose();
        this.end(t);
        return { kind: "setfoot", side, pose, pos: posOf(t) };
      }
      case "stabilize": {
        const side = this.leg(t);
        const x = this.unary();
        const y = this.unary();
        this.end(t);
        return { kind: "stabilize", side, x, y, pos: posOf(t) };
      }
      default:
        return this.curve(t);
    }
  }

  private jointValues(cmd: Token): JointValue[] {
    const pairs: JointValue[] = [];
    for (;;) {
      const t = this.peek();
      if (this.isWord(t, "end")) break;
      if (t.kind === "eof" || isKeyword(t)) throw this.missingEnd(cmd, t);
      if (t.kind === "rparen") throw this.error(t, "unbalanced ')'");
      if (t.kind !== "word") {
        throw this.error(t, `expected a joint name or 'end', found ${describeToken(t)}`);
      }
      const index = skillJoint(t.text);
      if (index === undefined) throw this.error(t, `unknown joint '${t.text}'`);
      this.next();
      pairs.push({ joint: { name: t.text, index, pos: posOf(t) }, value: this.expr() });
    }
    if (pairs.length === 0) throw this.error(cmd, `${cmd.text} needs at least one joint and value`);
    this.next();
    return pairs;
  }

  private parts(cmd: Token): { name: string; joints: readonly number[] }[] {
    const parts: { name: string; joints: readonly number[] }[] = [];
    for (;;) {
      const t = this.peek();
      if (this.isWord(t, "end")) break;
      if (t.kind === "eof" || isKeyword(t)) throw this.missingEnd(cmd, t);
      if (t.kind !== "word") {
        throw this.error(t, `expected a body part or 'end', found ${describeToken(t)}`);
      }
      const index = skillJoint(t.text);
      const joints = BODY_PARTS.get(t.text) ?? (index === undefined ? undefined : [index]);
      if (!joints) throw this.error(t, `unknown body part or joint '${t.text}'`);
      this.next();
      parts.push({ name: t.text, joints });
    }
    if (parts.length === 0) throw this.error(cmd, "reset needs at least one body part or joint");
    this.next();
    return parts;
  }

  private leg(cmd: Token): Side {
    const t = this.peek();
    const side = t.kind === "word" ? LEGS.get(t.text) : undefined;
    if (!side) {
      throw this.error(t, `${cmd.text} expects LEG_LEFT or LEG_RIGHT, found ${describeToken(t)}`);
    }
    this.next();
    return side;
  }

  private curve(cmd: Token): Command {
    const side = this.leg(cmd);
    const points: ControlPoint[] = [];
    for (;;) {
      const t = this.peek();
      if (this.isWord(t, "ENDCURVE")) {
        this.next();
        if (points.length < 2) throw this.error(cmd, "a curve needs at least 2 control points");
        return { kind: "curve", side, points, pos: posOf(cmd) };
      }
      if (this.isWord(t, "controlpoint")) {
        this.next();
        const pose = this.pose();
        this.end(t);
        points.push({ pose, pos: posOf(t) });
      } else if (t.kind === "eof" || isKeyword(t)) {
        throw this.error(
          t,
          `missing ENDCURVE (STARTCURVE at ${at(cmd)}), found ${describeToken(t)}`,
        );
      } else {
        throw this.error(t, `expected controlpoint or ENDCURVE, found ${describeToken(t)}`);
      }
    }
  }

  /** Six values of a foot pose, each a unary expression so that `0.1 -0.05` is two values. */
  private pose(): PoseExprs {
    return [this.unary(), this.unary(), this.unary(), this.unary(), this.unary(), this.unary()];
  }

  private end(cmd: Token): void {
    const t = this.peek();
    if (!this.isWord(t, "end")) throw this.missingEnd(cmd, t);
    this.next();
  }

  private missingEnd(cmd: Token, found: Token): SkillError {
    if (found.kind === "rparen") return this.error(found, "unbalanced ')'");
    return this.error(
      found,
      `missing 'end' for ${cmd.text} (${at(cmd)}), found ${describeToken(found)}`,
    );
  }
}
