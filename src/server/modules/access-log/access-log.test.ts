import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AccessEvent } from "@/shared/schemas/access-log";
import { addMember, createCompany, insertProject, invoiceBody } from "@/server/test/fixtures";
import type { TestServer, TestUser } from "@/server/test/harness";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";
import { appendAccess } from "./access-writes";
import { verifySignedExport } from "./export-signing";

const server = serverForFile();

/** Company A with an owner, a plain member, a project, a ticket and an issued invoice; company B with its owner; the admin. */
const world = beforeAllTests(async () => {
  const admin = await server.createUser({ admin: true, name: "Ada Admin" });
  const a = await createCompany(server, "Access A");
  const b = await createCompany(server, "Access B");
  const ownerA = await addMember(server, a.id, await server.createUser({ name: "Olga Owner" }), "owner");
  const memberA = await addMember(server, a.id, await server.createUser({ name: "Mia Member" }));
  const ownerB = await addMember(server, b.id, await server.createUser({ name: "Otto Owner B" }), "owner");
  const project = await insertProject(server, a.id, "Access site");
  const ticket = await ownerA.client.post("/api/tickets", { projectId: project.id, title: "Login fails" });
  const invoice = await admin.client.post("/api/invoices", invoiceBody(a.id, { invoiceNumber: "ACC-0001" }));
  if (ticket.status !== 201 || invoice.status !== 201) throw new Error(`setup failed: ${ticket.status} ${invoice.status}`);
  return { admin, a, b, ownerA, memberA, ownerB, project, ticketId: ticket.body.id, invoice: invoice.body };
});

async function logOf(user: TestUser, query: `?${string}` | "" = ""): Promise<AccessEvent[]> {
  const response = await user.client.get(`/api/access-log${query}` as "/api/access-log");
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.items;
}

const reads = (items: AccessEvent[], recordId: string) => items.filter((item) => item.recordId === recordId && item.access === "read");

describe("the access log", () => {
  it("shows the owner an admin's reads of a ticket and an invoice in the very next request", async () => {
    const { admin, ownerA, ticketId, invoice } = world;
    expect((await admin.client.get(`/api/tickets/${ticketId}`)).status).toBe(200);
    expect((await admin.client.get(`/api/invoices/${invoice.id}`)).status).toBe(200);
    const items = await logOf(ownerA);
    expect(reads(items, ticketId)).toEqual([expect.objectContaining({ actorId: admin.id, actorName: "Ada Admin", actorEmail: admin.email, recordType: "ticket", recordLabel: expect.stringContaining("Login fails") })]);
    expect(reads(items, invoice.id)).toEqual([expect.objectContaining({ actorId: admin.id, recordType: "invoice", recordLabel: "ACC-0001" })]);
  });

  it("keeps one read per person, record and hour, however often the admin opens it or lists it", async () => {
    const { admin, ownerA, ticketId } = world;
    for (let i = 0; i < 3; i += 1) expect((await admin.client.get(`/api/tickets/${ticketId}`)).status).toBe(200);
    expect((await admin.client.get(`/api/tickets?companyId=${world.a.id}`)).status).toBe(200);
    // Straight to the table too, past this process's memory of what it kept: the trigger coalesces.
    await appendAccess(server.deps.db, { actor: { userId: admin.id, name: admin.name, email: admin.email }, access: "read", refs: [{ type: "ticket", id: ticketId, companyId: world.a.id }] });
    expect(reads(await logOf(ownerA), ticketId)).toHaveLength(1);
  });

  it("records a list's rows as reads of each record", async () => {
    const { admin, ownerA, project } = world;
    expect((await admin.client.get(`/api/projects?companyId=${world.a.id}`)).status).toBe(200);
    expect(reads(await logOf(ownerA), project.id)).toEqual([expect.objectContaining({ recordType: "project", recordLabel: "Access site" })]);
  });

  it("records an admin's changes and messages, from the change recorder, and none of the customers' own reads or writes", async () => {
    const { admin, ownerA, ticketId } = world;
    expect((await admin.client.patch(`/api/tickets/${ticketId}`, { status: "doing" })).status).toBe(200);
    expect((await admin.client.post("/api/messages", { companyId: world.a.id, content: "We are on it" })).status).toBe(201);
    expect((await ownerA.client.post("/api/messages", { content: "Thanks" })).status).toBe(201);
    const items = await logOf(ownerA);
    expect(items.filter((item) => item.recordId === ticketId && item.access === "change")).toEqual([expect.objectContaining({ actorId: admin.id, actorEmail: admin.email })]);
    expect(items.filter((item) => item.recordType === "conversation" && item.access === "change")).toHaveLength(1);
    expect(items.every((item) => item.actorId === admin.id)).toBe(true);
  });

  it("names no draft invoice: the company does not know it exists", async () => {
    const { admin, ownerA } = world;
    const draft = await admin.client.post("/api/invoices", invoiceBody(world.a.id, { status: "draft" }));
    expect(draft.status).toBe(201);
    expect(draft.body.status).toBe("draft");
    expect((await admin.client.get(`/api/invoices/${draft.body.id}`)).status).toBe(200);
    expect((await admin.client.patch(`/api/invoices/${draft.body.id}`, { dueDate: "2026-12-31" })).status).toBe(200);
    expect((await logOf(ownerA)).filter((item) => item.recordId === draft.body.id)).toEqual([]);
  });

  it("shows another company none of it, whatever companyId it names", async () => {
    const { ownerB } = world;
    expect(await logOf(ownerB)).toEqual([]);
    expect(await logOf(ownerB, `?companyId=${world.a.id}`)).toEqual([]);
    expect((await ownerB.client.get(`/api/access-log/verify?companyId=${world.a.id}`)).body).toEqual({ intact: true, checked: 0, firstBroken: null });
  });

  it("lets a member read it only once an owner allows them, and filters by person and record", async () => {
    const { ownerA, memberA, admin, ticketId } = world;
    expect((await memberA.client.get("/api/access-log")).status).toBe(403);
    const granted = await ownerA.client.patch(`/api/companies/${world.a.id}/members/${memberA.id}`, { readsAccessLog: true });
    expect(granted.status).toBe(200);
    expect(granted.body.readsAccessLog).toBe(true);
    const mine = await logOf(memberA, `?actorId=${admin.id}&recordType=ticket&recordId=${ticketId}`);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((item) => item.recordId === ticketId && item.actorId === admin.id)).toBe(true);
    expect(await logOf(memberA, `?actorId=${ownerA.id}`)).toEqual([]);
    const people = await memberA.client.get("/api/access-log/people");
    expect(people.body).toEqual([{ id: admin.id, name: "Ada Admin", email: admin.email }]);
    expect((await ownerA.client.patch(`/api/companies/${world.a.id}/members/${memberA.id}`, { readsAccessLog: false })).status).toBe(200);
    expect((await memberA.client.get("/api/access-log")).status).toBe(403);
  });

  it("asks an admin which company's log to read", async () => {
    const { admin } = world;
    const missing = await admin.client.get("/api/access-log");
    expect(missing.status).toBe(400);
    expect(missing.problem.errors).toEqual([expect.objectContaining({ field: "companyId" })]);
    expect((await logOf(admin, `?companyId=${world.a.id}`)).length).toBeGreaterThan(0);
  });

  it("exports the log as CSV", async () => {
    const response = await world.ownerA.client.raw(`/api/access-log/export?recordId=${world.invoice.id}`);
    expect(response.status).toBe(200);
    const lines = (await response.text()).trim().split("\n");
    expect(lines[0]).toContain("Time (UTC),Person,Email,Access");
    // The admin made the invoice (a change), then opened it (a read); newest first.
    expect(lines.slice(1)).toEqual([expect.stringMatching(/,Read,Invoice,.*,ACC-0001,/), expect.stringMatching(/,Change,Invoice,.*,ACC-0001,/)]);
  });
});

describe("the access log's hash chain and signed export", () => {
  it("verifies intact, and names the first entry once one is edited in the database", async () => {
    const { ownerA } = world;
    expect((await ownerA.client.get("/api/access-log/verify")).body).toMatchObject({ intact: true, firstBroken: null });
    const [victim] = await logOf(ownerA, `?recordId=${world.invoice.id}`);
    await tamper(server, sql`update access_events set reason = 'edited' where id = ${victim!.id}::bigint`);
    const verdict = (await ownerA.client.get("/api/access-log/verify")).body;
    expect(verdict).toMatchObject({ intact: false, firstBroken: { id: victim!.id, seq: victim!.seq, problem: "hash" } });
    await tamper(server, sql`update access_events set reason = null where id = ${victim!.id}::bigint`);
    expect((await ownerA.client.get("/api/access-log/verify")).body).toMatchObject({ intact: true });
  });

  it("signs the JSON-lines export so that it verifies offline with the shown key, and fails after one byte changes", async () => {
    const { ownerA } = world;
    const key = await ownerA.client.get("/api/access-log/public-key");
    expect(key.body).toMatchObject({ algorithm: "Ed25519", publicKeyPem: expect.stringContaining("BEGIN PUBLIC KEY") });
    const response = await ownerA.client.raw("/api/access-log/signed-export");
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    const lines = bytes.toString("utf8").trim().split("\n");
    expect(lines.length).toBeGreaterThan(2);
    expect(JSON.parse(lines[0]!)).toMatchObject({ recordType: expect.any(String), hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(verifySignedExport(bytes, key.body.publicKeyPem)).toBe(true);
    const changed = Buffer.from(bytes);
    const at = changed.indexOf("ACC-0001");
    changed[at] = "B".charCodeAt(0);
    expect(verifySignedExport(changed, key.body.publicKeyPem)).toBe(false);
  });
});

/** Writes past the append-only trigger, as someone with the database's own rights could. */
async function tamper(target: TestServer, statement: ReturnType<typeof sql>) {
  await target.deps.db.transaction(async (tx) => {
    await tx.execute(sql`alter table access_events disable trigger access_events_append_only`);
    await tx.execute(statement);
    await tx.execute(sql`alter table access_events enable trigger access_events_append_only`);
  });
}
