// The server link through libc (src/net/blocking_link.ts): its socket address, and an agent
// process on it against the in-repo fake server — one reply per message, the end of the link,
// a refused connection, and the fallback to the event loop without --allow-ffi.

import assert from "assert";
import { sockaddrIn } from "../src/net/blocking_link.ts";
import { FakeServer, recordedScript } from "../src/testing/fake_server.ts";
import { AGENT1, fixtureTest, serverMessagesOf } from "./fixtures.ts";

const MAIN = decodeURIComponent(new URL("../main.ts", import.meta.url).pathname);

/** Runs main.ts in its own process; its exit code and stderr lines. */
async function agentProcess(port: number, permissions: string[], extra: string[] = []) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      ...permissions,
      MAIN,
      "--port",
      String(port),
      "--unum",
      "1",
      "--log-level",
      "info",
      ...extra,
    ],
    stdout: "null",
    stderr: "piped",
  }).output();
  return { code: out.code, lines: new TextDecoder().decode(out.stderr).trimEnd().split("\n") };
}

const ALL = ["--allow-net", "--allow-read", "--allow-write", "--allow-ffi"];

Deno.test("blocking link: sockaddr_in of an IPv4 address, none for a host name", () => {
  assert.deepEqual(
    [...sockaddrIn("127.0.0.1", 3100)!],
    [2, 0, 0x0c, 0x1c, 127, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0],
  );
  assert.deepEqual([...sockaddrIn("localhost", 80)!.subarray(2, 8)], [0, 80, 127, 0, 0, 1]);
  assert.equal(sockaddrIn("example.org", 3100), null);
  assert.equal(sockaddrIn("10.0.0.256", 3100), null);
  assert.equal(sockaddrIn("10.0.0", 3100), null);
});

const LINKS = [["libc", ALL], ["event loop", ALL.slice(0, 3)]] as const;

for (const [name, permissions] of LINKS) {
  fixtureTest(
    `blocking link: an agent process on the ${name} link, one reply per message`,
    async () => {
      const msgs = await serverMessagesOf(AGENT1);
      const server = FakeServer.start({ script: recordedScript(msgs, 120), paceMs: 5 });
      const { code, lines } = await agentProcess(server.port, permissions, ["--link", "libc"]);
      const [s] = await server.finished(1);
      await server.close();
      assert.equal(code, 1, "the agent exits non-zero when the server closes");
      assert.ok(
        lines.some((l) => /ERROR .*server at 127\.0\.0\.1:\d+ closed the connection/.test(l)),
      );
      assert.ok(lines.some((l) => l.includes(`server link: ${name}`)), lines.join("\n"));
      assert.deepEqual(s.violations, []);
      // Bare (syn)s may come before the init while the first message is slow.
      const after = s.received.slice(1);
      const replies = after.slice(after.findIndex((r) => r !== "(syn)"));
      assert.match(replies[0], /^\(init \(unum 1\)\(teamname \w+\)\)\(syn\)$/);
      assert.equal(replies.length, 120, "exactly one reply per server message");
      for (const r of replies) assert.ok(r.endsWith("(syn)"));
    },
  );
}

Deno.test("blocking link: a refused connection gives one line naming host and port", async () => {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = l.addr.port;
  l.close();
  const { code, lines } = await agentProcess(port, ALL);
  assert.equal(code, 1);
  const errors = lines.filter((x) => x.includes("ERROR"));
  assert.equal(errors.length, 1);
  assert.match(
    errors[0],
    new RegExp(`cannot connect to 127\\.0\\.0\\.1:${port}: connection refused`),
  );
});
