import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ActivityEntry, ActivityPage } from "@/shared/schemas/activity";
import { activityEvents } from "@/server/db/schema";
import { createProject, customerWithCompany, invoiceBody } from "@/server/test/fixtures";
import { pdfBytes, upload } from "@/server/test/files";
import type { TestUser } from "@/server/test/harness";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";

const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true, name: "Olivia Owner" }));
const alpha = beforeAllTests(() => customerWithCompany(server, "Activity Alpha"));
const beta = beforeAllTests(() => customerWithCompany(server, "Activity Beta"));

/** The entries as `kind field from→to by actor`, oldest first, for readable expectations. */
const lines = (page: ActivityPage) =>
  [...page.items].reverse().map((entry) => [entry.kind, entry.field, entry.from, entry.to, entry.actor.name].filter((part) => part !== null).join(" "));

async function historyOf(user: TestUser, path: string): Promise<ActivityPage> {
  const response = await user.client.get(path as `/api/${string}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as ActivityPage;
}

describe("a ticket's history", () => {
  it("records its creation, each changed field from → to, comments and files, with who did each", async () => {
    const project = await createProject(admin, alpha.company.id);
    const ticket = (await alpha.client.post("/api/tickets", { projectId: project.id, title: "Export fails", priority: "low" })).body;
    expect((await admin.client.patch(`/api/tickets/${ticket.id}`, { status: "doing", priority: "high" })).status).toBe(200);
    expect((await alpha.client.post(`/api/tickets/${ticket.id}/comments`, { content: "Thanks" })).status).toBe(201);
    expect((await upload(alpha.client, `/api/tickets/${ticket.id}/files`, { name: "trace.pdf", type: "application/pdf", bytes: pdfBytes() })).status).toBe(201);

    const page = await historyOf(alpha, `/api/tickets/${ticket.id}/activity`);
    expect(lines(page)).toEqual([
      "created Activity Alpha Customer",
      "changed status pending doing Olivia Owner",
      "changed priority low high Olivia Owner",
      "commented Activity Alpha Customer",
      "attached trace.pdf Activity Alpha Customer",
    ]);
    expect(page.items[0]!.subject).toEqual({ type: "ticket", id: ticket.id, label: "Export fails", slug: null });
    expect(page.nextCursor).toBeNull();
  });

  it("records nothing for a field sent back with its stored value, nor for a refused change", async () => {
    const project = await createProject(admin, alpha.company.id);
    const ticket = (await alpha.client.post("/api/tickets", { projectId: project.id, title: "Same" })).body;
    expect((await admin.client.patch(`/api/tickets/${ticket.id}`, { status: "pending", title: "Same" })).status).toBe(200);
    expect((await admin.client.patch(`/api/tickets/${ticket.id}`, { status: "closed" })).status).toBe(400);
    expect(lines(await historyOf(admin, `/api/tickets/${ticket.id}/activity`))).toEqual(["created Activity Alpha Customer"]);
  });

  it("answers another company's ticket, and a missing one, with 404", async () => {
    const project = await createProject(admin, beta.company.id);
    const ticket = (await beta.client.post("/api/tickets", { projectId: project.id, title: "Beta's own" })).body;
    expect((await alpha.client.get(`/api/tickets/${ticket.id}/activity`)).status).toBe(404);
    expect((await alpha.client.get(`/api/tickets/${crypto.randomUUID()}/activity`)).status).toBe(404);
  });
});

describe("a project's history", () => {
  it("names the people an assignment moved between, and shows dates and status as stored", async () => {
    const other = await server.createUser({ admin: true, name: "Theo Team" });
    const project = await createProject(admin, alpha.company.id, { name: "Portal" });
    await admin.client.patch(`/api/projects/${project.id}`, { assignedTo: admin.id });
    await admin.client.patch(`/api/projects/${project.id}`, { assignedTo: other.id, status: "on_hold", startDate: "2026-04-01" });
    await admin.client.patch(`/api/projects/${project.id}`, { description: "A long text the history does not copy" });

    expect(lines(await historyOf(alpha, `/api/projects/${project.id}/activity`))).toEqual([
      "created Olivia Owner",
      "changed assignedTo Olivia Owner Olivia Owner",
      "changed status active on_hold Olivia Owner",
      "changed assignedTo Olivia Owner Theo Team Olivia Owner",
      "changed startDate 2026-04-01 Olivia Owner",
      "changed description Olivia Owner",
    ]);
  });

  it("writes the entry in the change's transaction: a refused change leaves neither", async () => {
    const project = await createProject(admin, alpha.company.id, { startDate: "2026-05-01" });
    const refused = await admin.client.patch(`/api/projects/${project.id}`, { status: "completed", endDate: "2026-01-01" });
    expect(refused.status).toBe(400);
    expect((await admin.client.get(`/api/projects/${project.id}`)).body.status).toBe("active");
    expect(lines(await historyOf(admin, `/api/projects/${project.id}/activity`))).toEqual(["created Olivia Owner"]);
  });
});

describe("an invoice's history", () => {
  it("keeps a draft's entries from customers: they see it issued, then what changed after", async () => {
    const draft = (await admin.client.post("/api/invoices", invoiceBody(alpha.company.id, { status: "draft", amount: "80.00" }))).body;
    await admin.client.patch(`/api/invoices/${draft.id}`, { amount: "90.00" });
    expect((await alpha.client.get(`/api/invoices/${draft.id}/activity`)).status).toBe(404);
    expect(lines(await historyOf(admin, `/api/invoices/${draft.id}/activity`))).toEqual(["created Olivia Owner", "changed amount 80.00 90.00 Olivia Owner"]);

    await admin.client.patch(`/api/invoices/${draft.id}`, { status: "unpaid", dueDate: "2026-04-01" });
    await admin.client.patch(`/api/invoices/${draft.id}`, { status: "paid" });
    expect(lines(await historyOf(alpha, `/api/invoices/${draft.id}/activity`))).toEqual(["issued unpaid Olivia Owner", "changed status unpaid paid Olivia Owner"]);
    expect(lines(await historyOf(admin, `/api/invoices/${draft.id}/activity`))).toEqual([
      "created Olivia Owner",
      "changed amount 80.00 90.00 Olivia Owner",
      "changed dueDate 2026-04-01 Olivia Owner",
      "issued unpaid Olivia Owner",
      "changed status unpaid paid Olivia Owner",
    ]);
  });

  it("notes the original becoming void when its re-issued copy is issued, and a PDF attached", async () => {
    const original = (await admin.client.post("/api/invoices", invoiceBody(alpha.company.id))).body;
    const copy = (await admin.client.post(`/api/invoices/${original.id}/reissue`)).body;
    expect((await upload(admin.client, `/api/invoices/${original.id}/pdf`, { name: "original.pdf", type: "application/pdf", bytes: pdfBytes() }, "PUT")).status).toBe(200);
    await admin.client.patch(`/api/invoices/${copy.id}`, { status: "unpaid" });
    expect(lines(await historyOf(alpha, `/api/invoices/${original.id}/activity`))).toEqual([
      "created Olivia Owner",
      "attached original.pdf Olivia Owner",
      "changed status unpaid void Olivia Owner",
    ]);
  });
});

describe("a company's recent activity", () => {
  it("lists the company's records' entries, newest first, to its members and admins, and to nobody else", async () => {
    const project = await createProject(admin, beta.company.id, { name: "Beta feed" });
    const ticket = (await beta.client.post("/api/tickets", { projectId: project.id, title: "Beta feed ticket" })).body;
    await admin.client.post("/api/invoices", invoiceBody(beta.company.id, { status: "draft", invoiceNumber: "BETA-DRAFT-1" }));

    const mine = await historyOf(beta, `/api/companies/${beta.company.id}/activity`);
    expect(mine.items.slice(0, 2).map((entry) => [entry.subject.type, entry.subject.label])).toEqual([
      ["ticket", "Beta feed ticket"],
      ["project", "Beta feed"],
    ]);
    expect(mine.items.some((entry) => entry.subject.label === "BETA-DRAFT-1")).toBe(false);
    expect(mine.items.find((entry) => entry.subject.id === project.id)!.subject.slug).toBe(project.slug);
    expect(mine.items.some((entry) => entry.subject.id === ticket.id)).toBe(true);

    const theirs = await historyOf(admin, `/api/companies/${beta.company.id}/activity`);
    expect(theirs.items[0]!.subject.label).toBe("BETA-DRAFT-1");
    expect((await alpha.client.get(`/api/companies/${beta.company.id}/activity`)).status).toBe(404);
  });

  it("pages by cursor without repeating or missing an entry, even among entries of the same instant", async () => {
    const project = await createProject(admin, alpha.company.id, { name: "Busy" });
    // One statement: every row gets the same `at`, so only the id orders them.
    await server.deps.db.execute(
      sql`insert into activity_events (company_id, project_id, kind) select ${alpha.company.id}::uuid, ${project.id}::uuid, 'commented' from generate_series(1, 12)`,
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ActivityPage = await historyOf(alpha, `/api/projects/${project.id}/activity?limit=5${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.items.map((entry: ActivityEntry) => entry.id));
      cursor = page.nextCursor;
    } while (cursor);
    const all = await server.deps.db.select({ id: activityEvents.id }).from(activityEvents).where(eq(activityEvents.projectId, project.id));
    expect(seen).toHaveLength(13);
    expect(new Set(seen)).toEqual(new Set(all.map((row) => row.id.toString())));
    expect((await alpha.client.get(`/api/projects/${project.id}/activity?cursor=not-ours`)).status).toBe(400);
  });
});
