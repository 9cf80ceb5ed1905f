// The one error type of the skill language: a one-line message `file:line:col: what was wrong`
// (or `file: what` when no position applies). Parser, compiler and loader throw nothing else
// on bad input.

/** A 1-based line and column in a skill file. */
export interface SourcePos {
  readonly line: number;
  readonly col: number;
}

export class SkillError extends Error {
  override name = "SkillError";

  constructor(
    readonly file: string,
    readonly pos: SourcePos | null,
    readonly reason: string,
  ) {
    super(pos ? `${file}:${pos.line}:${pos.col}: ${reason}` : `${file}: ${reason}`);
  }
}
