import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, numeric, pgEnum, pgTable, text, timestamp, unique, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { storedInvoiceStatuses } from "@/shared/enums";
import { eachInvoiceTextField, invoiceTextFieldNames, invoiceTextFields } from "@/shared/rules/invoice-fields";
import { idColumn, partOf, timestamps } from "./columns";
import { maxLength, notBlank } from "./limits";
import { companyIdColumn, personColumn } from "./references";

export const invoiceStatus = pgEnum("invoice_status", storedInvoiceStatuses);

/** The invoice's text fields (notes…), one nullable text column each, named as their table says. */
const textColumn = (name: string) => text(name);
const invoiceTextColumns = eachInvoiceTextField((field): ReturnType<typeof textColumn> => textColumn(field.column));

export const invoices = pgTable(
  "invoices",
  {
    id: idColumn(),
    // An invoice is a financial record: a company with invoices cannot be deleted by accident.
    companyId: companyIdColumn("restrict"),
    invoiceNumber: text("invoice_number").notNull().unique(),
    // Money is exact (DESIGN D6): numeric in SQL, a decimal string in JSON.
    // `amount` is the total (subtotal + tax): every reader from before line items keeps working.
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    // Computed by the server from the lines (shared/rules/money.ts), never sent by a client.
    subtotal: numeric("subtotal", { precision: 12, scale: 2 }).notNull(),
    tax: numeric("tax", { precision: 12, scale: 2 }).notNull(),
    ...invoiceTextColumns,
    issueDate: date("issue_date").notNull(),
    dueDate: date("due_date"),
    pdfUrl: text("pdf_url"),
    status: invoiceStatus("status").notNull().default("unpaid"),
    // The sum of its standing payments net of refunds (ADR 043), written with each payment.
    amountPaid: numeric("amount_paid", { precision: 12, scale: 2 }).notNull().default("0"),
    // Whether a customer may pay a part of the amount due online.
    allowPartialPayment: boolean("allow_partial_payment").notNull().default(false),
    // When and by whom it was marked paid; both cleared when it goes back to unpaid.
    paidAt: timestamp("paid_at", { withTimezone: true }),
    paidBy: personColumn("paid_by"),
    // When it left draft (ADR 026): null exactly while it is a draft.
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    // When it became void; cleared if it is un-voided.
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    // The invoice this one re-issues; issuing this one voids that one.
    replacesId: uuid("replaces_id").references((): AnyPgColumn => invoices.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    check("invoices_amount_not_negative", sql`${t.amount} >= 0`),
    notBlank("invoices_number_not_blank", t.invoiceNumber),
    maxLength("invoices_number_length", t.invoiceNumber, 100),
    maxLength("invoices_pdf_url_length", t.pdfUrl, 2048),
    ...invoiceTextFieldNames.map((name) => maxLength(`invoices_${invoiceTextFields[name].column}_length`, t[name], invoiceTextFields[name].max)),
    check("invoices_total_is_subtotal_and_tax", sql`${t.amount} = ${t.subtotal} + ${t.tax}`),
    check("invoices_due_after_issue", sql`${t.dueDate} IS NULL OR ${t.dueDate} >= ${t.issueDate}`),
    check("invoices_pdf_url_http", sql`${t.pdfUrl} IS NULL OR ${t.pdfUrl} ~* '^https?://'`),
    // Compared as text: migration 0016 adds the enum values and may not use them in its own transaction.
    check("invoices_issued_at_iff_issued", sql`(${t.status}::text = 'draft') = (${t.issuedAt} IS NULL)`),
    check("invoices_voided_at_iff_void", sql`(${t.status}::text = 'void') = (${t.voidedAt} IS NOT NULL)`),
    check("invoices_replaces_other", sql`${t.replacesId} IS NULL OR ${t.replacesId} <> ${t.id}`),
    index("invoices_company_id_issue_date_idx").on(t.companyId, t.issueDate.desc().nullsFirst()),
    index("invoices_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id),
    index("invoices_replaces_id_idx").on(t.replacesId),
    check("invoices_amount_paid_not_negative", sql`${t.amountPaid} >= 0`),
    // Overdue is "unpaid and due before today": the admin overview lists them across every company,
    // and unpaid invoices with a due date are a small part of a long billing history. A partially
    // paid invoice is stored as unpaid (ADR 043), so it is here too.
    index("invoices_unpaid_due_date_idx").on(t.dueDate, t.id).where(sql`${t.status} = 'unpaid' AND ${t.dueDate} IS NOT NULL`),
    index("invoices_number_trgm_idx").using("gin", sql`${t.invoiceNumber} gin_trgm_ops`),
  ],
);

/**
 * What an invoice bills, in order. Totals are stored as computed (half-up to cents per line), so
 * the invoice a customer saw never changes when the rounding rules are read again.
 */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: idColumn(),
    invoiceId: partOf("invoice_id", () => invoices.id),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    quantity: numeric("quantity", { precision: 12, scale: 3 }).notNull(),
    unitPrice: numeric("unit_price", { precision: 12, scale: 2 }).notNull(),
    taxRate: numeric("tax_rate", { precision: 5, scale: 2 }),
    lineTotal: numeric("line_total", { precision: 12, scale: 2 }).notNull(),
    lineTax: numeric("line_tax", { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    // Also the index the detail reads the lines in order by.
    unique("invoice_lines_invoice_position_unique").on(t.invoiceId, t.position),
    check("invoice_lines_position_range", sql`${t.position} >= 0 AND ${t.position} < 200`),
    notBlank("invoice_lines_description_not_blank", t.description),
    maxLength("invoice_lines_description_length", t.description, 500),
    check("invoice_lines_quantity_range", sql`${t.quantity} > 0 AND ${t.quantity} <= 9999999`),
    check("invoice_lines_unit_price_not_negative", sql`${t.unitPrice} >= 0`),
    check("invoice_lines_tax_rate_range", sql`${t.taxRate} IS NULL OR (${t.taxRate} >= 0 AND ${t.taxRate} <= 100)`),
    check("invoice_lines_totals_not_negative", sql`${t.lineTotal} >= 0 AND ${t.lineTax} >= 0`),
  ],
);
