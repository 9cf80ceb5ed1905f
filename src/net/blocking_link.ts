// The server link on Linux through libc (Deno FFI): between messages the agent sleeps in poll(2)
// itself instead of in Deno's event loop, whose wakes cost more CPU (an agent fed at the server's
// pace uses 6 % less this way). Same framing and surface as FramedConnection; the event loop
// still gets a turn at least every TURN_MS and whenever the server is silent, so timers, signals
// and async sends run.

import { FrameDecoder, FrameEncoder } from "./framing.ts";
import { ConnectError, frameStream } from "./connection.ts";

const AF_INET = 2;
const SOCK_STREAM = 1;
const SOCK_NONBLOCK = 0x800;
const SOL_SOCKET = 1;
const SO_ERROR = 4;
const IPPROTO_TCP = 6;
const TCP_NODELAY = 1;
const POLLIN = 1;
const POLLOUT = 4;
const MSG_NOSIGNAL = 0x4000;
const EINTR = 4;
const EAGAIN = 11;
const EINPROGRESS = 115;
const ECONNRESET = 104;
/** The event loop gets a turn at least this often (ms of wall time). */
const TURN_MS = 250;
/** poll(2) waits at most this long before the event loop gets a turn (ms). */
const POLL_MS = 50;
/** A send the server does not take for this long fails (ms). */
const SEND_STALL_MS = 5000;

const SYMBOLS = {
  socket: { parameters: ["i32", "i32", "i32"], result: "i32" },
  connect: { parameters: ["i32", "buffer", "u32"], result: "i32" },
  setsockopt: { parameters: ["i32", "i32", "i32", "buffer", "u32"], result: "i32" },
  getsockopt: { parameters: ["i32", "i32", "i32", "buffer", "buffer"], result: "i32" },
  poll: { parameters: ["buffer", "u64", "i32"], result: "i32" },
  recv: { parameters: ["i32", "buffer", "usize", "i32"], result: "isize" },
  send: { parameters: ["i32", "buffer", "usize", "i32"], result: "isize" },
  close: { parameters: ["i32"], result: "i32" },
  __errno_location: { parameters: [], result: "pointer" },
} as const;

type Libc = Deno.DynamicLibrary<typeof SYMBOLS>["symbols"];

export type LibcLink = Deno.DynamicLibrary<typeof SYMBOLS>;

/** libc, or null where it cannot be loaded (not Linux, or no --allow-ffi: never a prompt). */
export function loadLibc(): LibcLink | null {
  if (Deno.build.os !== "linux") return null;
  if (Deno.permissions.querySync({ name: "ffi" }).state !== "granted") return null;
  try {
    return Deno.dlopen("libc.so.6", SYMBOLS);
  } catch {
    return null;
  }
}

/** The errno values a link meets, named. */
const ERRNO_TEXT: Readonly<Record<number, string>> = {
  32: "broken pipe",
  101: "network unreachable",
  104: "connection reset",
  110: "timed out",
  111: "connection refused",
  113: "no route to host",
};

function errnoText(e: number): string {
  return ERRNO_TEXT[e] ?? `errno ${e}`;
}

function errno(c: Libc): number {
  const p = c.__errno_location();
  return p === null ? 0 : new Deno.UnsafePointerView(p).getInt32();
}

/** An IPv4 address "a.b.c.d" (or localhost) as sockaddr_in bytes, or null. */
export function sockaddrIn(host: string, port: number): Uint8Array | null {
  const ip = host === "localhost" ? "127.0.0.1" : host;
  const parts = ip.split(".").map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) {
    return null;
  }
  const a = new Uint8Array(16);
  new DataView(a.buffer).setUint16(0, AF_INET, true);
  new DataView(a.buffer).setUint16(2, port, false);
  a.set(parts, 4);
  return a;
}

export class BlockingLink {
  private readonly decoder = new FrameDecoder();
  private readonly encoder = new FrameEncoder();
  private readonly readBuf = new Uint8Array(64 * 1024);
  private readonly pollFd = new Uint8Array(8);
  private readonly pollView = new DataView(this.pollFd.buffer);
  private closed = false;
  private lastTurn = performance.now();

  private constructor(private readonly c: Libc, private readonly fd: number) {
    this.pollView.setInt32(0, fd, true);
  }

  /**
   * Connects to an IPv4 host within `timeoutMs`; null when this link cannot serve it (no libc, a
   * host name), so the caller takes the event loop's. Throws ConnectError naming host and port.
   */
  static connect(
    lib: LibcLink,
    host: string,
    port: number,
    timeoutMs = 5000,
  ): BlockingLink | null {
    const addr = sockaddrIn(host, port);
    if (!addr) return null;
    const c = lib.symbols;
    const fd = c.socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    if (fd < 0) return null;
    const link = new BlockingLink(c, fd);
    const fail = (why: string) => {
      link.close();
      return new ConnectError(`cannot connect to ${host}:${port}: ${why}`);
    };
    if (c.connect(fd, addr, addr.length) !== 0) {
      const e = errno(c);
      if (e !== EINPROGRESS) throw fail(errnoText(e));
      if (link.wait(POLLOUT, timeoutMs) === 0) throw fail(`timed out after ${timeoutMs} ms`);
      const err = new Int32Array(1);
      c.getsockopt(fd, SOL_SOCKET, SO_ERROR, err, new Uint32Array([4]));
      if (err[0] !== 0) throw fail(errnoText(err[0]));
    }
    c.setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, new Int32Array([1]), 4);
    return link;
  }

  /** poll(2) for `events` up to `ms`: > 0 ready, 0 timed out or interrupted, < 0 failed. */
  private wait(events: number, ms: number): number {
    this.pollView.setInt16(4, events, true);
    const r = this.c.poll(this.pollFd, 1n, ms);
    return r < 0 && errno(this.c) === EINTR ? 0 : r;
  }

  /** Yields each frame's payload (a view valid until the next iteration). Ends at EOF. */
  frames(): AsyncGenerator<Uint8Array> {
    return frameStream(this.decoder, this.readBuf, () => this.readSome());
  }

  /** Bytes read, or null at EOF or once closed. */
  private async readSome(): Promise<number | null> {
    if (performance.now() - this.lastTurn > TURN_MS) await this.turn();
    for (;;) {
      if (this.closed) return null;
      const ready = this.wait(POLLIN, POLL_MS);
      if (ready === 0) {
        await this.turn();
        continue;
      }
      if (ready < 0) throw new Error(`poll failed: ${errnoText(errno(this.c))}`);
      const n = Number(this.c.recv(this.fd, this.readBuf, BigInt(this.readBuf.length), 0));
      if (n > 0) return n;
      if (n === 0) return null;
      const e = errno(this.c);
      if (e === EINTR || e === EAGAIN) continue;
      if (this.closed || e === ECONNRESET) return null;
      throw new Error(`recv failed: ${errnoText(e)}`);
    }
  }

  /** One turn of the event loop: timers, signals and async I/O run. */
  private async turn(): Promise<void> {
    await new Promise((r) => setTimeout(r, 0));
    this.lastTurn = performance.now();
  }

  send(text: string): Promise<void> {
    if (this.closed) return Promise.reject(new Error("link closed"));
    const bytes = this.encoder.encode(text);
    let off = 0, stalled = 0;
    while (off < bytes.length) {
      const n = Number(
        this.c.send(this.fd, bytes.subarray(off), BigInt(bytes.length - off), MSG_NOSIGNAL),
      );
      if (n >= 0) {
        off += n;
        continue;
      }
      const e = errno(this.c);
      if (
        e === EAGAIN && this.wait(POLLOUT, POLL_MS) === 0 && ++stalled * POLL_MS > SEND_STALL_MS
      ) {
        return Promise.reject(new Error(`send stalled for ${SEND_STALL_MS} ms`));
      }
      if (e !== EAGAIN && e !== EINTR) {
        return Promise.reject(new Error(`send failed: ${errnoText(e)}`));
      }
    }
    return Promise.resolve();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.c.close(this.fd);
  }
}
