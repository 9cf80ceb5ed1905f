// Starts and stops a real rcssserver3d for evaluation, optimization and the match runner: a
// private temp HOME whose .simspark/ holds rewritten copies of the installed scripts (sync mode,
// fresh free ports), an empty temp cwd, a log file; stop() ends the server (SIGINT, then SIGKILL)
// and removes the temp dirs. Also parses the `--server auto|HOST:PORT[:MPORT]` flag.

import { basename, dirname, join } from "node:path";
import { CliError } from "../config/cli.ts";
import type { Logger } from "log";
import {
  rewriteRcssserver3d,
  rewriteSoccerVars,
  rewriteSpark,
  type RubyValue,
  soccerVarsFor,
} from "./server_scripts.ts";
import { TCP_LISTEN, tcpSockets } from "../net/proc_tcp.ts";

export interface ServerOptions {
  /** Sync mode (default true): the server steps only when every agent has sent (syn). */
  sync?: boolean;
  /** Half length in seconds (soccer var RuleHalfTime). */
  halfTime?: number;
  /** Other soccer vars of naosoccersim.rb, e.g. { BeamNoiseXY: 0, BeamNoiseAngle: 0 }. */
  soccerVars?: Record<string, RubyValue>;
  /** How long to wait for both ports to accept connections (default 20000 ms). */
  startTimeoutMs?: number;
  /** Binary name on PATH or a path (default rcssserver3d). */
  binary?: string;
  log?: Logger;
}

export interface RunningServer {
  readonly host: "127.0.0.1";
  readonly agentPort: number;
  readonly monitorPort: number;
  /** The temp HOME the server runs with; its .simspark/ holds the script overrides. */
  readonly home: string;
  readonly logPath: string;
  readonly pid: number;
  /** Resolves when the server process ends; does not by itself keep this process alive. */
  readonly status: Promise<Deno.CommandStatus>;
  /** Ends the server and removes its temp dirs; idempotent. */
  stop(): Promise<void>;
}

export type ServerSpec = { auto: true } | { host: string; port: number; monitorPort: number };

export class ServerLaunchError extends Error {
  override name = "ServerLaunchError";
}

const HOST = "127.0.0.1";
const DEFAULT_MONITOR_PORT = 3200;
const STOP_GRACE_MS = 3000;
const POLL_MS = 100;

function portOf(flag: string, raw: string, spec: string): number {
  const v = Number(raw);
  if (!/^\d+$/.test(raw) || v < 1 || v > 65535) {
    throw new CliError(`${flag}: '${raw}' in '${spec}' is not a port 1-65535`);
  }
  return v;
}

/** Parses `auto`, `HOST:PORT` or `HOST:PORT:MPORT` (`[v6addr]:PORT…` too); one-line CliError. */
export function parseServerSpec(spec: string, flag = "--server"): ServerSpec {
  if (spec === "auto") return { auto: true };
  const m = /^(?:\[([^\]]+)\]|([^:\s\[\]]+)):([^:]*)(?::([^:]*))?$/.exec(spec);
  if (!m) throw new CliError(`${flag}: '${spec}' is not auto, HOST:PORT or HOST:PORT:MPORT`);
  return {
    host: m[1] ?? m[2],
    port: portOf(flag, m[3], spec),
    monitorPort: m[4] === undefined ? DEFAULT_MONITOR_PORT : portOf(flag, m[4], spec),
  };
}

/** Two distinct TCP ports that were free on 127.0.0.1 a moment ago. */
export function freePorts(): [number, number] {
  const a = Deno.listen({ hostname: HOST, port: 0 });
  const b = Deno.listen({ hostname: HOST, port: 0 });
  const ports: [number, number] = [a.addr.port, b.addr.port];
  a.close();
  b.close();
  return ports;
}

export interface ServerInstall {
  binary: string;
  sparkRb: string;
  rcssserver3dRb: string;
  naoSoccerSimRb: string;
}

async function isExecutable(path: string): Promise<boolean> {
  try {
    const st = await Deno.stat(path);
    return st.isFile && ((st.mode ?? 0o111) & 0o111) !== 0;
  } catch {
    return false;
  }
}

/** Resolves the binary (on PATH unless it contains a slash) and the scripts of its install. */
export async function findServerInstall(binary = "rcssserver3d"): Promise<ServerInstall> {
  let found: string | null = null;
  if (binary.includes("/")) {
    if (await isExecutable(binary)) found = binary;
  } else {
    for (const dir of (Deno.env.get("PATH") ?? "").split(":")) {
      if (dir !== "" && await isExecutable(join(dir, binary))) {
        found = join(dir, binary);
        break;
      }
    }
  }
  if (found === null) throw new ServerLaunchError(`${binary}: not found or not executable`);
  const real = await Deno.realPath(found);
  const prefix = dirname(dirname(real));
  return {
    binary: real,
    sparkRb: join(prefix, "share", "simspark", "spark.rb"),
    rcssserver3dRb: join(prefix, "share", "rcssserver3d", "rcssserver3d.rb"),
    naoSoccerSimRb: join(prefix, "share", "rcssserver3d", "naosoccersim.rb"),
  };
}

async function readScript(path: string): Promise<string> {
  try {
    return await Deno.readTextFile(path);
  } catch (e) {
    throw new ServerLaunchError(`cannot read server script ${path}: ${(e as Error).message}`);
  }
}

/** Writes the rewritten overrides into `dotDir` (the temp HOME's .simspark/). */
async function writeOverrides(
  install: ServerInstall,
  dotDir: string,
  ports: { agentPort: number; monitorPort: number },
  sync: boolean,
  soccerVars: Record<string, RubyValue>,
): Promise<void> {
  const spark = await readScript(install.sparkRb);
  const rcss = await readScript(install.rcssserver3dRb);
  const files: [string, string][] = [
    [basename(install.sparkRb), rewriteSpark(spark, install.sparkRb, { ...ports, sync })],
    [
      basename(install.rcssserver3dRb),
      rewriteRcssserver3d(rcss, install.rcssserver3dRb, sync),
    ],
  ];
  if (Object.keys(soccerVars).length > 0) {
    const sim = await readScript(install.naoSoccerSimRb);
    files.push([
      basename(install.naoSoccerSimRb),
      rewriteSoccerVars(sim, install.naoSoccerSimRb, soccerVars),
    ]);
  }
  for (const [name, text] of files) await Deno.writeTextFile(join(dotDir, name), text);
}

async function logTail(logPath: string, lines = 4): Promise<string> {
  try {
    const text = await Deno.readTextFile(logPath);
    const tail = text.split("\n").map((l) => l.trim()).filter((l) => l !== "").slice(-lines);
    return tail.length === 0 ? "(empty)" : tail.join(" | ").slice(-400);
  } catch {
    return "(no log)";
  }
}

/**
 * Whether the server listens on `port`. Where /proc/net shows it, no connection is made: the
 * server would take a probe for an agent (or a monitor) that connects and leaves at once.
 */
async function accepts(port: number): Promise<boolean> {
  const sockets = await tcpSockets();
  if (sockets) return sockets.some((s) => s.state === TCP_LISTEN && s.localPort === port);
  try {
    const conn = await Deno.connect({ hostname: HOST, port });
    conn.close();
    return true;
  } catch {
    return false;
  }
}

const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Waits until both ports accept; null when ready, else the reason. */
async function waitListening(
  ports: number[],
  status: Promise<Deno.CommandStatus>,
  timeoutMs: number,
): Promise<string | null> {
  const ended: { status: Deno.CommandStatus | null } = { status: null };
  status.then((s) => {
    ended.status = s;
  }, () => {});
  const deadline = Date.now() + timeoutMs;
  const waiting = new Set(ports);
  for (;;) {
    for (const p of [...waiting]) if (await accepts(p)) waiting.delete(p);
    if (waiting.size === 0) return null;
    const s = ended.status;
    if (s !== null) return `exited with code ${s.code}${s.signal ? ` (${s.signal})` : ""}`;
    if (Date.now() > deadline) {
      return `port ${[...waiting].join(" and ")} not listening after ${timeoutMs} ms`;
    }
    await delay(POLL_MS);
  }
}

/** Ends the process: SIGINT (it ignores SIGTERM), then SIGKILL after the grace period. */
async function endProcess(child: Deno.ChildProcess): Promise<void> {
  const kill = (sig: Deno.Signal) => {
    try {
      child.kill(sig);
    } catch {
      // already gone
    }
  };
  child.ref();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const grace = new Promise<"timeout">((r) =>
    timer = setTimeout(() => r("timeout"), STOP_GRACE_MS)
  );
  kill("SIGINT");
  const first = await Promise.race([child.status, grace]);
  clearTimeout(timer);
  if (first === "timeout") {
    kill("SIGKILL");
    await child.status;
  }
}

async function removeDir(path: string): Promise<void> {
  try {
    await Deno.remove(path, { recursive: true });
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
}

/**
 * Starts rcssserver3d on fresh free ports and resolves once both its agent and monitor ports
 * accept connections. Until stop(), an exit of this process (normal, Deno.exit, uncaught error)
 * kills the server, and SIGINT/SIGTERM stop it and then exit with 130/143. When start-up fails,
 * the server is ended and the temp dir is removed except for the log named in the error.
 */
/** Where agents and the monitor reach a running server. */
export function serverTarget(
  s: RunningServer,
): { host: string; port: number; monitorPort: number } {
  return { host: s.host, port: s.agentPort, monitorPort: s.monitorPort };
}

export async function launchServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const sync = opts.sync ?? true;
  const timeoutMs = opts.startTimeoutMs ?? 20000;
  const soccerVars = soccerVarsFor(opts.halfTime, opts.soccerVars);
  const install = await findServerInstall(opts.binary);
  const root = await Deno.makeTempDir({ prefix: "rcssserver3d-" });
  const home = join(root, "home");
  const cwd = join(root, "run");
  const logPath = join(root, "server.log");
  const [agentPort, monitorPort] = freePorts();
  try {
    await Deno.mkdir(join(home, ".simspark"), { recursive: true });
    await Deno.mkdir(cwd);
    const ports = { agentPort, monitorPort };
    await writeOverrides(install, join(home, ".simspark"), ports, sync, soccerVars);
  } catch (e) {
    await removeDir(root);
    throw e;
  }
  const child = new Deno.Command("/bin/sh", {
    args: ["-c", 'exec "$0" >"$1" 2>&1', install.binary, logPath],
    cwd,
    env: { HOME: home },
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
  child.unref();
  const log = opts.log?.child("rcssserver3d");
  log?.debug(`pid ${child.pid} agent port ${agentPort} monitor port ${monitorPort} log ${logPath}`);

  const killNow = () => {
    try {
      child.kill("SIGKILL");
    } catch {
      // already gone
    }
    try {
      Deno.removeSync(root, { recursive: true });
    } catch {
      // best effort while exiting
    }
  };
  const onExit = (e: Event) => {
    if (!e.defaultPrevented) killNow();
  };
  const onSignal = (code: number) => () => void stop().finally(() => Deno.exit(code));
  const onInt = onSignal(130);
  const onTerm = onSignal(143);
  const events = ["unload", "error", "unhandledrejection"] as const;
  for (const ev of events) globalThis.addEventListener(ev, onExit);
  Deno.addSignalListener("SIGINT", onInt);
  Deno.addSignalListener("SIGTERM", onTerm);
  const unregister = () => {
    for (const ev of events) globalThis.removeEventListener(ev, onExit);
    Deno.removeSignalListener("SIGINT", onInt);
    Deno.removeSignalListener("SIGTERM", onTerm);
  };

  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      try {
        await endProcess(child);
        await removeDir(root);
        log?.debug(`pid ${child.pid} stopped`);
      } finally {
        unregister();
      }
    })();
    return stopping;
  };

  const failure = await waitListening([agentPort, monitorPort], child.status, timeoutMs);
  if (failure !== null) {
    const tail = await logTail(logPath);
    try {
      await endProcess(child);
      await removeDir(home);
      await removeDir(cwd);
    } finally {
      unregister();
    }
    throw new ServerLaunchError(`rcssserver3d ${failure}; log ${logPath}: ${tail}`);
  }
  log?.info(`started on ${HOST}:${agentPort} (monitor ${monitorPort}), pid ${child.pid}`);
  return {
    host: HOST,
    agentPort,
    monitorPort,
    home,
    logPath,
    pid: child.pid,
    status: child.status,
    stop,
  };
}
