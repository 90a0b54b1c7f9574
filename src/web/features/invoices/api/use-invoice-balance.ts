import { useQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/**
 * What a company owes: what is left to pay of its unpaid invoices (partly paid ones too) and of the
 * overdue ones, computed by the
 * server. A customer's is always their own company's (the server ignores `companyId`); an admin
 * names the company. Under the `invoices` root, so any invoice change refetches it.
 */
export function useInvoiceBalance(companyId?: string) {
  return useQuery({
    queryKey: [queryRoots.invoices, "balance", companyId ?? "mine"] as const,
    queryFn: () => api.get("/invoices/balance", companyId ? { query: { companyId } } : {}),
  });
}
