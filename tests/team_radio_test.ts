// Team talk: the 12-character radio format round-trips within its 2 cm / 0.1 s steps, uses only
// characters the server allows, rejects other teams' and damaged texts; the speaking slots give
// every unum its turn; the team model keeps the latest report per teammate and the freshest ball.

import assert from "assert";
import { decodeRadio, encodeRadio, RADIO_LENGTH, speaksAt } from "../src/team/radio.ts";
import { TeamModel } from "../src/team/team_model.ts";
import { sayError } from "../src/protocol/effectors.ts";
import { Rng } from "./rng.ts";

Deno.test("radio: random reports round-trip and are valid say texts", () => {
  const rng = new Rng(11);
  for (let i = 0; i < 5000; i++) {
    const r = {
      unum: rng.int(1, 11),
      x: rng.uniform(-16, 16),
      y: rng.uniform(-11, 11),
      fallen: rng.next() < 0.5,
      taker: rng.next() < 0.2,
      onBall: rng.next() < 0.2,
      ball: rng.next() < 0.3
        ? null
        : { x: rng.uniform(-16, 16), y: rng.uniform(-11, 11), age: rng.uniform(0, 8) },
    };
    const text = encodeRadio(r);
    assert.equal(text.length, RADIO_LENGTH);
    assert.equal(sayError(text), null, text);
    assert.ok(!/['"`\\;]/.test(text), `no character the server cuts at: ${text}`);
    const d = decodeRadio(text)!;
    assert.equal(d.unum, r.unum);
    assert.equal(d.fallen, r.fallen);
    assert.equal(d.taker, r.taker);
    assert.equal(d.onBall, r.onBall);
    assert.ok(Math.abs(d.x - r.x) <= 0.01 + 1e-9 && Math.abs(d.y - r.y) <= 0.01 + 1e-9);
    if (r.ball === null) assert.equal(d.ball, null);
    else {
      assert.ok(Math.abs(d.ball!.x - r.ball.x) <= 0.01 + 1e-9);
      assert.ok(Math.abs(d.ball!.y - r.ball.y) <= 0.01 + 1e-9);
      assert.ok(Math.abs(d.ball!.age - r.ball.age) <= 0.05 + 1e-9);
    }
  }
});

Deno.test("radio: positions off the field are clamped; very old balls count as unknown", () => {
  const d = decodeRadio(encodeRadio({
    unum: 3,
    x: 40,
    y: -40,
    fallen: false,
    taker: false,
    onBall: false,
    ball: { x: 0, y: 0, age: 60 },
  }))!;
  assert.deepEqual([d.x, d.y], [16, -11]);
  assert.equal(d.ball, null);
});

Deno.test("radio: other teams' talk and damaged texts are not reports", () => {
  const good = encodeRadio({
    unum: 2,
    x: 1,
    y: 2,
    fallen: false,
    taker: false,
    onBall: false,
    ball: null,
  });
  assert.ok(decodeRadio(good));
  assert.equal(decodeRadio("hello"), null);
  assert.equal(decodeRadio("X" + good.slice(1)), null, "another team's first character");
  assert.equal(decodeRadio(good.slice(0, 11)), null, "too short");
  assert.equal(decodeRadio(good.slice(0, 11) + " "), null, "a character outside the alphabet");
  assert.equal(decodeRadio("D" + "~".repeat(11)), null, "values out of range");
});

Deno.test("radio: each unum speaks once every 22 cycles, in its own slot", () => {
  const counts = new Array(12).fill(0);
  for (let c = 0; c < 220; c++) {
    const speakers = [];
    for (let u = 1; u <= 11; u++) if (speaksAt(c * 0.02, u)) speakers.push(u);
    assert.ok(speakers.length <= 1, `cycle ${c}: ${speakers}`);
    for (const u of speakers) counts[u]++;
  }
  assert.deepEqual(counts.slice(1), new Array(11).fill(10));
});

Deno.test("team model: our team's reports only, the latest per teammate, the freshest ball", () => {
  const m = new TeamModel("Us", () => 5);
  const say = (unum: number, x: number, ball: { x: number; y: number; age: number } | null) =>
    encodeRadio({ unum, x, y: 0, fallen: false, taker: false, onBall: false, ball });
  m.hear([
    {
      team: "Us",
      time: 10,
      self: false,
      direction: 0.1,
      message: say(2, 1, { x: 3, y: 1, age: 2 }),
    },
    { team: "Them", time: 10, self: false, direction: 0.1, message: say(3, 1, null) },
    { team: "Us", time: 10, self: true, direction: null, message: say(5, 9, null) },
    {
      team: "Us",
      time: 10.5,
      self: false,
      direction: 0.2,
      message: say(4, -2, { x: 4, y: 2, age: 0.5 }),
    },
  ], 10.5);
  assert.equal(m.mate(2, 11, 2)!.x, 1);
  assert.equal(m.mate(3, 11, 2), null, "the other team's");
  assert.equal(m.mate(5, 11, 2), null, "our own");
  assert.equal(m.mate(2, 13, 2), null, "too old");
  const b = m.ball(11, 5)!;
  assert.deepEqual([b.x, b.y, b.from, b.seen], [4, 2, 4, 10]);
  m.hear([{ team: "Us", time: 0, self: false, direction: 0, message: say(2, 7, null) }], 11);
  assert.equal(
    m.mate(2, 11.5, 2)!.x,
    7,
    "the latest report, whatever its game time (0 outside play)",
  );
  m.clear();
  assert.equal(m.mate(2, 11, 2), null);
});
