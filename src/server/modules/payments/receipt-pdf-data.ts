import { eq } from "drizzle-orm";
import type { Locale } from "@/shared/locales";
import type { Database } from "@/server/db/client";
import { companies, invoices, payments } from "@/server/db/schema";
import { translator } from "@/server/mail/i18n";
import { receiptPdfWords } from "@/server/mail/receipt-words";
import type { AttachedFile } from "@/server/mail/transport";
import { renderReceiptPdf } from "./receipt-pdf";

export interface ReceiptRequest {
  paymentId: string;
  /** What was left due after the payment, as its change recorded it (later payments do not change a receipt). */
  amountDue: string;
  locale: Locale;
  /** The brand in use when the mail goes out. */
  brandName: string;
}

/**
 * A payment's receipt as the mail worker attaches it (mail/attachments.ts): the payment, its
 * invoice and company read as they are now, rendered in the recipient's language. Runs outside any
 * transaction, at each attempt; a payment is never deleted (ADR 043), so one that is gone is a bug
 * and the attempt fails.
 */
export async function renderPaymentReceipt(db: Database, { paymentId, amountDue, locale, brandName }: ReceiptRequest): Promise<AttachedFile> {
  const [row] = await db
    .select({
      amount: payments.amount,
      currency: payments.currency,
      method: payments.method,
      reference: payments.reference,
      paidOn: payments.paidOn,
      invoiceNumber: invoices.invoiceNumber,
      invoiceTotal: invoices.amount,
      company: { name: companies.name, contactName: companies.contactName, contactEmail: companies.contactEmail, address: companies.address },
    })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .innerJoin(companies, eq(companies.id, payments.companyId))
    .where(eq(payments.id, paymentId));
  if (!row) throw new Error(`No payment ${paymentId} to write a receipt for`);
  const t = translator(locale);
  const content = await renderReceiptPdf({ ...row, brandName, amountDue }, t);
  return { filename: t(receiptPdfWords.fileName, { invoiceNumber: row.invoiceNumber }), contentType: "application/pdf", content };
}
