import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database, Driver } from "../db/client";

export const EVENTS_CHANNEL = "portico_events";

export const eventKinds = ["message", "ticket", "ticket_comment", "project", "project_comment", "invoice", "company"] as const;
export type EventKind = (typeof eventKinds)[number];

/** Small on purpose: clients refetch what changed, so an event carries no record data. */
export interface PorticoEvent {
  kind: EventKind;
  companyId: string;
  id: string;
}

export type EventListener = (event: PorticoEvent) => void;
/** Called when the LISTEN connection came back after a loss: events may have been missed. */
export type ResyncListener = () => void;

export interface EventBus {
  /** Call after the write committed, so listeners never see an event for a rolled-back change. */
  publish(event: PorticoEvent): Promise<void>;
  subscribe(listener: EventListener, onResync?: ResyncListener): () => void;
  close(): Promise<void>;
}

function parseEvent(payload: string): PorticoEvent | undefined {
  try {
    const value = JSON.parse(payload) as Partial<PorticoEvent>;
    if (typeof value.kind === "string" && typeof value.companyId === "string" && typeof value.id === "string") {
      return { kind: value.kind as EventKind, companyId: value.companyId, id: value.id };
    }
  } catch {
    // A malformed notification is not ours; ignore it.
  }
  return undefined;
}

/** One LISTEN connection per process, fanned out to in-process subscribers. */
export async function createEventBus(db: Database, driver: Driver): Promise<EventBus> {
  const listeners = new Set<{ onEvent: EventListener; onResync?: ResyncListener | undefined }>();
  const dispatch = (payload: string) => {
    const event = parseEvent(payload);
    if (event) for (const listener of listeners) listener.onEvent(event);
  };
  const resync = () => {
    for (const listener of listeners) listener.onResync?.();
  };
  const stop = driver.kind === "pglite" ? await driver.client.listen(EVENTS_CHANNEL, dispatch) : await listenPostgres(driver.url, dispatch, resync);
  return {
    async publish(event) {
      await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
    },
    subscribe(onEvent, onResync) {
      const entry = { onEvent, onResync };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    async close() {
      listeners.clear();
      await stop();
    },
  };
}

const RECONNECT_DELAY_MS = 1000;

/** A dedicated client (pool connections cannot hold LISTEN); reconnects after a loss and resyncs. */
async function listenPostgres(url: string, onPayload: (payload: string) => void, onResync: () => void): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === EVENTS_CHANNEL && message.payload) onPayload(message.payload);
    });
    next.on("error", () => scheduleReconnect(next));
    next.on("end", () => scheduleReconnect(next));
    await next.connect();
    await next.query(`LISTEN ${EVENTS_CHANNEL}`);
    client = next;
  };

  const scheduleReconnect = (lost: pg.Client) => {
    if (closed || client !== lost || timer) return;
    client = undefined;
    lost.end().catch(() => {});
    const attempt = () => {
      timer = undefined;
      if (closed) return;
      connect().then(onResync, () => {
        timer = setTimeout(attempt, RECONNECT_DELAY_MS);
      });
    };
    timer = setTimeout(attempt, RECONNECT_DELAY_MS);
  };

  await connect();
  return async () => {
    closed = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}
