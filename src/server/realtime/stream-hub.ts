import { streamEventNames, type PorticoEvent, type ReadyEvent } from "../../shared/schemas/event";
import { processLogger, type Logger } from "../observability/logger";
import type { EventBus } from "./event-bus";
import { sseComment, sseEvent, sseRetry } from "./sse";
import { StreamIndex, type Stream, type StreamAccess, type StreamOwner } from "./stream-index";

export type { StreamAccess, StreamOwner } from "./stream-index";

/** The current access of each session that is still valid; a session missing from the map is over. */
export type AccessLoader = (sessionIds: string[]) => Promise<Map<string, StreamAccess>>;

export interface StreamHubOptions {
  /** A comment at least this often; the spec's ceiling is 30 s. */
  heartbeatMs: number;
  /** How often every stream's session and membership are re-read (one query for all streams). */
  accessCheckMs: number;
  /** EventSource's reconnect delay. */
  retryMs: number;
  /** A client that stops reading while this much is queued is dropped; it reconnects and refetches. */
  maxQueuedBytes: number;
  /** Opening one more closes the user's oldest stream, so one account cannot pin unbounded memory. */
  maxStreamsPerUser: number;
}

/** Where the hub reports: its log, and the fan-out time of each change event (metrics). */
export interface StreamHubReporting {
  log: Logger;
  fanout(seconds: number): void;
}

export const defaultStreamHubOptions: StreamHubOptions = {
  heartbeatMs: 25_000,
  accessCheckMs: 15_000,
  retryMs: 3_000,
  maxQueuedBytes: 1024 * 1024,
  maxStreamsPerUser: 20,
};

const ACCESS_BATCH = 1000;

/**
 * The SSE streams of one server process. Events from the bus go only to streams whose owner may
 * see the company: admins get everything, customers their own company. Access is re-read when the
 * database says a user's role, membership or session changed, whenever a company appears (a
 * customer who creates their company profile mid-stream starts receiving its events), and
 * periodically as a backstop; a signed-out or revoked session's stream ends.
 */
export class StreamHub {
  private options: StreamHubOptions;
  private readonly streams = new StreamIndex();
  private timers: NodeJS.Timeout[] = [];
  private refreshQueue: Promise<void> = Promise.resolve();
  private checkPending = false;
  private closed = false;
  private readonly unsubscribe: () => void;

  constructor(
    bus: EventBus,
    private readonly loadAccess: AccessLoader,
    options: Partial<StreamHubOptions> = {},
    private readonly reporting: StreamHubReporting = { log: processLogger(), fanout() {} },
  ) {
    this.options = { ...defaultStreamHubOptions, ...options };
    this.unsubscribe = bus.subscribe({
      onEvent: (event, receivedAt) => this.deliver(event, receivedAt),
      onResync: () => this.broadcast(sseEvent(streamEventNames.resync, { reason: "reconnected" })),
      onSessionEnded: (sessionId) => this.endSession(sessionId),
      onActorChanged: (payload) => this.recheckActor(payload),
      onClose: () => this.close(),
    });
  }

  get size(): number {
    return this.streams.size;
  }

  /** Tests shorten the intervals; running timers pick the new values up at once. */
  configure(options: Partial<StreamHubOptions>): void {
    this.options = { ...this.options, ...options };
    if (this.timers.length) {
      this.stopTimers();
      this.startTimers();
    }
  }

  /** A new stream for `owner`; `signal` aborts when the client goes away. */
  open(owner: StreamOwner, signal?: AbortSignal): ReadableStream<Uint8Array> {
    let stream: Stream | undefined;
    const body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          stream = { owner: { ...owner }, controller, closed: false };
          if (this.closed) return controller.close();
          this.add(stream);
          const ready: ReadyEvent = { role: owner.role, companyId: owner.companyId, heartbeatMs: this.options.heartbeatMs };
          this.write(stream, sseRetry(this.options.retryMs));
          this.write(stream, sseEvent(streamEventNames.ready, ready));
        },
        cancel: () => {
          if (stream) this.remove(stream);
        },
      },
      new ByteLengthQueuingStrategy({ highWaterMark: 16 * 1024 }),
    );
    if (signal?.aborted && stream) this.finish(stream);
    signal?.addEventListener("abort", () => stream && this.finish(stream), { once: true });
    return body;
  }

  /** Re-reads session validity and membership of the given streams (all by default). Serialised. */
  refreshAccess(targets?: readonly Stream[]): Promise<void> {
    const run = this.refreshQueue.then(() => this.applyAccess(targets ?? [...this.streams.all]));
    this.refreshQueue = run.catch(() => {});
    return run;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe();
    // Shutdown: end each response normally; EventSource reconnects to a process that is up.
    for (const stream of [...this.streams.all]) this.finish(stream);
    this.stopTimers();
  }

  private deliver(event: PorticoEvent, receivedAt: number): void {
    const frame = sseEvent(streamEventNames.change, event);
    for (const stream of this.streams.admins) this.write(stream, frame);
    if (!event.adminsOnly) for (const stream of this.streams.ofCompany(event.companyId)) this.write(stream, frame);
    // Queued on every stream: the adapter writes each to its socket as the client reads.
    this.reporting.fanout((performance.now() - receivedAt) / 1000);
    // A new company may be the one a company-less customer just created: re-read their membership.
    const waiting = this.streams.withoutCompany;
    if (event.kind === "company" && waiting.size) void this.refreshAccess([...waiting]);
  }

  /**
   * A role, membership, profile or session row changed (the triggers of drizzle/0005, the same
   * notices that evict cached sessions): re-read the affected streams now rather than at the next
   * periodic check, so a demoted admin, a removed member or a deleted session stops receiving
   * events at once.
   */
  private recheckActor(payload: string): void {
    const separator = payload.indexOf(":");
    const kind = payload.slice(0, separator);
    const id = payload.slice(separator + 1);
    let affected: Stream[];
    if (kind === "user") affected = this.streams.ofUser(id);
    else if (kind === "session") affected = [...this.streams.all].filter((stream) => stream.owner.sessionId === id);
    else affected = [...this.streams.all]; // Not a payload we know: check everyone rather than miss one.
    if (affected.length) void this.refreshAccess(affected);
  }

  private broadcast(frame: Uint8Array): void {
    for (const stream of this.streams.all) this.write(stream, frame);
  }

  private endSession(sessionId: string): void {
    for (const stream of [...this.streams.all]) {
      if (stream.owner.sessionId === sessionId) this.finish(stream, sseEvent(streamEventNames.end, { reason: "session_ended" }));
    }
  }

  private async applyAccess(targets: readonly Stream[]): Promise<void> {
    const live = targets.filter((stream) => !stream.closed);
    const sessionIds = [...new Set(live.map((stream) => stream.owner.sessionId))];
    const access = new Map<string, StreamAccess>();
    try {
      for (let i = 0; i < sessionIds.length; i += ACCESS_BATCH) {
        for (const [id, value] of await this.loadAccess(sessionIds.slice(i, i + ACCESS_BATCH))) access.set(id, value);
      }
    } catch (error) {
      // A database hiccup is not a signed-out session: keep the streams and try again next time.
      this.reporting.log.warn({ event: "realtime.access_check_failed", err: error }, "realtime: access check failed; streams kept until the next check");
      return;
    }
    for (const stream of live) {
      if (stream.closed) continue;
      const current = access.get(stream.owner.sessionId);
      if (!current) {
        this.finish(stream, sseEvent(streamEventNames.end, { reason: "session_ended" }));
      } else if (current.role !== stream.owner.role || current.companyId !== stream.owner.companyId) {
        this.streams.changeAccess(stream, current);
        // Whatever the client shows was fetched under the old access: refetch all of it.
        this.write(stream, sseEvent(streamEventNames.resync, { reason: "access_changed" }));
      }
    }
  }

  private write(stream: Stream, frame: Uint8Array): void {
    if (stream.closed) return;
    try {
      stream.controller.enqueue(frame);
    } catch {
      this.remove(stream);
      return;
    }
    if ((stream.controller.desiredSize ?? 0) < -this.options.maxQueuedBytes) {
      this.reporting.log.warn({ event: "realtime.slow_client_dropped" }, "realtime: dropping a stream whose client stopped reading");
      this.remove(stream);
      try {
        stream.controller.error(new Error("client too slow"));
      } catch {
        // already closed
      }
    }
  }

  /** Ends a stream normally, after an optional last frame. */
  private finish(stream: Stream, last?: Uint8Array): void {
    if (stream.closed) return;
    if (last) this.write(stream, last);
    this.remove(stream);
    try {
      stream.controller.close();
    } catch {
      // already closed or errored
    }
  }

  private add(stream: Stream): void {
    const [oldest, ...rest] = this.streams.ofUser(stream.owner.userId);
    if (oldest && rest.length + 1 >= this.options.maxStreamsPerUser) this.finish(oldest);
    this.streams.add(stream);
    if (this.timers.length === 0) this.startTimers();
  }

  private remove(stream: Stream): void {
    stream.closed = true;
    if (this.streams.remove(stream) && this.streams.size === 0) this.stopTimers();
  }

  private startTimers(): void {
    const heartbeat = setInterval(() => this.broadcast(sseComment("heartbeat")), this.options.heartbeatMs);
    const check = setInterval(() => {
      if (this.checkPending) return;
      this.checkPending = true;
      void this.refreshAccess().finally(() => {
        this.checkPending = false;
      });
    }, this.options.accessCheckMs);
    heartbeat.unref();
    check.unref();
    this.timers = [heartbeat, check];
  }

  private stopTimers(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }
}
