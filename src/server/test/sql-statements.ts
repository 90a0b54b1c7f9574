import type { TestServer } from "./harness";

/**
 * The SQL text of every statement the app sends to the server's database while `run` runs, read
 * at the driver (PGlite's client or the PostgreSQL pool), so no query of ours can go uncounted.
 */
export async function statementsDuring(server: TestServer, run: () => Promise<unknown>): Promise<string[]> {
  const { driver } = server.database;
  const target = (driver.kind === "pglite" ? driver.client : driver.pool) as unknown as { query: (...args: unknown[]) => unknown };
  const original = target.query;
  const seen: string[] = [];
  target.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    seen.push(typeof first === "string" ? first : (first.text ?? ""));
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    target.query = original;
  }
  return seen;
}
