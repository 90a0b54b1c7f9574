import { useEffect, useState } from "react";

/**
 * How often the relative times on screen move on: often enough that "45 seconds ago" is never a
 * minute stale, rarely enough that a page of them costs nothing between ticks.
 */
export const CLOCK_TICK_MS = 15_000;

export interface Ticker {
  /** Calls `listener` on every tick until the returned function is called. */
  subscribe: (listener: () => void) => () => void;
  /** Ticks now, outside the interval (a tab shown again after the browser slowed its timers). */
  tick: () => void;
}

/** One interval for every reader, running only while there is one. */
export function createTicker(tickMs: number): Ticker {
  const listeners = new Set<() => void>();
  let interval: ReturnType<typeof setInterval> | undefined;
  const tick = () => listeners.forEach((listener) => listener());
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      interval ??= setInterval(tick, tickMs);
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0 || interval === undefined) return;
        clearInterval(interval);
        interval = undefined;
      };
    },
    tick,
  };
}

/** The tab's one clock for relative times. */
const clock = createTicker(CLOCK_TICK_MS);

// A hidden tab's timers run at most once a minute (Chrome), so a tab shown again catches up at once.
if (typeof document !== "undefined") {
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") clock.tick();
  });
}

/** The time now, in ms: read at mount, then again on every tick of the tab's clock. */
export function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => clock.subscribe(() => setNow(Date.now())), []);
  return now;
}
