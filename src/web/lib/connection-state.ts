import { useSyncExternalStore } from "react";

/**
 * What the header says about the tab's live connection, read from its event stream (realtime.ts):
 * `online` while the stream is open, `reconnecting` after it ended or broke while the server still
 * answers (a deploy, a balancer moving it), `offline` once an attempt could not reach the server at
 * all (no answer, or a 5xx from whatever stands in front of it). Only `offline` shows the banner.
 */
export type ConnectionState = "online" | "reconnecting" | "offline";

/** What one connection attempt of the event stream came to. */
export type StreamSignal = "open" | "lost" | "unreachable";

const stateOf: Record<StreamSignal, ConnectionState> = { open: "online", lost: "reconnecting", unreachable: "offline" };

export interface ConnectionStore {
  get: () => ConnectionState;
  subscribe: (listener: () => void) => () => void;
  report: (signal: StreamSignal) => void;
  /** While a stream runs: how to try again now instead of waiting out its backoff. */
  setRetry: (retry: (() => void) | undefined) => void;
  retry: () => void;
  /** No stream (signed out): back to the neutral state, so the next session starts without a banner. */
  reset: () => void;
}

export function createConnectionStore(): ConnectionStore {
  // Optimistic until told otherwise: the page was just served, so the server answered a moment ago.
  let state: ConnectionState = "online";
  let retryNow: (() => void) | undefined;
  const listeners = new Set<() => void>();
  const set = (next: ConnectionState) => {
    if (next === state) return;
    state = next;
    listeners.forEach((listener) => listener());
  };
  return {
    get: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    report: (signal) => set(stateOf[signal]),
    setRetry: (retry) => (retryNow = retry),
    retry: () => retryNow?.(),
    reset: () => {
      retryNow = undefined;
      set("online");
    },
  };
}

/** The tab's one connection state: the event stream writes it, the header and banner read it. */
export const connection = createConnectionStore();

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(connection.subscribe, connection.get, connection.get);
}
