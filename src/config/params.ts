// Param files: `name value` lines with `#` comments; a value is a number, or a lower-case word
// for a choice between named options (read with `word`). Several files load in order
// and later files override earlier ones. Every error names the file and line (and key).

export class ConfigError extends Error {
  override name = "ConfigError";
}

interface Entry {
  value: number;
  /** The value as written when it is a word, not a number. */
  word?: string;
  file: string;
  line: number;
}

const KEY = /^[A-Za-z_][A-Za-z0-9_.\-]*$/;
const WORD = /^[a-z][a-z0-9_-]*$/;
/** Plain decimal numbers: no hex, no Infinity. */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** An immutable set of named numbers with the place each came from. */
export class ParamSet {
  private constructor(private readonly entries: ReadonlyMap<string, Entry>) {}

  static empty(): ParamSet {
    return new ParamSet(new Map());
  }

  /** Parses one file's text; `file` is only used in error messages. */
  static parse(text: string, file: string): ParamSet {
    const entries = new Map<string, Entry>();
    const lines = text.split(/\r?\n/);
    for (let i = 0; i < lines.length; i++) {
      const line = i + 1;
      const content = lines[i].replace(/#.*/, "").trim();
      if (content === "") continue;
      const words = content.split(/\s+/);
      if (words.length !== 2) {
        throw new ConfigError(`${file}:${line}: expected 'name value', got '${content}'`);
      }
      const [key, raw] = words;
      if (!KEY.test(key)) throw new ConfigError(`${file}:${line}: '${key}' is not a valid name`);
      const value = Number(raw);
      const word = WORD.test(raw) ? raw : undefined;
      if (word === undefined && (!NUMBER.test(raw) || !Number.isFinite(value))) {
        throw new ConfigError(`${file}:${line}: ${key}: '${raw}' is not a number`);
      }
      const prev = entries.get(key);
      if (prev) {
        throw new ConfigError(`${file}:${line}: ${key} is already set on line ${prev.line}`);
      }
      entries.set(key, { value, word, file, line });
    }
    return new ParamSet(entries);
  }

  static async load(path: string): Promise<ParamSet> {
    let text: string;
    try {
      text = await Deno.readTextFile(path);
    } catch (e) {
      throw new ConfigError(`${path}: cannot read param file: ${(e as Error).message}`);
    }
    return ParamSet.parse(text, path);
  }

  /** This set with `other` laid over it: keys in `other` win. */
  overlay(other: ParamSet): ParamSet {
    const merged = new Map(this.entries);
    for (const [k, e] of other.entries) merged.set(k, e);
    return new ParamSet(merged);
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Whether `key` is set to a number (not a word). */
  isNumber(key: string): boolean {
    const e = this.entries.get(key);
    return e !== undefined && e.word === undefined;
  }

  get(key: string): number {
    const e = this.entry(key);
    if (e.word !== undefined) {
      throw new ConfigError(`${e.file}:${e.line}: ${key}: '${e.word}' is not a number`);
    }
    return e.value;
  }

  /** A word value that must be one of `choices`. */
  word<T extends string>(key: string, choices: readonly T[]): T {
    const e = this.entry(key);
    if (e.word === undefined || !choices.includes(e.word as T)) {
      const got = e.word ?? String(e.value);
      throw new ConfigError(
        `${e.file}:${e.line}: ${key}: '${got}' is not one of ${choices.join(", ")}`,
      );
    }
    return e.word as T;
  }

  private entry(key: string): Entry {
    const e = this.entries.get(key);
    if (!e) throw new ConfigError(`missing parameter '${key}' (${this.describeSources()})`);
    return e;
  }

  /** Where a key was set, as "file:line". */
  origin(key: string): string | undefined {
    const e = this.entries.get(key);
    return e ? `${e.file}:${e.line}` : undefined;
  }

  keys(): IterableIterator<string> {
    return this.entries.keys();
  }

  /** Every entry as a param file's text ('name value' per line), which parse() reads back. */
  text(): string {
    let out = "";
    for (const [k, e] of this.entries) out += `${k} ${e.word ?? e.value}\n`;
    return out;
  }

  private describeSources(): string {
    const files = [...new Set([...this.entries.values()].map((e) => e.file))];
    return files.length ? `loaded from ${files.join(", ")}` : "no param files loaded";
  }
}

/** Loads files in order; later files override earlier ones. */
export async function loadParamFiles(paths: readonly string[]): Promise<ParamSet> {
  let set = ParamSet.empty();
  for (const p of paths) set = set.overlay(await ParamSet.load(p));
  return set;
}
