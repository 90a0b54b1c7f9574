import { sql } from "drizzle-orm";
import { afterEach } from "vitest";
import { listenerApplicationName } from "@/server/realtime/postgres-listener";
import { openSse, type SseFrame, type SseReader } from "./sse-client";
import type { TestServer, TestUser } from "../harness";
import type { TestClient } from "../test-client";

/** Opens GET /api/events at `baseUrl` (another server process may share the session) as `client`. */
export async function openStream(client: TestClient, baseUrl = client.baseUrl, onFrame?: (frame: SseFrame) => void) {
  const headers: Record<string, string> = { "x-forwarded-for": client.ip };
  if (client.cookieHeader) headers.cookie = client.cookieHeader;
  return openSse(`${baseUrl}/api/events`, headers, onFrame);
}

/** Like openStream, but fails the test unless the stream opened and sent `ready`. */
export async function connectedStream(client: TestClient, baseUrl = client.baseUrl): Promise<SseReader> {
  const { status, reader } = await openStream(client, baseUrl);
  if (!reader) throw new Error(`event stream did not open: ${status}`);
  await reader.waitForEvent("ready");
  return reader;
}

/** The company ids of the change events a stream got. */
export const changedCompanies = (reader: SseReader) => reader.events<{ companyId: string }>("change").map((e) => e.companyId);

/** For pacing only (a retry loop, a deliberately slow client): never before asserting that nothing happened. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)); // paces: whatever its caller paces, said at the call

/** Terminates the LISTEN connection of process `pid` from the database side; how many were killed. */
export async function killListener(server: TestServer, pid: number = process.pid): Promise<number> {
  const result = await server.deps.db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${listenerApplicationName(pid)} and datname = current_database()`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length;
}


/** Opens streams for a test file's users and closes every one after each test, so none outlives its test. */
export function streamsClosedAfterEach() {
  const open: SseReader[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((reader) => reader.close()));
  });
  async function stream(user: TestUser): Promise<SseReader> {
    const reader = await connectedStream(user.client);
    open.push(reader);
    return reader;
  }
  return { open, stream };
}
