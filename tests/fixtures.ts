// Test helper: paths of the shared real-server recordings and cached loading of them. Without
// ../shared/fixtures the tests that replay them are skipped, with one line that says so.

import { readRecording, type RecordLine } from "../src/tools/recording.ts";

const DIR = new URL("../../shared/fixtures/", import.meta.url);

export const AGENT1 = decodeURIComponent(
  new URL("rcssserver3d-0.7.3-ut-base-agent1.jsonl.gz", DIR).pathname,
);
export const AGENT9 = decodeURIComponent(
  new URL("rcssserver3d-0.7.3-ut-base-agent9.jsonl.gz", DIR).pathname,
);

/** Params for replaying the fixtures' UT agents (their walk's foot slip). */
export const UT_WALK = decodeURIComponent(
  new URL("../paramfiles/ut_walk.params", import.meta.url).pathname,
);

const cache = new Map<string, Promise<RecordLine[]>>();

export function recording(path: string): Promise<RecordLine[]> {
  let p = cache.get(path);
  if (!p) cache.set(path, p = readRecording(path));
  return p;
}

export async function serverMessagesOf(path: string): Promise<string[]> {
  return (await recording(path)).filter((l) => l.dir === "s2a").map((l) => l.msg);
}

function exists(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/** Whether the shared recordings are there. */
export const HAVE_FIXTURES = exists(AGENT1) && exists(AGENT9);
if (!HAVE_FIXTURES) {
  console.error(
    `tests: ${
      decodeURIComponent(DIR.pathname)
    } is missing; the tests that replay its real-server recordings are skipped`,
  );
}

/** A test that needs the shared recordings: skipped (ignored) without them. */
export function fixtureTest(name: string, fn: () => void | Promise<void>): void {
  Deno.test({ name, ignore: !HAVE_FIXTURES, fn });
}
