// A protocol-level stand-in for rcssserver3d, for tests without the real server. It accepts
// agents on a TCP port, checks the handshake order (scene, then init in the first reply), plays
// each agent a script of server messages one per reply (sync style), and keeps every reply.

import { FramedConnection } from "../net/connection.ts";

export interface FakeSession {
  readonly id: number;
  robotType: number | null;
  unum: number | null;
  team: string | null;
  /** Every message the agent sent, the scene first. */
  readonly received: string[];
  /** Handshake or protocol violations seen on this session. */
  readonly violations: string[];
  done: boolean;
}

/** Produces the messages for one session; called after the scene arrives, read lazily. */
export type Script = (session: FakeSession) => Iterable<string>;

export interface FakeServerOptions {
  script: Script;
  port?: number;
  /** Close the connection when the script ends (the agent should then exit). */
  closeWhenDone?: boolean;
  /** Wait this many ms before each message, like a real-time server (default 0: sync speed). */
  paceMs?: number;
}

const SCENE = /^\(scene rsg\/agent\/nao\/nao_hetero\.rsg ([0-4])\)/;
const INIT = /\(init \(unum (\d+)\)\s*\(teamname ([^)\s]+)\)\)/;

export class FakeServer {
  readonly sessions: FakeSession[] = [];
  private readonly tasks: Promise<void>[] = [];
  private readonly accepting: Promise<void>;
  private readonly links = new Set<FramedConnection>();

  private constructor(
    private readonly listener: Deno.TcpListener,
    private readonly opts: FakeServerOptions,
  ) {
    this.accepting = this.acceptLoop();
  }

  static start(opts: FakeServerOptions): FakeServer {
    const listener = Deno.listen({ hostname: "127.0.0.1", port: opts.port ?? 0 });
    return new FakeServer(listener, opts);
  }

  get port(): number {
    return this.listener.addr.port;
  }

  /** Resolves when `count` sessions have finished their scripts or disconnected. */
  async finished(count: number, timeoutMs = 20000): Promise<FakeSession[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.sessions.filter((s) => s.done).length < count) {
      if (Date.now() > deadline) {
        throw new Error(`fake server: ${count} sessions did not finish within ${timeoutMs} ms`);
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    return this.sessions;
  }

  async close(): Promise<void> {
    this.listener.close();
    for (const l of this.links) l.close();
    await this.accepting;
    await Promise.all(this.tasks);
  }

  private async acceptLoop(): Promise<void> {
    try {
      for await (const conn of this.listener) {
        conn.setNoDelay(true);
        const session: FakeSession = {
          id: this.sessions.length,
          robotType: null,
          unum: null,
          team: null,
          received: [],
          violations: [],
          done: false,
        };
        this.sessions.push(session);
        this.tasks.push(this.serve(new FramedConnection(conn), session));
      }
    } catch {
      // listener closed
    }
  }

  private async serve(link: FramedConnection, s: FakeSession): Promise<void> {
    this.links.add(link);
    const dec = new TextDecoder();
    const frames = link.frames();
    const receive = async (): Promise<string | null> => {
      const r = await frames.next();
      if (r.done) return null;
      const text = dec.decode(r.value);
      s.received.push(text);
      return text;
    };
    try {
      const scene = await receive();
      const m = scene === null ? null : SCENE.exec(scene);
      if (!m) {
        s.violations.push(`expected (scene rsg/agent/nao/nao_hetero.rsg T) first, got ${scene}`);
        return;
      }
      s.robotType = Number(m[1]);
      let first = true;
      const pace = this.opts.paceMs ?? 0;
      for (const msg of this.opts.script(s)) {
        if (pace > 0) await new Promise((r) => setTimeout(r, pace));
        await link.send(msg);
        let reply = await receive();
        // An agent that hears nothing for 100 ms sends a bare (syn); before its init (a slow
        // first message) the real server ignores it, and so does this one.
        while (first && reply !== null && reply.trim() === "(syn)") reply = await receive();
        if (reply === null) return;
        if (!reply.endsWith("(syn)")) s.violations.push(`reply does not end in (syn): ${reply}`);
        const init = INIT.exec(reply);
        if (first) {
          if (!init) s.violations.push(`first reply must be init, got ${reply.slice(0, 80)}`);
          else {
            s.unum = Number(init[1]);
            s.team = init[2];
          }
          first = false;
        } else if (init) s.violations.push("init sent twice");
        if (reply.includes("(scene")) s.violations.push("scene sent twice");
      }
    } catch (e) {
      s.violations.push(`link error: ${(e as Error).message}`);
    } finally {
      s.done = true;
      if (this.opts.closeWhenDone ?? true) link.close();
      this.links.delete(link);
    }
  }
}

/**
 * A script from recorded server messages. The GS registration fields `(unum N) (team left)` are
 * rewritten to the session's own unum (or `unumFor` it) so that each agent sees its number.
 */
export function recordedScript(messages: readonly string[], limit = messages.length): Script {
  return function* (s: FakeSession) {
    for (let i = 0; i < Math.min(limit, messages.length); i++) {
      const m = messages[i];
      yield s.unum === null ? m : m.replace(/\(unum \d+\)/, `(unum ${s.unum})`);
    }
  };
}
