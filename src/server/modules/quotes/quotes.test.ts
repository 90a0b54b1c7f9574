import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { auditEvents, invoices, quotes } from "@/server/db/schema";
import { addMember, createCompany } from "@/server/test/fixtures";
import type { TestUser } from "@/server/test/harness";
import { beforeAllTests, serverForFile } from "@/server/test/per-file";

/** Quotes (issue 42, ADR 049): drafts, sending, the signed acceptance with its invoice, and the refusals. */
const server = serverForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true }));

/** A 1×1 PNG: what a signature pad sends, only smaller. */
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const quoteBody = (companyId: string, body: Record<string, unknown> = {}) => ({
  companyId,
  title: "Website redesign",
  lines: [
    { description: "Design", quantity: "10", unitPrice: "100", taxRate: "20" },
    { description: "Build", quantity: "1", unitPrice: "300" },
  ],
  validUntil: inDays(30),
  ...body,
});

/** A company with an owner and a plain member, signed in. */
async function companyWithOwner(name: string) {
  const company = await createCompany(server, name);
  const owner = await addMember(server, company.id, await server.createUser({ name: `${name} Owner` }), "owner");
  const member = await addMember(server, company.id, await server.createUser({ name: `${name} Member` }));
  return { company, owner, member };
}

async function draft(companyId: string, body: Record<string, unknown> = {}) {
  const response = await admin.client.post("/api/quotes", quoteBody(companyId, body));
  expect(response.status, JSON.stringify(response.problem)).toBe(201);
  return response.body;
}

async function sent(companyId: string, body: Record<string, unknown> = {}) {
  const quote = await draft(companyId, body);
  const response = await admin.client.post(`/api/quotes/${quote.id}/send`);
  expect(response.status).toBe(200);
  return response.body;
}

const accept = (client: TestUser["client"], id: string, body: Record<string, unknown> = {}) =>
  client.post(`/api/quotes/${id}/accept`, { signerName: "Ada Owner", signature: PNG, accept: true, ...body });

describe("drafting and sending a quote", () => {
  it("numbers quotes Q-0001 on, totals them as an invoice, hides the draft from the company and shows it once sent", async () => {
    const { company, owner } = await companyWithOwner("Numbers Ltd");
    const first = await draft(company.id);
    expect(first).toMatchObject({ quoteNumber: expect.stringMatching(/^Q-\d{4,}$/), status: "draft", subtotal: "1300.00", tax: "200.00", amount: "1500.00", documentSha256: null, canAnswer: false });
    expect(first.lines).toEqual([
      { description: "Design", quantity: "10", unitPrice: "100", taxRate: "20", total: "1000.00", tax: "200.00" },
      { description: "Build", quantity: "1", unitPrice: "300", taxRate: null, total: "300.00", tax: "0.00" },
    ]);
    const second = await draft(company.id);
    expect(Number(second.quoteNumber.slice(2))).toBe(Number(first.quoteNumber.slice(2)) + 1);

    expect((await owner.client.get(`/api/quotes/${first.id}`)).status).toBe(404);
    expect((await owner.client.get("/api/quotes")).body.items).toEqual([]);

    const response = await admin.client.post(`/api/quotes/${first.id}/send`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: "sent", sentAt: expect.any(String), documentSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const seen = await owner.client.get(`/api/quotes/${first.id}`);
    expect(seen.body).toMatchObject({ status: "sent", canAnswer: true });
    expect((await owner.client.get("/api/quotes")).body.items.map((quote: { id: string }) => quote.id)).toEqual([first.id]);

    // The PDF served is the document sent, byte for byte.
    const pdf = await owner.client.raw(`/api/quotes/${first.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(response.body.documentSha256);
  });

  it("changes and deletes a draft only: a sent quote is 409 naming status", async () => {
    const { company } = await companyWithOwner("Drafts Ltd");
    const quote = await draft(company.id);
    const changed = await admin.client.patch(`/api/quotes/${quote.id}`, { title: "Shop redesign", lines: [{ description: "All", quantity: "1", unitPrice: "50" }] });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ title: "Shop redesign", amount: "50.00" });
    await admin.client.post(`/api/quotes/${quote.id}/send`);
    const refused = await admin.client.patch(`/api/quotes/${quote.id}`, { title: "Later" });
    expect(refused.status).toBe(409);
    expect(refused.problem.errors).toEqual([{ field: "status", message: "Only a draft quote can change: this one was sent" }]);
    expect((await admin.client.delete(`/api/quotes/${quote.id}`)).status).toBe(409);
    expect((await admin.client.post(`/api/quotes/${quote.id}/send`)).status).toBe(409);
    expect((await admin.client.get(`/api/quotes/${quote.id}`)).body.title).toBe("Shop redesign");

    const other = await draft(company.id);
    expect((await admin.client.delete(`/api/quotes/${other.id}`)).status).toBe(204);
    expect((await admin.client.get(`/api/quotes/${other.id}`)).status).toBe(404);
  });

  it.each([
    ["validUntil", { validUntil: "2020-01-01" }, "Valid until cannot be before today"],
    ["depositPercent", { invoicing: "deposit" }, "Give the deposit as a percent or an amount"],
    ["depositAmount", { invoicing: "deposit", depositPercent: "30", depositAmount: "10" }, "Give the deposit as a percent or an amount, not both"],
    ["depositAmount", { invoicing: "deposit", depositAmount: "1500.01" }, "The deposit cannot be more than the quote's total"],
    ["depositPercent", { invoicing: "full", depositPercent: "30" }, "A deposit percent or amount only goes with a deposit invoice"],
    ["depositPercent", { invoicing: "deposit", depositPercent: "101" }, "Deposit percent must be from 1 to 100, with at most 2 decimals"],
    ["lines", { lines: [] }, undefined],
    ["title", { title: " " }, "Title is required"],
  ])("refuses %s %j with 400 naming it, and drafts nothing", async (field, body, message) => {
    const { company } = await companyWithOwner(`Bad ${field} ${Object.keys(body).join(" ")} Ltd`);
    const response = await admin.client.post("/api/quotes", quoteBody(company.id, body));
    expect(response.status).toBe(400);
    expect(response.problem.errors?.[0]?.field).toBe(field);
    if (message) expect(response.problem.errors?.[0]?.message).toBe(message);
    expect((await admin.client.get(`/api/quotes?companyId=${company.id}`)).body.total).toBe(0);
  });
});

describe("accepting a quote", () => {
  it("stores the owner's signature, address, user agent and the document's hash, and issues a 30 % deposit invoice linked to it", async () => {
    const { company, owner } = await companyWithOwner("Deposit Ltd");
    const quote = await sent(company.id, { invoicing: "deposit", depositPercent: "30" });
    expect(quote.deposit).toBe("450.00");

    const response = await accept(owner.client, quote.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: "accepted",
      canAnswer: false,
      acceptance: { signerName: "Ada Owner", acceptedBy: { id: owner.id }, signature: PNG, documentSha256: quote.documentSha256, ip: expect.any(String), userAgent: expect.any(String) },
      invoice: { id: expect.any(String), invoiceNumber: expect.any(String) },
    });
    const invoice = await owner.client.get(`/api/invoices/${response.body.invoice?.id}`);
    expect(invoice.body).toMatchObject({ status: "unpaid", amount: "450.00", company: { id: company.id }, quote: { id: quote.id, quoteNumber: quote.quoteNumber } });
    expect(invoice.body.lines[0]?.description).toBe(`Deposit (30%) for quote ${quote.quoteNumber}: Website redesign`);

    const [audit] = await server.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, quote.id));
    expect(audit).toMatchObject({ kind: "quote.accepted", actorId: owner.id, companyId: company.id, targetLabel: quote.quoteNumber });

    // An accepted quote never changes, and is answered once.
    expect((await accept(owner.client, quote.id)).status).toBe(409);
    expect((await owner.client.post(`/api/quotes/${quote.id}/decline`, {})).status).toBe(409);
    expect((await admin.client.patch(`/api/quotes/${quote.id}`, { title: "Changed" })).status).toBe(409);
  });

  it("prints the signer, the day and the sent document's hash on the accepted PDF, kept as signed when the company changes", async () => {
    const { company, owner } = await companyWithOwner("Signed PDF Ltd");
    const quote = await sent(company.id);
    const accepted = await accept(owner.client, quote.id);
    const download = async () => new Uint8Array(await (await owner.client.raw(`/api/quotes/${quote.id}/pdf`)).arrayBuffer());
    const bytes = await download();
    const hash = (of: Uint8Array) => createHash("sha256").update(of).digest("hex");
    const signed = hash(bytes);
    expect(signed).not.toBe(quote.documentSha256);
    // A copy: the PDF reader takes the buffer it is given over.
    const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
    expect(text).toContain("Signed by Ada Owner");
    expect(text).toContain(quote.documentSha256);
    expect(text).toContain(new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(accepted.body.acceptance!.acceptedAt)));

    expect((await admin.client.put(`/api/companies/${company.id}`, { name: "Renamed PDF Ltd" })).status).toBe(200);
    expect(hash(await download())).toBe(signed);
  });

  it("makes one acceptance and one invoice of two at once", async () => {
    const { company, owner } = await companyWithOwner("Race Ltd");
    const quote = await sent(company.id, { invoicing: "full" });
    const answers = await Promise.all([accept(owner.client, quote.id), accept(owner.client, quote.id, { signerName: "Ada Twice" })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const made = await server.deps.db.select({ id: invoices.id, amount: invoices.amount }).from(invoices).where(eq(invoices.companyId, company.id));
    expect(made).toEqual([{ id: expect.any(String), amount: "1500.00" }]);
  });

  it("refuses a member who is no owner, an admin, another company and an expired quote, changing nothing", async () => {
    const { company, member } = await companyWithOwner("Refusals Ltd");
    const other = await companyWithOwner("Other Refusals Ltd");
    const quote = await sent(company.id, { invoicing: "full" });
    expect((await accept(member.client, quote.id)).problem.detail).toBe("Only an owner of the company, or a member an owner allows, can accept or decline a quote");
    expect((await accept(admin.client, quote.id)).status).toBe(403);
    expect((await accept(other.owner.client, quote.id)).status).toBe(404);
    expect((await other.owner.client.get(`/api/quotes/${quote.id}`)).status).toBe(404);

    await server.deps.db.update(quotes).set({ validUntil: "2020-01-01" }).where(eq(quotes.id, quote.id));
    const owner = await companyOwner(company.id);
    const expired = await accept(owner.client, quote.id);
    expect(expired.status).toBe(409);
    expect(expired.problem.detail).toBe("This quote has expired: ask for a new one");
    expect((await admin.client.get(`/api/quotes/${quote.id}`)).body).toMatchObject({ status: "expired", acceptance: null, invoice: null });
    expect((await admin.client.get(`/api/quotes?status=expired&companyId=${company.id}`)).body.total).toBe(1);
  });

  it("refuses a signature that is no PNG or JPEG, or over 200 KB, and a missing tick, with 400 naming the field", async () => {
    const { company, owner } = await companyWithOwner("Signature Ltd");
    const quote = await sent(company.id);
    const notImage = `data:image/png;base64,${Buffer.from("GIF89a not a png").toString("base64")}`;
    const huge = `data:image/png;base64,${Buffer.concat([Buffer.from(PNG.split(",")[1]!, "base64"), Buffer.alloc(200 * 1024)]).toString("base64")}`;
    for (const [body, field] of [[{ signature: notImage }, "signature"], [{ signature: huge }, "signature"], [{ signature: "hello" }, "signature"], [{ accept: false }, "accept"], [{ signerName: "" }, "signerName"]] as const) {
      const response = await accept(owner.client, quote.id, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.problem.errors?.[0]?.field).toBe(field);
    }
    expect((await owner.client.get(`/api/quotes/${quote.id}`)).body.status).toBe("sent");
  });
});

describe("declining a quote", () => {
  it("keeps the reason and who declined, and never changes again", async () => {
    const { company, owner } = await companyWithOwner("Decline Ltd");
    const quote = await sent(company.id, { invoicing: "full" });
    const response = await owner.client.post(`/api/quotes/${quote.id}/decline`, { reason: "Over our budget" });
    expect(response.status, JSON.stringify(response.problem)).toBe(200);
    expect(response.body).toMatchObject({ status: "declined", decline: { reason: "Over our budget", declinedBy: { id: owner.id } }, invoice: null, acceptance: null });
    expect((await accept(owner.client, quote.id)).status).toBe(409);
    expect(await server.deps.db.select().from(invoices).where(eq(invoices.companyId, company.id))).toEqual([]);
  });
});

async function companyOwner(companyId: string) {
  return addMember(server, companyId, await server.createUser({ name: "Second Owner" }), "owner");
}
