import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies } from "./schema";
import { prepared } from "./prepared";
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
