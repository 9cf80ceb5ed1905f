// /proc/net/tcp parsing: ports and states from the kernel's hex table, and a real listening
// socket of this process found without connecting to it.

import assert from "assert";
import { parseProcTcp, TCP_LISTEN, tcpSockets } from "../src/net/proc_tcp.ts";

Deno.test("proc tcp: ports and states from the kernel's table", () => {
  const text =
    "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n" +
    "   0: 0100007F:0C1C 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1\n" +
    "   1: 0100007F:0C1C 0100007F:A2F4 01 00000000:00000000 00:00000000 00000000     0        0 2 1\n" +
    "   2: garbage\n";
  assert.deepEqual(parseProcTcp(text), [
    { localPort: 3100, remotePort: 0, state: "0A", inode: 1 },
    { localPort: 3100, remotePort: 0xa2f4, state: "01", inode: 2 },
  ]);
});

Deno.test("proc tcp: a socket this process listens on is listed as listening", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    const port = (listener.addr as Deno.NetAddr).port;
    const sockets = await tcpSockets();
    if (sockets === null) return; // not Linux
    assert.ok(sockets.some((s) => s.localPort === port && s.state === TCP_LISTEN));
  } finally {
    listener.close();
  }
});
