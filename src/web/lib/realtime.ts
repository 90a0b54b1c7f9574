import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { connection, type StreamSignal } from "./connection-state";
import { parsePorticoEvent, parseReadyEvent, streamEventNames, type EventKind, type PorticoEvent } from "./realtime-events";
import { queryRoots } from "./query-keys";
import { sessionSwap } from "./session";

export type QueryRoot = (typeof queryRoots)[keyof typeof queryRoots];

/** The cached resources a change of each kind can make out of date (query-keys.ts: every key starts with a root). */
// The overviews count and list messages, tickets, their comments, projects and invoices, and name companies.
const rootsByKind: Record<EventKind, readonly QueryRoot[]> = {
  message: [queryRoots.messages, queryRoots.overview],
  // Every change to a record is also a line of its history and of its company's recent activity.
  ticket: [queryRoots.tickets, queryRoots.activity, queryRoots.overview],
  // Ticket lists and cards may show comment activity, so both go stale.
  ticket_comment: [queryRoots.ticketComments, queryRoots.tickets, queryRoots.activity, queryRoots.overview],
  // Logging time, and a project's rate or budget, announce the project.
  project: [queryRoots.projects, queryRoots.time, queryRoots.activity, queryRoots.overview],
  project_comment: [queryRoots.projectComments, queryRoots.activity],
  // Voiding an invoice (or deleting its draft) releases the time it billed.
  invoice: [queryRoots.invoices, queryRoots.time, queryRoots.activity, queryRoots.overview],
  quote: [queryRoots.quotes, queryRoots.activity],
  // A customer who just created their company sees it in `me` too.
  company: [queryRoots.companies, queryRoots.me, queryRoots.overview],
};

/**
 * Notifications have no event of their own: each one is written in the transaction of a change of
 * one of these kinds (and a read flag changes with a message event), so any event may bring one.
 */
export function queryRootsFor(kind: EventKind): readonly QueryRoot[] {
  return [...rootsByKind[kind], queryRoots.notifications];
}

export interface SseFrame {
  event: string;
  data: string;
}

/**
 * An event-stream parser (WHATWG rules that matter here: `event`, `data`, `retry`, comments, any
 * line ending). Fed decoded text chunks; calls `onFrame` for each complete event.
 */
export function createSseParser(onFrame: (frame: SseFrame) => void, onRetry: (ms: number) => void = () => {}) {
  let buffer = "";
  let event = "";
  let data: string[] = [];
  return (chunk: string) => {
    buffer += chunk;
    // A CR at the very end may be the first half of a CRLF split across chunks: wait for the rest.
    const lines = buffer.split(/\r\n|\n|\r(?!$)/);
    buffer = lines.pop() ?? "";
    for (const line of lines) {
      if (line === "") {
        if (data.length) onFrame({ event: event || "message", data: data.join("\n") });
        event = "";
        data = [];
        continue;
      }
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") event = value;
      else if (field === "data") data.push(value);
      else if (field === "retry" && /^\d+$/.test(value)) onRetry(Number(value));
    }
  };
}

export interface RealtimeHandlers {
  onChange: (event: PorticoEvent) => void;
  /**
   * `ready` of a reconnect (after a dropped stream or a failed first attempt) and `resync`:
   * something may have been missed. Not the `ready` of the first attempt: what is on screen was
   * fetched just now, alongside the stream (ADR 008; refetching it doubled every page's requests).
   */
  onRefetchAll: () => void;
  /** `end`, or a 401: the session may be over; the app re-reads it and leaves if it is. */
  onSessionCheck: () => void;
  /** What each attempt came to, for the header's connection state (connection-state.ts). */
  onStatus?: (signal: StreamSignal) => void;
}

/** The stop function, which also offers to try again at once (the offline banner's button). */
export type RealtimeConnection = (() => void) & { retryNow: () => void };

export interface RealtimeOptions {
  url?: string;
  /** Reconnect delay before the server's `retry:` arrives; doubled per failed attempt. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Silence that counts as a dead connection before `ready` says how often heartbeats come. */
  initialSilenceMs?: number;
}

/**
 * One live connection to GET /api/events, read with fetch rather than EventSource: the server's
 * heartbeats are comment lines, which EventSource never exposes, so a silent (half-open) connection
 * could not be told from a quiet one; fetch also sees the 401 of an expired session. Reconnects with
 * jittered exponential backoff until `end` or the returned stop function is called.
 */
export function connectRealtime(handlers: RealtimeHandlers, options: RealtimeOptions = {}): RealtimeConnection {
  const { url = "/api/events", maxDelayMs = 30_000 } = options;
  let baseDelay = options.baseDelayMs ?? 1_000;
  let silenceLimit = options.initialSilenceMs ?? 60_000;
  let attempt = 0;
  let opened = 0;
  let stopped = false;
  let controller: AbortController | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  // Leaving the page aborts the stream: that is no lost connection, and the page on its way out
  // must not show the offline banner for the moment it stays on screen.
  let leaving = false;
  const report = (signal: StreamSignal) => {
    if (!leaving) handlers.onStatus?.(signal);
  };

  const armWatchdog = (current: AbortController) => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => current.abort(new Error("realtime: stream silent")), silenceLimit);
  };

  const scheduleReconnect = () => {
    if (stopped) return;
    const delay = Math.min(maxDelayMs, baseDelay * 2 ** attempt) * (0.5 + Math.random() / 2);
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void open();
    }, delay);
  };

  const dispatch = (frame: SseFrame, firstAttempt: boolean) => {
    try {
      if (frame.event === streamEventNames.change) {
        handlers.onChange(parsePorticoEvent(JSON.parse(frame.data)));
      } else if (frame.event === streamEventNames.ready) {
        const ready = parseReadyEvent(JSON.parse(frame.data));
        silenceLimit = 2 * ready.heartbeatMs;
        attempt = 0;
        if (!firstAttempt) handlers.onRefetchAll();
      } else if (frame.event === streamEventNames.resync) {
        handlers.onRefetchAll();
      } else if (frame.event === streamEventNames.end && !sessionSwap.pending) {
        stop();
        handlers.onSessionCheck();
      }
    } catch (error) {
      // A frame this client does not understand must not break the stream.
      console.error("realtime: ignored a malformed event", error);
    }
  };

  async function open() {
    await sessionSwap.pending?.catch(() => {});
    if (stopped) return;
    const current = new AbortController();
    const firstAttempt = ++opened === 1;
    controller = current;
    armWatchdog(current);
    // Until the server answers with a stream, a failure means it could not be reached.
    let outcome: StreamSignal = "unreachable";
    try {
      const response = await fetch(url, {
        headers: { accept: "text/event-stream" },
        credentials: "same-origin",
        cache: "no-store",
        // A stream that never ends must not compete with the page's own requests, nor count as
        // critical network activity that a page load waits for (performance report D6).
        priority: "low",
        signal: current.signal,
      });
      if (response.status === 401) handlers.onSessionCheck();
      // A refusal of ours (401, 429) comes from a server that is there; a 5xx from one that is not
      // (a proxy's 502, a draining process's 503).
      if (response.status < 500) outcome = "lost";
      if (!response.ok || !response.body) throw new Error(`realtime: stream answered ${response.status}`);
      report("open");
      const parse = createSseParser((frame) => dispatch(frame, firstAttempt), (ms) => (baseDelay = ms));
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done || stopped) break;
        // Any bytes, heartbeat comments included, prove the connection alive (after parsing:
        // `ready` may just have said how often heartbeats come).
        parse(value);
        armWatchdog(current);
      }
    } catch (error) {
      if (!stopped && !current.signal.aborted) console.warn("realtime: stream lost", error);
    } finally {
      clearTimeout(watchdog);
    }
    // The server ended the stream (shutdown, too many tabs), it failed, or it went silent.
    if (!stopped) {
      report(outcome);
      scheduleReconnect();
    }
  }

  // Back online, back to the tab, or asked to: try now instead of waiting out the backoff. A
  // no-op while an attempt is under way.
  const retryNow = () => {
    if (stopped || retryTimer === undefined) return;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    attempt = 0;
    void open();
  };
  const onVisible = () => {
    if (document.visibilityState === "visible") retryNow();
  };
  const onPageHide = () => (leaving = true);
  // Back from the back/forward cache: the page is shown again.
  const onPageShow = () => (leaving = false);

  function stop() {
    if (stopped) return;
    stopped = true;
    clearTimeout(retryTimer);
    clearTimeout(watchdog);
    window.removeEventListener("online", retryNow);
    window.removeEventListener("pagehide", onPageHide);
    window.removeEventListener("pageshow", onPageShow);
    window.removeEventListener("visibilitychange", onVisible);
    controller?.abort();
  }

  window.addEventListener("online", retryNow);
  window.addEventListener("pagehide", onPageHide);
  window.addEventListener("pageshow", onPageShow);
  // Fired at the document, it reaches the window too.
  window.addEventListener("visibilitychange", onVisible);
  void open();
  return Object.assign(stop, { retryNow });
}

/**
 * Invalidates by root with at most one refetch in flight per root, started at most every
 * `minIntervalMs`: a burst of events (an admin watching hundreds of messages a second) collapses
 * into one follow-up refetch that starts after the last event, instead of cancelling and
 * restarting the same request over and over. A lone event still refetches at once.
 */
export function createInvalidator(client: QueryClient, minIntervalMs = 500) {
  const busy = new Set<QueryRoot>();
  const pending = new Set<QueryRoot>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let disposed = false;

  const run = (root: QueryRoot) => {
    const started = Date.now();
    busy.add(root);
    void client
      // A query that failed and holds nothing keeps its error and Retry button: refetching it
      // would put it back to "loading" (TanStack resets a query without data to pending) on every
      // unrelated change an admin hears of. A reconnect (onRefetchAll) still retries it.
      .invalidateQueries({ queryKey: [root], predicate: (query) => query.state.status !== "error" || query.state.data !== undefined })
      .catch(() => {})
      .finally(() => {
        if (disposed || !pending.delete(root)) return void busy.delete(root);
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (disposed) return void busy.delete(root);
          run(root);
        }, Math.max(0, started + minIntervalMs - Date.now()));
        timers.add(timer);
      });
  };

  return {
    invalidate: (root: QueryRoot) => {
      if (disposed) return;
      if (busy.has(root)) pending.add(root);
      else run(root);
    },
    dispose: () => {
      disposed = true;
      timers.forEach(clearTimeout);
    },
  };
}

/** Keeps the signed-in tab's cache live: mounted once, by the app shell, while `userId` is set. */
export function useRealtime(userId: string | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const invalidator = createInvalidator(client);
    const disconnect = connectRealtime({
      onChange: (event) => queryRootsFor(event.kind).forEach(invalidator.invalidate),
      // Every query: the active ones (what is on screen) refetch now, the rest when next shown.
      onRefetchAll: () => void client.invalidateQueries(),
      onSessionCheck: () => void client.invalidateQueries({ queryKey: [queryRoots.me] }),
      onStatus: connection.report,
    });
    connection.setRetry(disconnect.retryNow);
    return () => {
      disconnect();
      connection.reset();
      invalidator.dispose();
    };
  }, [client, userId]);
}
