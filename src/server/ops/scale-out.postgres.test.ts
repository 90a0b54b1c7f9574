import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, tickets } from "../db/schema";
import type { TicketStatus } from "@/shared/enums";
import type { TestUser } from "../test/harness";
import { createCompany, createCustomer, insertProject } from "../test/fixtures";
import { serverForFile } from "../test/per-file";
import { startNginx, type Nginx } from "../test/nginx";
import { freePort, spawnServer, type ChildServer } from "../test/realtime/child-server";
import { converged } from "../test/realtime/live-view";
import { openTwoCompanyChat } from "../test/realtime/two-company-chat";
import { sleep } from "../test/realtime/test-streams";
import { TestClient } from "../test/test-client";

/**
 * Three Portico processes on one PostgreSQL behind nginx with the documented configuration
 * (deploy/nginx.conf). Users chat and an admin moves a ticket along while one process is killed
 * outright and another is stopped gracefully. Only PostgreSQL: the embedded database is one process's.
 */
const seeder = serverForFile();
let processes: ChildServer[] = [];
let proxy: Nginx;

beforeAll(async () => {
  const driver = seeder.database.driver;
  if (driver.kind !== "postgres") throw new Error("expected PostgreSQL");
  // The proxy's address is every process's BASE_URL (the origin they accept, the links they mail).
  const proxyPort = await freePort();
  processes = await Promise.all(
    [0, 1, 2].map(() =>
      spawnServer({
        DATABASE_URL: driver.url,
        // One secret, so a session made through one process is good on every other.
        AUTH_SECRET: seeder.env.AUTH_SECRET,
        BASE_URL: `http://127.0.0.1:${proxyPort}`,
        NODE_ENV: "test",
        TRUSTED_PROXIES: "127.0.0.1",
        // Draining processes keep serving this long after SIGTERM while their streams end.
        SHUTDOWN_DELAY_MS: "300",
        LOG_LEVEL: "info",
      }),
    ),
  );
  proxy = await startNginx({ port: proxyPort, upstreamPorts: processes.map((child) => Number(new URL(child.baseUrl).port)) });
}, 120_000);

afterAll(async () => {
  await proxy?.stop();
  await Promise.all(processes.map((child) => child.stop(2_000)));
});

/** Answers a proxy gives when the process behind it died mid-request or none could be reached. */
const proxyFailure = (status: number) => status === 502 || status === 503 || status === 504;

const counts = { acknowledged: 0, retriedAfterProxyFailure: 0 };

/**
 * What the web app does: a write that the proxy could not complete (the process died with it) is
 * sent again; a chat message keeps its id, so the retry is stored once. Anything else fails the test.
 */
async function untilAcknowledged(client: TestClient, path: string, method: "POST" | "PATCH", body: object): Promise<Record<string, unknown>> {
  for (;;) {
    const response = await client.raw(path, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).catch(() => undefined);
    if (response && !proxyFailure(response.status)) {
      if (response.status !== 200 && response.status !== 201) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
      counts.acknowledged += 1;
      return (await response.json()) as Record<string, unknown>;
    }
    counts.retriedAfterProxyFailure += 1;
    await sleep(20); // paces: a retry after the proxy lost the process
  }
}

/** The same person, signed in through the proxy (a session the processes behind it made). */
async function throughProxy(user: TestUser): Promise<TestUser> {
  const client = new TestClient(proxy.baseUrl, user.client.ip);
  await client.signIn(user.email, user.password);
  return { ...user, client };
}

const storedMessageIds = async (companyId: string) =>
  (await seeder.deps.db.select({ id: messages.id }).from(messages).where(eq(messages.companyId, companyId)).orderBy(asc(messages.createdAt), asc(messages.id))).map((row) => row.id);

describe("scale-out: three processes on one PostgreSQL behind nginx", () => {
  it("carries users, their writes and their event streams through a SIGKILL and a SIGTERM, losing and doubling nothing", { timeout: 180_000 }, async () => {
    const [acme, globex] = [await createCompany(seeder, "Acme Ltd"), await createCompany(seeder, "Globex")];
    const project = await insertProject(seeder, acme.id);
    const [ticket] = await seeder.deps.db.insert(tickets).values({ projectId: project.id, companyId: acme.id, title: "Keep me moving" }).returning({ id: tickets.id });
    const [admin, alice, bob, gary] = await Promise.all([
      seeder.createUser({ admin: true }).then(throughProxy),
      createCustomer(seeder, acme.id).then(throughProxy),
      createCustomer(seeder, acme.id).then(throughProxy),
      createCustomer(seeder, globex.id).then(throughProxy),
    ]);

    const { acmeViews, globexViews, views, senders } = await openTwoCompanyChat({ admin, alice, bob, gary }, acme.id, globex.id);
    await expect.poll(() => views.every((view) => view.readies === 1), { timeout: 15_000 }).toBe(true);

    // The outages come at fixed points of the traffic, not of the clock.
    const killAt = 20;
    const stopAt = 45;
    let killed: Promise<void> | undefined;
    let stopped: Promise<number | null> | undefined;
    let inFlightAtStop: Promise<number[]> | undefined;
    const inFlightIds: string[] = [];
    const afterEachWrite = () => {
      if (!killed && counts.acknowledged >= killAt) killed = processes[0]!.kill();
      if (!stopped && counts.acknowledged >= stopAt) {
        // Requests sent straight to the process a moment before it is told to stop must all be answered.
        inFlightAtStop = Promise.all(
          [0, 1, 2, 3, 4].map((i) =>
            fetch(`${processes[1]!.baseUrl}/api/messages`, {
              method: "POST",
              headers: { "content-type": "application/json", cookie: alice.client.cookieHeader, origin: proxy.baseUrl, "x-forwarded-for": alice.client.ip },
              body: JSON.stringify({ id: randomUUID(), content: `in flight at SIGTERM #${i}` }),
            }).then(async (response) => {
              if (response.status === 201) inFlightIds.push(((await response.json()) as { id: string }).id);
              return response.status;
            }),
          ),
        );
        stopped = processes[1]!.stop(10_000);
      }
    };

    const PER_SENDER = 15;
    const chatting = Promise.all(
      senders.map(async ([user, name, companyId]) => {
        const acked: string[] = [];
        for (let i = 0; i < PER_SENDER; i++) {
          const sent = await untilAcknowledged(user.client, "/api/messages", "POST", { id: randomUUID(), content: `${name} #${i}`, ...(companyId ? { companyId } : {}) });
          acked.push(sent.id as string);
          afterEachWrite();
        }
        return acked;
      }),
    );
    const statuses: TicketStatus[] = ["doing", "pending", "done", "doing", "done", "pending", "doing", "done"];
    let lastStatus: TicketStatus | undefined;
    for (const status of statuses) {
      await untilAcknowledged(admin.client, `/api/tickets/${ticket!.id}`, "PATCH", { status });
      lastStatus = status;
      afterEachWrite();
    }
    const acked = await chatting;
    expect(killed && stopped).toBeTruthy();
    const inFlightStatuses = await inFlightAtStop!;
    // The graceful stop answered everything it had been sent, then exited cleanly.
    expect(inFlightStatuses).toEqual([201, 201, 201, 201, 201]);
    expect(await stopped).toBe(0);
    await killed;

    // One more message from each side, now that only one process is left: every stream must be on it.
    acked[0]!.push((await untilAcknowledged(alice.client, "/api/messages", "POST", { id: randomUUID(), content: "alice after the outages" })).id as string);
    acked[3]!.push((await untilAcknowledged(gary.client, "/api/messages", "POST", { id: randomUUID(), content: "gary after the outages" })).id as string);

    const acmeStored = await storedMessageIds(acme.id);
    const globexStored = await storedMessageIds(globex.id);
    const acmeAcked = [...acked[0]!, ...acked[1]!, ...acked[2]!, ...inFlightIds];
    const globexAcked = [...acked[3]!, ...acked[4]!];
    // Every acknowledged write is stored, once; nothing else is.
    expect(new Set(acmeStored)).toEqual(new Set(acmeAcked));
    expect(acmeStored).toHaveLength(acmeAcked.length);
    expect(new Set(globexStored)).toEqual(new Set(globexAcked));
    expect(globexStored).toHaveLength(globexAcked.length);
    const [storedTicket] = await seeder.deps.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, ticket!.id));
    expect(storedTicket!.status).toBe(lastStatus);

    // Every stream reconnected through the proxy to the process that stays: only its events can
    // have brought each view the last messages (a view refetches on stream events and nothing else).
    expect(await converged(acmeViews, acmeStored, 20_000)).toBe(true);
    expect(await converged(globexViews, globexStored, 20_000)).toBe(true);
    const reconnects = views.reduce((sum, view) => sum + view.readies - 1, 0);
    expect(reconnects).toBeGreaterThan(0);

    const stored = [...acmeStored, ...globexStored];
    const lost = [...acmeAcked, ...globexAcked].filter((id) => !stored.includes(id)).length;
    const duplicated = stored.length - new Set(stored).size;
    console.log(
      `scale-out: ${counts.acknowledged + inFlightIds.length} writes acknowledged (${inFlightIds.length} in flight at SIGTERM), ${lost} lost, ${duplicated} duplicated; ` +
        `${counts.retriedAfterProxyFailure} attempts answered 502/503/504 or cut by the proxy and retried; ` +
        `${reconnects} event-stream reconnections, ${views.length} of ${views.length} streams live on the remaining process`,
    );
  });
});
