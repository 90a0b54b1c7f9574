import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, companyUsers, messages, profiles } from "../db/schema";
import { startTestServer, type TestServer } from "../test/harness";
import type { World } from "@/server/test/security/world";
import { worldForFile } from "@/server/test/per-file";

/**
 * Finding 2 of the outside probe: sign-up validated one body and stored another (an 800,000
 * character name, an unchecked `image`), names are embedded in message lists, and nothing limited
 * how fast a user could post, so one account could make admin list answers tens of megabytes.
 */
const { server, world } = worldForFile();

describe("sign-up stores only what it validated", () => {
  it("stores the trimmed name of a padded 800,000-character body, and no image", async () => {
    const padding = " ".repeat(400_000);
    const email = "padded@example.test";
    const body = JSON.stringify({ name: `${padding}Padded Name${padding}`, email, password: "quiet-meadow-15", image: "javascript:alert(1)" });
    const response = await server.anonymous().raw("/api/auth/sign-up/email", { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(response.status).toBe(200);
    const [row] = await server.deps.db.select({ name: profiles.fullName, image: profiles.image }).from(profiles).where(eq(profiles.email, email));
    expect(row).toEqual({ name: "Padded Name", image: null });
  });
});

describe("database CHECKs on every user-written text column", () => {
  // [table, column, row id, the contract's limit]; a value one over the limit is refused by the
  // database itself, whatever path writes it.
  const columns = (w: World): [string, string, string, number][] => [
    ["profiles", "full_name", w.users.customerA.id, 200],
    ["profiles", "email", w.users.customerA.id, 254],
    ["companies", "name", w.a.company.id, 200],
    ["companies", "contact_name", w.a.company.id, 200],
    ["companies", "contact_email", w.a.company.id, 254],
    ["companies", "phone", w.a.company.id, 50],
    ["companies", "address", w.a.company.id, 1000],
    ["projects", "name", w.a.projects[0]!.id, 200],
    ["projects", "description", w.a.projects[0]!.id, 10_000],
    ["project_comments", "content", w.a.projectComments[0]!.id, 10_000],
    ["tickets", "title", w.a.tickets[0]!.id, 200],
    ["tickets", "description", w.a.tickets[0]!.id, 10_000],
    ["ticket_comments", "content", w.a.ticketComments[0]!.id, 10_000],
    ["invoices", "invoice_number", w.a.invoices[0]!.id, 100],
    ["invoices", "pdf_url", w.a.invoices[0]!.id, 2048],
    ["messages", "content", w.a.messages[0]!.id, 10_000],
  ];

  it("refuses one character over each column's limit and keeps the row as it was", async () => {
    for (const [table, column, id, limit] of columns(world)) {
      const before = await valueOf(table, column, id);
      const tooLong = column === "pdf_url" ? `https://example.com/${"p".repeat(limit)}` : column.includes("email") ? `${"e".repeat(limit)}@x.test` : "x".repeat(limit + 1);
      const error = await server.deps.db
        .execute(sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = ${tooLong} WHERE id = ${id}`)
        .then(() => undefined, (caught: unknown) => caught);
      expect(pgCode(error), `${table}.${column}`).toBe("23514");
      expect(await valueOf(table, column, id)).toBe(before);
    }
  });

  it("refuses an avatar address that is not https", async () => {
    const error = await server.deps.db
      .update(profiles)
      .set({ image: "javascript:alert(1)" })
      .where(eq(profiles.id, world.users.customerA.id))
      .then(() => undefined, (caught: unknown) => caught);
    expect(pgCode(error)).toBe("23514");
  });
});

describe("per-user limit on posting", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ WRITE_RATE_LIMIT: "3" });
  });
  afterAll(() => limited.close());

  it("answers 429 with Retry-After once a customer posted WRITE_RATE_LIMIT times in a minute, stores nothing more, and leaves others and admins alone", async () => {
    const admin = await limited.createUser({ admin: true });
    const poster = await limited.createUser();
    const company = (await poster.client.request("PUT", "/api/companies/mine", { name: "Posting Co" })).body.company;
    const project = (await admin.client.post("/api/projects", { companyId: company.id, name: "Site" })).body;
    const ticket = await poster.client.post("/api/tickets", { projectId: project.id, title: "First" });
    expect(ticket.status).toBe(201);
    for (let i = 0; i < 2; i++) expect((await poster.client.post("/api/messages", { content: `hello ${i}` })).status).toBe(201);
    const countBefore = await messageCount(limited);

    const refused = await poster.client.post("/api/messages", { content: "one too many" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(refused.problem.detail).toBe("You can post at most 3 messages, tickets, comments and files a minute. Please wait a moment.");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    // Tickets and comments share the budget.
    expect((await poster.client.post("/api/tickets", { projectId: project.id, title: "Flood" })).status).toBe(429);
    expect((await poster.client.post(`/api/tickets/${ticket.body.id}/comments`, { content: "flood" })).status).toBe(429);
    expect((await poster.client.post(`/api/projects/${project.id}/comments`, { content: "flood" })).status).toBe(429);
    expect(await messageCount(limited)).toBe(countBefore);
    expect((await poster.client.get(`/api/tickets/${ticket.body.id}/comments`)).body).toEqual([]);

    // Reading is not limited, nor is another user of the same company.
    expect((await poster.client.get("/api/messages")).status).toBe(200);
    const colleague = await limited.createUser();
    await limited.deps.db.insert(companyUsers).values({ userId: colleague.id, companyId: company.id });
    expect((await colleague.client.post("/api/messages", { content: "still fine" })).status).toBe(201);
    // The provider's staff are not limited (they answer in bursts).
    for (let i = 0; i < 4; i++) expect((await admin.client.post("/api/messages", { content: `reply ${i}`, companyId: company.id })).status).toBe(201);
  });

  it("is off with WRITE_RATE_LIMIT=0", async () => {
    const unlimited = await startTestServer({ WRITE_RATE_LIMIT: "0" });
    try {
      const poster = await unlimited.createUser();
      expect((await poster.client.request("PUT", "/api/companies/mine", { name: "Chatty Co" })).status).toBe(201);
      for (let i = 0; i < 4; i++) expect((await poster.client.post("/api/messages", { content: `hello ${i}` })).status).toBe(201);
    } finally {
      await unlimited.close();
    }
  });
});

/**
 * The bound docs/security.md states: with every text at its contract's limit and every character
 * one that JSON escapes to six bytes (a control character), the largest answer of the two lists
 * that embed user text most densely. Built in the database directly, as no path through the API
 * could do it faster.
 */
describe("the largest list answers", () => {
  const MiB = 1024 * 1024;
  const worstText = (length: number) => "\u0001".repeat(length);

  it("keeps a full page of the messages list under 12 MiB and of the conversations list under 18 MiB", async () => {
    const [sender] = await server.deps.db.insert(profiles).values({ fullName: worstText(200), email: "worst-case@example.test" }).returning();
    const companyRows = await server.deps.db
      .insert(companies)
      .values(Array.from({ length: 100 }, (_, i) => ({ name: `Bound ${i} ${worstText(180)}` })))
      .returning({ id: companies.id });
    const [first, ...others] = companyRows;
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i));
    await server.deps.db.insert(messages).values(Array.from({ length: 200 }, (_, i) => ({ companyId: first!.id, senderId: sender!.id, content: worstText(10_000), createdAt: at(i) })));
    for (const company of others) {
      await server.deps.db.insert(messages).values([0, 1].map((i) => ({ companyId: company.id, senderId: sender!.id, content: worstText(10_000), createdAt: at(i) })));
    }
    const admin = world.users.admin;

    const list = await bytesOf(admin.cookie, `/api/messages?companyId=${first!.id}&limit=200`);
    expect(list.items).toBe(200);
    expect(list.bytes).toBeLessThan(12 * MiB);
    const conversations = await bytesOf(admin.cookie, `/api/messages/conversations?q=Bound&pageSize=100&recent=50`);
    expect(conversations.items).toBe(100);
    expect(conversations.bytes).toBeLessThan(18 * MiB);
    console.info(`largest pages: messages ${(list.bytes / MiB).toFixed(1)} MiB, conversations ${(conversations.bytes / MiB).toFixed(1)} MiB`);
  });
});

async function bytesOf(cookie: string, path: string): Promise<{ bytes: number; items: number }> {
  const client = server.anonymous();
  const response = await client.raw(path, { headers: { cookie } });
  expect(response.status).toBe(200);
  const text = await response.text();
  const body = JSON.parse(text) as unknown[] | { items: unknown[] };
  return { bytes: Buffer.byteLength(text), items: Array.isArray(body) ? body.length : body.items.length };
}

async function valueOf(table: string, column: string, id: string): Promise<unknown> {
  const result = await server.deps.db.execute(sql`SELECT ${sql.identifier(column)} AS value FROM ${sql.identifier(table)} WHERE id = ${id}`);
  return ((result as unknown as { rows: { value: unknown }[] }).rows[0] ?? { value: "missing" }).value;
}

async function messageCount(on: TestServer): Promise<number> {
  const [row] = await on.deps.db.select({ n: sql<number>`count(*)::int` }).from(messages);
  return row!.n;
}

function pgCode(error: unknown): unknown {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return cause?.code ?? (error as { code?: unknown } | undefined)?.code;
}
