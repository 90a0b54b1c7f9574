import { describe, expect, it } from "vitest";
import { ACCESS_REASON_REQUIRED } from "@/shared/rules/access-log";
import { addMember, createCompany, insertProject, invoiceBody } from "@/server/test/fixtures";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";

const server = serverForFile(undefined, { REQUIRE_ACCESS_REASON: "true" });

const world = beforeAllTests(async () => {
  const admin = await server.createUser({ admin: true, name: "Rita Reason" });
  const company = await createCompany(server, "Reason Ltd");
  const owner = await addMember(server, company.id, await server.createUser(), "owner");
  const project = await insertProject(server, company.id, "Reason site");
  const ticket = await owner.client.post("/api/tickets", { projectId: project.id, title: "Printer on fire" });
  const invoice = await admin.client.post("/api/invoices", invoiceBody(company.id));
  return { admin, company, owner, project, ticketId: ticket.body.id as string, invoiceId: invoice.body.id as string };
});

const withReason = (reason: string) => ({ "Access-Reason": encodeURIComponent(reason) });

describe("REQUIRE_ACCESS_REASON: staff say why they open a company's record", () => {
  it("answers 428 access_reason_required to an admin's first look at a record today, then takes the read with a reason", async () => {
    const { admin, owner, ticketId } = world;
    const refused = await admin.client.get(`/api/tickets/${ticketId}`);
    expect(refused.status).toBe(428);
    expect(refused.problem.code).toBe(ACCESS_REASON_REQUIRED);
    const reason = "Kunde bat um Prüfung (Ticket #12)";
    expect((await admin.client.request("GET", `/api/tickets/${ticketId}`, undefined, withReason(reason))).status).toBe(200);
    // The rest of the day, no reason is asked again.
    expect((await admin.client.get(`/api/tickets/${ticketId}`)).status).toBe(200);
    const log = await owner.client.get("/api/access-log");
    expect(log.body.items.filter((item) => item.recordId === ticketId)).toEqual([expect.objectContaining({ access: "read", reason })]);
  });

  it("asks for each record of the company on its own: the invoice, its PDF, the project, the conversation", async () => {
    const { admin, company, project, invoiceId } = world;
    for (const path of [`/api/invoices/${invoiceId}`, `/api/invoices/${invoiceId}/pdf`, `/api/projects/${project.id}`, `/api/messages?companyId=${company.id}`]) {
      const refused = await admin.client.get(path);
      expect(refused.status, path).toBe(428);
    }
    // A list is no one record's opening: it answers, and its rows are recorded as reads.
    expect((await admin.client.get(`/api/tickets?companyId=${company.id}`)).status).toBe(200);
  });

  it("refuses a reason over 500 characters with a 400 naming the header, and never asks customers", async () => {
    const { admin, owner, ticketId, invoiceId } = world;
    const long = await admin.client.request("GET", `/api/invoices/${invoiceId}`, undefined, withReason("x".repeat(501)));
    expect(long.status).toBe(400);
    expect(long.problem.errors).toEqual([expect.objectContaining({ field: "Access-Reason" })]);
    expect((await owner.client.get(`/api/tickets/${ticketId}`)).status).toBe(200);
  });

  it("keeps a missing record a 404, never a question", async () => {
    const missing = await world.admin.client.get("/api/tickets/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
  });
});
