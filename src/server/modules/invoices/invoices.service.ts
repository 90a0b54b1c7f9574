import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { CreateInvoiceInput, Invoice, InvoiceListQuery, UpdateInvoiceInput } from "../../../shared/schemas/invoice";
import type { Page } from "../../../shared/schemas/pagination";
import { isUnambiguousLinkUrl } from "@/shared/rules/link-url";
import type { Database } from "../../db/client";
import { cappedCount, cappedTotalColumn, splitTotal } from "../../db/count";
import { prepared } from "../../db/prepared";
import { ListFilter, visibleTo } from "../../db/scope";
import { companies, invoices } from "../../db/schema";
import type { Actor } from "../../http/context";
import { badRequest, conflict, forbidden, notFound } from "../../http/problem";

/** A customer's invoice table is not paged (one company's invoices); this cap only guards the server. */
export const CUSTOMER_INVOICE_LIMIT = 1000;

/** Customers see their own company's invoices; a customer without a company sees none. */
const invoicesVisibleTo = (actor: Actor): SQL | undefined => visibleTo(actor, invoices.companyId);

const columns = {
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  // numeric comes back from the driver as an exact decimal string, e.g. "1234.50" (D6).
  amount: invoices.amount,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  pdfUrl: invoices.pdfUrl,
  status: invoices.status,
  createdAt: invoices.createdAt,
  updatedAt: invoices.updatedAt,
  company: { id: companies.id, name: companies.name },
};

type Row = { createdAt: Date; updatedAt: Date };
const toJson = <T extends Row>(row: T) => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

export async function listInvoices(db: Database, actor: Actor, query: InvoiceListQuery): Promise<Page<Invoice>> {
  const isAdmin = actor.role === "admin";
  const filter = new ListFilter(actor, invoices.companyId)
    .equals("status", invoices.status, query.status)
    .equals("company", invoices.companyId, isAdmin ? query.companyId : undefined)
    .contains("q", invoices.invoiceNumber, query.q);
  const page = isAdmin ? query.page : 1;
  const pageSize = isAdmin ? query.pageSize : CUSTOMER_INVOICE_LIMIT;
  // The filter's key tells admins ("all") from customers, whose order differs.
  const statement = prepared(db, `invoices_list_${filter.key}_${query.sort}`, (name) => {
    const where = filter.where();
    const direction = query.sort === "asc" ? asc : desc;
    // Customers read their invoices by issue date (spec), admins by creation (spec); both indexed.
    // The id tie-break runs opposite to the date, as in invoices_created_at_idx (created_at desc, id).
    const tieBreak = query.sort === "asc" ? desc(invoices.id) : asc(invoices.id);
    const order = isAdmin
      ? [direction(invoices.createdAt), tieBreak]
      : [direction(invoices.issueDate), direction(invoices.createdAt), tieBreak];
    return db
      .select({ ...columns, fullCount: cappedTotalColumn(invoices, where) })
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(name);
  });
  const selected = await statement.execute({ ...filter.values, limit: pageSize, offset: (page - 1) * pageSize });
  const { rows, counted } = await splitTotal(selected, page, () => cappedCount(db, invoices, filter.whereWithValues()));
  return { items: rows.map(toJson), ...counted, page, pageSize };
}

export async function findInvoice(db: Database, actor: Actor, id: string): Promise<Invoice> {
  const filter = new ListFilter(actor, invoices.companyId).equals("id", invoices.id, id);
  const statement = prepared(db, `invoice_${filter.key}`, (name) =>
    db.select(columns).from(invoices).innerJoin(companies, eq(companies.id, invoices.companyId)).where(filter.where()).prepare(name),
  );
  const [row] = await statement.execute(filter.values);
  // D11: another company's invoice answers exactly like a missing one.
  if (!row) throw notFound("Invoice not found");
  return toJson(row);
}

/** The only outbound URL we redirect to: an http(s) PDF link of an invoice the caller may see. */
export async function findInvoicePdfUrl(db: Database, actor: Actor, id: string): Promise<string> {
  const { pdfUrl } = await findInvoice(db, actor, id);
  // The database refuses other schemes too; checked again so a redirect can never be javascript: etc.,
  // and a link stored before ambiguous addresses were refused is never followed either.
  if (!pdfUrl || !/^https?:\/\//i.test(pdfUrl) || !isUnambiguousLinkUrl(pdfUrl)) throw notFound("This invoice has no PDF");
  return pdfUrl;
}

const duplicateNumber = () =>
  conflict("invoiceNumber: An invoice with this number already exists", [
    { field: "invoiceNumber", message: "An invoice with this number already exists" },
  ]);

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } }).cause ?? error;
  return (cause as { code?: unknown }).code === "23505";
}

export async function createInvoice(db: Database, actor: Actor, input: CreateInvoiceInput): Promise<Invoice> {
  if (actor.role !== "admin") throw forbidden();
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, input.companyId));
  if (!company) throw badRequest("companyId: No such company", [{ field: "companyId", message: "No such company" }]);
  try {
    // The amount string goes to numeric(12,2) as text, so it is stored exactly.
    const [created] = await db.insert(invoices).values(input).returning({ id: invoices.id });
    return findInvoice(db, actor, created!.id);
  } catch (error) {
    // The unique index decides, not a prior lookup, so two simultaneous requests cannot both win.
    if (isUniqueViolation(error)) throw duplicateNumber();
    throw error;
  }
}

export async function updateInvoice(db: Database, actor: Actor, id: string, input: UpdateInvoiceInput): Promise<Invoice> {
  if (actor.role !== "admin") throw forbidden();
  const current = await findInvoice(db, actor, id);
  const issueDate = input.issueDate ?? current.issueDate;
  const dueDate = input.dueDate === undefined ? current.dueDate : input.dueDate;
  if (dueDate && dueDate < issueDate) {
    throw badRequest("dueDate: Due date cannot be before the issue date", [
      { field: "dueDate", message: "Due date cannot be before the issue date" },
    ]);
  }
  try {
    await db
      .update(invoices)
      .set({ ...input, updatedAt: new Date() })
      .where(and(eq(invoices.id, id), invoicesVisibleTo(actor)));
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateNumber();
    throw error;
  }
  return findInvoice(db, actor, id);
}
