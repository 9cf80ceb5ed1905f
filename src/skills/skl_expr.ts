// The token reader under the .skl parser (skl_parser.ts): peeking and taking tokens, errors that
// name the file, line and column, and the value expressions with their depth limit:
//   expr = term { ("+" | "-") term };   term = unary { ("*" | "/") unary }
//   unary = ("-" | "+") unary | primary;   primary = number | "$" param | "(" expr ")"

import type { Expr } from "./skl_ast.ts";
import { describeToken, type Token } from "./skl_lexer.ts";
import { SkillError, type SourcePos } from "./skill_error.ts";

/** Parentheses and signs nest at most this deep in an expression. */
const MAX_DEPTH = 64;

/** Just the position of a token, as the syntax tree keeps it. */
export function posOf(t: SourcePos): SourcePos {
  return { line: t.line, col: t.col };
}

export class SklReader {
  /** How deep the expression being parsed nests (unary levels). */
  private depth = 0;
  private i = 0;

  constructor(private readonly tokens: Token[], protected readonly name: string) {}

  protected expr(): Expr {
    let left = this.term();
    for (let t = this.peek(); this.isOp(t, "+") || this.isOp(t, "-"); t = this.peek()) {
      this.next();
      left = { kind: "binary", op: t.text as "+" | "-", left, right: this.term(), pos: posOf(t) };
    }
    return left;
  }

  private term(): Expr {
    let left = this.unary();
    for (let t = this.peek(); this.isOp(t, "*") || this.isOp(t, "/"); t = this.peek()) {
      this.next();
      left = { kind: "binary", op: t.text as "*" | "/", left, right: this.unary(), pos: posOf(t) };
    }
    return left;
  }

  protected unary(): Expr {
    const t = this.peek();
    if (++this.depth > MAX_DEPTH) {
      throw this.error(t, `expression nested deeper than ${MAX_DEPTH} levels`);
    }
    try {
      return this.unaryAt(t);
    } finally {
      this.depth--;
    }
  }

  private unaryAt(t: Token): Expr {
    if (this.isOp(t, "-")) {
      this.next();
      return { kind: "negate", operand: this.unary(), pos: posOf(t) };
    }
    if (this.isOp(t, "+")) {
      this.next();
      return this.unary();
    }
    return this.primary();
  }

  private primary(): Expr {
    const t = this.peek();
    if (t.kind === "number") {
      this.next();
      return { kind: "number", value: Number(t.text), pos: posOf(t) };
    }
    if (t.kind === "param") {
      this.next();
      return { kind: "param", name: t.text, pos: posOf(t) };
    }
    if (t.kind === "lparen") {
      this.next();
      const inner = this.expr();
      const close = this.peek();
      if (close.kind !== "rparen") {
        throw this.error(
          close,
          `missing ')' for '(' at ${t.line}:${t.col}, found ${describeToken(close)}`,
        );
      }
      this.next();
      return inner;
    }
    if (t.kind === "rparen") throw this.error(t, "unbalanced ')'");
    throw this.error(t, `expected a value, found ${describeToken(t)}`);
  }

  protected peek(): Token {
    return this.tokens[this.i];
  }

  protected next(): Token {
    const t = this.tokens[this.i];
    if (t.kind !== "eof") this.i++;
    return t;
  }

  protected isWord(t: Token, text: string): boolean {
    return t.kind === "word" && t.text === text;
  }

  protected isOp(t: Token, op: string): boolean {
    return t.kind === "op" && t.text === op;
  }

  protected error(pos: SourcePos, what: string): SkillError {
    return new SkillError(this.name, posOf(pos), what);
  }
}
