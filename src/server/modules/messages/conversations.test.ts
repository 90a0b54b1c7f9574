import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages } from "../../db/schema";
import { createCompany, createCustomer } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";

const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true, name: "Ada Admin" }));
const customer = beforeAllTests(async () => createCustomer(server, (await createCompany(server, "Home Co")).id));

/**
 * Three conversations whose last activity is older → newer: quiet, busy, fresh; plus a silent
 * company. Rows go straight into the database with explicit times (an hour ago, minute by minute),
 * so the order does not depend on how fast the test runs.
 */
async function scenario() {
  const tag = randomUUID().slice(0, 8);
  const quiet = await createCompany(server, `${tag} Quiet`);
  const busy = await createCompany(server, `${tag} Busy`);
  const fresh = await createCompany(server, `${tag} Fresh`);
  await createCompany(server, `${tag} Silent`);
  const start = Date.now() - 3600_000;
  const rows: [string, string, string][] = [
    [quiet.id, customer.id, "q1"],
    ...[1, 2, 3, 4].map((i): [string, string, string] => [busy.id, customer.id, `b${i}`]),
    [busy.id, admin.id, "b-reply"],
    [fresh.id, admin.id, "f1"],
    [fresh.id, customer.id, "f2"],
  ];
  await server.deps.db
    .insert(messages)
    .values(rows.map(([companyId, senderId, content], i) => ({ companyId, senderId, content, createdAt: new Date(start + i * 60_000) })));
  return { tag, quiet, busy, fresh };
}

describe("GET /api/messages/conversations", () => {
  it("lists every company with messages, latest activity first, with unread counts of customer messages", async () => {
    const { tag, quiet, busy, fresh } = await scenario();
    const response = await admin.client.get(`/api/messages/conversations?q=${tag}&recent=3`);
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(3);
    expect(response.body.items.map((c: { company: { id: string } }) => c.company.id)).toEqual([fresh.id, busy.id, quiet.id]);
    const [f, b, q] = response.body.items;
    expect(b).toMatchObject({ company: { id: busy.id, name: `${tag} Busy` }, messageCount: 5, unreadCount: 4 });
    expect(b!.recentMessages.map((m: { content: string }) => m.content)).toEqual(["b3", "b4", "b-reply"]);
    expect(b!.lastMessage).toEqual(b!.recentMessages[2]);
    expect(b!.lastMessageAt).toBe(b!.lastMessage.createdAt);
    expect(f).toMatchObject({ messageCount: 2, unreadCount: 1 });
    expect(f!.lastMessage).toMatchObject({ content: "f2", sender: { isAdmin: false } });
    expect(q).toMatchObject({ messageCount: 1, unreadCount: 1 });
  });

  it("drops a conversation's unread count once an admin reads it, and moves it up on new activity", async () => {
    const { tag, quiet, busy, fresh } = await scenario();
    await admin.client.post("/api/messages/read", { companyId: busy.id });
    await admin.client.post("/api/messages", { content: "ping", companyId: quiet.id });
    const response = await admin.client.get(`/api/messages/conversations?q=${tag}`);
    expect(response.body.items.map((c: { company: { id: string } }) => c.company.id)).toEqual([quiet.id, fresh.id, busy.id]);
    expect(response.body.items.map((c: { unreadCount: number }) => c.unreadCount)).toEqual([1, 1, 0]);
  });

  it("paginates with a total, and sorts oldest activity first on request", async () => {
    const { tag, quiet, busy, fresh } = await scenario();
    const page1 = await admin.client.get(`/api/messages/conversations?q=${tag}&pageSize=2`);
    const page2 = await admin.client.get(`/api/messages/conversations?q=${tag}&pageSize=2&page=2`);
    const page3 = await admin.client.get(`/api/messages/conversations?q=${tag}&pageSize=2&page=3`);
    expect(page1.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page1.body.items.map((c: { company: { id: string } }) => c.company.id)).toEqual([fresh.id, busy.id]);
    expect(page2.body.items.map((c: { company: { id: string } }) => c.company.id)).toEqual([quiet.id]);
    expect(page3.body).toMatchObject({ items: [], total: 3, page: 3 });
    const ascending = await admin.client.get(`/api/messages/conversations?q=${tag}&sort=asc`);
    expect(ascending.body.items.map((c: { company: { id: string } }) => c.company.id)).toEqual([quiet.id, busy.id, fresh.id]);
  });

  it("keeps a deleted sender's unread message in the count and shows the sender as null", async () => {
    const company = await createCompany(server, `Ghost ${randomUUID().slice(0, 8)}`);
    const [row] = await server.deps.db.insert(messages).values({ companyId: company.id, content: "who am I", senderId: null }).returning();
    const response = await admin.client.get(`/api/messages/conversations?q=${encodeURIComponent(company.name)}`);
    expect(response.body.items[0]).toMatchObject({ unreadCount: 1, lastMessage: { id: row!.id, sender: null } });
    await server.deps.db.delete(messages).where(eq(messages.id, row!.id));
  });

  it("is for admins only", async () => {
    const company = await createCompany(server, "Nosy Ltd");
    const customer = await createCustomer(server, company.id);
    expect((await customer.client.get("/api/messages/conversations")).status).toBe(403);
    expect((await server.anonymous().get("/api/messages/conversations")).status).toBe(401);
  });
});
