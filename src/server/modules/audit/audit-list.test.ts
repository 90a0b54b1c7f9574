import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AuditEvent, AuditPage } from "@/shared/schemas/audit";
import { recordAudit } from "./audit-log";
import { createCompany } from "@/server/test/fixtures";
import { serverForFile } from "@/server/test/per-file";

const server = serverForFile();

const tag = () => `list-${crypto.randomUUID().slice(0, 8)}`;

/** `n` entries of one actor address. */
async function insertEntries(n: number, entry: { actorEmail: string; companyId?: string; kind?: "data.exported" | "auth.sign_in" }) {
  for (let i = 0; i < n; i += 1) await recordAudit(server.deps.db, { kind: entry.kind ?? "auth.sign_in", actorEmail: entry.actorEmail, companyId: entry.companyId ?? null, details: { n: i } });
}

describe("GET /api/audit", () => {
  it("lists the run's sign-ins, newest first, with the admin's own among them", async () => {
    const admin = await server.createUser({ admin: true });
    const page = await admin.client.get("/api/audit?kind=auth.sign_in");
    expect(page.status).toBe(200);
    const items = page.body.items as AuditEvent[];
    expect(items.map((item) => item.actorEmail)).toContain(admin.email);
    expect(items[0]).toMatchObject({ kind: "auth.sign_in", actorId: admin.id, ip: admin.client.ip });
    const times = items.map((item) => Date.parse(item.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("filters by part of the actor's email in any case, by company and kind together", async () => {
    const admin = await server.createUser({ admin: true });
    const name = tag();
    const company = await createCompany(server, "Filter Co");
    await insertEntries(3, { actorEmail: `${name}@example.test`, companyId: company.id });
    await insertEntries(2, { actorEmail: `${name}@example.test`, companyId: company.id, kind: "data.exported" });
    await insertEntries(1, { actorEmail: `other-${name}@example.test` });

    const byActor = (await admin.client.get(`/api/audit?actor=${encodeURIComponent(name.toUpperCase())}`)).body as AuditPage;
    expect(byActor.items).toHaveLength(6);
    const byCompanyAndKind = (await admin.client.get(`/api/audit?companyId=${company.id}&kind=data.exported`)).body as AuditPage;
    expect(byCompanyAndKind.items.map((item) => [item.actorEmail, item.companyName])).toEqual([
      [`${name}@example.test`, "Filter Co"],
      [`${name}@example.test`, "Filter Co"],
    ]);
    // `%` and `_` are letters here, not wildcards.
    expect((await admin.client.get(`/api/audit?actor=${encodeURIComponent("%")}`)).body.items).toEqual([]);
  });

  it("pages by cursor without repeating or missing a row, even among entries of the same instant", async () => {
    const admin = await server.createUser({ admin: true });
    const name = tag();
    // One statement: every row gets the same `at`, so only the id orders them.
    await server.deps.db.execute(sql`insert into audit_events (kind, actor_email) select 'auth.sign_in', ${`${name}@example.test`} from generate_series(1, 23)`);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const path: `/api/audit?${string}` = `/api/audit?actor=${name}&limit=5${cursor ? `&cursor=${cursor}` : ""}`;
      const page = (await admin.client.get(path)).body as AuditPage;
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(23);
    expect(seen).toEqual([...seen].sort((a, b) => Number(BigInt(b) - BigInt(a))));
  });

  it("reads from and to as whole days of TIME_ZONE, both included", async () => {
    const admin = await server.createUser({ admin: true });
    const name = tag();
    const email = `${name}@example.test`;
    // TIME_ZONE is UTC in the tests: 23:59:59 on the 1st and 00:00 on the 3rd fall either side of the 2nd.
    await server.deps.db.execute(sql`insert into audit_events (kind, actor_email, at) values
      ('auth.sign_in', ${email}, '2026-03-01T23:59:59Z'), ('auth.sign_in', ${email}, '2026-03-02T00:00:00Z'),
      ('auth.sign_in', ${email}, '2026-03-02T23:59:59.999Z'), ('auth.sign_in', ${email}, '2026-03-03T00:00:00Z')`);
    const day = (await admin.client.get(`/api/audit?actor=${name}&from=2026-03-02&to=2026-03-02`)).body as AuditPage;
    expect(day.items.map((item) => item.at)).toEqual(["2026-03-02T23:59:59.999Z", "2026-03-02T00:00:00.000Z"]);
    expect((await admin.client.get(`/api/audit?actor=${name}&from=2026-03-02`)).body.items).toHaveLength(3);
  });

  it("answers 400 naming the field for a bad kind, date, range, cursor or limit", async () => {
    const admin = await server.createUser({ admin: true });
    const cases: Array<[`/api/audit?${string}`, string]> = [
      ["/api/audit?kind=auth.nothing", "kind"],
      ["/api/audit?from=2026-13-01", "from"],
      ["/api/audit?from=2026-03-02&to=2026-03-01", "to"],
      ["/api/audit?cursor=bm90LWEtY3Vyc29y", "cursor"],
      ["/api/audit?cursor=a%20b", "cursor"],
      ["/api/audit?limit=201", "limit"],
      ["/api/audit?companyId=acme", "companyId"],
    ];
    for (const [path, field] of cases) {
      const response = await admin.client.get(path);
      expect(response.status, path).toBe(400);
      expect(response.problem.errors?.[0]?.field, path).toBe(field);
    }
  });

  it("is the admins' alone: customers get 403, strangers 401, for the list and the export", async () => {
    const customer = await server.createUser();
    expect((await customer.client.get("/api/audit")).status).toBe(403);
    expect((await customer.client.get("/api/audit/export")).status).toBe(403);
    expect((await server.anonymous().get("/api/audit")).status).toBe(401);
    expect((await server.anonymous().get("/api/audit/export")).status).toBe(401);
  });
});

describe("GET /api/audit/export", () => {
  it("streams the filtered entries as CSV, escapes formulas, and records the export", async () => {
    const admin = await server.createUser({ admin: true });
    const name = tag();
    await insertEntries(3, { actorEmail: `${name}@example.test` });
    await recordAudit(server.deps.db, { kind: "auth.sign_in_failed", actorEmail: `=cmd|${name}@example.test` });
    const response = await admin.client.raw(`/api/audit/export?actor=${name}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await response.text()).replace(/^\uFEFF/, "").trim().split("\n");
    expect(lines[0]).toMatch(/^Time \(UTC\),Kind,Kind label,Actor ID,Actor email/);
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(`'=cmd|${name}@example.test`);
    const exported = (await admin.client.get(`/api/audit?kind=data.exported&actor=${encodeURIComponent(admin.email)}`)).body as AuditPage;
    expect(exported.items).toMatchObject([{ actorId: admin.id, targetType: "audit_log", details: { actor: name } }]);
  });
});
