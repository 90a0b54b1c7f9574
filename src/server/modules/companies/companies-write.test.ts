import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, companyUsers } from "../../db/schema";
import type { PorticoEvent } from "@/server/realtime/event-bus";
import { createCompany, customerWithCompany } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";

const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true }));

const companyCount = async () => (await server.deps.db.select({ n: count() }).from(companies))[0]!.n;
const storedCompany = async (id: string) => (await server.deps.db.select().from(companies).where(eq(companies.id, id)))[0];
const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((error) => error.field);

/** Collects the events about one record; NOTIFY may deliver an earlier test's event late on PostgreSQL. */
function eventsAbout() {
  const events: PorticoEvent[] = [];
  const stop = server.deps.events.subscribe((event) => events.push(event));
  return { of: (id: string) => events.filter((event) => event.id === id), stop };
}

describe("POST /api/companies", () => {
  it("creates a company with no member from the profile fields, blanks as null, and announces it", async () => {
    const events = eventsAbout();
    const response = await admin.client.post("/api/companies", {
      name: "  Onboarded Ltd  ",
      contactName: "Olga Owner",
      contactEmail: "olga@onboarded.test",
      phone: " ",
      address: "",
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: "Onboarded Ltd", contactName: "Olga Owner", contactEmail: "olga@onboarded.test", phone: null, address: null });
    const { id } = response.body;
    const members = await server.deps.db.select({ n: count() }).from(companyUsers).where(eq(companyUsers.companyId, id));
    expect(members[0]!.n).toBe(0);
    expect((await admin.client.get(`/api/companies/${id}`)).body).toEqual(response.body);
    await expect.poll(() => events.of(id).length).toBe(1);
    events.stop();
    expect(events.of(id)).toEqual([{ kind: "company", companyId: id, id }]);
  });

  it("rejects a blank name and a malformed contact email with a 400 naming each field, creating nothing", async () => {
    const before = await companyCount();
    const blank = await admin.client.post("/api/companies", { name: "   " });
    expect(blank.status).toBe(400);
    expect(blank.problem.errors).toEqual([{ field: "name", message: "Company name is required" }]);
    const typo = await admin.client.post("/api/companies", { name: "Typo Ltd", contactEmail: "not-an-email" });
    expect(typo.status).toBe(400);
    expect(fields(typo.problem)).toEqual(["contactEmail"]);
    expect(await companyCount()).toBe(before);
  });

  it("answers 403 to customers with or without a company and 401 anonymously, creating nothing", async () => {
    const member = await customerWithCompany(server, "Member Ltd");
    const newcomer = await server.createUser();
    const before = await companyCount();
    expect((await member.client.post("/api/companies", { name: "Side Company" })).status).toBe(403);
    expect((await newcomer.client.post("/api/companies", { name: "Memberless Company" })).status).toBe(403);
    expect((await server.anonymous().post("/api/companies", { name: "Anonymous Company" })).status).toBe(401);
    expect(await companyCount()).toBe(before);
  });
});

describe("PUT /api/companies/:id", () => {
  it("replaces the profile, storing left-out fields as null, and the member sees it", async () => {
    const events = eventsAbout();
    const customer = await customerWithCompany(server, "Before Ltd", { contactName: "Ben", phone: "+1 555", address: "1 Old Road" });
    // The profile form's own announcement first: on PostgreSQL it may arrive after the request returns.
    await expect.poll(() => events.of(customer.company.id).length).toBe(1);
    const response = await admin.client.put(`/api/companies/${customer.company.id}`, { name: "After Ltd", contactEmail: "after@after.test", address: "2 New Road" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...customer.company,
      name: "After Ltd",
      contactName: null,
      contactEmail: "after@after.test",
      phone: null,
      address: "2 New Road",
      updatedAt: response.body.updatedAt,
    });
    expect(Date.parse(response.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(customer.company.updatedAt));
    expect((await customer.client.get("/api/companies/mine")).body.company).toEqual(response.body);
    await expect.poll(() => events.of(customer.company.id).length).toBe(2);
    events.stop();
    const announcement = { kind: "company", companyId: customer.company.id, id: customer.company.id };
    expect(events.of(customer.company.id)).toEqual([announcement, announcement]);
  });

  it("rejects a blank name with a 400 naming name and leaves the company as it was", async () => {
    const company = await createCompany(server, "Unchanged Ltd");
    const before = await storedCompany(company.id);
    const response = await admin.client.put(`/api/companies/${company.id}`, { name: "", phone: "+1 555" });
    expect(response.status).toBe(400);
    expect(fields(response.problem)).toEqual(["name"]);
    expect(await storedCompany(company.id)).toEqual(before);
  });

  it("answers 404 for an unknown company and 400 naming id for a malformed one", async () => {
    const missing = await admin.client.put(`/api/companies/${crypto.randomUUID()}`, { name: "Nobody Ltd" });
    expect(missing.status).toBe(404);
    const malformed = await admin.client.put("/api/companies/not-a-uuid", { name: "Nobody Ltd" });
    expect(malformed.status).toBe(400);
    expect(fields(malformed.problem)).toEqual(["id"]);
  });

  it("answers 403 to customers, their own company's included, and 401 anonymously, changing nothing", async () => {
    const a = await customerWithCompany(server, "Own Ltd");
    const b = await customerWithCompany(server, "Other Ltd");
    const [ownBefore, otherBefore] = [await storedCompany(a.company.id), await storedCompany(b.company.id)];
    expect((await a.client.put(`/api/companies/${a.company.id}`, { name: "Renamed" })).status).toBe(403);
    expect((await a.client.put(`/api/companies/${b.company.id}`, { name: "Hijacked" })).status).toBe(403);
    expect((await server.anonymous().put(`/api/companies/${b.company.id}`, { name: "Hijacked" })).status).toBe(401);
    expect(await storedCompany(a.company.id)).toEqual(ownBefore);
    expect(await storedCompany(b.company.id)).toEqual(otherBefore);
  });
});
