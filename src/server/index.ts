import { EnvError, loadEnv } from "./env";
import { createLogger, processLogger, type Logger } from "./observability/logger";
import { startServer } from "./server";

async function main(): Promise<void> {
  const env = loadEnv();
  const log = await createLogger(env);
  let server;
  try {
    server = await startServer(env, { log });
  } catch (error) {
    fail(log, "server.start_failed", error);
  }
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ event: "server.shutdown", signal }, `${signal} received, shutting down`);
    // Whatever still runs after the drain delay and the 10 s the steps below take at most.
    const force = setTimeout(() => {
      log.error({ event: "server.shutdown_forced" }, "shutdown did not finish in time; exiting");
      process.exit(1);
    }, env.SHUTDOWN_DELAY_MS + 10_000).unref();
    server.stop().then(
      () => {
        clearTimeout(force);
        process.exit(0);
      },
      (error: unknown) => fail(log, "server.shutdown_failed", error),
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/** Logs why the process ends and ends it (pino writes out what it buffered on exit). */
function fail(log: Logger, event: string, error: unknown): never {
  log.fatal({ event, err: error }, error instanceof Error ? error.message : String(error));
  process.exit(1);
}

main().catch((error: unknown) => {
  // A bad setting: one line naming the variable (env.ts), before any configured logger exists.
  if (error instanceof EnvError) processLogger().fatal({ event: "config.invalid" }, error.message);
  else processLogger().fatal({ event: "server.start_failed", err: error }, error instanceof Error ? error.message : String(error));
  process.exit(1);
});
