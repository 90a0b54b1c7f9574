import type { Role } from "../../shared/enums";
import { streamEventNames, type PorticoEvent, type ReadyEvent } from "../../shared/schemas/event";
import type { EventBus } from "./event-bus";
import { sseComment, sseEvent, sseRetry } from "./sse";

/** What decides which events a stream may see. */
export interface StreamAccess {
  role: Role;
  companyId: string | null;
}

export interface StreamOwner extends StreamAccess {
  userId: string;
  sessionId: string;
}

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

export const defaultStreamHubOptions: StreamHubOptions = {
  heartbeatMs: 25_000,
  accessCheckMs: 15_000,
  retryMs: 3_000,
  maxQueuedBytes: 1024 * 1024,
  maxStreamsPerUser: 20,
};

interface Stream {
  owner: StreamOwner;
  controller: ReadableStreamDefaultController<Uint8Array>;
  closed: boolean;
}

const ACCESS_BATCH = 1000;

/**
 * The SSE streams of one server process. Events from the bus go only to streams whose owner may
 * see the company: admins get everything, customers their own company. Access is re-read
 * periodically and whenever a company appears, so a customer who creates their company profile
 * mid-stream starts receiving its events, and a signed-out or revoked session's stream ends.
 */
export class StreamHub {
  private options: StreamHubOptions;
  private readonly streams = new Set<Stream>();
  private readonly admins = new Set<Stream>();
  private readonly byCompany = new Map<string, Set<Stream>>();
  private readonly withoutCompany = new Set<Stream>();
  private readonly byUser = new Map<string, Set<Stream>>();
  private timers: NodeJS.Timeout[] = [];
  private refreshQueue: Promise<void> = Promise.resolve();
  private checkPending = false;
  private closed = false;
  private readonly unsubscribe: () => void;

  constructor(
    bus: EventBus,
    private readonly loadAccess: AccessLoader,
    options: Partial<StreamHubOptions> = {},
    private readonly log: (line: string) => void = (line) => console.error(line),
  ) {
    this.options = { ...defaultStreamHubOptions, ...options };
    this.unsubscribe = bus.subscribe({
      onEvent: (event) => this.deliver(event),
      onResync: () => this.broadcast(sseEvent(streamEventNames.resync, { reason: "reconnected" })),
      onSessionEnded: (sessionId) => this.endSession(sessionId),
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
    signal?.addEventListener("abort", () => stream && this.finish(stream), { once: true });
    return body;
  }

  /** Re-reads session validity and membership of the given streams (all by default). Serialised. */
  refreshAccess(targets?: readonly Stream[]): Promise<void> {
    const run = this.refreshQueue.then(() => this.applyAccess(targets ?? [...this.streams]));
    this.refreshQueue = run.catch(() => {});
    return run;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe();
    // Shutdown: end each response normally; EventSource reconnects to a process that is up.
    for (const stream of [...this.streams]) this.finish(stream);
    this.stopTimers();
  }

  private deliver(event: PorticoEvent): void {
    const frame = sseEvent(streamEventNames.change, event);
    for (const stream of this.admins) this.write(stream, frame);
    for (const stream of this.byCompany.get(event.companyId) ?? []) this.write(stream, frame);
    // A new company may be the one a company-less customer just created: re-read their membership.
    if (event.kind === "company" && this.withoutCompany.size) void this.refreshAccess([...this.withoutCompany]);
  }

  private broadcast(frame: Uint8Array): void {
    for (const stream of this.streams) this.write(stream, frame);
  }

  private endSession(sessionId: string): void {
    for (const stream of [...this.streams]) {
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
      this.log(`realtime: access check failed: ${(error as Error).message}`);
      return;
    }
    for (const stream of live) {
      if (stream.closed) continue;
      const current = access.get(stream.owner.sessionId);
      if (!current) {
        this.finish(stream, sseEvent(streamEventNames.end, { reason: "session_ended" }));
      } else if (current.role !== stream.owner.role || current.companyId !== stream.owner.companyId) {
        this.unindex(stream);
        stream.owner.role = current.role;
        stream.owner.companyId = current.companyId;
        this.index(stream);
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
      this.log("realtime: dropping a stream whose client stopped reading");
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
    const mine = this.byUser.get(stream.owner.userId) ?? new Set<Stream>();
    this.byUser.set(stream.owner.userId, mine);
    const oldest = mine.values().next().value;
    if (oldest && mine.size >= this.options.maxStreamsPerUser) this.finish(oldest);
    mine.add(stream);
    this.streams.add(stream);
    this.index(stream);
    if (this.timers.length === 0) this.startTimers();
  }

  private remove(stream: Stream): void {
    if (!this.streams.has(stream)) {
      stream.closed = true;
      return;
    }
    stream.closed = true;
    this.streams.delete(stream);
    this.unindex(stream);
    const mine = this.byUser.get(stream.owner.userId);
    mine?.delete(stream);
    if (mine?.size === 0) this.byUser.delete(stream.owner.userId);
    if (this.streams.size === 0) this.stopTimers();
  }

  private index(stream: Stream): void {
    const { role, companyId } = stream.owner;
    if (role === "admin") this.admins.add(stream);
    else if (companyId) {
      const set = this.byCompany.get(companyId) ?? new Set<Stream>();
      set.add(stream);
      this.byCompany.set(companyId, set);
    } else this.withoutCompany.add(stream);
  }

  private unindex(stream: Stream): void {
    this.admins.delete(stream);
    this.withoutCompany.delete(stream);
    const { companyId } = stream.owner;
    const set = companyId ? this.byCompany.get(companyId) : undefined;
    set?.delete(stream);
    if (companyId && set?.size === 0) this.byCompany.delete(companyId);
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
