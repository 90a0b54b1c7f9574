type Fetch = (request: Request, env: unknown) => Response | Promise<Response>;

/**
 * Counts requests whose handler is still running, so shutdown can wait for them before closing
 * the database. A client that hangs up does not stop its handler, and server.close() does not
 * wait for handlers whose socket is already gone.
 */
export function trackInFlight(fetch: Fetch) {
  let active = 0;
  let onIdle: (() => void) | undefined;
  return {
    fetch: async (request: Request, env: unknown) => {
      active += 1;
      try {
        return await fetch(request, env);
      } finally {
        active -= 1;
        if (active === 0) onIdle?.();
      }
    },
    /** Handlers running now. */
    active: () => active,
    /** Resolves when no handler runs, or after `timeoutMs` whatever still runs. */
    drained(timeoutMs: number): Promise<void> {
      if (active === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        onIdle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
  };
}
