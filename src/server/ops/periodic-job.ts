/** A job that runs now and then every so often in each process (the file sweep, the audit-log pruning). */
export interface PeriodicJob {
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
  const round = () => {
    running ??= run()
      .catch(onError)
      .finally(() => (running = undefined));
  };
  const timer = setInterval(round, intervalMs);
  timer.unref();
  round();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
