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
  /**
   * The statements run since the last call, in order, each with the values it was bound with:
   * a Bind names the statement a Parse declared (per connection); a simple Query has none.
   */
  takeBound(): BoundStatement[];
  close(): Promise<void>;
}

export interface BoundStatement {
  sql: string;
  /** As bound: text (node-postgres sends text; a binary value as hex), null for NULL. */
  values: Array<string | null>;
}

/** A Bind message's statement name and values: portal\0, statement\0, formats, values, result formats. */
function readBind(message: Buffer): { name: string; values: Array<string | null> } {
  const portalEnd = message.indexOf(0, 5);
  const nameEnd = message.indexOf(0, portalEnd + 1);
  let at = nameEnd + 1;
  const formats: number[] = [];
  for (let n = message.readInt16BE((at += 2) - 2); n > 0; n--) formats.push(message.readInt16BE((at += 2) - 2));
  const values: Array<string | null> = [];
  for (let i = 0, n = message.readInt16BE((at += 2) - 2); i < n; i++) {
    const size = message.readInt32BE((at += 4) - 4);
    const binary = (formats.length === 1 ? formats[0] : formats[i]) === 1;
    values.push(size < 0 ? null : message.toString(binary ? "hex" : "utf8", at, at + size));
    if (size > 0) at += size;
  }
  return { name: message.toString("utf8", portalEnd + 1, nameEnd), values };
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
  let bound: BoundStatement[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((client) => {
    const upstream = createConnection({ host: targetHost, port: targetPort });
    sockets.add(client);
    sockets.add(upstream);
    let pending: Buffer = Buffer.alloc(0);
    let started = false;
    /** This connection's prepared statements, by name ("" the unnamed one). */
    const prepared = new Map<string, string>();
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
            const sql = pending.toString("utf8", 5, length - 1);
            sqlSeen.push(sql);
            bound.push({ sql, values: [] });
          } else if (type === "P") {
            // Parse: statement name\0, query\0, parameter types.
            const nameEnd = pending.indexOf(0, 5);
            const queryEnd = pending.indexOf(0, nameEnd + 1);
            if (nameEnd > 0 && queryEnd > nameEnd) {
              const sql = pending.toString("utf8", nameEnd + 1, queryEnd);
              sqlSeen.push(sql);
              prepared.set(pending.toString("utf8", 5, nameEnd), sql);
            }
          } else if (type === "B") {
            const { name, values } = readBind(pending.subarray(0, length));
            bound.push({ sql: prepared.get(name) ?? "", values });
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
    takeBound: () => {
      const taken = bound;
      bound = [];
      return taken;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
