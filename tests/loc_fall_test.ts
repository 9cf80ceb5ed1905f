// A regression test from a real game: 14 s of unum 10's recording against the UT base team
// (tests/data/fall_stretch.jsonl.gz, after its registration) in which the robot falls at game
// time 109.4 s, lies, gets up, falls again and gets up. The estimator of before placed it 16 m
// off, outside the field, from the first frames of the fall; now it must stay within 2 m of
// ground truth throughout, and within 0.3 m while upright for most of the stretch.

import assert from "assert";
import { readRecording } from "../src/tools/recording.ts";
import { replay, type ReplayFrame } from "../src/tools/replay.ts";

const FILE = decodeURIComponent(
  new URL("./data/fall_stretch.jsonl.gz", import.meta.url).pathname,
);

Deno.test("localization through a fall in a real game: never 2 m off, back after the get-ups", async () => {
  const frames: ReplayFrame[] = [];
  await replay(await readRecording(FILE), (f) => frames.push(f));
  const errors: { t: number; err: number; upright: boolean }[] = [];
  for (const f of frames) {
    const gt = f.groundTruth?.myPos, cam = f.camera;
    // The stretch starts 100 s after the registration: 2 s to find itself again.
    if (!gt || !cam || f.playMode !== "PlayOn" || (f.gameTime ?? 0) < 106) continue;
    errors.push({
      t: f.gameTime!,
      err: Math.hypot(cam.x - gt.x, cam.y - gt.y),
      upright: gt.z > 0.4,
    });
  }
  assert.ok(errors.length > 150, `${errors.length} frames`);
  const worst = Math.max(...errors.map((e) => e.err));
  assert.ok(worst < 2, `worst ${worst.toFixed(2)} m`);
  const up = errors.filter((e) => e.upright);
  const good = up.filter((e) => e.err < 0.3).length / up.length;
  assert.ok(good >= 0.6, `upright within 0.3 m: ${(good * 100).toFixed(0)} %`);
});
