// The optimizer's journal: one JSON line per candidate score as it arrives (generation, index,
// score), after a header naming the run. The search (CMA-ES or the coordinate search) draws the
// same candidates again from the same start, seed and scores, so a run resumed from its journal
// replays the finished generations without evaluating them and evaluates only what the
// interrupted generation still lacked.

export class Journal {
  private constructor(
    private readonly path: string,
    private readonly scores: Map<string, number>,
  ) {}

  /**
   * Opens the journal at `path` for the run `key`. Without `resume` a journal there is an error
   * (it would be overwritten); with it, one written for another run is.
   */
  static async open(path: string, key: Record<string, unknown>, resume: boolean): Promise<Journal> {
    const header = JSON.stringify({ journal: 1, run: key });
    let text: string | null = null;
    try {
      text = await Deno.readTextFile(path);
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
    const scores = new Map<string, number>();
    if (text !== null && text.trim() !== "") {
      if (!resume) {
        throw new Error(`${path} holds an earlier run: --resume continues it, or remove it`);
      }
      const lines = text.split("\n");
      if (lines[0] !== header) {
        throw new Error(`${path}:1: written by a run with other settings; cannot resume it`);
      }
      for (let i = 1; i < lines.length; i++) {
        if (lines[i].trim() === "") continue;
        let r: { g?: unknown; i?: unknown; score?: unknown };
        try {
          r = JSON.parse(lines[i]);
        } catch {
          // The last line of an interrupted write: that score is evaluated again.
          if (i >= lines.length - 2) break;
          throw new Error(`${path}:${i + 1}: not a JSON line`);
        }
        if (typeof r.g !== "number" || typeof r.i !== "number") {
          throw new Error(`${path}:${i + 1}: expected {g, i, score}`);
        }
        scores.set(`${r.g} ${r.i}`, typeof r.score === "number" ? r.score : -Infinity);
      }
    } else {
      await Deno.writeTextFile(path, header + "\n");
    }
    return new Journal(path, scores);
  }

  /** The recorded score of candidate `i` of generation `g` (the baseline is 0, 0). */
  score(g: number, i: number): number | undefined {
    return this.scores.get(`${g} ${i}`);
  }

  /** Records a score at once (JSON has no -Infinity: a failed run is null). */
  async add(g: number, i: number, score: number): Promise<void> {
    this.scores.set(`${g} ${i}`, score);
    const line = JSON.stringify({ g, i, score: Number.isFinite(score) ? score : null });
    await Deno.writeTextFile(this.path, line + "\n", { append: true });
  }
}
