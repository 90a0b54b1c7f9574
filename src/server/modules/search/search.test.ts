import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { SearchResults } from "@/shared/schemas/search";
import { prefixQuery } from "@/server/db/full-text";
import { tickets } from "@/server/db/schema";
import { customerWithProject, insertTickets, invoiceBody } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";
import type { TestUser } from "@/server/test/harness";

const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true }));

/** A word no other test's records carry, so a search finds exactly this test's. */
const word = () => `w${randomUUID().slice(0, 8)}`;

async function search(user: TestUser, q: string): Promise<SearchResults> {
  const response = await user.client.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function ticket(user: TestUser, projectId: string, title: string) {
  const response = await user.client.post("/api/tickets", { projectId, title });
  expect(response.status).toBe(201);
  return response.body as { id: string; number: number; title: string };
}

describe("GET /api/search", () => {
  it("finds tickets by the words of their title, each word as a prefix, in any order and case, newest first", async () => {
    const w = word();
    const acme = await customerWithProject(server, `Acme ${w}`);
    const older = await ticket(acme.customer, acme.project.id, `Login fails ${w}`);
    const newer = await ticket(acme.customer, acme.project.id, `Cannot LOGIN on phones ${w}`);
    await ticket(acme.customer, acme.project.id, `Typo on the home page ${w}`);

    expect((await search(acme.customer, `log ${w}`)).tickets.map((found) => found.id)).toEqual([newer.id, older.id]);
    expect((await search(acme.customer, `${w.toUpperCase()} fail`)).tickets).toEqual([{ id: older.id, number: older.number, title: older.title, companyName: `Acme ${w}` }]);
    // Every word must match: "fails" and "phones" are never in one title.
    expect((await search(acme.customer, `fails phones ${w}`)).tickets).toEqual([]);
  });

  it("answers the newest five of many matches, and finds a match older than the newest 2,000 tickets of the scope as well", async () => {
    const w = word();
    const acme = await customerWithProject(server, `Acme ${w}`);
    const old = await ticket(acme.customer, acme.project.id, `Ancient ${w}`);
    // A day old: the 2,000 below (dated the last 2,000 seconds) are all newer.
    await server.deps.db.update(tickets).set({ createdAt: sql`now() - interval '1 day'` }).where(eq(tickets.id, old.id));
    await insertTickets(server, { id: acme.project.id, companyId: acme.company.id }, { count: 2_000, status: "pending", title: "Unrelated" });
    const many = [];
    for (let n = 1; n <= 6; n += 1) many.push(await ticket(acme.customer, acme.project.id, `Many ${n} ${w}x`));

    expect((await search(acme.customer, `many ${w}x`)).tickets.map((found) => found.id)).toEqual(many.slice(1).reverse().map((found) => found.id));
    expect((await search(acme.customer, `ancient ${w}`)).tickets.map((found) => found.id)).toEqual([old.id]);
    expect((await search(admin, `ancient ${w}`)).tickets.map((found) => found.id)).toEqual([old.id]);
  });

  it("finds a ticket by its number, written '#142' or '142', ahead of titles that match", async () => {
    const w = word();
    const acme = await customerWithProject(server, `Acme ${w}`);
    const numbered = await ticket(acme.customer, acme.project.id, `Numbered ${w}`);
    await ticket(acme.customer, acme.project.id, `Mentions ${numbered.number} ${w}`);
    for (const q of [`#${numbered.number}`, String(numbered.number)]) {
      const found = await search(acme.customer, q);
      expect(found.tickets[0]?.id, q).toBe(numbered.id);
    }
  });

  it("finds projects and companies by the words of their name, and invoices by their number", async () => {
    const w = word();
    const acme = await customerWithProject(server, `Acme ${w}`);
    const issued = await admin.client.post("/api/invoices", invoiceBody(acme.company.id, { invoiceNumber: `INV-${w}-001`, status: "unpaid" }));
    expect(issued.status).toBe(201);

    const found = await search(admin, w);
    expect(found.projects).toEqual([{ id: acme.project.id, name: acme.project.name, companyName: `Acme ${w}` }]);
    expect(found.companies).toEqual([{ id: acme.company.id, name: `Acme ${w}` }]);
    expect(found.invoices).toEqual([{ id: issued.body.id, invoiceNumber: `INV-${w}-001`, companyName: `Acme ${w}` }]);
    // Invoice numbers are matched inside, as codes: the series' middle part finds it too.
    expect((await search(admin, `${w}-00`)).invoices.map((invoice) => invoice.id)).toEqual([issued.body.id]);
  });

  it("answers a customer from their own company only: another company's records and their own company's drafts stay unfound", async () => {
    const w = word();
    const acme = await customerWithProject(server, `Acme ${w}`);
    const globex = await customerWithProject(server, `Globex ${w}`);
    const own = await ticket(acme.customer, acme.project.id, `Shared word ${w}`);
    const foreign = await ticket(globex.customer, globex.project.id, `Shared word ${w}`);
    const draft = await admin.client.post("/api/invoices", invoiceBody(acme.company.id, { invoiceNumber: `DRAFT-${w}`, status: "draft" }));
    expect(draft.status).toBe(201);

    const asAcme = await search(acme.customer, w);
    expect(asAcme.tickets.map((found) => found.id)).toEqual([own.id]);
    expect(asAcme.projects.map((found) => found.id)).toEqual([acme.project.id]);
    expect(asAcme.companies.map((found) => found.id)).toEqual([acme.company.id]);
    expect((await search(acme.customer, `DRAFT-${w}`)).invoices).toEqual([]);
    expect((await search(acme.customer, `#${foreign.number}`)).tickets).toEqual([]);

    const asAdmin = await search(admin, `shared ${w}`);
    expect(asAdmin.tickets.map((found) => found.id).sort()).toEqual([own.id, foreign.id].sort());
    expect((await search(admin, `DRAFT-${w}`)).invoices.map((invoice) => invoice.id)).toEqual([draft.body.id]);

    const loner = await server.createUser();
    expect(await search(loner, w)).toEqual({ tickets: [], projects: [], invoices: [], companies: [] });
  });

  it("takes what a user types literally: tsquery operators, quotes and a backslash are no syntax, and each search answers its four groups", async () => {
    for (const q of ["a & | ! b", "':* (", "\\", "%_", "<->", "!!!"]) {
      const found = await search(admin, q);
      expect(Object.values(found).every((group) => Array.isArray(group)), q).toBe(true);
    }
  });

  it("refuses an empty or a 201-character search with a 400 naming q, and a stranger with 401", async () => {
    for (const q of ["", "   ", "x".repeat(201)]) {
      const response = await admin.client.get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(response.status, JSON.stringify(q)).toBe(400);
      expect(response.problem.errors?.map((error) => error.field)).toEqual(["q"]);
    }
    expect((await server.anonymous().get("/api/search?q=anything")).status).toBe(401);
  });
});

describe("prefixQuery", () => {
  it("makes every word a prefix that must match, of letters and digits only, in any script", () => {
    expect(prefixQuery("Log fail")).toBe("log:* & fail:*");
    expect(prefixQuery("Grüße, Straße-7")).toBe("grüße:* & straße:* & 7:*");
    expect(prefixQuery("a&b|c")).toBe("a:* & b:* & c:*");
    expect(prefixQuery("!!! ::")).toBeUndefined();
    expect(prefixQuery(Array.from({ length: 12 }, (_, i) => `w${i}`).join(" "))?.split(" & ")).toHaveLength(8);
  });
});
