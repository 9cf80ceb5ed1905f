// A regression test from a real game: 16 s of unum 7's recording against the UT base team
// (tests/data/kickoff_stretch.jsonl.gz, after its registration) around a goal against: the
// server puts the ball back on the centre spot, out of this robot's sight. The estimator of
// before kept the ball where it last saw it, 15-19 m off, through the kick-off; now the
// kick-off's play mode places it.

import assert from "assert";
import { readRecording } from "../src/tools/recording.ts";
import { replay, type ReplayFrame } from "../src/tools/replay.ts";

const FILE = decodeURIComponent(
  new URL("./data/kickoff_stretch.jsonl.gz", import.meta.url).pathname,
);

Deno.test("the ball is on the centre spot when a kick-off is called, seen or not", async () => {
  const frames: ReplayFrame[] = [];
  await replay(await readRecording(FILE), (f) => frames.push(f));
  const kickOff = frames.filter((f) => f.playMode?.startsWith("KickOff"));
  const afterGoal = kickOff.filter((f) => (f.gameTime ?? 0) > 164);
  assert.ok(afterGoal.length > 100, `${afterGoal.length} kick-off frames after the goal`);
  let worst = 0;
  for (const f of afterGoal) {
    const b = f.ball, truth = f.groundTruth?.ballPos;
    if (!b || !truth) continue;
    worst = Math.max(worst, Math.hypot(b.x - truth.x, b.y - truth.y));
  }
  assert.ok(worst < 0.3, `ball ${worst.toFixed(2)} m off after the goal`);
});
