// A regression test from a real game: 15 s of unum 2's recording against the UT base team
// (tests/data/relocation_stretch.jsonl.gz, after its registration) in which the referee picks
// the robot up at game time 100.4 s and puts it down 13 m away, beyond the touchline, where it
// falls. The estimator of before stayed 13 m off for 2.8 s; the accelerometer's few cycles of
// nothing at the move now let the first landmark pose re-seed the filter.

import assert from "assert";
import { readRecording } from "../src/tools/recording.ts";
import { replay, type ReplayFrame } from "../src/tools/replay.ts";

const FILE = decodeURIComponent(
  new URL("./data/relocation_stretch.jsonl.gz", import.meta.url).pathname,
);

Deno.test("localization after a referee's relocation in a real game: placed again at once", async () => {
  const frames: ReplayFrame[] = [];
  await replay(await readRecording(FILE), (f) => frames.push(f));
  let farSeconds = 0, last = NaN, worstAfter = 0, moved = NaN;
  for (const f of frames) {
    const gt = f.groundTruth?.myPos, cam = f.camera, t = f.gameTime ?? 0;
    // The stretch starts 200 s after the registration: 3 s to find itself again.
    if (!gt || !cam || f.playMode !== "PlayOn" || t < 97) continue;
    const err = Math.hypot(cam.x - gt.x, cam.y - gt.y);
    if (Number.isNaN(moved) && gt.z > 1) moved = t;
    if (err > 2 && !Number.isNaN(last)) farSeconds += t - last;
    if (t > 101.1) worstAfter = Math.max(worstAfter, err);
    last = t;
  }
  assert.ok(moved > 100 && moved < 101, `lifted at ${moved}`);
  assert.ok(farSeconds < 0.15, `${farSeconds.toFixed(2)} s more than 2 m off`);
  assert.ok(worstAfter < 1, `worst ${worstAfter.toFixed(2)} m from the first frame after the move`);
});
