import { desc, eq, type SQL } from "drizzle-orm";
import { upcoming } from "@/shared/rules/recurring";
import { invoiceTotals, lineAmounts } from "@/shared/rules/money";
import type { RecurringInvoice, RecurringInvoiceDetail } from "@/shared/schemas/recurring";
import type { Database } from "@/server/db/client";
import { companies, invoices, recurringInvoiceRuns, recurringInvoices } from "@/server/db/schema";

const columns = {
  id: recurringInvoices.id,
  company: { id: companies.id, name: companies.name },
  lines: recurringInvoices.lines,
  notes: recurringInvoices.notes,
  issueStatus: recurringInvoices.issueStatus,
  dueDays: recurringInvoices.dueDays,
  frequency: recurringInvoices.frequency,
  dayOfMonth: recurringInvoices.dayOfMonth,
  startDate: recurringInvoices.startDate,
  endDate: recurringInvoices.endDate,
  count: recurringInvoices.count,
  status: recurringInvoices.status,
  nextIndex: recurringInvoices.nextIndex,
  issuedCount: recurringInvoices.issuedCount,
  createdAt: recurringInvoices.createdAt,
  updatedAt: recurringInvoices.updatedAt,
};

type Row = Awaited<ReturnType<typeof selectRows>>[number];

const selectRows = (db: Pick<Database, "select">, where: SQL | undefined) =>
  db
    .select(columns)
    .from(recurringInvoices)
    .innerJoin(companies, eq(companies.id, recurringInvoices.companyId))
    .where(where)
    .orderBy(desc(recurringInvoices.createdAt), desc(recurringInvoices.id));

/** A row as the API answers it: the lines with their totals, the invoice's total in the installation's currency, and the next three dates while it runs. */
const toRecurring =
  (currency: string) =>
  ({ nextIndex, createdAt, updatedAt, ...row }: Row): RecurringInvoice => ({
    ...row,
    lines: row.lines.map((line) => ({ description: line.description, quantity: line.quantity, unitPrice: line.unitPrice, taxRate: line.taxRate ?? null, ...lineAmounts(line) })),
    amount: invoiceTotals(row.lines).total,
    currency,
    upcoming: row.status === "active" ? upcoming(row, { index: nextIndex, issued: row.issuedCount }) : [],
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  });

/** Every recurring invoice, newest first (admins: they are few, a page of them all). */
export async function selectRecurringInvoices(db: Pick<Database, "select">, currency: string): Promise<RecurringInvoice[]> {
  return (await selectRows(db, undefined)).map(toRecurring(currency));
}

/** One recurring invoice with the invoices it issued, newest period first; undefined when there is none. */
export async function selectRecurringInvoice(db: Pick<Database, "select">, id: string, currency: string): Promise<RecurringInvoiceDetail | undefined> {
  const [row] = await selectRows(db, eq(recurringInvoices.id, id));
  if (!row) return undefined;
  const runs = await db
    .select({ periodDate: recurringInvoiceRuns.periodDate, invoiceId: invoices.id, invoiceNumber: invoices.invoiceNumber })
    .from(recurringInvoiceRuns)
    .leftJoin(invoices, eq(invoices.id, recurringInvoiceRuns.invoiceId))
    .where(eq(recurringInvoiceRuns.recurringInvoiceId, id))
    .orderBy(desc(recurringInvoiceRuns.periodDate));
  return {
    ...toRecurring(currency)(row),
    runs: runs.map(({ periodDate, invoiceId, invoiceNumber }) => ({ periodDate, invoice: invoiceId === null ? null : { id: invoiceId, invoiceNumber: invoiceNumber! } })),
  };
}
