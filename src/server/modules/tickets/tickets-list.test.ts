import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TicketPage } from "@/shared/schemas/ticket";
import type { TestUser } from "../../test/harness";
import { tickets } from "@/server/db/schema";
import { encodeKeysetCursor, micros } from "../keyset-cursor";
import { createCustomer, customerWithProject, insertProject, insertTickets } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";
import { expectFieldRefused } from "@/server/test/expect-problem";
import { column } from "@/server/test/test-client";

let secondProjectOfA: { id: string; name: string };

const open = (user: TestUser, projectId: string, title: string, priority = "medium") =>
  user.client.post("/api/tickets", { projectId, title, priority }).then((r) => r.body);

// Two companies side by side, created once: every test below only reads.
const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true }));
const a = beforeAllTests(() => customerWithProject(server, "Alpha Corp"));
const b = beforeAllTests(() => customerWithProject(server, "Beta Corp"));
beforeAll(async () => {
  secondProjectOfA = await insertProject(server, a.company.id, "Alpha app");
  await open(a.customer, a.project.id, "Alpha first");
  await open(a.customer, secondProjectOfA.id, "Alpha second 100%_done");
  const third = await open(a.customer, a.project.id, "Alpha third", "urgent");
  await open(b.customer, b.project.id, "Beta only");
  await admin.client.patch(`/api/tickets/${third.id}`, { status: "done" });
});

const titles = column("title");

type Path = "/api/tickets" | `/api/tickets?${string}`;
/** A page of tickets as `user` reads it, answered 200. */
const getPage = async (user: TestUser, path: Path): Promise<TicketPage> => {
  const response = await user.client.get(path);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};

describe("GET /api/tickets for a customer", () => {
  it("lists only the customer's company's tickets, newest first, with project and company", async () => {
    const page = await getPage(a.customer, "/api/tickets");
    expect(titles(page)).toEqual(["Alpha third", "Alpha second 100%_done", "Alpha first"]);
    expect(page.total).toBe(3);
    expect(page.items[0]).toMatchObject({
      status: "done",
      priority: "urgent",
      project: { id: a.project.id, name: a.project.name },
      company: { id: a.company.id, name: "Alpha Corp" },
    });
    expect(titles((await b.customer.client.get("/api/tickets")).body)).toEqual(["Beta only"]);
  });

  it("pages the company's tickets like any list, also one status at a time (the board's columns)", async () => {
    const first = await a.customer.client.get("/api/tickets?pageSize=2");
    expect(first.body).toMatchObject({ total: 3, totalExact: true, page: 1, pageSize: 2 });
    expect(titles(first.body)).toEqual(["Alpha third", "Alpha second 100%_done"]);
    expect(titles((await a.customer.client.get("/api/tickets?pageSize=2&page=2")).body)).toEqual(["Alpha first"]);
    const pending = await a.customer.client.get("/api/tickets?status=pending&pageSize=1&page=2");
    expect(pending.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(titles(pending.body)).toEqual(["Alpha first"]);
  });

  it("answers 400 naming the field for a page size over the limit", async () => {
    const response = await a.customer.client.get("/api/tickets?pageSize=101");
    expectFieldRefused(response, "pageSize");
  });

  it("filters by project and cannot be widened to another company", async () => {
    const byProject = await a.customer.client.get(`/api/tickets?projectId=${secondProjectOfA.id}`);
    expect(titles(byProject.body)).toEqual(["Alpha second 100%_done"]);
    const foreignProject = await a.customer.client.get(`/api/tickets?projectId=${b.project.id}`);
    expect(foreignProject.body).toMatchObject({ items: [], total: 0 });
    const foreignCompany = await a.customer.client.get(`/api/tickets?companyId=${b.company.id}`);
    expect(titles(foreignCompany.body)).not.toContain("Beta only");
  });

  it("gives a customer without a company an empty list", async () => {
    const loner = await server.createUser();
    expect(await getPage(loner, "/api/tickets")).toMatchObject({ items: [], total: 0 });
  });
});

describe("GET /api/tickets for an admin", () => {
  it("pages through every company's tickets with a total from the whole result", async () => {
    const first = await admin.client.get("/api/tickets?pageSize=2");
    expect(first.body).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(titles(first.body)).toEqual(["Beta only", "Alpha third"]);
    const second = await admin.client.get("/api/tickets?pageSize=2&page=2");
    expect(titles(second.body)).toEqual(["Alpha second 100%_done", "Alpha first"]);
    const oldestFirst = await admin.client.get("/api/tickets?sort=asc&pageSize=1");
    expect(titles(oldestFirst.body)).toEqual(["Alpha first"]);
  });

  it("filters by company, project and status", async () => {
    expect(titles((await admin.client.get(`/api/tickets?companyId=${b.company.id}`)).body)).toEqual(["Beta only"]);
    const byProject = await admin.client.get(`/api/tickets?projectId=${a.project.id}`);
    expect(titles(byProject.body)).toEqual(["Alpha third", "Alpha first"]);
    const done = await admin.client.get("/api/tickets?status=done");
    expect(done.body).toMatchObject({ total: 1, items: [{ title: "Alpha third", company: { name: "Alpha Corp" } }] });
  });

  it("searches titles case-insensitively, taking % and _ literally", async () => {
    expect(titles((await admin.client.get("/api/tickets?q=ALPHA")).body)).toHaveLength(3);
    expect(titles((await admin.client.get(`/api/tickets?q=${encodeURIComponent("100%_")}`)).body)).toEqual([
      "Alpha second 100%_done",
    ]);
    expect((await admin.client.get(`/api/tickets?q=${encodeURIComponent("%")}`)).body.total).toBe(1);
  });
});

describe("GET /api/tickets by cursor", () => {
  // Two more companies whose tickets share instants: seven of Gamma's and two of Delta's created
  // at one microsecond, three of Gamma's one microsecond later (a millisecond cursor would mix
  // them up), and the rest a second apart; statuses in turn.
  const instant = "2031-05-04 03:02:01.234567+00";
  const c = beforeAllTests(() => customerWithProject(server, "Gamma Cursor"));
  const d = beforeAllTests(() => customerWithProject(server, "Delta Cursor"));
  beforeAll(async () => {
    const insert = (project: { id: string; companyId: string }, title: string, count: number, at: string, step: string) =>
      server.deps.db.execute(sql`
        insert into tickets (project_id, company_id, title, status, created_at)
        select ${project.id}::uuid, ${project.companyId}::uuid, ${title} || ' ' || g, (array['pending','doing','done'])[1 + g % 3]::ticket_status,
          ${at}::timestamptz - g * ${step}::interval
        from generate_series(1, ${count}::int) as g`);
    const gamma = { id: c.project.id, companyId: c.company.id };
    const delta = { id: d.project.id, companyId: d.company.id };
    await insert(gamma, "Gamma tie", 7, instant, "0 seconds");
    await insert(delta, "Delta tie", 2, instant, "0 seconds");
    await insert(gamma, "Gamma later", 3, `${instant}`, "-1 microsecond");
    await insert(gamma, "Gamma spread", 6, instant, "1 second");
    await insert(delta, "Delta spread", 4, instant, "1 second");
  });

  /** Every page by cursor from the first: the ids in order, and the pages' totals and numbers. */
  async function walkByCursor(user: TestUser, query: string) {
    const ids: string[] = [];
    const pages: Array<Pick<TicketPage, "total" | "totalExact" | "page">> = [];
    let cursor: string | null = null;
    do {
      const page = await getPage(user, `/api/tickets?${query}${cursor ? `&cursor=${cursor}` : ""}`);
      ids.push(...page.items.map((ticket) => ticket.id));
      pages.push({ total: page.total, totalExact: page.totalExact, page: page.page });
      cursor = page.nextCursor;
      if (pages.length > 100) throw new Error(`the cursor did not advance: ${query}`);
    } while (cursor);
    return { ids, pages };
  }

  /** Every page by number; the last one is the one whose nextCursor is null. */
  async function walkByNumber(user: TestUser, query: string) {
    const ids: string[] = [];
    for (let number = 1; ; number += 1) {
      const page = await getPage(user, `/api/tickets?${query}&page=${number}`);
      ids.push(...page.items.map((ticket) => ticket.id));
      if (page.nextCursor === null || number > 100) return { ids, total: page.total, lastPage: number };
      expect(page.items.length, `a full page ${number} before the last`).toBe(page.pageSize);
    }
  }

  it("walks the whole list by cursor, every ticket once, in the order of the page numbers, newest or oldest first, through tickets of one instant", async () => {
    for (const sort of ["desc", "asc"] as const) {
      const query = `sort=${sort}&pageSize=3`;
      const byNumber = await walkByNumber(admin, query);
      const byCursor = await walkByCursor(admin, query);
      expect(byCursor.ids, sort).toEqual(byNumber.ids);
      expect(new Set(byCursor.ids).size, sort).toBe(byCursor.ids.length);
      // Every ticket of every company: the four opened above and the 22 inserted here.
      expect(byCursor.ids, sort).toHaveLength(26);
      expect(byNumber.total, sort).toBe(26);
      expect(byCursor.pages, sort).toHaveLength(byNumber.lastPage);
      // A cursor page is not numbered, and its total is the whole list's.
      expect(byCursor.pages.every((page) => page.page === 1 && page.total === 26 && page.totalExact), sort).toBe(true);
    }
    const newestFirst = (await walkByCursor(admin, "pageSize=5")).ids;
    expect((await walkByCursor(admin, "sort=asc&pageSize=4")).ids).toEqual([...newestFirst].reverse());
  });

  it("orders the tickets of one instant by id, and the next microsecond apart", async () => {
    const page = await getPage(admin, `/api/tickets?companyId=${c.company.id}&pageSize=3`);
    expect(titles(page)).toEqual(["Gamma later 3", "Gamma later 2", "Gamma later 1"]);
    const ties = await getPage(admin, `/api/tickets?companyId=${c.company.id}&pageSize=7&cursor=${page.nextCursor}`);
    expect(titles(ties).every((title) => title.startsWith("Gamma tie"))).toBe(true);
    const tieIds = ties.items.map((ticket) => ticket.id);
    expect(tieIds).toEqual([...tieIds].sort());
    const oldestFirst = await getPage(admin, `/api/tickets?companyId=${c.company.id}&sort=asc&pageSize=6`);
    const oldestTies = await getPage(admin, `/api/tickets?companyId=${c.company.id}&sort=asc&pageSize=7&cursor=${oldestFirst.nextCursor}`);
    expect(oldestTies.items.map((ticket) => ticket.id)).toEqual([...tieIds].reverse());
  });

  it("keeps the filters and search after a cursor, and the filtered list's total", async () => {
    const queries = [
      `companyId=${c.company.id}&pageSize=2`,
      `companyId=${c.company.id}&status=done&pageSize=2&sort=asc`,
      `projectId=${d.project.id}&pageSize=2`,
      "q=tie&pageSize=4",
      "status=pending&pageSize=3&sort=asc",
    ];
    for (const query of queries) {
      const byNumber = await walkByNumber(admin, query);
      const byCursor = await walkByCursor(admin, query);
      expect(byCursor.ids, query).toEqual(byNumber.ids);
      expect(byCursor.pages.every((page) => page.total === byNumber.total), query).toBe(true);
    }
    const ties = await walkByCursor(admin, "q=tie&pageSize=4");
    expect(ties.ids).toHaveLength(9);
    const gammaDone = await walkByCursor(admin, `companyId=${c.company.id}&status=done&pageSize=2`);
    expect(gammaDone.ids).toHaveLength(5);
  });

  it("gives a customer with any cursor only their own company's tickets after it", async () => {
    const own = await walkByCursor(c.customer, "pageSize=4");
    expect(own.ids).toHaveLength(16);
    expect(own.pages.every((page) => page.total === 16)).toBe(true);
    // The admin's cursor after the first of the shared instant's tickets, whichever company's it is.
    const everyone = await getPage(admin, "/api/tickets?pageSize=4");
    const first = await getPage(c.customer, `/api/tickets?pageSize=100&cursor=${everyone.nextCursor}`);
    expect(first.items.length).toBeGreaterThan(0);
    expect(first.items.every((ticket) => ticket.company.id === c.company.id)).toBe(true);
    // Another company's ticket as the position, and that company asked for by name: still only Gamma's.
    const deltaTicket = (await getPage(admin, `/api/tickets?companyId=${d.company.id}&pageSize=1`)).nextCursor;
    const widened = await getPage(c.customer, `/api/tickets?companyId=${d.company.id}&projectId=${d.project.id}&cursor=${deltaTicket}`);
    expect(widened).toMatchObject({ items: [], total: 0, nextCursor: null });
    const scoped = await getPage(c.customer, `/api/tickets?companyId=${d.company.id}&pageSize=100&cursor=${deltaTicket}`);
    expect(scoped.items.length).toBeGreaterThan(0);
    expect(scoped.items.every((ticket) => ticket.company.id === c.company.id)).toBe(true);
    expect(scoped.total).toBe(16);
    const loner = await server.createUser();
    expect(await getPage(loner, `/api/tickets?cursor=${deltaTicket}`)).toMatchObject({ items: [], total: 0, nextCursor: null });
  });

  it("answers an empty last page with the list's total after a cursor past the end", async () => {
    const last = (await getPage(admin, `/api/tickets?companyId=${d.company.id}&sort=asc&pageSize=1`)).items[0]!;
    const [row] = await server.deps.db.select({ atMicros: micros(tickets.createdAt) }).from(tickets).where(eq(tickets.id, last.id));
    const pastTheEnd = encodeKeysetCursor({ atMicros: BigInt(row!.atMicros), id: last.id });
    const page = await getPage(admin, `/api/tickets?companyId=${d.company.id}&cursor=${pastTheEnd}`);
    expect(page).toMatchObject({ items: [], total: 6, totalExact: true, page: 1, nextCursor: null });
  });

  it("answers 400 naming the field for a cursor it did not give, or a cursor with a page number", async () => {
    const valid = (await getPage(admin, "/api/tickets?pageSize=1")).nextCursor!;
    const base64 = (text: string) => Buffer.from(text).toString("base64url");
    const cases: Array<[Path, string]> = [
      ["/api/tickets?cursor=a%20b", "cursor"],
      ["/api/tickets?cursor=bm90LWEtY3Vyc29y", "cursor"],
      // The audit log's form (a bigint id), a uuid in capitals, a time past the year 9999.
      [`/api/tickets?cursor=${base64("1700000000000000.42")}`, "cursor"],
      [`/api/tickets?cursor=${base64(`1700000000000000.${c.company.id.toUpperCase()}`)}`, "cursor"],
      [`/api/tickets?cursor=${base64(`999999999999999999.${c.company.id}`)}`, "cursor"],
      [`/api/tickets?cursor=${"A".repeat(101)}`, "cursor"],
      [`/api/tickets?page=2&cursor=${valid}`, "page"],
    ];
    for (const [path, field] of cases) {
      const response = await admin.client.get(path);
      expect(response.status, path).toBe(400);
      expect(response.problem.errors?.[0]?.field, path).toBe(field);
    }
    expect((await server.anonymous().get(`/api/tickets?cursor=${valid}`)).status).toBe(401);
  });
});

describe("GET /api/tickets/status-counts", () => {
  const counts = async (user: TestUser, query = "") => {
    const response = await user.client.get(`/api/tickets/status-counts${query}`);
    expect(response.status).toBe(200);
    return response.body;
  };

  it("counts the customer's company's tickets per status and nothing of another company's", async () => {
    expect(await counts(a.customer)).toEqual({ pending: 2, doing: 0, done: 1 });
    expect(await counts(b.customer)).toEqual({ pending: 1, doing: 0, done: 0 });
    expect(await counts(a.customer, `?companyId=${b.company.id}`)).toEqual({ pending: 2, doing: 0, done: 1 });
    expect(await counts(a.customer, `?projectId=${secondProjectOfA.id}`)).toEqual({ pending: 1, doing: 0, done: 0 });
    expect(await counts(a.customer, `?projectId=${b.project.id}`)).toEqual({ pending: 0, doing: 0, done: 0 });
    expect(await counts(await server.createUser())).toEqual({ pending: 0, doing: 0, done: 0 });
  });

  it("counts any company's tickets for an admin", async () => {
    expect(await counts(admin, `?companyId=${a.company.id}`)).toEqual({ pending: 2, doing: 0, done: 1 });
    expect(await counts(admin, `?companyId=${b.company.id}`)).toEqual({ pending: 1, doing: 0, done: 0 });
    expect(await counts(admin, `?projectId=${a.project.id}`)).toEqual({ pending: 1, doing: 0, done: 1 });
  });

  it("counts exactly past the lists' 10,000-row cap, and the pages reach the oldest ticket", async () => {
    const big = await customerWithProject(server, "Long History Ltd");
    await insertTickets(server, { id: big.project.id, companyId: big.company.id }, { count: 10_001, status: "done", title: "Old ticket" });
    const colleague = await createCustomer(server, big.company.id);
    expect(await counts(colleague)).toEqual({ pending: 0, doing: 0, done: 10_001 });

    const first = await colleague.client.get("/api/tickets?status=done&pageSize=100");
    expect(first.body).toMatchObject({ total: 10_000, totalExact: false });
    expect(titles(first.body)[0]).toBe("Old ticket 10001");
    const last = await colleague.client.get("/api/tickets?status=done&pageSize=100&page=101");
    expect(titles(last.body)).toEqual(["Old ticket 1"]);
  });
});

describe("GET /api/tickets and its status counts", () => {
  // [path, a malformed filter, the field the 400 names]
  it.each([
    ["/api/tickets", "status=closed", "status"],
    ["/api/tickets/status-counts", "projectId=nope", "projectId"],
  ] as const)("%s answers 401 to an anonymous caller and 400 naming the field for a malformed filter", async (path, malformed, field) => {
    expect((await server.anonymous().get(path)).status).toBe(401);
    const response = await a.customer.client.get(`${path}?${malformed}`);
    expectFieldRefused(response, field);
  });
});

describe("OpenAPI document", () => {
  it("documents every ticket and ticket comment route", async () => {
    const doc = await server.anonymous().get("/api/openapi.json");
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths!)).toEqual(
      expect.arrayContaining(["/tickets", "/tickets/status-counts", "/tickets/{id}", "/tickets/{id}/comments"]),
    );
    expect(Object.keys(doc.body.paths!["/tickets/{id}"]!)).toEqual(expect.arrayContaining(["get", "patch"]));
  });
});
