import { sql } from "drizzle-orm";
import { can } from "@/shared/policies";
import type { InvoiceBalance, InvoiceBalanceQuery } from "@/shared/schemas/invoice";
import { prepared } from "@/server/db/prepared";
import { invoices } from "@/server/db/schema";
import { badRequest } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { invoiceScope } from "../scopes";
import { overdueColumn, overdueValues } from "./overdue";
import { owedColumn } from "./invoice-amounts";

/** round(…, 2) keeps two decimals even for an empty sum: "0.00", never "0". What is owed of each: its amount less what was paid. */
const sumOf = (condition: ReturnType<typeof sql>) => sql<string>`round(coalesce(sum(${owedColumn}) FILTER (WHERE ${condition}), 0), 2)::text`;

/**
 * What a company owes: the amounts due of its unpaid invoices (partly paid ones at what is left,
 * ADR 043), and of the overdue ones among them.
 * A customer's is always their own company's (a customer without one owes nothing); an admin names
 * the company. Summed in SQL from the stored totals, so it always agrees with the invoices.
 */
export async function invoiceBalance(ctx: ServiceContext, query: InvoiceBalanceQuery): Promise<InvoiceBalance> {
  const { db, actor } = ctx;
  const readsAll = can(actor, "readAll", "invoice");
  if (readsAll && !query.companyId) throw badRequest("companyId: Choose a company", [{ field: "companyId", message: "Choose a company" }]);
  const filter = invoiceScope(actor)
    .filter()
    .equals("company", invoices.companyId, readsAll ? query.companyId : undefined);
  const statement = prepared(db, `invoice_balance_${filter.key}`, (name) =>
    db
      .select({ outstanding: sumOf(sql`${invoices.status} = 'unpaid'`), overdue: sumOf(overdueColumn) })
      .from(invoices)
      .where(filter.where())
      .prepare(name),
  );
  const [sums] = await statement.execute({ ...filter.values, ...overdueValues(ctx.billing.timeZone) });
  return { outstanding: sums!.outstanding, overdue: sums!.overdue, currency: ctx.billing.currency };
}
