import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies } from "./schema";
import { prepared, serverName } from "./prepared";
import type { DatabaseHandle } from "./client";
import { openTestDatabase } from "../test/harness";

describe("prepared statements by name", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  const byName = (db: DatabaseHandle["db"], name: string) =>
    prepared(db, "prepared_test_company", (statement) =>
      db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.name, sql.placeholder("name")))
        .prepare(statement),
    ).execute({ name });

  it("runs a statement whose name is longer than PostgreSQL keeps (every list filter at once) under a shortened name of its own", async () => {
    const long = "tickets_list_all_status_priority_project_company_unassigned_q_asc";
    const longer = `${long}_after`;
    expect(serverName(long)).toHaveLength(63);
    expect(serverName(long)).not.toBe(serverName(longer));
    expect(serverName("short_name")).toBe("short_name");
    const rows = await prepared(database.db, long, (statement) =>
      database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, sql.placeholder("name"))).prepare(statement),
    ).execute({ name: "nobody" });
    expect(rows).toEqual([]);
  });

  it("serves a name's statement again when the same SQL asks for it", async () => {
    await byName(database.db, "first");
    await expect(byName(database.db, "second")).resolves.toEqual([]);
  });

  it("refuses a name that would stand for two different statements", async () => {
    await byName(database.db, "first");
    const other = () =>
      prepared(database.db, "prepared_test_company", (statement) =>
        database.db
          .select({ id: companies.id })
          .from(companies)
          .where(eq(companies.id, sql.placeholder("name")))
          .prepare(statement),
      );
    expect(other).toThrow(
      /prepared statement prepared_test_company names two statements/,
    );
  });
});
