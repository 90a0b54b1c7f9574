import { randomUUID } from "node:crypto";
import { asc, count, eq, max, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, conversations, messages, profiles, userRoles } from "../../db/schema";
import { createCompany, createCustomer } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";

/**
 * The `conversations` summary (ADR 009) is kept by triggers: whatever happens to messages, senders
 * or companies, it must equal the aggregate the list used to compute on every request.
 */
const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true, name: "Ada Admin" }));

/** Every summary row next to the same figures computed from the messages: equal when nothing drifted. */
async function summaryAndAggregate() {
  const { db } = server.deps;
  const [summary, aggregate] = await Promise.all([
    db.select().from(conversations).orderBy(asc(conversations.companyId)),
    db
      .select({
        companyId: messages.companyId,
        lastMessageAt: max(messages.createdAt),
        messageCount: count(),
        // The definition the list used before the summary: not read, sender not an admin (a deleted sender counts).
        unreadCount: sql<number>`(count(*) filter (where not ${messages.isRead} and ${userRoles.role} is distinct from 'admin'))::int`,
      })
      .from(messages)
      .leftJoin(userRoles, eq(userRoles.userId, messages.senderId))
      .groupBy(messages.companyId)
      .orderBy(asc(messages.companyId)),
  ]);
  return { summary, aggregate };
}

async function expectNoDrift() {
  const { summary, aggregate } = await summaryAndAggregate();
  expect(summary).toEqual(aggregate);
}

async function conversationOf(company: { id: string; name: string }) {
  const response = await admin.client.get(`/api/messages/conversations?q=${encodeURIComponent(company.name)}&recent=50`);
  expect(response.status).toBe(200);
  return response.body.items.find((item: { company: { id: string } }) => item.company.id === company.id);
}

/** A company with two customers, named uniquely so a search finds only it. */
async function companyWithCustomers() {
  const company = await createCompany(server, `Summary ${randomUUID().slice(0, 8)}`);
  const alice = await createCustomer(server, company.id, "Alice");
  const bob = await createCustomer(server, company.id, "Bob");
  return { company, alice, bob };
}

describe("the conversation summary", () => {
  it("counts sends from both sides: every message, unread only the customers' ones", async () => {
    const { company, alice, bob } = await companyWithCustomers();
    expect(await conversationOf(company)).toBeUndefined();
    expect((await alice.client.post("/api/messages", { content: "Hello" })).status).toBe(201);
    expect((await admin.client.post("/api/messages", { content: "Hi Alice", companyId: company.id })).status).toBe(201);
    const last = await bob.client.post("/api/messages", { content: "Bob here" });

    const conversation = await conversationOf(company);
    expect(conversation).toMatchObject({ messageCount: 3, unreadCount: 2, lastMessageAt: last.body.createdAt });
    expect(conversation!.lastMessage).toEqual(last.body);
    expect(conversation!.recentMessages.map((m: { content: string }) => m.content)).toEqual(["Hello", "Hi Alice", "Bob here"]);
    await expectNoDrift();
  });

  it("counts a retried send once", async () => {
    const { company, alice } = await companyWithCustomers();
    const id = randomUUID();
    expect((await alice.client.post("/api/messages", { content: "Once", id })).status).toBe(201);
    expect((await alice.client.post("/api/messages", { content: "Once", id })).status).toBe(200);
    expect(await conversationOf(company)).toMatchObject({ messageCount: 1, unreadCount: 1 });
    await expectNoDrift();
  });

  it("clears the unread count when an admin marks read, not when a customer does", async () => {
    const { company, alice, bob } = await companyWithCustomers();
    await alice.client.post("/api/messages", { content: "One" });
    await bob.client.post("/api/messages", { content: "Two" });
    await admin.client.post("/api/messages", { content: "Reply", companyId: company.id });

    expect((await bob.client.post("/api/messages/read", {})).body).toEqual({ updated: 1 });
    expect(await conversationOf(company)).toMatchObject({ messageCount: 3, unreadCount: 2 });
    expect((await admin.client.post("/api/messages/read", { companyId: company.id })).body).toEqual({ updated: 2 });
    expect(await conversationOf(company)).toMatchObject({ messageCount: 3, unreadCount: 0 });
    await alice.client.post("/api/messages", { content: "Three" });
    expect(await conversationOf(company)).toMatchObject({ messageCount: 4, unreadCount: 1 });
    await expectNoDrift();
  });

  it("stays exact under concurrent sends and reads to one company", async () => {
    const { company, alice, bob } = await companyWithCustomers();
    await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        if (i % 6 === 5) return admin.client.post("/api/messages/read", { companyId: company.id });
        const sender = [alice, bob, admin][i % 3]!;
        return sender.client.post("/api/messages", { content: `m${i}`, ...(sender === admin ? { companyId: company.id } : {}) });
      }),
    );
    expect(await conversationOf(company)).toMatchObject({ messageCount: 20 });
    await expectNoDrift();
  });

  it("goes with its company: deleting the company cascades to its messages and its summary", async () => {
    const { company, alice } = await companyWithCustomers();
    await alice.client.post("/api/messages", { content: "Bye" });
    const before = await admin.client.get("/api/messages/conversations");
    await server.deps.db.delete(companies).where(eq(companies.id, company.id));
    expect(await server.deps.db.select().from(conversations).where(eq(conversations.companyId, company.id))).toEqual([]);
    expect(await conversationOf(company)).toBeUndefined();
    const after = await admin.client.get("/api/messages/conversations");
    expect(after.body.total).toBe(before.body.total - 1);
    await expectNoDrift();
  });

  it("follows deleted messages, including the newest one", async () => {
    const { company, alice } = await companyWithCustomers();
    const first = await alice.client.post("/api/messages", { content: "First" });
    const second = await alice.client.post("/api/messages", { content: "Second" });
    await server.deps.db.delete(messages).where(eq(messages.id, second.body.id));
    expect(await conversationOf(company)).toMatchObject({ messageCount: 1, unreadCount: 1, lastMessageAt: first.body.createdAt });
    await server.deps.db.delete(messages).where(eq(messages.id, first.body.id));
    expect(await conversationOf(company)).toBeUndefined();
    await expectNoDrift();
  });

  it("moves unread messages across sides when their sender becomes an admin or is deleted", async () => {
    const { company, alice } = await companyWithCustomers();
    const colleague = await server.createUser({ admin: true, name: "Colin Colleague" });
    await alice.client.post("/api/messages", { content: "From a customer" });
    await colleague.client.post("/api/messages", { content: "From an admin", companyId: company.id });
    expect(await conversationOf(company)).toMatchObject({ messageCount: 2, unreadCount: 1 });

    // Promoted: Alice's unread message is now the provider team's own.
    await server.deps.db.insert(userRoles).values({ userId: alice.id, role: "admin" });
    expect(await conversationOf(company)).toMatchObject({ unreadCount: 0 });
    await expectNoDrift();
    await server.deps.db.delete(userRoles).where(eq(userRoles.userId, alice.id));
    expect(await conversationOf(company)).toMatchObject({ unreadCount: 1 });

    // A deleted account's messages stay, with no sender, and count as a customer's.
    await server.deps.db.delete(profiles).where(eq(profiles.id, colleague.id));
    expect(await conversationOf(company)).toMatchObject({ messageCount: 2, unreadCount: 2 });
    await expectNoDrift();
  });
});

describe("GET /api/messages/conversations, embedded messages", () => {
  it("embeds each conversation's last message unless asked for more, and at most 200 messages a page", async () => {
    const { company, alice } = await companyWithCustomers();
    for (const content of ["a", "b", "c", "d", "e", "f"]) await alice.client.post("/api/messages", { content });
    const q = encodeURIComponent(company.name);

    const byDefault = await admin.client.get(`/api/messages/conversations?q=${q}`);
    expect(byDefault.body.items[0]!.recentMessages.map((m: { content: string }) => m.content)).toEqual(["f"]);
    expect(byDefault.body.items[0]!.lastMessage).toEqual(byDefault.body.items[0]!.recentMessages[0]);
    // What the web app asks for: 10 cards of 10 messages.
    const asWeb = await admin.client.get(`/api/messages/conversations?q=${q}&pageSize=10&recent=10`);
    expect(asWeb.body.items[0]!.recentMessages).toHaveLength(6);
    // 100 conversations × 50 would be 5,000 messages: lowered to 2 each.
    const capped = await admin.client.get(`/api/messages/conversations?q=${q}&pageSize=100&recent=50`);
    expect(capped.body.items[0]!.recentMessages.map((m: { content: string }) => m.content)).toEqual(["e", "f"]);
    expect(capped.body.items[0]).toMatchObject({ messageCount: 6, unreadCount: 6 });
  });
});

describe("tenant isolation with the summary", () => {
  it("still shows a customer only their own company's messages and no conversation list", async () => {
    const mine = await companyWithCustomers();
    const theirs = await companyWithCustomers();
    await mine.alice.client.post("/api/messages", { content: "Ours" });
    await theirs.alice.client.post("/api/messages", { content: "Theirs" });
    await admin.client.post("/api/messages", { content: "To them", companyId: theirs.company.id });

    const own = await mine.bob.client.get("/api/messages");
    expect(own.body.map((m: { content: string; companyId: string }) => [m.content, m.companyId])).toEqual([["Ours", mine.company.id]]);
    expect((await mine.bob.client.get(`/api/messages?companyId=${theirs.company.id}`)).status).toBe(404);
    expect((await mine.bob.client.get("/api/messages/conversations")).status).toBe(403);
    expect((await mine.bob.client.get(`/api/messages/conversations?q=${encodeURIComponent(theirs.company.name)}`)).status).toBe(403);
    // A customer's mark-read reaches only their own company's messages, and its summary.
    expect((await mine.bob.client.post("/api/messages/read", { companyId: theirs.company.id })).status).toBe(404);
    await mine.bob.client.post("/api/messages/read", {});
    expect(await conversationOf(theirs.company)).toMatchObject({ messageCount: 2, unreadCount: 1 });
    await expectNoDrift();
  });
});
