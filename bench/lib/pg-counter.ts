import { createConnection, createServer, type Socket } from "node:net";

/**
 * A counting TCP proxy in front of PostgreSQL, for "how many queries does one request cost".
 *
 * Give the server under test `url` instead of the real DATABASE_URL. Every byte is forwarded
 * unchanged; the client-to-server direction is parsed as the PostgreSQL wire protocol (v3) and
 *   - `statements` counts Execute ('E') and simple Query ('Q') messages: statements run;
 *   - `roundTrips` counts Sync ('S') and simple Query ('Q') messages: the times the client waited
 *     for the database (node-postgres sends Parse/Bind/Describe/Execute/Sync per query).
 * Exact, per process, independent of anything else running on the database server, and needs no
 * extension or server setting (pg_stat_statements would need shared_preload_libraries and a
 * restart). Unencrypted connections only (loopback); a TLS handshake would not parse.
 */
export interface PgCounter {
  url: string;
  statements(): number;
  roundTrips(): number;
  /** SQL texts seen (Parse and simple Query messages) since the last call, in order. */
  takeSql(): string[];
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

export async function startPgCounter(targetUrl: string): Promise<PgCounter> {
  const target = new URL(targetUrl);
  if (/sslmode=(require|verify|prefer)/.test(target.search)) throw new Error("the counting proxy cannot read TLS: use a URL without sslmode");
  const targetHost = target.hostname || "127.0.0.1";
  const targetPort = Number(target.port || 5432);
  let statements = 0;
  let roundTrips = 0;
  let sqlSeen: string[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((client) => {
    const upstream = createConnection({ host: targetHost, port: targetPort });
    sockets.add(client);
    sockets.add(upstream);
    let pending: Buffer = Buffer.alloc(0);
    let started = false;
    client.on("data", (chunk: Buffer) => {
      upstream.write(chunk);
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        if (!started) {
          // Startup-phase messages have no type byte: int32 length, int32 code.
          if (pending.length < 8) break;
          const length = pending.readInt32BE(0);
          if (pending.length < length) break;
          const code = pending.readInt32BE(4);
          if (code !== SSL_REQUEST && code !== GSSENC_REQUEST) started = true;
          pending = pending.subarray(length);
        } else {
          if (pending.length < 5) break;
          const length = 1 + pending.readInt32BE(1);
          if (pending.length < length) break;
          const type = String.fromCharCode(pending[0]!);
          if (type === "Q") {
            statements++;
            roundTrips++;
            sqlSeen.push(pending.toString("utf8", 5, length - 1));
          } else if (type === "P") {
            // Parse: statement name\0, query\0, parameter types.
            const nameEnd = pending.indexOf(0, 5);
            const queryEnd = pending.indexOf(0, nameEnd + 1);
            if (nameEnd > 0 && queryEnd > nameEnd) sqlSeen.push(pending.toString("utf8", nameEnd + 1, queryEnd));
          } else if (type === "E") statements++;
          else if (type === "S") roundTrips++;
          pending = pending.subarray(length);
        }
      }
    });
    upstream.on("data", (chunk: Buffer) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", end);
    upstream.on("close", end);
    client.on("error", end);
    upstream.on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("counting proxy has no port");
  const url = new URL(targetUrl);
  url.hostname = "127.0.0.1";
  url.port = String(address.port);
  return {
    url: url.toString(),
    statements: () => statements,
    roundTrips: () => roundTrips,
    takeSql: () => {
      const taken = sqlSeen;
      sqlSeen = [];
      return taken;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
