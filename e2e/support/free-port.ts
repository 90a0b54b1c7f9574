import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/** The first of the kernel's ephemeral ports (net.ipv4.ip_local_port_range): where a server bound to port 0 lands. */
function ephemeralPortsStart(): number {
  try {
    return Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer()
      .once("error", () => resolve(false))
      .listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });

/**
 * A free port for a server that starts later (after the build, or again after a restart), below
 * the ephemeral range. The API suite runs beside the end-to-end suite and binds its servers to port
 * 0; the kernel once handed one of them the port chosen here in the moment before our server
 * listened on it (EADDRINUSE). It never hands a port-0 server one from below the range.
 */
export async function freePort(): Promise<number> {
  const below = ephemeralPortsStart();
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * (below - 20_000));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between 20000 and ${below}`);
}
