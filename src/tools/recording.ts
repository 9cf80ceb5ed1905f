// Reads traffic recordings: JSONL lines {t, dir, msg}, optionally gzipped (.gz). The format of
// ../shared/fixtures and of --record. Bad lines are reported with file and line number.

export interface RecordLine {
  t: number;
  dir: "s2a" | "a2s";
  msg: string;
}

export class RecordingError extends Error {
  override name = "RecordingError";
}

export async function readRecordingText(path: string): Promise<string> {
  let file: Deno.FsFile;
  try {
    file = await Deno.open(path);
  } catch (e) {
    throw new RecordingError(`${path}: cannot open: ${(e as Error).message}`);
  }
  let stream: ReadableStream<Uint8Array> = file.readable;
  if (path.endsWith(".gz")) {
    stream = stream.pipeThrough(
      new DecompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>,
    );
  }
  const chunks: string[] = [];
  try {
    for await (const chunk of stream.pipeThrough(new TextDecoderStream())) chunks.push(chunk);
  } catch (e) {
    throw new RecordingError(`${path}: cannot read: ${(e as Error).message}`);
  }
  return chunks.join("");
}

export function parseRecording(text: string, path: string): RecordLine[] {
  const out: RecordLine[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === "") continue;
    let o: unknown;
    try {
      o = JSON.parse(line);
    } catch {
      throw new RecordingError(`${path}:${i + 1}: not a JSON line`);
    }
    const r = o as Partial<RecordLine>;
    if (
      typeof r !== "object" || r === null || typeof r.t !== "number" ||
      (r.dir !== "s2a" && r.dir !== "a2s") || typeof r.msg !== "string"
    ) {
      throw new RecordingError(
        `${path}:${i + 1}: expected {t: number, dir: "s2a"|"a2s", msg: string}`,
      );
    }
    out.push({ t: r.t, dir: r.dir, msg: r.msg });
  }
  return out;
}

export async function readRecording(path: string): Promise<RecordLine[]> {
  return parseRecording(await readRecordingText(path), path);
}

/** The server → agent messages of a recording, in order. */
export async function serverMessages(path: string): Promise<string[]> {
  return (await readRecording(path)).filter((r) => r.dir === "s2a").map((r) => r.msg);
}
