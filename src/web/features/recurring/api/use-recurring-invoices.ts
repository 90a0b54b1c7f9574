import { useQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import type { ApiOutput } from "@/web/lib/api-types";
import { queryRoots } from "@/web/lib/query-keys";

export type RecurringInvoice = ApiOutput<"get", "/recurring-invoices">[number];
export type RecurringInvoiceDetail = ApiOutput<"get", "/recurring-invoices/:id">;

/*
 * Under the invoices root: the job announces each invoice it issues as an "invoice" change, which
 * then refetches an open schedule too (its issued count, its runs and its next dates).
 */
export const recurringRootKey = [queryRoots.invoices, "recurring"] as const;
export const recurringListKey = [...recurringRootKey, "list"] as const;
export const recurringQueryKey = (id: string) => [...recurringRootKey, "detail", id] as const;

/** Admin: every recurring invoice, newest first, each with its next three dates. */
export function useRecurringInvoices() {
  return useQuery({ queryKey: recurringListKey, queryFn: () => api.get("/recurring-invoices") });
}

/** Admin: one recurring invoice with the invoices it issued. */
export function useRecurringInvoice(id: string) {
  return useQuery({ queryKey: recurringQueryKey(id), queryFn: () => api.get("/recurring-invoices/:id", { param: { id } }) });
}
