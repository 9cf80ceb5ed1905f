// Tokens of the .skl skill language: words, numbers, `$param` references, the operators
// + - * / and parentheses, each with its line and column. `#` starts a comment to the end of
// the line; whitespace separates tokens.

import { SkillError, type SourcePos } from "./skill_error.ts";

export type TokenKind = "word" | "number" | "param" | "op" | "lparen" | "rparen" | "eof";

export interface Token extends SourcePos {
  readonly kind: TokenKind;
  /** The source text; for a param the name without `$`. */
  readonly text: string;
}

const WORD = /[A-Za-z_][A-Za-z0-9_]*/;
const NUMBER = /(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/;
/** A param name: words joined by dots, as the keys of the param files (`kick.p1`). */
const PARAM = /[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*/;
/** May not follow a number directly. */
const NUMBER_TAIL = /[A-Za-z0-9_$.]/;

/** Sticky copies of the patterns: a regex's lastIndex is state, so each call has its own. */
function scanners() {
  return {
    word: new RegExp(WORD.source, "y"),
    number: new RegExp(NUMBER.source, "y"),
    param: new RegExp(PARAM.source, "y"),
  };
}

function match(re: RegExp, text: string, at: number): string | null {
  re.lastIndex = at;
  const m = re.exec(text);
  return m ? m[0] : null;
}

/** Splits a skill file into tokens; the last token is always `eof`. */
export function tokenize(text: string, file: string): Token[] {
  const scan = scanners();
  const tokens: Token[] = [];
  let line = 1;
  let lineStart = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const col = i - lineStart + 1;
    if (c === "\n") {
      line++;
      lineStart = ++i;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r" || c === "\f" || c === "\v") {
      i++;
      continue;
    }
    if (c === "#") {
      while (i < text.length && text[i] !== "\n") i++;
      continue;
    }
    const word = match(scan.word, text, i);
    if (word !== null) {
      tokens.push({ kind: "word", text: word, line, col });
      i += word.length;
      continue;
    }
    const num = match(scan.number, text, i);
    if (num !== null) {
      const next = text[i + num.length];
      if (next !== undefined && NUMBER_TAIL.test(next)) {
        throw new SkillError(file, { line, col }, `malformed number '${num}${next}'`);
      }
      tokens.push({ kind: "number", text: num, line, col });
      i += num.length;
      continue;
    }
    if (c === "$") {
      const name = match(scan.param, text, i + 1);
      if (name === null) {
        throw new SkillError(file, { line, col }, "expected a parameter name after '$'");
      }
      tokens.push({ kind: "param", text: name, line, col });
      i += 1 + name.length;
      continue;
    }
    if (c === "+" || c === "-" || c === "*" || c === "/") {
      tokens.push({ kind: "op", text: c, line, col });
    } else if (c === "(") {
      tokens.push({ kind: "lparen", text: c, line, col });
    } else if (c === ")") {
      tokens.push({ kind: "rparen", text: c, line, col });
    } else {
      throw new SkillError(file, { line, col }, `unexpected character '${c}'`);
    }
    i++;
  }
  tokens.push({ kind: "eof", text: "", line, col: i - lineStart + 1 });
  return tokens;
}

/** How a token is named in error messages. */
export function describeToken(t: Token): string {
  switch (t.kind) {
    case "eof":
      return "end of file";
    case "number":
      return `number '${t.text}'`;
    case "param":
      return `'$${t.text}'`;
    default:
      return `'${t.text}'`;
  }
}
