import { can, type PolicyActor } from "@/shared/policies";
import type { InvoiceListQuery } from "@/shared/schemas/invoice";
import { invoices } from "@/server/db/schema";
import type { ListFilter } from "@/server/db/scope";
import { invoiceScope } from "../scopes";

/**
 * The invoices a list shows the actor: their scope, then the status, company (admins only: a
 * customer's list is always their own company's) and invoice-number search. One function, so
 * the page and the CSV export of the same filters can never disagree.
 */
export function invoiceListFilter(actor: PolicyActor, query: Pick<InvoiceListQuery, "status" | "companyId" | "q">): ListFilter {
  return invoiceScope(actor)
    .filter()
    .equals("status", invoices.status, query.status)
    .equals("company", invoices.companyId, can(actor, "readAll", "invoice") ? query.companyId : undefined)
    .contains("q", invoices.invoiceNumber, query.q);
}
