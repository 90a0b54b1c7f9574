/** A job that runs now and then every so often in each process (the file sweep, the audit-log pruning). */
export interface PeriodicJob {
  /** Runs a round now; woken during a round, it runs another right after (what woke it may have come too late for this one). */
  wake(): void;
  /** Waits for a run in progress, then stops. */
  stop(): Promise<void>;
}

/**
 * Runs `run` at once (a process that keeps restarting still does its share) and then every
 * `intervalMs`, never two runs at a time in one process: a round that finds the last one still
 * going is skipped. `run` reports its own outcome; a rejection is its caller's to log (`onError`),
 * and the next round tries again. The timer does not keep the process alive.
 */
export function startPeriodicJob(run: () => Promise<void>, { intervalMs, onError }: { intervalMs: number; onError: (error: unknown) => void }): PeriodicJob {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const round = () => {
    running ??= run()
      .catch(onError)
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          round();
        }
      });
  };
  const timer = setInterval(round, intervalMs);
  timer.unref();
  round();
  return {
    wake() {
      if (stopped) return;
      if (running) again = true;
      else round();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
