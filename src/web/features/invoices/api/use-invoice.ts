import { useQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/** Under the `invoices` root, so the "invoice" event refetches an open detail too. */
export const invoiceQueryKey = (id: string) => [queryRoots.invoices, "detail", id] as const;

/** One invoice with its lines; another company's or a missing one is a 404 (D11), a malformed id a 400. */
export function useInvoice(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: invoiceQueryKey(id),
    queryFn: () => api.get("/invoices/:id", { param: { id } }),
    enabled,
  });
}
