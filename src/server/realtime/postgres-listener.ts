import pg from "pg";
import type { Logger } from "../observability/logger";

/** Shown in pg_stat_activity, so operators (and tests) can find each process's LISTEN connection. */
export const listenerApplicationName = (pid: number = process.pid) => `portico-listen:${pid}`;

export interface PostgresListenerOptions {
  url: string;
  channels: readonly string[];
  onNotification(channel: string, payload: string): void;
  /** The connection was lost and is back: notifications sent in between are gone. */
  onReconnected(): void;
  /** First retry delay; doubles per failed attempt up to `maxReconnectDelayMs`. */
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
  /**
   * A half-open TCP connection looks alive but delivers nothing, so the listener pings its own
   * connection and reconnects when the ping does not come back in time.
   */
  pingIntervalMs?: number;
  pingTimeoutMs?: number;
  log: Logger;
}

export interface PostgresListener {
  close(): Promise<void>;
}

/**
 * One dedicated connection holding LISTEN (a pooled connection cannot: LISTEN belongs to the
 * session, and the pool hands sessions around). Reconnects with backoff after any loss.
 */
export async function startPostgresListener(options: PostgresListenerOptions): Promise<PostgresListener> {
  const baseDelay = options.reconnectDelayMs ?? 250;
  const maxDelay = options.maxReconnectDelayMs ?? 10_000;
  const pingInterval = options.pingIntervalMs ?? 30_000;
  const pingTimeout = options.pingTimeoutMs ?? 10_000;
  const { log } = options;

  let client: pg.Client | undefined;
  let closed = false;
  let attempts = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let pinging = false;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: options.url,
      application_name: listenerApplicationName(),
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    });
    next.on("notification", (message) => {
      if (message.payload !== undefined) options.onNotification(message.channel, message.payload);
    });
    // Registered before connect: an 'error' without a listener would crash the process.
    next.on("error", (error) => lost(next, error.message));
    next.on("end", () => lost(next, "connection ended"));
    try {
      await next.connect();
      for (const channel of options.channels) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.removeAllListeners("end");
      next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
  };

  const lost = (which: pg.Client, reason: string) => {
    if (closed || client !== which) return;
    client = undefined;
    log.warn({ event: "realtime.listen_lost", reason }, "realtime: LISTEN connection lost; reconnecting");
    which.removeAllListeners("notification");
    which.end().catch(() => {});
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const delay = Math.min(maxDelay, baseDelay * 2 ** attempts) * (0.75 + Math.random() * 0.5);
    attempts += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (closed) return;
      connect().then(
        () => {
          if (closed) return;
          attempts = 0;
          log.info({ event: "realtime.listen_restored" }, "realtime: LISTEN connection re-established");
          options.onReconnected();
        },
        () => scheduleReconnect(),
      );
    }, delay);
  };

  const ping = async () => {
    const current = client;
    if (!current || pinging) return;
    pinging = true;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        current.query("select 1"),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error("ping timed out")), pingTimeout);
        }),
      ]);
    } catch (error) {
      lost(current, (error as Error).message);
    } finally {
      clearTimeout(timer);
      pinging = false;
    }
  };

  await connect();
  const pingTimer = setInterval(() => void ping(), pingInterval);
  pingTimer.unref();

  return {
    async close() {
      closed = true;
      clearInterval(pingTimer);
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
