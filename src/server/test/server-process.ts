import { loadEnv, type Env } from "../env";
import { freePort } from "./realtime/child-server";

/**
 * The env of a server a test starts with `startServer`, as a deployment runs it: HTTP on a port of
 * 127.0.0.1 that was free a moment ago, the suite's weak password hash, and the test's own
 * settings on top (its AUTH_SECRET among them).
 */
export async function envOnFreePort(settings: Record<string, string>): Promise<Env> {
  const port = await freePort();
  return loadEnv({
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
    PASSWORD_HASH_COST: "test-only-weak",
    ...settings,
  });
}
