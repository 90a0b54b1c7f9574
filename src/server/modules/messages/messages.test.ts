import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PorticoEvent } from "@/shared/schemas/event";
import { messages, notifications } from "../../db/schema";
import type { TestBody, TestResponse } from "../../test/test-client";
import { createCompany, createCustomer } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";
import { expectFieldRefused } from "@/server/test/expect-problem";

const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true, name: "Ada Admin" }));
const acme = beforeAllTests(() => createCompany(server, "Acme Ltd"));
const globex = beforeAllTests(() => createCompany(server, "Globex"));
const acmeCustomer = beforeAllTests(() => createCustomer(server, acme.id, "Alice Acme"));
const globexCustomer = beforeAllTests(() => createCustomer(server, globex.id, "Gary Globex"));

async function messageCount(companyId?: string) {
  const [row] = await server.deps.db
    .select({ n: count() })
    .from(messages)
    .where(companyId ? eq(messages.companyId, companyId) : undefined);
  return row!.n;
}

/**
 * Collects the bus events published while `run` runs. The bus delivers in order, so markers bound
 * the collection: a marker published before `run` flushes what earlier writes announced (on
 * PostgreSQL a NOTIFY can arrive after its request answered), and one published after closes it.
 */
async function published(run: () => Promise<unknown>): Promise<PorticoEvent[]> {
  const events: PorticoEvent[] = [];
  const markers = new Map<string, () => void>();
  let collecting = false;
  const stop = server.deps.events.subscribe((event) => {
    const markerSeen = markers.get(event.id);
    if (markerSeen) markerSeen();
    else if (collecting) events.push(event);
  });
  const marker = async () => {
    const event: PorticoEvent = { kind: "message", companyId: randomUUID(), id: randomUUID() };
    const seen = new Promise<void>((resolve) => markers.set(event.id, resolve));
    await server.deps.events.publish(event);
    await seen;
  };
  try {
    await marker();
    collecting = true;
    await run();
    await marker();
    return events;
  } finally {
    stop();
  }
}

describe("POST /api/messages", () => {
  it("lets a customer write to their own company and announces it after the commit", async () => {
    let response: TestResponse<TestBody<"POST", "/api/messages">> | undefined;
    const events = await published(async () => {
      response = await acmeCustomer.client.post("/api/messages", { content: "  Hello team  " });
    });
    expect(response!.status).toBe(201);
    expect(response!.body).toEqual({
      id: expect.any(String),
      companyId: acme.id,
      content: "Hello team",
      isRead: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      sender: { id: acmeCustomer.id, name: "Alice Acme", email: acmeCustomer.email, isAdmin: false },
      attachments: [],
    });
    expect(events).toContainEqual({ kind: "message", companyId: acme.id, id: response!.body.id });
  });

  it("accepts the customer's own company id", async () => {
    const response = await acmeCustomer.client.post("/api/messages", { content: "Explicit", companyId: acme.id });
    expect(response.status).toBe(201);
    expect(response.body.companyId).toBe(acme.id);
  });

  it("rejects another company's id from a customer with 404 and writes nothing", async () => {
    const before = await messageCount();
    const response = await acmeCustomer.client.post("/api/messages", { content: "Sneaky", companyId: globex.id });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await messageCount()).toBe(before);
  });

  it("tells a customer without a company to create the profile first", async () => {
    const loner = await server.createUser();
    const before = await messageCount();
    const response = await loner.client.post("/api/messages", { content: "Anyone there?" });
    expect(response.status).toBe(400);
    expect(response.problem.detail).toBe("You need to create your Company Profile before sending messages.");
    expect(await messageCount()).toBe(before);
  });

  it("rejects blank content with a 400 naming content", async () => {
    const before = await messageCount();
    for (const body of [{ content: "   \n " }, {}]) {
      const response = await acmeCustomer.client.post("/api/messages", body);
      expect(response.status).toBe(400);
      expect(response.problem.errors!.map((e: { field: string }) => e.field)).toEqual(["content"]);
    }
    expect(await messageCount()).toBe(before);
  });

  it("lets an admin write to any existing company", async () => {
    const response = await admin.client.post("/api/messages", { content: "Hi Globex", companyId: globex.id });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ companyId: globex.id, sender: { id: admin.id, name: "Ada Admin", isAdmin: true } });
  });

  it("requires an admin to name an existing company", async () => {
    const missing = await admin.client.post("/api/messages", { content: "To whom?" });
    expect(missing.status).toBe(400);
    expect(missing.problem.errors).toEqual([{ field: "companyId", message: "Choose the company of the conversation" }]);
    const unknown = await admin.client.post("/api/messages", { content: "To whom?", companyId: randomUUID() });
    expect(unknown.status).toBe(404);
    const malformed = await admin.client.post("/api/messages", { content: "To whom?", companyId: "nope" });
    expectFieldRefused(malformed, "companyId");
  });

  it("answers 401 to an anonymous caller", async () => {
    expect((await server.anonymous().post("/api/messages", { content: "hi" })).status).toBe(401);
  });
});

describe("idempotent sending with a client-generated id", () => {
  it("stores a retried message once and answers the retry with the stored message", async () => {
    const id = randomUUID();
    const first = await acmeCustomer.client.post("/api/messages", { id, content: "Only once" });
    let retry: TestResponse<TestBody<"POST", "/api/messages">> | undefined;
    const events = await published(async () => {
      retry = await acmeCustomer.client.post("/api/messages", { id, content: "Only once" });
    });
    expect(first.status).toBe(201);
    expect(first.body.id).toBe(id);
    expect(retry!.status).toBe(200);
    expect(retry!.body).toEqual(first.body);
    // Nothing is written, but the stored message is announced again: its first process may have
    // died before its announcement (issue 47).
    expect(events).toEqual([{ kind: "message", companyId: acme.id, id }]);
    const [row] = await server.deps.db.select({ n: count() }).from(messages).where(eq(messages.id, id));
    expect(row!.n).toBe(1);
  });

  it("notifies the team of a retried message once, and of a send refused for its id not at all", async () => {
    // The notifications are written before the message in its transaction: a retry must roll them back.
    const id = randomUUID();
    const content = `Notify once ${id}`;
    expect((await acmeCustomer.client.post("/api/messages", { id, content })).status).toBe(201);
    expect((await acmeCustomer.client.post("/api/messages", { id, content })).status).toBe(200);
    expect((await acmeCustomer.client.post("/api/messages", { id, content: `${content}, changed` })).status).toBe(409);
    const rows = await server.deps.db
      .select({ excerpt: notifications.excerpt })
      .from(notifications)
      .where(and(eq(notifications.recipientId, admin.id), eq(notifications.companyId, acme.id)));
    expect(rows.filter((row) => row.excerpt?.startsWith(content))).toEqual([{ excerpt: content }]);
  });

  it("refuses an id already used for a different message, without revealing it", async () => {
    const id = randomUUID();
    await acmeCustomer.client.post("/api/messages", { id, content: "Original" });
    const otherContent = await acmeCustomer.client.post("/api/messages", { id, content: "Changed" });
    expect(otherContent.status).toBe(409);
    const otherCompany = await globexCustomer.client.post("/api/messages", { id, content: "Original" });
    expect(otherCompany.status).toBe(409);
    expect(otherCompany.problem.detail).not.toContain("Original");
    const [row] = await server.deps.db.select({ content: messages.content, companyId: messages.companyId }).from(messages).where(eq(messages.id, id));
    expect(row).toEqual({ content: "Original", companyId: acme.id });
  });
});

describe("GET /api/messages", () => {
  it("gives a customer their company's conversation oldest first, with senders", async () => {
    const company = await createCompany(server, "Initech");
    const peter = await createCustomer(server, company.id, "Peter");
    await peter.client.post("/api/messages", { content: "first" });
    await admin.client.post("/api/messages", { content: "second", companyId: company.id });
    await peter.client.post("/api/messages", { content: "third" });
    const response = await peter.client.get("/api/messages");
    expect(response.status).toBe(200);
    expect(response.body.map((m: { content: string }) => m.content)).toEqual(["first", "second", "third"]);
    expect(response.body[1]!.sender).toEqual({ id: admin.id, name: "Ada Admin", email: admin.email, isAdmin: true });
    expect(response.body[0]!.sender).toEqual({ id: peter.id, name: "Peter", email: peter.email, isAdmin: false });
  });

  it("never shows a customer another company's messages", async () => {
    const response = await globexCustomer.client.get("/api/messages");
    expect(response.body.length).toBeGreaterThan(0);
    expect(response.body.every((m: { companyId: string }) => m.companyId === globex.id)).toBe(true);
    expect((await globexCustomer.client.get(`/api/messages?companyId=${acme.id}`)).status).toBe(404);
  });

  it("gives a customer without a company an empty conversation", async () => {
    const loner = await server.createUser();
    const response = await loner.client.get("/api/messages");
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it("makes an admin name the company", async () => {
    const missing = await admin.client.get("/api/messages");
    expectFieldRefused(missing, "companyId");
    const response = await admin.client.get(`/api/messages?companyId=${globex.id}`);
    expect(response.status).toBe(200);
    expect(response.body.every((m: { companyId: string }) => m.companyId === globex.id)).toBe(true);
    expect((await admin.client.get(`/api/messages?companyId=${randomUUID()}`)).status).toBe(404);
  });

  it("pages back through a long conversation with limit and before", async () => {
    const company = await createCompany(server, "Long Talk Inc");
    for (let i = 1; i <= 5; i++) await admin.client.post("/api/messages", { content: `m${i}`, companyId: company.id });
    const newest = await admin.client.get(`/api/messages?companyId=${company.id}&limit=2`);
    expect(newest.body.map((m: { content: string }) => m.content)).toEqual(["m4", "m5"]);
    const older = await admin.client.get(`/api/messages?companyId=${company.id}&limit=2&before=${newest.body[0]!.id}`);
    expect(older.body.map((m: { content: string }) => m.content)).toEqual(["m2", "m3"]);
  });
});

describe("POST /api/messages/read", () => {
  it("marks only the other side's messages read, for each side", async () => {
    const company = await createCompany(server, "Read Receipts Co");
    const alice = await createCustomer(server, company.id);
    const bob = await createCustomer(server, company.id);
    await alice.client.post("/api/messages", { content: "from alice" });
    await bob.client.post("/api/messages", { content: "from bob" });
    await admin.client.post("/api/messages", { content: "from the team 1", companyId: company.id });
    await admin.client.post("/api/messages", { content: "from the team 2", companyId: company.id });

    let customerRead: TestResponse<TestBody<"POST", "/api/messages/read">> | undefined;
    const events = await published(async () => {
      customerRead = await alice.client.post("/api/messages/read", {});
    });
    expect(customerRead!.status).toBe(200);
    expect(customerRead!.body).toEqual({ updated: 2 });
    expect(events.filter((e) => e.companyId === company.id)).toEqual([{ kind: "message", companyId: company.id, id: expect.any(String) }]);
    // Alice opening the chat must not hide Bob's message from the provider's unread count.
    const unread = await server.deps.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.companyId, company.id), eq(messages.isRead, false)));
    expect(unread[0]!.n).toBe(2);

    expect((await admin.client.post("/api/messages/read", { companyId: company.id })).body).toEqual({ updated: 2 });
    expect((await admin.client.post("/api/messages/read", { companyId: company.id })).body).toEqual({ updated: 0 });
    const conversation = await admin.client.get(`/api/messages?companyId=${company.id}`);
    expect(conversation.body.every((m: { isRead: boolean }) => m.isRead)).toBe(true);
  });

  it("scopes customers to their company and makes admins name one", async () => {
    expect((await acmeCustomer.client.post("/api/messages/read", { companyId: globex.id })).status).toBe(404);
    const missing = await admin.client.post("/api/messages/read", {});
    expectFieldRefused(missing, "companyId");
    const loner = await server.createUser();
    expect((await loner.client.post("/api/messages/read", {})).body).toEqual({ updated: 0 });
  });
});
