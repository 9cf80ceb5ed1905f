// One interval timer for every periodic check of the agents in a process: each timer that fires
// between the server's messages wakes an idle process once more, so eleven agents with a timer
// each woke it up to eleven times as often as one shared timer does. The timer runs only while
// some check is added.

export class Ticker {
  private readonly checks = new Set<() => void>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(readonly periodMs: number) {}

  /** Runs `check` every period until the returned function removes it. */
  add(check: () => void): () => void {
    this.checks.add(check);
    this.timer ??= setInterval(() => {
      for (const c of this.checks) c();
    }, this.periodMs);
    return () => {
      this.checks.delete(check);
      if (this.checks.size === 0 && this.timer !== null) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  /** How many checks it runs now. */
  get size(): number {
    return this.checks.size;
  }
}
