/**
 * Whether this process is on its way out. Draining begins at SIGTERM (server.ts, `stop()`): from
 * then on /api/ready answers 503 so a load balancer stops sending new requests, every answer
 * carries `Connection: close` so kept-alive connections move elsewhere, and open event streams end
 * so their browsers reconnect to a process that stays. Requests keep being served until the
 * process stops accepting connections.
 */
export interface Lifecycle {
  readonly draining: boolean;
  /** Starts draining (once; later calls do nothing) and runs what was registered with onDrain. */
  drain(): void;
  /** Runs `run` when draining begins (at once if it already has). */
  onDrain(run: () => void): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  const waiting: (() => void)[] = [];
  return {
    get draining() {
      return draining;
    },
    drain() {
      if (draining) return;
      draining = true;
      for (const run of waiting.splice(0)) run();
    },
    onDrain(run) {
      if (draining) run();
      else waiting.push(run);
    },
  };
}
