import { sql } from "drizzle-orm";
import { check, customType, date, index, jsonb, numeric, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { DECLINE_REASON_MAX, QUOTE_NOTES_MAX, QUOTE_TERMS_MAX, QUOTE_TITLE_MAX, quoteInvoicings, SIGNER_NAME_MAX, storedQuoteStatuses } from "@/shared/rules/quote";
import { SIGNATURE_DATA_URL_MAX } from "@/shared/rules/signature";
import type { InvoiceLineInput } from "@/shared/schemas/invoice";
import { idColumn, timestamps } from "./columns";
import { maxLength, notBlank } from "./limits";
import { companyIdColumn, personColumn } from "./references";
import { invoices } from "./billing";

export const quoteStatus = pgEnum("quote_status", storedQuoteStatuses);
export const quoteInvoicing = pgEnum("quote_invoicing", quoteInvoicings);

/** The PDF's bytes, kept with the quote: the document sent is the one accepted, byte for byte. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * A quote (issue 42, ADR 049): lines and totals as an invoice's, a number of its own series
 * (`Q-0001`), and the customer's signed answer. Sending it renders its PDF once and keeps it with
 * its SHA-256 (`document`, `document_sha256`); an acceptance records who signed, when, from where,
 * the signature, and that hash. Answered, it never changes again (the service's lock decides;
 * the checks below keep the columns of each status together).
 */
export const quotes = pgTable(
  "quotes",
  {
    id: idColumn(),
    // A quote is a commercial record, as an invoice is: its company cannot be deleted by accident.
    companyId: companyIdColumn("restrict"),
    quoteNumber: text("quote_number").notNull().unique(),
    title: text("title").notNull(),
    // Validated as an invoice's lines on the way in; the totals below are computed from them.
    lines: jsonb("lines").$type<InvoiceLineInput[]>().notNull(),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    subtotal: numeric("subtotal", { precision: 12, scale: 2 }).notNull(),
    tax: numeric("tax", { precision: 12, scale: 2 }).notNull(),
    notes: text("notes"),
    terms: text("terms"),
    validUntil: date("valid_until").notNull(),
    status: quoteStatus("status").notNull().default("draft"),
    invoicing: quoteInvoicing("invoicing").notNull().default("none"),
    depositPercent: numeric("deposit_percent", { precision: 5, scale: 2 }),
    depositAmount: numeric("deposit_amount", { precision: 12, scale: 2 }),
    invoiceStatus: text("invoice_status", { enum: ["draft", "unpaid"] }).notNull().default("unpaid"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    document: bytea("document"),
    documentSha256: text("document_sha256"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    answeredBy: personColumn("answered_by"),
    signerName: text("signer_name"),
    signature: text("signature"),
    signerIp: text("signer_ip"),
    signerUserAgent: text("signer_user_agent"),
    // The accepted PDF, rendered once at the acceptance: what was signed never changes with the company's details or the brand.
    acceptedDocument: bytea("accepted_document"),
    declineReason: text("decline_reason"),
    // The invoice its acceptance made; a draft of it may be deleted.
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    createdBy: personColumn("created_by"),
    ...timestamps(),
  },
  (t) => [
    notBlank("quotes_number_not_blank", t.quoteNumber),
    notBlank("quotes_title_not_blank", t.title),
    maxLength("quotes_title_length", t.title, QUOTE_TITLE_MAX),
    maxLength("quotes_notes_length", t.notes, QUOTE_NOTES_MAX),
    maxLength("quotes_terms_length", t.terms, QUOTE_TERMS_MAX),
    maxLength("quotes_signer_name_length", t.signerName, SIGNER_NAME_MAX),
    maxLength("quotes_signature_length", t.signature, SIGNATURE_DATA_URL_MAX),
    maxLength("quotes_decline_reason_length", t.declineReason, DECLINE_REASON_MAX),
    check("quotes_total_is_subtotal_and_tax", sql`${t.amount} = ${t.subtotal} + ${t.tax}`),
    check("quotes_invoice_status", sql`${t.invoiceStatus} IN ('draft', 'unpaid')`),
    check("quotes_deposit_percent_range", sql`${t.depositPercent} IS NULL OR ${t.depositPercent} BETWEEN 1 AND 100`),
    check("quotes_deposit_amount_positive", sql`${t.depositAmount} IS NULL OR ${t.depositAmount} > 0`),
    check(
      "quotes_deposit_only_with_deposit",
      sql`(${t.invoicing}::text = 'deposit') = ((${t.depositPercent} IS NULL) <> (${t.depositAmount} IS NULL))`,
    ),
    // Sent (and later answered) exactly when it has its document.
    check("quotes_sent_iff_document", sql`(${t.status}::text = 'draft') = (${t.sentAt} IS NULL) AND (${t.sentAt} IS NULL) = (${t.document} IS NULL) AND (${t.document} IS NULL) = (${t.documentSha256} IS NULL)`),
    check("quotes_answered_iff_answered_at", sql`(${t.status}::text IN ('accepted', 'declined')) = (${t.answeredAt} IS NOT NULL)`),
    check("quotes_accepted_iff_signed", sql`(${t.status}::text = 'accepted') = (${t.signature} IS NOT NULL AND ${t.signerName} IS NOT NULL AND ${t.acceptedDocument} IS NOT NULL)`),
    index("quotes_company_id_created_at_idx").on(t.companyId, t.createdAt.desc()),
    index("quotes_created_at_idx").on(t.createdAt.desc(), t.id),
    index("quotes_invoice_id_idx").on(t.invoiceId),
  ],
);
