import { EnvError, loadEnv } from "./env";
import { startServer } from "./server";

async function main() {
  const env = loadEnv();
  const server = await startServer(env);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    server.stop().then(
      () => {
        clearTimeout(force);
        process.exit(0);
      },
      (error: unknown) => {
        console.error("shutdown failed:", error);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError || error instanceof Error ? error.message : error);
  process.exit(1);
});
