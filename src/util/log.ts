// Levelled logger owned by one agent (or tool). No global state: every agent builds its own,
// with its own prefix and level, so eleven agents in one process never share a logger.

export const LOG_LEVELS = ["error", "warn", "info", "debug"] as const;
export type LogLevel = typeof LOG_LEVELS[number];

export type LogSink = (line: string) => void;

/** Lines to stderr; one that cannot be written (a full disk, a closed pipe) is dropped. */
const stderrSink: LogSink = (line) => {
  try {
    console.error(line);
  } catch {
    // The line is lost; the agent plays on.
  }
};

export function isLogLevel(s: string): s is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(s);
}

export class Logger {
  private readonly rank: number;

  constructor(
    readonly level: LogLevel = "info",
    readonly prefix = "",
    private readonly sink: LogSink = stderrSink,
  ) {
    this.rank = LOG_LEVELS.indexOf(level);
  }

  /** A logger with the same level and sink and a longer prefix. */
  child(prefix: string): Logger {
    return new Logger(this.level, this.prefix ? `${this.prefix} ${prefix}` : prefix, this.sink);
  }

  enabled(level: LogLevel): boolean {
    return LOG_LEVELS.indexOf(level) <= this.rank;
  }

  error(msg: string): void {
    this.write(0, "ERROR", msg);
  }
  warn(msg: string): void {
    this.write(1, "WARN", msg);
  }
  info(msg: string): void {
    this.write(2, "INFO", msg);
  }
  debug(msg: string): void {
    this.write(3, "DEBUG", msg);
  }

  private write(rank: number, tag: string, msg: string): void {
    if (rank > this.rank) return;
    this.sink(this.prefix ? `${tag} ${this.prefix} ${msg}` : `${tag} ${msg}`);
  }
}
