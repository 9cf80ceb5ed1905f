// Parser benchmarks on real messages: a full vision message (flags, posts, ball, players, lines),
// a proprioception-only cycle, and the agent's whole per-message step.

import { PerceptionParser } from "../src/protocol/parser.ts";
import { AGENT9, serverMessagesOf } from "./fixtures.ts";
import { makeAgent } from "./helpers.ts";

const msgs = await serverMessagesOf(AGENT9);
const enc = new TextEncoder();
const vision = enc.encode(msgs.find((m) => m.includes("(P (team") && m.includes("(L (pol"))!);
const plain = enc.encode(msgs.find((m) => !m.includes("(See") && m.includes("PlayOn"))!);
const parser = new PerceptionParser();
const { agent } = await makeAgent(9, 4, "Bench", "error");
agent.hello();
agent.onMessage(plain);

Deno.bench(
  `parse full vision message (${vision.length} B)`,
  { group: "parse", baseline: true },
  () => {
    parser.parse(vision);
  },
);

Deno.bench(`parse proprioception-only message (${plain.length} B)`, { group: "parse" }, () => {
  parser.parse(plain);
});

Deno.bench("agent step: parse + world update + reply (vision message)", () => {
  agent.onMessage(vision);
});
