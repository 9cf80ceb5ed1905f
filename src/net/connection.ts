// A framed TCP connection over Deno's event loop: connect with a timeout, read length-prefixed
// frames, write framed text; the frame stream and link interface the libc link shares. Errors are
// one line naming host and port.

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

/**
 * The frames `decoder` makes of what `readSome` reads into `buf` (bytes read, null at EOF), each a
 * view valid until the next iteration. A stream that ends inside a frame throws.
 */
export async function* frameStream(
  decoder: FrameDecoder,
  buf: Uint8Array,
  readSome: () => Promise<number | null>,
): AsyncGenerator<Uint8Array> {
  for (;;) {
    let frame = decoder.next();
    while (frame === null) {
      const n = await readSome();
      if (n === null) {
        if (decoder.pending > 0) {
          throw new Error(`connection closed inside a frame (${decoder.pending} bytes pending)`);
        }
        return;
      }
      decoder.push(buf.subarray(0, n));
      frame = decoder.next();
    }
    yield frame;
  }
}

/** A connection that carries frames: FramedConnection, or BlockingLink on Linux. */
export interface FrameLink {
  /** Each frame's payload (a view valid until the next iteration); ends at EOF. */
  frames(): AsyncGenerator<Uint8Array>;
  send(text: string): Promise<void>;
  close(): void;
}

export class FramedConnection implements FrameLink {
  private readonly decoder = new FrameDecoder();
  private readonly encoder = new FrameEncoder();
  private readonly readBuf = new Uint8Array(64 * 1024);
  private closed = false;

  constructor(readonly conn: Deno.Conn) {}

  /** Yields each frame's payload (a view valid until the next iteration). Ends at EOF. */
  frames(): AsyncGenerator<Uint8Array> {
    return frameStream(this.decoder, this.readBuf, () => this.readSome());
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
