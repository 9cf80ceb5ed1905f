// Writes an agent's whole traffic as JSONL lines {t, dir, msg}: t in ms since connect, dir
// "s2a" or "a2s", msg without the length prefix. Same format as ../shared/fixtures, so any live
// game can be replayed offline. Writes are synchronous so that nothing is lost on exit.

export class TrafficRecorder {
  private readonly start = performance.now();
  private readonly encoder = new TextEncoder();
  private readonly textDecoder = new TextDecoder();

  private constructor(private readonly file: Deno.FsFile) {}

  /** Opens (truncates) `path`; throws one line naming it when it cannot be written. */
  static open(path: string): TrafficRecorder {
    try {
      return new TrafficRecorder(
        Deno.openSync(path, { write: true, create: true, truncate: true }),
      );
    } catch (e) {
      throw new Error(`cannot record to ${path}: ${(e as Error).message.split(":")[0]}`);
    }
  }

  record(dir: "s2a" | "a2s", msg: string | Uint8Array): void {
    const text = typeof msg === "string" ? msg : this.textDecoder.decode(msg);
    const t = Math.round(performance.now() - this.start);
    const bytes = this.encoder.encode(JSON.stringify({ t, dir, msg: text }) + "\n");
    let off = 0;
    while (off < bytes.length) off += this.file.writeSync(bytes.subarray(off));
  }

  close(): void {
    this.file.close();
  }
}
