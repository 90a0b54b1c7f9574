import Big from "big.js";
import { desc, eq, sql } from "drizzle-orm";
import { can } from "@/shared/policies";
import { isUnambiguousLinkUrl } from "@/shared/rules/link-url";
import type { Invoice, InvoiceDetail, InvoiceListQuery } from "@/shared/schemas/invoice";
import type { Page } from "@/shared/schemas/pagination";
import { creationOrder, pagedList } from "@/server/db/paged-list";
import { prepared } from "@/server/db/prepared";
import { companies, files, invoices, quotes } from "@/server/db/schema";
import { forbidden, notFound } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { invoiceScope } from "../scopes";
import { attachmentsOf } from "../files/file-select";
import { findInvoiceFile, type DownloadableFile } from "../files/files.service";
import { removeStoredBytes } from "../files/stored-bytes";
import { invoiceListFilter } from "./invoice-list-filter";
import { invoiceTextColumns } from "./invoice-text-columns";
import { linesOf } from "./invoice-lines";
import { invoiceEvent } from "./invoice-status";
import { overdueColumn, overdueValues } from "./overdue";
import { amountDueColumn, shownStatusColumn } from "./invoice-amounts";
import { standingPaymentsOf } from "../payments/payment-select";
import { noteListReads, noteRecordRead, type AccessRef } from "../access-log";

/** A customer's invoice table is not paged (one company's invoices); this cap only guards the server. */
export const CUSTOMER_INVOICE_LIMIT = 1000;

const columns = {
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  // numeric comes back from the driver as an exact decimal string, e.g. "1234.50" (D6).
  amount: invoices.amount,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  pdfUrl: invoices.pdfUrl,
  status: shownStatusColumn,
  subtotal: invoices.subtotal,
  tax: invoices.tax,
  ...invoiceTextColumns,
  overdue: overdueColumn,
  amountPaid: invoices.amountPaid,
  amountDue: amountDueColumn,
  allowPartialPayment: invoices.allowPartialPayment,
  paidAt: invoices.paidAt,
  issuedAt: invoices.issuedAt,
  voidedAt: invoices.voidedAt,
  replacesId: invoices.replacesId,
  createdAt: invoices.createdAt,
  updatedAt: invoices.updatedAt,
  company: { id: companies.id, name: companies.name },
};

type Row = { id: string; createdAt: Date; updatedAt: Date; paidAt: Date | null; issuedAt: Date | null; voidedAt: Date | null };
const toJson = <T extends Row>(row: T, currency: string) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
  issuedAt: row.issuedAt?.toISOString() ?? null,
  voidedAt: row.voidedAt?.toISOString() ?? null,
  currency,
});

/** The rows as answers, each with its stored PDF (one query for all of them) or null. */
async function withPdfs<T extends Row>({ db, billing }: ServiceContext, rows: readonly T[]) {
  const pdfs = await attachmentsOf(db, "invoiceId", rows.map((row) => row.id));
  return rows.map((row) => ({ ...toJson(row, billing.currency), pdf: pdfs.get(row.id)?.[0] ?? null }));
}

export async function listInvoices(ctx: ServiceContext, query: InvoiceListQuery): Promise<Page<Invoice>> {
  const { db, actor } = ctx;
  const readsAll = can(actor, "readAll", "invoice");
  const filter = invoiceListFilter(actor, query);
  const order = creationOrder(query.sort, invoices.createdAt, invoices.id, readsAll ? [] : [invoices.issueDate]);
  const { rows, ...counted } = await pagedList(db, {
    // The order differs by role, and the filter key says which (`all` or `own`/`none`).
    name: `invoices_list_${filter.key}_${query.sort}`,
    table: invoices,
    filter,
    paging: readsAll ? query : { page: 1, pageSize: CUSTOMER_INVOICE_LIMIT },
    values: overdueValues(ctx.billing.timeZone),
    select: (where, fullCount) =>
      db
        .select({ ...columns, fullCount })
        .from(invoices)
        .innerJoin(companies, eq(companies.id, invoices.companyId))
        .where(where)
        .orderBy(...order)
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset")),
  });
  const items = await withPdfs(ctx, rows);
  noteListReads(ctx, { rows: items, refOf: invoiceRef });
  return { items, ...counted };
}

/** An invoice as the access log names it (ADR 050); a draft is the provider's work in progress (ADR 026), no record of the company's yet. */
const invoiceRef = (invoice: Invoice): AccessRef | undefined =>
  invoice.status === "draft" ? undefined : { type: "invoice", id: invoice.id, companyId: invoice.company.id, label: invoice.invoiceNumber };

/** A staff read of one invoice (its page or its PDF): recorded, with its reason asked for under REQUIRE_ACCESS_REASON. */
async function noteInvoiceRead(ctx: ServiceContext, invoice: Invoice): Promise<void> {
  const ref = invoiceRef(invoice);
  if (ref) await noteRecordRead(ctx, ref);
}

/** GET /invoices/{id}: the invoice's detail, its read by staff recorded. */
export async function readInvoiceDetail(ctx: ServiceContext, id: string): Promise<InvoiceDetail> {
  const invoice = await findInvoiceDetail(ctx, id);
  await noteInvoiceRead(ctx, invoice);
  return invoice;
}

export async function findInvoice(ctx: ServiceContext, id: string): Promise<Invoice> {
  const { db, actor } = ctx;
  const filter = invoiceScope(actor).filter().equals("id", invoices.id, id);
  const statement = prepared(db, `invoice_${filter.key}`, (name) =>
    db.select(columns).from(invoices).innerJoin(companies, eq(companies.id, invoices.companyId)).where(filter.where()).prepare(name),
  );
  const [row] = await statement.execute({ ...filter.values, ...overdueValues(ctx.billing.timeZone) });
  // D11: another company's invoice answers exactly like a missing one.
  if (!row) throw notFound("Invoice not found");
  const [invoice] = await withPdfs(ctx, [row]);
  return invoice!;
}

/**
 * One invoice with its lines (the lists never load lines: a page stays one query), and the invoice
 * that re-issues it as the caller's scope shows it: an issued replacement before a draft, the
 * newest first; a customer never sees a draft one. Its standing payments, oldest first, and
 * whether the caller can pay it online now: online payment is on, the caller is a customer of its
 * company (an admin records payments instead), and something is due.
 */
export async function findInvoiceDetail(ctx: ServiceContext, id: string): Promise<InvoiceDetail> {
  const invoice = await findInvoice(ctx, id);
  // Prepared per scope, as findInvoice is: a detail's statements are planned and built once, not per request.
  const replacement = invoiceScope(ctx.actor).filter().equals("replaces", invoices.replacesId, id);
  const replacedByStatement = prepared(ctx.db, `invoice_replaced_by_${replacement.key}`, (name) =>
    ctx.db
      .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber })
      .from(invoices)
      .where(replacement.where())
      .orderBy(sql`${invoices.status} = 'draft'`, desc(invoices.createdAt))
      .limit(1)
      .prepare(name),
  );
  const [replacedBy] = await replacedByStatement.execute(replacement.values);
  const payOnline =
    ctx.payments !== null &&
    !can(ctx.actor, "readAll", "invoice") &&
    can(ctx.actor, "read", { type: "invoice", companyId: invoice.company.id }) &&
    (invoice.status === "unpaid" || invoice.status === "partially_paid") &&
    new Big(invoice.amountDue).gt(0);
  // An accepted quote is never a draft, and is of the invoice's company: whoever reads the invoice may read it.
  const [quote] = await ctx.db.select({ id: quotes.id, quoteNumber: quotes.quoteNumber }).from(quotes).where(eq(quotes.invoiceId, id)).limit(1);
  return { ...invoice, lines: await linesOf(ctx.db, id), replacedBy: replacedBy ?? null, quote: quote ?? null, payments: await standingPaymentsOf(ctx.db, id), payOnline };
}

/**
 * The PDF of an invoice the caller may see: the file stored in Portico, else its external link
 * (the only outbound URL we redirect to: http or https), else `missing` (Portico generates one:
 * invoices/pdf/generated-pdf.ts); 404 for a link that must not be followed.
 */
export async function findInvoicePdf(
  ctx: ServiceContext,
  id: string,
): Promise<({ file: DownloadableFile } | { url: string } | { missing: Invoice }) & { invoice: Invoice }> {
  const invoice = await findInvoice(ctx, id);
  await noteInvoiceRead(ctx, invoice);
  const { pdf, pdfUrl } = invoice;
  const file = pdf ? await findInvoiceFile(ctx, id) : undefined;
  if (file) return { file, invoice };
  if (!pdfUrl) return { missing: invoice, invoice };
  // The database refuses other schemes too; checked again so a redirect can never be javascript: etc.,
  // and a link stored before ambiguous addresses were refused is never followed either.
  if (!/^https?:\/\//i.test(pdfUrl) || !isUnambiguousLinkUrl(pdfUrl)) throw notFound("This invoice has no PDF");
  return { url: pdfUrl, invoice };
}

/** Removes the invoice's stored PDF (admins); its external `pdfUrl`, if any, stays. */
export async function removeInvoicePdf(ctx: ServiceContext, { id }: { id: string }): Promise<Invoice> {
  if (!can(ctx.actor, "update", "invoice")) throw forbidden();
  const before = await findInvoice(ctx, id);
  const removed = await ctx.db.transaction(async (tx) => {
    const rows = await tx.delete(files).where(eq(files.invoiceId, id)).returning({ id: files.id });
    if (rows.length) await ctx.record(tx, { announce: invoiceEvent(before) });
    return rows;
  });
  await removeStoredBytes(ctx.db, ctx.store, removed.map((row) => row.id));
  return findInvoice(ctx, id);
}
