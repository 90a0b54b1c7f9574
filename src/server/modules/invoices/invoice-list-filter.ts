import { sql } from "drizzle-orm";
import { can, type PolicyActor } from "@/shared/policies";
import type { InvoiceListQuery } from "@/shared/schemas/invoice";
import { invoices } from "@/server/db/schema";
import type { ListFilter } from "@/server/db/scope";
import { invoiceScope } from "../scopes";

/**
 * The invoices a list shows the actor: their scope, then the status, company (admins only: a
 * customer's list is always their own company's) and invoice-number search. One function, so
 * the page and the CSV export of the same filters can never disagree. `partially_paid` is stored
 * as `unpaid` (ADR 043): it is an unpaid one with money on it, and `unpaid` one without.
 */
export function invoiceListFilter(actor: PolicyActor, query: Pick<InvoiceListQuery, "status" | "companyId" | "q">): ListFilter {
  const stored = query.status === "partially_paid" ? "unpaid" : query.status;
  const filter = invoiceScope(actor).filter().equals("status", invoices.status, stored);
  if (query.status === "partially_paid") filter.always("partlyPaid", sql`${invoices.amountPaid} > 0`);
  if (query.status === "unpaid") filter.always("nothingPaid", sql`${invoices.amountPaid} = 0`);
  return filter
    .equals("company", invoices.companyId, can(actor, "readAll", "invoice") ? query.companyId : undefined)
    .contains("q", invoices.invoiceNumber, query.q);
}
