import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PorticoEvent } from "@/shared/schemas/event";
import { messages, ticketComments, tickets } from "../db/schema";
import type { TestUser } from "../test/harness";
import { createCompany, createCustomer, insertProject } from "../test/fixtures";
import { serverForFile } from "../test/per-file";
import { startNginx, type Nginx } from "../test/nginx";
import { freePort, spawnServer, type ChildServer } from "../test/realtime/child-server";
import type { SseReader } from "../test/realtime/sse-client";
import { connectedStream } from "../test/realtime/test-streams";
import { TestClient } from "../test/test-client";
import type { Failpoint } from "./failpoint";

/**
 * Issue 47: a process that dies between a write's commit and its answer must not leave the write
 * unannounced. Three Portico processes on one PostgreSQL behind nginx (deploy/nginx.conf). The
 * event streams are opened while the first process is not up yet, so nginx places every one on
 * the other two: the survivors. Then, for a message, a ticket comment and a ticket, the first
 * process is started with a failpoint (ops/failpoint.ts) armed for that write and is sent one;
 * it commits and dies by SIGKILL before answering. More writes of the kind go through nginx to the
 * survivors. Every stream must hear of every one of these writes, the dead process's included,
 * exactly once. Only PostgreSQL: the embedded database is one process's.
 */
const seeder = serverForFile();
let survivors: ChildServer[] = [];
let armed: ChildServer | undefined;
let armedPort: number;
let proxy: Nginx;
let childEnv: Record<string, string>;
const START_TIMEOUT_MS = 120_000;

beforeAll(async () => {
  const driver = seeder.database.driver;
  if (driver.kind !== "postgres") throw new Error("expected PostgreSQL");
  const proxyPort = await freePort();
  armedPort = await freePort();
  childEnv = {
    DATABASE_URL: driver.url,
    // One secret, so a session made through one process is good on every other.
    AUTH_SECRET: seeder.env.AUTH_SECRET,
    BASE_URL: `http://127.0.0.1:${proxyPort}`,
    NODE_ENV: "test",
    TRUSTED_PROXIES: "127.0.0.1",
    LOG_LEVEL: "info",
  };
  // Generous: on a busy machine a process takes a while to compile its sources and start.
  survivors = await Promise.all([0, 1].map(() => spawnServer(childEnv, START_TIMEOUT_MS)));
  proxy = await startNginx({ port: proxyPort, upstreamPorts: [armedPort, ...survivors.map((child) => Number(new URL(child.baseUrl).port))] });
}, 2 * START_TIMEOUT_MS);

afterAll(async () => {
  await proxy?.stop();
  await Promise.all([...survivors, ...(armed ? [armed] : [])].map((child) => child.stop(2_000)));
});

/** The same person, signed in through the proxy (a session the processes behind it made). */
async function throughProxy(user: TestUser): Promise<TestUser> {
  const client = new TestClient(proxy.baseUrl, user.client.ip);
  await client.signIn(user.email, user.password);
  return { ...user, client };
}

interface Write {
  path: string;
  body: object;
}

/**
 * Starts the first process again on its port with `point` armed and sends it `write` straight
 * (through nginx it could land on a survivor). The process must die of the SIGKILL, unanswered.
 */
async function writeAndDie(point: Failpoint, user: TestUser, write: Write): Promise<void> {
  armed = await spawnServer({ ...childEnv, PORTICO_FAILPOINT: point }, START_TIMEOUT_MS, armedPort);
  const answer = await fetch(`${armed.baseUrl}${write.path}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: user.client.cookieHeader, origin: proxy.baseUrl, "x-forwarded-for": user.client.ip },
    body: JSON.stringify(write.body),
  }).then(
    (response) => `answered ${response.status}`,
    () => "no answer",
  );
  expect(answer, `${point}: the armed process must die before it answers`).toBe("no answer");
  expect((await armed.exited).signal).toBe("SIGKILL");
}

/** Through nginx, to the survivors; the created record's id. */
async function acknowledged(user: TestUser, write: Write): Promise<string> {
  const response = await user.client.raw(write.path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(write.body) });
  if (response.status !== 201) throw new Error(`POST ${write.path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

const key = (event: Pick<PorticoEvent, "kind" | "id">) => `${event.kind}:${event.id}`;

/**
 * Publishes a marker after every write and waits for it on each stream: whatever a stream got
 * before it is all it will get of those writes (one LISTEN connection delivers in commit order).
 */
async function heardBeforeMarker(streams: SseReader[], companyId: string): Promise<PorticoEvent[][]> {
  const marker: PorticoEvent = { kind: "message", companyId, id: randomUUID() };
  await seeder.deps.events.publish(marker);
  return Promise.all(
    streams.map(async (stream) => {
      await stream.waitForEvent<PorticoEvent>("change", (event) => event.id === marker.id, 15_000);
      return stream.events<PorticoEvent>("change").filter((event) => event.id !== marker.id);
    }),
  );
}

describe("a process killed between a write's commit and its answer", () => {
  it("leaves no stream on the surviving processes without the write's event, for a message, a comment and a ticket, and none hears one twice", { timeout: 4 * START_TIMEOUT_MS }, async () => {
    const started = performance.now();
    const [acme, globex] = [await createCompany(seeder, "Acme Ltd"), await createCompany(seeder, "Globex")];
    const board = await insertProject(seeder, acme.id, "Board");
    const threads = await insertProject(seeder, acme.id, "Threads");
    // One ticket per comment, inserted without the app (unannounced): each comment's event names its own ticket.
    const commented = await seeder.deps.db
      .insert(tickets)
      .values([1, 2, 3].map((i) => ({ projectId: threads.id, companyId: acme.id, title: `Thread ${i}` })))
      .returning({ id: tickets.id });
    const [admin, alice, bob, gary] = await Promise.all([
      seeder.createUser({ admin: true }).then(throughProxy),
      createCustomer(seeder, acme.id).then(throughProxy),
      createCustomer(seeder, acme.id).then(throughProxy),
      createCustomer(seeder, globex.id).then(throughProxy),
    ]);
    // Opened while the first process is down: nginx passes each to a survivor.
    const acmeStreams = await Promise.all([alice, alice, bob, admin, admin].map((user) => connectedStream(user.client)));
    const globexStream = await connectedStream(gary.client);

    const message = (id: string) => ({ path: "/api/messages", body: { id, content: `message ${id}` } });
    const comment = (ticketId: string) => ({ path: `/api/tickets/${ticketId}/comments`, body: { content: "Any news?" } });
    const ticket = (title: string) => ({ path: "/api/tickets", body: { projectId: board.id, title } });

    const diedMessage = randomUUID();
    await writeAndDie("after-commit:message", alice, message(diedMessage));
    const ackedMessages = [await acknowledged(alice, message(randomUUID())), await acknowledged(alice, message(randomUUID()))];
    await writeAndDie("after-commit:comment", alice, comment(commented[0]!.id));
    for (const { id } of commented.slice(1)) await acknowledged(alice, comment(id));
    await writeAndDie("after-commit:ticket", alice, ticket("Written as the process died"));
    const ackedTickets = [await acknowledged(alice, ticket("After the death 1")), await acknowledged(alice, ticket("After the death 2"))];

    // Each dead process committed its write before it died.
    const storedMessages = (await seeder.deps.db.select({ id: messages.id }).from(messages).where(eq(messages.companyId, acme.id))).map((row) => row.id);
    expect(new Set(storedMessages)).toEqual(new Set([diedMessage, ...ackedMessages]));
    const firstThread = await seeder.deps.db.select({ id: ticketComments.id }).from(ticketComments).where(eq(ticketComments.ticketId, commented[0]!.id));
    expect(firstThread).toHaveLength(1);
    const storedTickets = (await seeder.deps.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.projectId, board.id))).map((row) => row.id);
    expect(storedTickets).toHaveLength(3);
    expect(storedTickets).toEqual(expect.arrayContaining(ackedTickets));

    const expected = [
      ...storedMessages.map((id) => key({ kind: "message", id })),
      ...commented.map(({ id }) => key({ kind: "ticket_comment", id })),
      ...storedTickets.map((id) => key({ kind: "ticket", id })),
    ].sort();
    expect(acmeStreams.filter((stream) => stream.isEnded), "every stream is on a survivor and stays open").toEqual([]);
    for (const heard of await heardBeforeMarker(acmeStreams, acme.id)) {
      // Each write's event once: none lost, none twice, nothing else.
      expect(heard.map(key).sort()).toEqual(expected);
    }
    expect(await heardBeforeMarker([globexStream], globex.id)).toEqual([[]]);
    console.log(`crash-announce: 3 processes killed after commit, ${acmeStreams.length} streams each heard ${expected.length} writes once; ${((performance.now() - started) / 1000).toFixed(1)} s in the test`);
  });
});
