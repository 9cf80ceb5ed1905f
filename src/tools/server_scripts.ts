// Pure rewriting of rcssserver3d's Ruby init scripts (spark.rb, rcssserver3d.rb,
// naosoccersim.rb) into the overrides a launched server reads from $HOME/.simspark/: global
// assignments such as `$agentPort = 3100` and `addSoccerVar('RuleHalfTime', …)` calls. A variable
// that is not found is a one-line ScriptRewriteError naming the file and the variable.

export type RubyValue = number | boolean;

export class ScriptRewriteError extends Error {
  override name = "ScriptRewriteError";
}

export interface SparkSettings {
  agentPort: number;
  monitorPort: number;
  /** Sync mode: the server steps only when every agent has sent (syn). */
  sync: boolean;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const BOOL = /^(true|false)$/;

function checkName(file: string, name: string): void {
  if (!NAME.test(name)) throw new ScriptRewriteError(`${file}: '${name}' is not a variable name`);
}

/**
 * The Ruby literal for `value`, of the same kind as the literal it replaces: a boolean only
 * replaces true/false, and a whole number replacing a float (or an expression with a float, like
 * `5.0 * 60`) is written with `.0` so the server still reads a float.
 */
export function rubyLiteral(file: string, name: string, value: RubyValue, old: string): string {
  const oldIsBool = BOOL.test(old.trim());
  if (typeof value === "boolean") {
    if (!oldIsBool) {
      throw new ScriptRewriteError(`${file}: ${name} is '${old.trim()}', not a boolean`);
    }
    return String(value);
  }
  if (oldIsBool) throw new ScriptRewriteError(`${file}: ${name} is a boolean, got ${value}`);
  if (!Number.isFinite(value)) throw new ScriptRewriteError(`${file}: ${name} = ${value}`);
  const text = String(value);
  return Number.isInteger(value) && /\d\.\d/.test(old) && !/[.e]/.test(text) ? `${text}.0` : text;
}

function replaceAll(
  text: string,
  file: string,
  what: string,
  name: string,
  pattern: RegExp,
  value: RubyValue,
): string {
  let found = false;
  const out = text.replace(pattern, (_all, head: string, old: string, tail: string) => {
    found = true;
    return head + rubyLiteral(file, name, value, old) + tail;
  });
  if (!found) throw new ScriptRewriteError(`${file}: ${what} not found`);
  return out;
}

/** Rewrites every uncommented `$name = value` line (a trailing `;` or comment is kept). */
export function setGlobal(text: string, file: string, name: string, value: RubyValue): string {
  checkName(file, name);
  const pattern = new RegExp(
    String.raw`^([ \t]*\$${name}[ \t]*=(?![=~])[ \t]*)([^#;\r\n]*?)` +
      String.raw`([ \t]*;?[ \t]*(?:#[^\r\n]*)?\r?)$`,
    "gm",
  );
  return replaceAll(text, file, `variable $${name}`, `$${name}`, pattern, value);
}

/** Rewrites every uncommented `addSoccerVar('name', value)` line. */
export function setSoccerVar(text: string, file: string, name: string, value: RubyValue): string {
  checkName(file, name);
  const pattern = new RegExp(
    String.raw`^([ \t]*addSoccerVar\([ \t]*(?:'${name}'|"${name}")[ \t]*,[ \t]*)(.*?)` +
      String.raw`([ \t]*\)[ \t]*(?:#[^\r\n]*)?\r?)$`,
    "gm",
  );
  return replaceAll(text, file, `soccer var '${name}'`, name, pattern, value);
}

/** spark.rb: ports, sync mode, and the single-threaded settings the Ruby 3.1 build needs. */
export function rewriteSpark(text: string, file: string, s: SparkSettings): string {
  let out = setGlobal(text, file, "agentPort", s.agentPort);
  out = setGlobal(out, file, "serverPort", s.monitorPort);
  out = setGlobal(out, file, "monitorPort", s.monitorPort);
  out = setGlobal(out, file, "agentSyncMode", s.sync);
  out = setGlobal(out, file, "threadedAgentControl", false);
  return setGlobal(out, file, "serverMultiThreadedMode", false);
}

/** rcssserver3d.rb: real-time pacing off in sync mode, on otherwise. */
export function rewriteRcssserver3d(text: string, file: string, sync: boolean): string {
  return setGlobal(text, file, "enableRealTimeMode", !sync);
}

/** naosoccersim.rb: each soccer var set to its value. */
export function rewriteSoccerVars(
  text: string,
  file: string,
  vars: Readonly<Record<string, RubyValue>>,
): string {
  let out = text;
  for (const [name, value] of Object.entries(vars)) out = setSoccerVar(out, file, name, value);
  return out;
}

/** The soccer vars to set: `soccerVars` plus `RuleHalfTime` from `halfTime` (seconds). */
export function soccerVarsFor(
  halfTime: number | undefined,
  soccerVars: Readonly<Record<string, RubyValue>> = {},
): Record<string, RubyValue> {
  const vars = { ...soccerVars };
  if (halfTime === undefined) return vars;
  if (!Number.isFinite(halfTime) || halfTime <= 0) {
    throw new RangeError(`halfTime: ${halfTime} is not a positive number of seconds`);
  }
  if ("RuleHalfTime" in vars) {
    throw new RangeError("halfTime: also given as soccerVars.RuleHalfTime; give one of them");
  }
  vars.RuleHalfTime = halfTime;
  return vars;
}
