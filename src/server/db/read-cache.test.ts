import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerWithCompany } from "@/server/test/fixtures";
import { startTestServer, type TestServer } from "../test/harness";
import { mayWrite, ReadCache } from "./read-cache";
import { projects } from "./schema";

describe("mayWrite", () => {
  it("lets only plain selects through as reads", () => {
    expect(mayWrite('select "id" from "projects" where "company_id" = $1')).toBe(false);
    expect(mayWrite("  SELECT count(*) FROM tickets")).toBe(false);
    for (const text of [
      'insert into "projects" ("name") values ($1)',
      'update "tickets" set "status" = $1',
      'delete from "sessions" where "id" = $1',
      "with moved as (delete from t returning *) select * from moved",
      "select * from projects for update",
      "select pg_notify($1, $2)",
      "select nextval('seq')",
      "begin",
    ]) {
      expect(mayWrite(text), text).toBe(true);
    }
  });
});

describe("ReadCache", () => {
  it("serves a repeated read until a write, and never stores a read that a write overtook", async () => {
    const cache = new ReadCache();
    let calls = 0;
    const run = async () => ({ answer: ++calls });
    expect(await cache.read("s", { a: 1 }, run)).toEqual({ answer: 1 });
    expect(await cache.read("s", { a: 1 }, run)).toEqual({ answer: 1 });
    expect(await cache.read("s", { a: 2 }, run)).toEqual({ answer: 2 });

    cache.invalidate();
    expect(await cache.read("s", { a: 1 }, run)).toEqual({ answer: 3 });

    // A write lands while a read is in flight: that read's answer may predate it, so it is not kept.
    const slow = cache.read("s", { a: 9 }, async () => {
      cache.invalidate();
      return { answer: ++calls };
    });
    expect(await slow).toEqual({ answer: 4 });
    expect(await cache.read("s", { a: 9 }, run)).toEqual({ answer: 5 });
  });
});

describe("the embedded database's read cache, through the API", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("never answers a list with rows a write has since changed, whoever wrote them", async () => {
    const customer = await customerWithCompany(server, "Cache Co");
    const admin = await server.createUser({ admin: true });
    const names = async () => ((await customer.client.get("/api/projects")).body.items as Array<{ name: string }>).map((p) => p.name);
    expect(await names()).toEqual([]);

    const created = await admin.client.post("/api/projects", { companyId: customer.company.id, name: "First" });
    expect(created.status).toBe(201);
    expect(await names()).toEqual(["First"]);
    expect(await names()).toEqual(["First"]);

    // Straight in the database, past every service: still seen at once.
    await server.deps.db.update(projects).set({ name: "Renamed" }).where(eq(projects.id, created.body.id));
    expect(await names()).toEqual(["Renamed"]);
    await server.deps.db.transaction(async (tx) => {
      await tx.delete(projects).where(eq(projects.id, created.body.id));
    });
    expect(await names()).toEqual([]);
  });
});
