// The machine's TCP sockets as Linux lists them in /proc/net/tcp and /proc/net/tcp6: local and
// remote ports, the state and the inode. Lets the tools see listening servers and established agent
// connections without opening connections of their own.

/** Socket states of /proc/net/tcp. */
export const TCP_ESTABLISHED = "01";
export const TCP_LISTEN = "0A";

export interface TcpSocket {
  localPort: number;
  remotePort: number;
  /** Two hex digits, e.g. TCP_LISTEN. */
  state: string;
  /** The socket's inode: /proc/<pid>/fd/* of its owner links to `socket:[inode]`. */
  inode: number;
}

/** Parses the text of /proc/net/tcp or /proc/net/tcp6. */
export function parseProcTcp(text: string): TcpSocket[] {
  const out: TcpSocket[] = [];
  for (const line of text.split("\n").slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f.length < 4) continue;
    const localPort = parseInt(f[1].split(":")[1], 16);
    const remotePort = parseInt(f[2].split(":")[1], 16);
    if (Number.isNaN(localPort) || Number.isNaN(remotePort)) continue;
    const inode = parseInt(f[9], 10);
    out.push({
      localPort,
      remotePort,
      state: f[3].toUpperCase(),
      inode: Number.isNaN(inode) ? 0 : inode,
    });
  }
  return out;
}

/** Every TCP socket (IPv4 and IPv6); null where /proc/net is not readable (not Linux). */
export async function tcpSockets(): Promise<TcpSocket[] | null> {
  const out: TcpSocket[] = [];
  let any = false;
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    try {
      out.push(...parseProcTcp(await Deno.readTextFile(file)));
      any = true;
    } catch {
      // not there (no IPv6, or not Linux)
    }
  }
  return any ? out : null;
}
