import { sql } from "drizzle-orm";
import { porticoEventSchema, type PorticoEvent } from "../../shared/schemas/event";
import type { Database, Driver } from "../db/client";
import type { Logger } from "../observability/logger";
import { startPostgresListener } from "./postgres-listener";

export { eventKinds, type EventKind, type PorticoEvent } from "../../shared/schemas/event";

/** Record changes: {kind, companyId, id}. */
export const EVENTS_CHANNEL = "portico_events";
/** A session id that was signed out: every process ends that session's streams at once. */
export const SESSION_ENDS_CHANNEL = "portico_session_ends";
/** Sent by database triggers when a session, role, membership or profile row changes (drizzle/0005). */
export const ACTOR_CHANGES_CHANNEL = "portico_actor_changes";
/** Sent by a trigger when mail is queued (drizzle/0008): wakes the mail worker of every process. */
export const MAIL_CHANNEL = "portico_mail";
/** The installation's settings changed (the brand name): every process reads them again. */
export const SETTINGS_CHANNEL = "portico_settings";
const CHANNELS = [EVENTS_CHANNEL, SESSION_ENDS_CHANNEL, ACTOR_CHANGES_CHANNEL, MAIL_CHANNEL, SETTINGS_CHANNEL] as const;

export interface BusSubscriber {
  /** `receivedAt`: performance.now() when the notification reached this process (fan-out metrics). */
  onEvent(event: PorticoEvent, receivedAt: number): void;
  /** The LISTEN connection came back after a loss: events may have been missed. */
  onResync?(): void;
  onSessionEnded?(sessionId: string): void;
  /** A trigger's `user:<id>` or `session:<id>`: who a session belongs to may have changed. */
  onActorChanged?(payload: string): void;
  /** Mail was queued, in this process or another (ADR 013). */
  onMailQueued?(): void;
  /** Site settings changed, in this process or another. */
  onSettingsChanged?(): void;
  /** The bus is shutting down; end whatever depends on it. */
  onClose?(): void;
}

export type EventListener = (event: PorticoEvent) => void;

export interface EventBus {
  /**
   * A NOTIFY of its own, outside any write: markers in tests and benchmarks. Writes do not call
   * it; they announce in their own transaction (`ctx.record(tx, { announce: event })`, whose
   * realtime listener calls realtime/announce.ts; ADR 038, 040). Never rejects.
   *
   * What holds for a write's announcement: PostgreSQL queues it with the commit, so a committed
   * write is announced even if its process dies the next instant, and a rolled-back one never is.
   * Every process whose LISTEN connection is up hears it, in commit order, exactly once. A process
   * whose LISTEN connection was lost may miss what was sent meanwhile: when the connection comes
   * back it tells its streams to resync (`onResync`), and the clients refetch what they show. A
   * process that dies takes its streams with it; they reconnect elsewhere and refetch.
   */
  publish(event: PorticoEvent): Promise<void>;
  /** Ends the streams of a signed-out session, in every server process. Never rejects. */
  endSession(sessionId: string): Promise<void>;
  /** Tells every server process that site settings changed (after the write committed). Never rejects. */
  settingsChanged(): Promise<void>;
  /** A plain function gets change events only (what most tests need). Returns the unsubscribe. */
  subscribe(subscriber: BusSubscriber | EventListener): () => void;
  close(): Promise<void>;
}

export interface EventBusOptions {
  /** PostgreSQL only: see startPostgresListener. */
  reconnectDelayMs?: number;
  pingIntervalMs?: number;
  log: Logger;
}

function parseEvent(payload: string): PorticoEvent | undefined {
  try {
    const parsed = porticoEventSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // Not ours (someone else may NOTIFY on the channel); ignore it.
  }
}

/** One LISTEN connection per process, fanned out to in-process subscribers. */
export async function createEventBus(db: Database, driver: Driver, options: EventBusOptions): Promise<EventBus> {
  const { log } = options;
  const subscribers = new Set<BusSubscriber>();
  let closed = false;

  // One failing subscriber (a broken stream) must not keep the event from the others.
  const each = (call: (subscriber: BusSubscriber) => void) => {
    for (const subscriber of [...subscribers]) {
      try {
        call(subscriber);
      } catch (error) {
        log.error({ event: "realtime.subscriber_failed", err: error }, "realtime: a subscriber failed");
      }
    }
  };

  const onNotification = (channel: string, payload: string) => {
    if (closed) return;
    const receivedAt = performance.now();
    if (channel === SESSION_ENDS_CHANNEL) return each((s) => s.onSessionEnded?.(payload));
    if (channel === ACTOR_CHANGES_CHANNEL) return each((s) => s.onActorChanged?.(payload));
    if (channel === MAIL_CHANNEL) return each((s) => s.onMailQueued?.());
    if (channel === SETTINGS_CHANNEL) return each((s) => s.onSettingsChanged?.());
    const event = parseEvent(payload);
    if (event) each((s) => s.onEvent(event, receivedAt));
  };

  let stopListening: () => Promise<void>;
  if (driver.kind === "pglite") {
    // In-process: PGlite delivers notifications to its own listeners after the commit.
    const stops = await Promise.all(
      CHANNELS.map((channel) =>
        driver.client.listen(channel, (payload) => onNotification(channel, payload)),
      ),
    );
    stopListening = async () => {
      await Promise.all(stops.map((stop) => stop().catch(() => {})));
    };
  } else {
    const listener = await startPostgresListener({
      url: driver.url,
      channels: CHANNELS,
      onNotification,
      onReconnected: () => each((s) => s.onResync?.()),
      ...(options.reconnectDelayMs === undefined ? {} : { reconnectDelayMs: options.reconnectDelayMs }),
      ...(options.pingIntervalMs === undefined ? {} : { pingIntervalMs: options.pingIntervalMs }),
      log,
    });
    stopListening = () => listener.close();
  }

  const notify = async (channel: string, payload: string, what: string) => {
    if (closed) return;
    try {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    } catch (error) {
      log.warn({ event: "realtime.publish_failed", what, err: error }, `realtime: could not publish ${what}`);
    }
  };

  return {
    async publish(event) {
      // Receivers drop malformed events; say so here, where the bug is.
      if (!porticoEventSchema.safeParse(event).success) return log.error({ event: "realtime.malformed_event", published: event }, "realtime: not publishing a malformed event");
      await notify(EVENTS_CHANNEL, JSON.stringify(event), `${event.kind} event`);
    },
    endSession: (sessionId) => notify(SESSION_ENDS_CHANNEL, sessionId, "session end"),
    settingsChanged: () => notify(SETTINGS_CHANNEL, "", "settings change"),
    subscribe(subscriber) {
      const entry = typeof subscriber === "function" ? { onEvent: subscriber } : subscriber;
      subscribers.add(entry);
      return () => subscribers.delete(entry);
    },
    async close() {
      if (closed) return;
      closed = true;
      each((s) => s.onClose?.());
      subscribers.clear();
      await stopListening();
    },
  };
}
