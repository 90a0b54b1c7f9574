import { and, eq } from "drizzle-orm";
import { can } from "@/shared/policies";
import { invoiceTextFieldNames, invoiceTextFields } from "@/shared/rules/invoice-fields";
import type { InvoiceExportQuery } from "@/shared/schemas/invoice";
import { eachRow, keysetBatches, keysetColumns } from "@/server/db/keyset-batches";
import { companies, invoices } from "@/server/db/schema";
import type { CsvCell } from "@/server/http/csv";
import { forbidden } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { invoiceListFilter } from "./invoice-list-filter";
import { invoiceTextColumns } from "./invoice-text-columns";
import { overdueOn, todayIn } from "./overdue";
import { amountDueColumn, shownStatusColumn } from "./invoice-amounts";

/**
 * The text fields the export carries (`csv` in rules/invoice-fields.ts), after the fixed columns:
 * a spreadsheet that reads the columns by position keeps working when one is added.
 */
export const csvTextFields = invoiceTextFieldNames.filter((name) => invoiceTextFields[name].csv);

/** The export's header row; each row below follows it. */
export const invoiceCsvColumns = [
  "invoice_number",
  "company",
  "status",
  "overdue",
  "issue_date",
  "due_date",
  "subtotal",
  "tax",
  "total",
  "amount_paid",
  "amount_due",
  "currency",
  "paid_at",
  "issued_at",
  "created_at",
  ...csvTextFields.map((name) => invoiceTextFields[name].column),
];

export interface InvoiceExportOptions {
  /** Rows per database query (tests make it small to cross batch boundaries). */
  batchSize?: number;
}

/**
 * Every invoice of the admin's list with these filters, in the list's order, as CSV rows: read in
 * keyset batches as the rows are consumed, so 100,000 invoices never sit in memory together.
 * Refuses before any row is read: once a download has begun it can no longer answer 403.
 */
export function exportInvoices(ctx: ServiceContext, { batchSize, ...query }: InvoiceExportQuery & InvoiceExportOptions): AsyncIterable<CsvCell[]> {
  if (!can(ctx.actor, "readAll", "invoice")) throw forbidden();
  return invoiceRows(ctx, query, { batchSize });
}

async function* invoiceRows({ db, actor, billing }: ServiceContext, query: InvoiceExportQuery, { batchSize }: InvoiceExportOptions): AsyncGenerator<CsvCell[]> {
  // Not prepared statements: the embedded database's read cache (prepared.ts) would keep every
  // batch of the file in memory, the very thing the batches avoid.
  const where = invoiceListFilter(actor, query).whereWithValues();
  // One day for the whole file, even when the download runs past midnight.
  const overdue = overdueOn(todayIn(billing.timeZone));
  const batches = keysetBatches({
    createdAt: invoices.createdAt,
    id: invoices.id,
    sort: query.sort,
    batchSize,
    batch: ({ after, orderBy, limit }) =>
      db
        .select({
          ...keysetColumns(invoices.createdAt, invoices.id),
          invoiceNumber: invoices.invoiceNumber,
          company: companies.name,
          status: shownStatusColumn,
          overdue,
          issueDate: invoices.issueDate,
          dueDate: invoices.dueDate,
          // numeric arrives as exact decimal text ("1234.50"): written as is, never through a float.
          subtotal: invoices.subtotal,
          tax: invoices.tax,
          total: invoices.amount,
          amountPaid: invoices.amountPaid,
          amountDue: amountDueColumn,
          paidAt: invoices.paidAt,
          issuedAt: invoices.issuedAt,
          createdAt: invoices.createdAt,
          ...invoiceTextColumns,
        })
        .from(invoices)
        .innerJoin(companies, eq(companies.id, invoices.companyId))
        .where(and(where, after))
        .orderBy(...orderBy)
        .limit(limit),
  });
  for await (const row of eachRow(batches)) {
    yield [
      row.invoiceNumber,
      row.company,
      row.status,
      row.overdue,
      row.issueDate,
      row.dueDate,
      row.subtotal,
      row.tax,
      row.total,
      row.amountPaid,
      row.amountDue,
      billing.currency,
      row.paidAt,
      row.issuedAt,
      row.createdAt,
      ...csvTextFields.map((name) => row[name]),
    ];
  }
}
