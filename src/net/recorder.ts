// Writes an agent's whole traffic as JSONL lines {t, dir, msg}: t in ms since connect, dir
// "s2a" or "a2s", msg without the length prefix. Same format as ../shared/fixtures, so any live
// game can be replayed offline. Writes are synchronous so that nothing is lost on exit. A write
// that fails (a full disk) ends the recording, not the agent: the game goes on unrecorded.

export class TrafficRecorder {
  private readonly start = performance.now();
  private readonly encoder = new TextEncoder();
  private readonly textDecoder = new TextDecoder();

  /** Set once a write has failed: nothing more is written. */
  private stopped = false;

  private constructor(
    private readonly file: Deno.FsFile,
    private readonly path: string,
    private readonly onFail: (line: string) => void,
  ) {}

  /**
   * Opens (truncates) `path`; throws one line naming it when it cannot be written. `onFail` gets
   * one line if a later write fails.
   */
  static open(path: string, onFail: (line: string) => void = () => {}): TrafficRecorder {
    try {
      return new TrafficRecorder(
        Deno.openSync(path, { write: true, create: true, truncate: true }),
        path,
        onFail,
      );
    } catch (e) {
      throw new Error(`cannot record to ${path}: ${(e as Error).message.split(":")[0]}`);
    }
  }

  record(dir: "s2a" | "a2s", msg: string | Uint8Array): void {
    if (this.stopped) return;
    const text = typeof msg === "string" ? msg : this.textDecoder.decode(msg);
    const t = Math.round(performance.now() - this.start);
    const bytes = this.encoder.encode(JSON.stringify({ t, dir, msg: text }) + "\n");
    try {
      let off = 0;
      while (off < bytes.length) off += this.file.writeSync(bytes.subarray(off));
    } catch (e) {
      this.stopped = true;
      this.onFail(
        `recording to ${this.path} stopped, playing on: ${(e as Error).message.split(" (")[0]}`,
      );
    }
  }

  close(): void {
    try {
      this.file.close();
    } catch {
      // Already closed, or the last flush failed: the recording has ended either way.
    }
  }
}
