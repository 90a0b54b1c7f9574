import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { files } from "@/server/db/schema";
import { customerOfNewCompany, customerWithCompany, invoiceBody } from "@/server/test/fixtures";
import { download, fileRowCounts, sha256 } from "@/server/test/files";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";

const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true }));
const alpha = beforeAllTests(() =>
  customerWithCompany(server, "Alpha Trading Ltd", { contactName: "Ada Lovelace", contactEmail: "billing@alpha.example", phone: "+44 20 7946 0000", address: "1 Harbour Street\nLondon" }),
);

/** The PDF's text, whitespace collapsed: a wrapped description reads as one phrase again. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

const lines = [
  { description: "Discovery workshop", quantity: "2", unitPrice: "1250.00", taxRate: "20" },
  { description: "Implementation of the billing integration, including data migration, acceptance testing and a written hand-over report", quantity: "1.5", unitPrice: "980.00" },
  { description: "Hosting, March", quantity: "1", unitPrice: "49.99", taxRate: "0" },
];

async function issuedInvoice(companyId: string, extra: Record<string, unknown> = {}): Promise<{ id: string; invoiceNumber: string; amount: string }> {
  const response = await admin.client.post("/api/invoices", invoiceBody(companyId, { amount: undefined, lines, dueDate: "2026-03-31", notes: "Pay by bank transfer.", ...extra }));
  expect(response.status).toBe(201);
  return response.body;
}

/** An issued invoice with no stored PDF, as every invoice issued before Portico generated them is. */
async function invoiceWithoutPdf(companyId: string, extra: Record<string, unknown> = {}) {
  const invoice = await issuedInvoice(companyId, extra);
  expect((await admin.client.delete(`/api/invoices/${invoice.id}/pdf`)).status).toBe(200);
  return invoice;
}

const storedFor = (invoiceId: string) => server.deps.db.select({ id: files.id, name: files.name, uploadedBy: files.uploadedBy }).from(files).where(eq(files.invoiceId, invoiceId));

describe("an issued invoice's generated PDF", () => {
  it("is stored when a draft is issued, and the customer downloads exactly those bytes", async () => {
    const draft = await issuedInvoice(alpha.company.id, { status: "draft" });
    expect(await storedFor(draft.id)).toEqual([]);
    const issued = await admin.client.patch(`/api/invoices/${draft.id}`, { status: "unpaid" });
    expect(issued.status).toBe(200);
    expect(issued.body.pdf).toMatchObject({ name: `${draft.invoiceNumber}.pdf`, contentType: "application/pdf", uploadedBy: null });
    const [stored] = await server.deps.db.select({ sha256: files.sha256 }).from(files).where(eq(files.invoiceId, draft.id));
    const got = await download(alpha.client, `/api/invoices/${draft.id}/pdf`);
    expect(sha256(got.bytes)).toBe(stored!.sha256);
    expect(await pdfText(got.bytes)).toContain(draft.invoiceNumber);
  });

  it("is stored when an invoice is created issued", async () => {
    const invoice = await issuedInvoice(alpha.company.id);
    expect(await storedFor(invoice.id)).toEqual([{ id: expect.any(String), name: `${invoice.invoiceNumber}.pdf`, uploadedBy: null }]);
  });
});

describe("GET /api/invoices/{id}/pdf without a PDF of its own", () => {
  it("renders the issued invoice from its data, stores it as the invoice's PDF and serves the same bytes again", async () => {
    const invoice = await invoiceWithoutPdf(alpha.company.id);
    const path = `/api/invoices/${invoice.id}/pdf`;
    const first = await download(alpha.client, path);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/pdf");
    expect(first.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="${invoice.invoiceNumber}.pdf"`));
    expect(first.headers.get("cache-control")).toBe("private, no-store");

    const text = await pdfText(first.bytes);
    for (const expected of [invoice.invoiceNumber, "Alpha Trading Ltd", "Ada Lovelace", "billing@alpha.example", "Unpaid", "March 31, 2026", "Pay by bank transfer."]) {
      expect(text).toContain(expected);
    }
    for (const line of lines) expect(text).toContain(line.description);
    // 2 × 1250 + 20 % tax, 1.5 × 980, 49.99: subtotal 4,019.99, tax 500.00.
    expect(invoice.amount).toBe("4519.99");
    expect(text).toContain("$4,519.99");
    expect(text).toContain("$4,019.99");

    const again = await download(alpha.client, path);
    expect(sha256(again.bytes)).toBe(sha256(first.bytes));
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(await storedFor(invoice.id)).toEqual([{ id: expect.any(String), name: `${invoice.invoiceNumber}.pdf`, uploadedBy: null }]);
    expect((await admin.client.get(`/api/invoices/${invoice.id}`)).body.pdf).toMatchObject({ name: `${invoice.invoiceNumber}.pdf`, contentType: "application/pdf", uploadedBy: null });
  });

  it("keeps one PDF when two first downloads arrive at once", async () => {
    const invoice = await invoiceWithoutPdf(alpha.company.id);
    const before = await fileRowCounts(server.deps.db);
    const path = `/api/invoices/${invoice.id}/pdf`;
    const [one, two] = await Promise.all([download(alpha.client, path), download(admin.client, path)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(sha256(one.bytes)).toBe(sha256(two.bytes));
    expect(await storedFor(invoice.id)).toHaveLength(1);
    // The loser's pending row and bytes are gone too.
    expect((await fileRowCounts(server.deps.db)).files).toBe(before.files + 1);
  });

  it("prints a company name outside Latin-1 with what the standard font has", async () => {
    const other = await customerWithCompany(server, "Zürich 東京 — Ltd");
    const invoice = await issuedInvoice(other.company.id);
    const got = await download(other.client, `/api/invoices/${invoice.id}/pdf`);
    expect(got.status).toBe(200);
    expect(await pdfText(got.bytes)).toContain("Zürich ?? — Ltd");
  });

  it("still redirects to an external pdfUrl and stores nothing", async () => {
    const invoice = await issuedInvoice(alpha.company.id, { pdfUrl: "https://files.example.test/inv.pdf" });
    const response = await alpha.client.raw(`/api/invoices/${invoice.id}/pdf`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://files.example.test/inv.pdf");
    expect(await storedFor(invoice.id)).toEqual([]);
  });

  it("answers 404 to another company's customer and generates nothing for them", async () => {
    const invoice = await invoiceWithoutPdf(alpha.company.id);
    const stranger = await customerOfNewCompany(server, "Beta Corp");
    const response = await stranger.customer.client.get(`/api/invoices/${invoice.id}/pdf`);
    expect(response.status).toBe(404);
    expect(await storedFor(invoice.id)).toEqual([]);
  });

  it("renders it again once an admin removes the stored one", async () => {
    const invoice = await issuedInvoice(alpha.company.id);
    const path = `/api/invoices/${invoice.id}/pdf`;
    expect((await download(alpha.client, path)).status).toBe(200);
    expect((await admin.client.delete(path)).status).toBe(200);
    expect(await storedFor(invoice.id)).toEqual([]);
    const regenerated = await download(alpha.client, path);
    expect(regenerated.status).toBe(200);
    expect(await pdfText(regenerated.bytes)).toContain(invoice.invoiceNumber);
    expect(await storedFor(invoice.id)).toHaveLength(1);
  });

  it("previews a draft to an admin without storing it", async () => {
    const draft = await issuedInvoice(alpha.company.id, { status: "draft" });
    const preview = await download(admin.client, `/api/invoices/${draft.id}/pdf`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(preview.bytes);
    expect(text).toContain(draft.invoiceNumber);
    expect(text).toContain("DRAFT");
    expect(await storedFor(draft.id)).toEqual([]);
  });
});
