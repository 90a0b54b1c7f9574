import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ConversationPage } from "@/shared/schemas/message";
import { eq } from "drizzle-orm";
import { conversations, messages } from "../../db/schema";
import { encodeKeysetCursor, micros } from "../keyset-cursor";
import type { TestUser } from "../../test/harness";
import { createCompany, createCustomer } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";

type Path = `/api/messages/conversations${string}`;

const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true, name: "Ada Admin" }));

/**
 * Four conversations whose last activity is older → newer: old-unread, read, new-unread, newest
 * (read: the team wrote last and read everything). Rows go straight into the database with explicit
 * times, so the order does not depend on how fast the test runs; the tag keeps other tests' rows out.
 */
async function inbox() {
  const tag = randomUUID().slice(0, 8);
  const names = ["Old Unread", "Read", "New Unread", "Newest Read"] as const;
  const [oldUnread, read, newUnread, newestRead] = await Promise.all(names.map((name) => createCompany(server, `${tag} ${name}`)));
  const customers = await Promise.all([oldUnread!, read!, newUnread!, newestRead!].map((company) => createCustomer(server, company.id)));
  const start = Date.now() - 3600_000;
  const rows: Array<{ companyId: string; senderId: string; content: string; isRead?: boolean }> = [
    { companyId: oldUnread!.id, senderId: customers[0]!.id, content: "o1" },
    { companyId: oldUnread!.id, senderId: customers[0]!.id, content: "o2" },
    { companyId: read!.id, senderId: customers[1]!.id, content: "r1", isRead: true },
    { companyId: newUnread!.id, senderId: customers[2]!.id, content: "n1" },
    { companyId: newestRead!.id, senderId: customers[3]!.id, content: "w1", isRead: true },
    { companyId: newestRead!.id, senderId: admin.id, content: "w2" },
  ];
  await server.deps.db.insert(messages).values(rows.map((row, i) => ({ ...row, createdAt: new Date(start + i * 60_000) })));
  return { tag, oldUnread: oldUnread!, read: read!, newUnread: newUnread!, newestRead: newestRead!, customers };
}

const ids = (page: ConversationPage) => page.items.map((conversation) => conversation.company.id);

async function getPage(user: TestUser, path: Path): Promise<ConversationPage> {
  const response = await user.client.get(path);
  expect(response.status, path).toBe(200);
  return response.body as ConversationPage;
}

/** Every page after the first by its predecessor's cursor; the pages' ids in order. */
async function walk(user: TestUser, query: string) {
  const pages: ConversationPage[] = [await getPage(user, `/api/messages/conversations?${query}`)];
  while (pages.at(-1)!.nextCursor) pages.push(await getPage(user, `/api/messages/conversations?${query}&cursor=${pages.at(-1)!.nextCursor}`));
  return pages;
}

describe("GET /api/messages/conversations, the admin inbox", () => {
  it("lists unread conversations first, each group newest first, with order=unread", async () => {
    const d = await inbox();
    const unread = await getPage(admin, `/api/messages/conversations?q=${d.tag}&order=unread`);
    expect(ids(unread)).toEqual([d.newUnread.id, d.oldUnread.id, d.newestRead.id, d.read.id]);
    expect(unread.items.map((conversation) => conversation.unreadCount)).toEqual([1, 2, 0, 0]);
    expect(unread.items[0]!.lastMessage).toMatchObject({ content: "n1", sender: { isAdmin: false } });
    const activity = await getPage(admin, `/api/messages/conversations?q=${d.tag}`);
    expect(ids(activity)).toEqual([d.newestRead.id, d.newUnread.id, d.read.id, d.oldUnread.id]);
  });

  it("moves a conversation out of the unread group once an admin reads it", async () => {
    const d = await inbox();
    expect((await admin.client.post("/api/messages/read", { companyId: d.newUnread.id })).body).toEqual({ updated: 1 });
    const page = await getPage(admin, `/api/messages/conversations?q=${d.tag}&order=unread`);
    expect(ids(page)).toEqual([d.oldUnread.id, d.newestRead.id, d.newUnread.id, d.read.id]);
  });

  it("walks both orders by cursor, a conversation with its embedded messages per page, with the list's total", async () => {
    const d = await inbox();
    for (const [query, expected] of [
      [`q=${d.tag}&pageSize=1&recent=2`, [d.newestRead.id, d.newUnread.id, d.read.id, d.oldUnread.id]],
      [`q=${d.tag}&pageSize=1&recent=2&sort=asc`, [d.oldUnread.id, d.read.id, d.newUnread.id, d.newestRead.id]],
      [`q=${d.tag}&pageSize=1&recent=2&order=unread`, [d.newUnread.id, d.oldUnread.id, d.newestRead.id, d.read.id]],
      [`q=${d.tag}&pageSize=3&order=unread`, [d.newUnread.id, d.oldUnread.id, d.newestRead.id, d.read.id]],
    ] as const) {
      const pages = await walk(admin, query);
      expect(pages.flatMap(ids), query).toEqual(expected);
      expect(pages.at(-1)!.nextCursor, query).toBeNull();
      for (const page of pages) expect(page, query).toMatchObject({ total: 4, totalExact: true, page: 1 });
    }
    // A conversation's embedded messages are all on its page: two each, and one where there is one.
    const pages = await walk(admin, `q=${d.tag}&pageSize=1&recent=2&order=unread`);
    expect(pages.map((page) => page.items[0]!.recentMessages.map((message) => message.content))).toEqual([["n1"], ["o1", "o2"], ["w1", "w2"], ["r1"]]);
  });

  it("answers an empty last page with the list's total after a cursor past the end", async () => {
    const d = await inbox();
    const [row] = await server.deps.db
      .select({ atMicros: micros(conversations.lastMessageAt) })
      .from(conversations)
      .where(eq(conversations.companyId, d.read.id));
    const pastTheEnd = encodeKeysetCursor({ atMicros: BigInt(row!.atMicros), id: `r${d.read.id}` });
    const page = await getPage(admin, `/api/messages/conversations?q=${d.tag}&order=unread&cursor=${pastTheEnd}`);
    expect(page).toMatchObject({ items: [], total: 4, totalExact: true, page: 1, nextCursor: null });
  });

  it("searches company names as plain text, in either order", async () => {
    const d = await inbox();
    expect(ids(await getPage(admin, `/api/messages/conversations?q=${d.tag}%20new&order=unread`))).toEqual([d.newUnread.id, d.newestRead.id]);
    expect(ids(await getPage(admin, `/api/messages/conversations?q=${d.tag}%20READ`))).toEqual([d.read.id]);
    // LIKE wildcards are matched literally: no company name has a percent sign in it.
    expect(await getPage(admin, `/api/messages/conversations?q=${d.tag}%25&order=unread`)).toMatchObject({ items: [], total: 0, nextCursor: null });
  });

  it("answers 400 naming the field for a bad order, sort, cursor or page", async () => {
    const d = await inbox();
    const activityCursor = (await getPage(admin, `/api/messages/conversations?q=${d.tag}&pageSize=1`)).nextCursor!;
    const unreadCursor = (await getPage(admin, `/api/messages/conversations?q=${d.tag}&pageSize=1&order=unread`)).nextCursor!;
    const base64 = (text: string) => Buffer.from(text).toString("base64url");
    const cases: Array<[Path, string]> = [
      ["/api/messages/conversations?order=oldest", "order"],
      ["/api/messages/conversations?order=unread&sort=asc", "sort"],
      ["/api/messages/conversations?pageSize=0", "pageSize"],
      ["/api/messages/conversations?pageSize=101", "pageSize"],
      [`/api/messages/conversations?q=${"x".repeat(201)}`, "q"],
      ["/api/messages/conversations?cursor=a%20b", "cursor"],
      // One order's cursor in the other: each says where it stands in its own order only.
      [`/api/messages/conversations?order=unread&cursor=${activityCursor}`, "cursor"],
      [`/api/messages/conversations?cursor=${unreadCursor}`, "cursor"],
      // The audit log's form (a bigint id), a uuid in capitals, a time past the year 9999.
      [`/api/messages/conversations?cursor=${base64("1700000000000000.42")}`, "cursor"],
      [`/api/messages/conversations?cursor=${base64(`1700000000000000.${d.read.id.toUpperCase()}`)}`, "cursor"],
      [`/api/messages/conversations?order=unread&cursor=${base64(`999999999999999999.u${d.read.id}`)}`, "cursor"],
      [`/api/messages/conversations?page=2&cursor=${activityCursor}`, "page"],
    ];
    for (const [path, field] of cases) {
      const response = await admin.client.get(path);
      expect(response.status, path).toBe(400);
      expect(response.problem.errors?.[0]?.field, path).toBe(field);
    }
  });

  it("lists nothing for a customer, and keeps each customer to their own conversation", async () => {
    const d = await inbox();
    const [mine, theirs] = [d.customers[0]!, d.customers[2]!];
    const cursor = (await getPage(admin, `/api/messages/conversations?q=${d.tag}&pageSize=1&order=unread`)).nextCursor!;
    for (const path of [
      `/api/messages/conversations?q=${d.tag}&order=unread`,
      `/api/messages/conversations?order=unread&cursor=${cursor}`,
      `/api/messages/conversations?q=${encodeURIComponent(`${d.tag} New Unread`)}`,
    ] as const) {
      expect((await mine.client.get(path)).status, path).toBe(403);
      expect((await server.anonymous().get(path)).status, path).toBe(401);
    }
    // Another company's conversation is 404 to read or to mark read, and its unread count stays.
    expect((await mine.client.get(`/api/messages?companyId=${d.newUnread.id}`)).status).toBe(404);
    expect((await mine.client.post("/api/messages/read", { companyId: d.newUnread.id })).status).toBe(404);
    const own = await mine.client.get("/api/messages");
    expect(own.status).toBe(200);
    expect(own.body.map((message) => message.content)).toEqual(["o1", "o2"]);
    expect((await theirs.client.get("/api/messages")).body.map((message) => message.content)).toEqual(["n1"]);
    const page = await getPage(admin, `/api/messages/conversations?q=${encodeURIComponent(`${d.tag} New Unread`)}`);
    expect(page.items[0]).toMatchObject({ company: { id: d.newUnread.id }, unreadCount: 1 });
  });
});
