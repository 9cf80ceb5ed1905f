// A framed TCP connection: connect with a timeout, read length-prefixed frames, write framed
// text. Errors are one line naming host and port.

import { FrameDecoder, FrameEncoder } from "./framing.ts";

export class ConnectError extends Error {
  override name = "ConnectError";
}

export async function connectTcp(
  host: string,
  port: number,
  timeoutMs = 5000,
): Promise<Deno.TcpConn> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = Deno.connect({ hostname: host, port });
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ConnectError(`cannot connect to ${host}:${port}: timed out after ${timeoutMs} ms`),
        ),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([attempt, timeout]);
  } catch (e) {
    attempt.then((c) => c.close(), () => {});
    if (e instanceof ConnectError) throw e;
    throw new ConnectError(`cannot connect to ${host}:${port}: ${(e as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}

export class FramedConnection {
  private readonly decoder = new FrameDecoder();
  private readonly encoder = new FrameEncoder();
  private readonly readBuf = new Uint8Array(64 * 1024);
  private closed = false;

  constructor(readonly conn: Deno.Conn) {}

  /** Yields each frame's payload (a view valid until the next iteration). Ends at EOF. */
  async *frames(): AsyncGenerator<Uint8Array> {
    for (;;) {
      let frame = this.decoder.next();
      while (frame === null) {
        const n = await this.readSome();
        if (n === null) {
          if (this.decoder.pending > 0) {
            throw new Error(
              `connection closed inside a frame (${this.decoder.pending} bytes pending)`,
            );
          }
          return;
        }
        this.decoder.push(this.readBuf.subarray(0, n));
        frame = this.decoder.next();
      }
      yield frame;
    }
  }

  private async readSome(): Promise<number | null> {
    if (this.closed) return null;
    try {
      return await this.conn.read(this.readBuf);
    } catch (e) {
      if (this.closed || e instanceof Deno.errors.BadResource) return null;
      if (e instanceof Deno.errors.ConnectionReset) return null;
      throw e;
    }
  }

  async send(text: string): Promise<void> {
    const bytes = this.encoder.encode(text);
    let off = 0;
    while (off < bytes.length) off += await this.conn.write(bytes.subarray(off));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.conn.close();
    } catch {
      // already closed by the peer
    }
  }
}
