// Estimation on the real recordings: the accuracy bars for self position, orientation
// and ball on both recordings with either core, and proof that ground truth never reaches the
// estimator (stripping it changes nothing).

import assert from "assert";
import type { CoreKind } from "../src/core/numeric_core.ts";
import type { RecordLine } from "../src/tools/recording.ts";
import { replay, type ReplayFrame, type ReplaySummary } from "../src/tools/replay.ts";
import { toOwnFrame } from "../src/world/world_view.ts";
import { AGENT1, AGENT9, fixtureTest, recording, serverMessagesOf, UT_WALK } from "./fixtures.ts";
import { makeAgent } from "./helpers.ts";

async function run(
  lines: readonly RecordLine[],
  core: CoreKind,
): Promise<{ summary: ReplaySummary; frames: ReplayFrame[] }> {
  const frames: ReplayFrame[] = [];
  const summary = await replay(lines, (f) => frames.push(f), core, [UT_WALK]);
  return { summary, frames };
}

for (const [name, path] of [["agent1", AGENT1], ["agent9", AGENT9]] as const) {
  for (const core of ["wasm", "ts"] as const) {
    fixtureTest(
      `estimation ${name} (${core}): self, orientation and ball within the bars`,
      async () => {
        const { summary } = await run(await recording(path), core);
        const s = summary.selfError!, o = summary.orientationErrorDeg!, b = summary.ballError!;
        assert.ok(s.p50 <= 0.10, `self p50 ${s.p50}`);
        assert.ok(s.p95 <= 0.30, `self p95 ${s.p95}`);
        assert.ok(o.p50 <= 5, `orientation p50 ${o.p50}°`);
        assert.ok(b.p50 <= 0.15, `ball p50 ${b.p50}`);
        assert.ok(summary.localizedPlayOn! >= 0.9, `localized ${summary.localizedPlayOn}`);
      },
    );
  }

  fixtureTest(
    `estimation ${name}: identical with ground truth stripped from the messages`,
    async () => {
      const lines = await recording(path);
      const stripped = lines.map((l) => ({
        ...l,
        msg: l.msg.replace(/ ?\((?:mypos|myorien|ballpos) [^)]*\)/g, ""),
      }));
      assert.ok(
        stripped.some((l, i) => l.msg !== lines[i].msg),
        "the recording carries ground truth",
      );
      const a = await run(lines, "wasm");
      const b = await run(stripped, "wasm");
      assert.equal(b.summary.selfError, null, "no ground truth left to score against");
      assert.equal(a.frames.length, b.frames.length);
      for (let i = 0; i < a.frames.length; i++) {
        assert.deepEqual(b.frames[i].self, a.frames[i].self, `self at message ${i}`);
        assert.deepEqual(b.frames[i].ball, a.frames[i].ball, `ball at message ${i}`);
      }
      assert.ok(a.frames.filter((f) => f.self !== null).length > 1000);
    },
  );
}

fixtureTest("world view: pose, ball and teammates from a real recording, read-only", async () => {
  const { agent } = await makeAgent(9, 4, "UTAustinVilla_Base", "error");
  for (const m of await serverMessagesOf(AGENT9)) agent.onMessage(m);
  const v = agent.view();
  assert.ok(Object.isFrozen(v) && Object.isFrozen(v.teammates));
  assert.ok(v.self && v.localized && v.selfConfidence > 0.5);
  assert.ok(v.ball && v.ballAge < 1);
  assert.equal(v.side, "left");
  assert.ok(v.teammates.length >= 5, `${v.teammates.length} teammates tracked`);
  assert.equal(v.opponents.length, 0, "the recording has no opponents");
  for (const p of v.teammates) {
    assert.ok(Math.abs(p.x) < 16 && Math.abs(p.y) < 11, `teammate ${p.unum} at ${p.x}, ${p.y}`);
    assert.ok(p.unum !== 9, "we do not track ourselves");
  }
  assert.deepEqual(toOwnFrame(3, -2, "right"), { x: -3, y: 2 });
});
