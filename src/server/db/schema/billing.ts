import { sql } from "drizzle-orm";
import { check, date, index, numeric, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { invoiceStatuses } from "@/shared/enums";
import { idColumn, timestamps } from "./columns";
import { maxLength, notBlank } from "./limits";
import { companyIdColumn } from "./references";

export const invoiceStatus = pgEnum("invoice_status", invoiceStatuses);

export const invoices = pgTable(
  "invoices",
  {
    id: idColumn(),
    // An invoice is a financial record: a company with invoices cannot be deleted by accident.
    companyId: companyIdColumn("restrict"),
    invoiceNumber: text("invoice_number").notNull().unique(),
    // Money is exact (DESIGN D6): numeric in SQL, a decimal string in JSON.
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    issueDate: date("issue_date").notNull(),
    dueDate: date("due_date"),
    pdfUrl: text("pdf_url"),
    status: invoiceStatus("status").notNull().default("unpaid"),
    ...timestamps(),
  },
  (t) => [
    check("invoices_amount_not_negative", sql`${t.amount} >= 0`),
    notBlank("invoices_number_not_blank", t.invoiceNumber),
    maxLength("invoices_number_length", t.invoiceNumber, 100),
    maxLength("invoices_pdf_url_length", t.pdfUrl, 2048),
    check("invoices_due_after_issue", sql`${t.dueDate} IS NULL OR ${t.dueDate} >= ${t.issueDate}`),
    check("invoices_pdf_url_http", sql`${t.pdfUrl} IS NULL OR ${t.pdfUrl} ~* '^https?://'`),
    index("invoices_company_id_issue_date_idx").on(t.companyId, t.issueDate.desc().nullsFirst()),
    index("invoices_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id),
    index("invoices_number_trgm_idx").using("gin", sql`${t.invoiceNumber} gin_trgm_ops`),
  ],
);
