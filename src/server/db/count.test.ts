import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test/harness";
import type { DatabaseHandle } from "./client";
import { cappedCount, COUNT_CAP } from "./count";
import { companies, conversations, messages, projects, tableRowCounts } from "./schema";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`insert into companies (name) select 'Company ' || g from generate_series(1, ${COUNT_CAP + 5}) g`);
});
afterAll(() => database.close());

describe("cappedCount", () => {
  it("counts exactly up to the cap", async () => {
    const where = sql`${companies.name} like 'Company 1%'`;
    const [exact] = await database.db.select({ n: sql<number>`count(*)::int` }).from(companies).where(where);
    expect(await cappedCount(database.db, companies, where)).toEqual({ total: exact!.n, totalExact: true });
  });

  it("says the total is a lower bound past the cap", async () => {
    expect(await cappedCount(database.db, companies, undefined)).toEqual({ total: COUNT_CAP, totalExact: false });
  });
});

describe("stored table counts (drizzle/0006)", () => {
  const exactCount = async (table: typeof companies | typeof projects) => {
    const [row] = await database.db.select({ n: count() }).from(table);
    return row!.n;
  };
  const stored = async (table: string) => {
    const [row] = await database.db.select({ n: tableRowCounts.rowCount }).from(tableRowCounts).where(eq(tableRowCounts.tableName, table));
    return row!.n;
  };

  it("follow inserts, deletes, cascades and truncation, one statement of many rows at a time", async () => {
    const { db } = database;
    const before = await exactCount(companies);
    expect(await stored("companies")).toBe(before);

    const inserted = await db
      .insert(companies)
      .values([1, 2, 3].map((n) => ({ name: `Counted ${n}` })))
      .returning({ id: companies.id });
    const [first, second] = inserted.map((row) => row.id);
    await db.insert(projects).values([
      { companyId: first!, name: "P1", slug: `p1-${first}` },
      { companyId: first!, name: "P2", slug: `p2-${first}` },
      { companyId: second!, name: "P3", slug: `p3-${second}` },
    ]);
    expect([await stored("companies"), await stored("projects")]).toEqual([before + 3, 3]);

    // Deleting a company takes its projects with it (ON DELETE CASCADE): both counts follow.
    await db.delete(companies).where(eq(companies.id, first!));
    expect([await stored("companies"), await stored("projects")]).toEqual([before + 2, 1]);
    expect([await exactCount(companies), await exactCount(projects)]).toEqual([before + 2, 1]);

    await db.execute(sql`truncate projects cascade`);
    expect(await stored("projects")).toBe(0);
  });

  it("follow conversations as messages start them and company deletions end them", async () => {
    const { db } = database;
    const [a, b] = await db
      .insert(companies)
      .values([{ name: "Talk A" }, { name: "Talk B" }])
      .returning({ id: companies.id });
    const conversationsBefore = await stored("conversations");
    // Two messages in A (one conversation, inserted then updated by 0004's trigger), one in B.
    await db.insert(messages).values({ companyId: a!.id, content: "hello" });
    await db.insert(messages).values([
      { companyId: a!.id, content: "again" },
      { companyId: b!.id, content: "hi" },
    ]);
    expect(await stored("conversations")).toBe(conversationsBefore + 2);
    await db.delete(companies).where(eq(companies.id, b!.id));
    expect(await stored("conversations")).toBe(conversationsBefore + 1);
    const [exact] = await db.select({ n: count() }).from(conversations);
    expect(await stored("conversations")).toBe(exact!.n);
  });

  it("take the counted row only for a statement that changed the count: a message in an existing conversation leaves it alone (0023)", async () => {
    const { db } = database;
    const [company] = await db.insert(companies).values({ name: "Talk C" }).returning({ id: companies.id });
    await db.insert(messages).values({ companyId: company!.id, content: "first" });
    // Whether the transaction below wrote the row (and so holds its lock until it commits).
    const writtenHere = sql<boolean>`${tableRowCounts}.xmin::text::bigint = txid_current() % 4294967296`;
    const [touched] = await db.transaction(async (tx) => {
      await tx.insert(messages).values({ companyId: company!.id, content: "second" });
      return tx.select({ writtenHere }).from(tableRowCounts).where(eq(tableRowCounts.tableName, "conversations"));
    });
    expect(touched!.writtenHere).toBe(false);
    const [started] = await db.transaction(async (tx) => {
      const [other] = await tx.insert(companies).values({ name: "Talk D" }).returning({ id: companies.id });
      await tx.insert(messages).values({ companyId: other!.id, content: "a new conversation" });
      return tx.select({ writtenHere }).from(tableRowCounts).where(eq(tableRowCounts.tableName, "conversations"));
    });
    expect(started!.writtenHere).toBe(true);
  });

  it("answer an unfiltered count, capped as a counted one would be", async () => {
    expect(await stored("companies")).toBeGreaterThan(COUNT_CAP);
    expect(await cappedCount(database.db, companies, undefined)).toEqual({ total: COUNT_CAP, totalExact: false });
    expect(await cappedCount(database.db, projects, undefined)).toEqual({ total: await exactCount(projects), totalExact: true });
  });
});
