import { describe, expect, it } from "vitest";
import { customerOfNewCompany, invoiceBody } from "@/server/test/fixtures";
import { download, pdfBytes, upload } from "@/server/test/files";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";
import { changedCompanies, streamsClosedAfterEach } from "@/server/test/realtime/test-streams";

/** Every way a customer reads invoices, tried on a draft of their own company's. */
const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true }));
const acme = beforeAllTests(() => customerOfNewCompany(server, "Hidden Drafts Ltd"));
const { stream } = streamsClosedAfterEach();

const create = async (overrides: Record<string, unknown> = {}) =>
  (await admin.client.post("/api/invoices", invoiceBody(acme.company.id, { issueDate: "2026-01-01", dueDate: "2026-01-31", ...overrides }))).body;

describe("customers never see drafts", () => {
  it("leaves a draft out of the customer's list, detail, balance, PDF and file download until it is issued", async () => {
    const issued = await create({ amount: "10.00" });
    const draft = await create({ amount: "500.00", status: "draft", pdfUrl: "https://files.example.test/draft.pdf" });
    const stored = await create({ amount: "70.00", status: "draft" });
    const put = await upload(admin.client, `/api/invoices/${stored.id}/pdf`, { name: "draft.pdf", type: "application/pdf", bytes: pdfBytes() }, "PUT");
    expect(put.status).toBe(200);
    const fileId = (await admin.client.get(`/api/invoices/${stored.id}`)).body.pdf!.id;
    const customer = acme.customer.client;

    expect((await customer.get("/api/invoices")).body).toMatchObject({ items: [{ id: issued.id }], total: 1 });
    expect((await customer.get(`/api/invoices?status=draft`)).body).toMatchObject({ items: [], total: 0 });
    for (const id of [draft.id, stored.id]) {
      expect((await customer.get(`/api/invoices/${id}`)).status).toBe(404);
      expect((await customer.raw(`/api/invoices/${id}/pdf`, { redirect: "manual" })).status).toBe(404);
    }
    // The drafts' 570.00 counts nowhere: the customer owes the issued 10.00, overdue since January.
    expect((await customer.get("/api/invoices/balance")).body).toMatchObject({ outstanding: "10.00", overdue: "10.00" });
    expect((await download(customer, `/api/files/${fileId}`)).status).toBe(404);
    expect((await customer.delete(`/api/files/${fileId}`)).status).toBe(404);

    // The admin sees all of it.
    expect((await admin.client.get(`/api/invoices?companyId=${acme.company.id}`)).body.total).toBe(3);
    expect((await admin.client.get(`/api/invoices/balance?companyId=${acme.company.id}`)).body).toMatchObject({ outstanding: "10.00" });
    expect((await download(admin.client, `/api/files/${fileId}`)).status).toBe(200);

    // Issued, it is the customer's like any other.
    await admin.client.patch(`/api/invoices/${stored.id}`, { status: "unpaid" });
    expect((await customer.get(`/api/invoices/${stored.id}`)).status).toBe(200);
    expect((await download(customer, `/api/files/${fileId}`)).status).toBe(200);
    expect((await customer.get("/api/invoices/balance")).body).toMatchObject({ outstanding: "80.00" });
  });

  it("announces a draft's changes to admins only, and its issue to the company", async () => {
    const [customer, staff] = await Promise.all([stream(acme.customer), stream(admin)]);
    const draft = await create({ status: "draft" });
    await admin.client.patch(`/api/invoices/${draft.id}`, { notes: "draft edit" });
    const put = await upload(admin.client, `/api/invoices/${draft.id}/pdf`, { name: "d.pdf", type: "application/pdf", bytes: pdfBytes() }, "PUT");
    await admin.client.delete(`/api/files/${(put.body as unknown as { pdf: { id: string } }).pdf.id}`);
    const doomed = await create({ status: "draft" });
    await admin.client.delete(`/api/invoices/${doomed.id}`);
    await admin.client.patch(`/api/invoices/${draft.id}`, { status: "unpaid" });
    // One LISTEN connection delivers in order: once the issue is in, every draft event would have come before it.
    await customer.waitForEvent("change", (e: { id: string }) => e.id === draft.id);
    const seen = customer.events<{ id: string; adminsOnly?: boolean }>("change");
    expect(seen).toEqual([{ kind: "invoice", companyId: acme.company.id, id: draft.id }]);
    expect(changedCompanies(customer)).toEqual([acme.company.id]);

    await staff.waitForEvent("change", (e: { id: string; adminsOnly?: boolean }) => e.id === draft.id && !e.adminsOnly);
    const adminSaw = staff.events<{ id: string; adminsOnly?: boolean }>("change");
    // Create, edit, PDF put, PDF removed, then the other draft's create and delete, then the issue.
    expect(adminSaw.filter((e) => e.id === draft.id && e.adminsOnly)).toHaveLength(4);
    expect(adminSaw.filter((e) => e.id === doomed.id && e.adminsOnly)).toHaveLength(2);
  });
});
