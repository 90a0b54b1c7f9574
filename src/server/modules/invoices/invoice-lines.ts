import { asc, eq, sql } from "drizzle-orm";
import { invoiceTotals, lineAmounts } from "@/shared/rules/money";
import type { InvoiceLine, InvoiceLineInput } from "@/shared/schemas/invoice";
import type { Database } from "@/server/db/client";
import { prepared } from "@/server/db/prepared";
import { invoiceLines } from "@/server/db/schema";

/** What an invoice priced by one `amount` bills: one untaxed line, as the backfill of migration 0015 made. */
export const singleLine = (amount: string): InvoiceLineInput[] => [{ description: "Services", quantity: "1", unitPrice: amount, taxRate: null }];

/** The invoice's columns that follow from its lines, computed here and never taken from a client. */
export function totalColumns(lines: readonly InvoiceLineInput[]) {
  const totals = invoiceTotals(lines);
  return { amount: totals.total, subtotal: totals.subtotal, tax: totals.tax };
}

/** Replaces every line of the invoice (inside the caller's transaction, with the invoice's own update). */
export async function replaceLines(tx: Pick<Database, "delete" | "insert">, invoiceId: string, lines: readonly InvoiceLineInput[]): Promise<void> {
  await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  await tx.insert(invoiceLines).values(
    lines.map((line, position) => {
      const { total, tax } = lineAmounts(line);
      return { invoiceId, position, description: line.description, quantity: line.quantity, unitPrice: line.unitPrice, taxRate: line.taxRate ?? null, lineTotal: total, lineTax: tax };
    }),
  );
}

/** The lines of an invoice the caller was already allowed to read, in order. */
export async function linesOf(db: Database, invoiceId: string): Promise<InvoiceLine[]> {
  const statement = prepared(db, "invoice_lines_of_invoice", (name) =>
    db
      .select({
        id: invoiceLines.id,
        description: invoiceLines.description,
        quantity: invoiceLines.quantity,
        unitPrice: invoiceLines.unitPrice,
        taxRate: invoiceLines.taxRate,
        total: invoiceLines.lineTotal,
        tax: invoiceLines.lineTax,
      })
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, sql.placeholder("invoiceId")))
      .orderBy(asc(invoiceLines.position))
      .prepare(name),
  );
  return statement.execute({ invoiceId });
}
