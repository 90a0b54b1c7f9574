import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test/harness";
import type { DatabaseHandle } from "./client";
import { cappedCount, COUNT_CAP } from "./count";
import { companies } from "./schema";

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
