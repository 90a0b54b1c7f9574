import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import type { Actor } from "@/server/actor";
import { mailOutbox, profiles } from "@/server/db/schema";
import { queueMailRenderedAtSend } from "@/server/mail/outbox";
import { addMember, customerWithCompany, invoiceBody } from "@/server/test/fixtures";
import type { ReceivedMail } from "@/server/test/mail/smtp-inbox";
import { beforeAllTests, serverWithInboxForFile } from "@/server/test/per-file";
import { testServiceContext } from "@/server/test/service-context";
import { addPayment, recordProviderPayment, type NewPayment } from "./ledger";

const { server, inbox } = serverWithInboxForFile();
const admin = beforeAllTests(() => server.createUser({ admin: true, name: "Alex Admin" }));
const adminActor = (): Actor => ({ userId: admin.id, email: admin.email, name: admin.name, role: "admin", companyId: null, companyRole: null, sessionId: "receipt-test", twoFactorEnabled: false });

/** The PDF's text, whitespace collapsed. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

/** A company whose owner reads German, with a plain member too, and an issued invoice of 100.00. */
async function germanCompanyWithInvoice(name: string) {
  const owner = await customerWithCompany(server, name, { contactName: "Greta Gruber", address: "Hauptstraße 1\nWien" });
  await server.deps.db.update(profiles).set({ locale: "de" }).where(eq(profiles.id, owner.id));
  const member = await addMember(server, owner.company.id);
  const response = await admin.client.post("/api/invoices", invoiceBody(owner.company.id, { amount: "100.00" }));
  expect(response.status).toBe(201);
  return { owner, member, invoice: response.body as { id: string; invoiceNumber: string } };
}

/** Records a payment through the ledger, in one transaction as its routes do. */
const record = (payment: Partial<NewPayment> & { invoiceId: string; amount: string }, online = false) =>
  server.deps.db.transaction((tx) => {
    const ctx = { ...testServiceContext(server, adminActor()), db: tx };
    const base = { method: "bank_transfer", paidOn: "2026-03-05", provider: null, reference: null, recordedBy: admin.id, payerId: null, ...payment } as NewPayment;
    return online ? recordProviderPayment(ctx, { ...base, provider: "stripe", reference: base.reference ?? `pi_${base.invoiceId}` }) : addPayment(ctx, base);
  });

const receiptTo = (to: string, invoiceNumber: string) => inbox.waitFor((mail) => mail.to.includes(to.toLowerCase()) && mail.subject.includes(invoiceNumber));

function onlyPdf(mail: ReceivedMail) {
  expect(mail.attachments).toHaveLength(1);
  const [pdf] = mail.attachments;
  expect(pdf!.contentType).toBe("application/pdf");
  expect(pdf!.content.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(pdf!.content.length).toBeGreaterThan(1000);
  return pdf!;
}

describe("a recorded payment's receipt", () => {
  it("goes to the company's owner in German, with the PDF receipt attached, and to no plain member", async () => {
    const { owner, member, invoice } = await germanCompanyWithInvoice("Gruber Handel GmbH");
    const { paymentId } = (await record({ invoiceId: invoice.id, amount: "40.00", reference: "SEPA-4711" }))!;

    const mail = await receiptTo(owner.email, invoice.invoiceNumber);
    expect(mail.subject).toBe(`Quittung für Rechnung ${invoice.invoiceNumber}`);
    // German writes the amount with a no-break space before the sign.
    expect(mail.text).toContain("Wir haben am 5. März 2026 40,00\u00a0$ für die Rechnung");
    expect(mail.text).toContain("Davon sind noch 60,00\u00a0$ offen.");
    expect(mail.links).toContain(`${server.baseUrl}/dashboard/invoices/${invoice.id}`);

    const pdf = onlyPdf(mail);
    expect(pdf.filename).toBe(`Quittung ${invoice.invoiceNumber}.pdf`);
    const text = await pdfText(pdf.content);
    for (const expected of ["Portico", `Quittung für Rechnung ${invoice.invoiceNumber}`, "Gruber Handel GmbH", "Greta Gruber", "Hauptstraße 1", "5. März 2026", "Überweisung", "SEPA-4711"]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Rechnungsbetrag 100,00\s\$/);
    expect(text).toMatch(/Bezahlter Betrag 40,00\s\$/);
    expect(text).toMatch(/Noch offen 60,00\s\$/);

    // Sent once, its shown text kept, its live parts gone; the plain member got none.
    const rows = await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.template, "payment-receipt"));
    const mine = rows.filter((row) => row.attachments?.some((attachment) => attachment.paymentId === paymentId));
    expect(mine.map((row) => row.toAddress)).toEqual([owner.email]);
    await expect.poll(async () => (await server.deps.db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, mine[0]!.id)))[0]?.status).toBe("sent");
    const [sent] = await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, mine[0]!.id));
    expect(sent).toMatchObject({ subject: mail.subject, textBody: null, htmlBody: null, renderAtSend: null, attempts: 1 });
    expect(sent!.shownText).toContain("40,00\u00a0$");
    expect(inbox.to(member.email)).toEqual([]);
  });

  it("goes to the customer who paid online, in their language, and says when the invoice is paid in full", async () => {
    const { owner, invoice } = await germanCompanyWithInvoice("Payer Trading Ltd");
    const payer = await addMember(server, owner.company.id);
    await record({ invoiceId: invoice.id, amount: "100.00", method: "card", recordedBy: null, payerId: payer.id }, true);

    const mail = await receiptTo(payer.email, invoice.invoiceNumber);
    expect(mail.subject).toBe(`Receipt for invoice ${invoice.invoiceNumber}`);
    expect(mail.text).toContain("We received $100.00 on March 5, 2026");
    expect(mail.text).toContain("The invoice is now paid in full.");
    const text = await pdfText(onlyPdf(mail).content);
    expect(text).toContain(`Receipt for invoice ${invoice.invoiceNumber}`);
    expect(text).toContain("Card");
    expect(text).toContain("Amount still due $0.00");
    expect(inbox.to(owner.email).filter((received) => received.subject.includes(invoice.invoiceNumber))).toEqual([]);
  });

  it("is not queued when the payment's transaction rolls back", async () => {
    const { invoice } = await germanCompanyWithInvoice("Rollback Ltd");
    const before = (await server.deps.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
    await expect(
      server.deps.db.transaction(async (tx) => {
        await addPayment({ ...testServiceContext(server, adminActor()), db: tx }, { invoiceId: invoice.id, amount: "10.00", method: "cash", paidOn: "2026-03-05", provider: null, reference: null, recordedBy: admin.id, payerId: null });
        throw new Error("the caller fails after the payment");
      }),
    ).rejects.toThrow("the caller fails");
    expect((await server.deps.db.select({ id: mailOutbox.id }).from(mailOutbox)).length).toBe(before);
  });

  it("keeps a receipt whose PDF cannot be rendered queued, with the reason, to be tried again", async () => {
    const { invoice, owner } = await germanCompanyWithInvoice("Missing Payment Ltd");
    const missing = "00000000-0000-4000-8000-000000000000";
    const { id } = await queueMailRenderedAtSend(server.deps.db, {
      template: "payment-receipt",
      to: owner.email,
      locale: "en",
      props: { name: owner.name, invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, amount: "1.00", amountDue: "99.00", currency: "USD", paidOn: "2026-03-05" },
      attachments: [{ kind: "payment-receipt", paymentId: missing, amountDue: "99.00", locale: "en" }],
    });
    const row = async () => (await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
    await expect.poll(async () => (await row()).lastError).toContain(`No payment ${missing}`);
    expect(await row()).toMatchObject({ status: "queued", attempts: 1, finishedAt: null });
    expect(inbox.to(owner.email)).toEqual([]);
  });
});
