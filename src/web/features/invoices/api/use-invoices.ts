import { useQuery } from "@tanstack/react-query";
import type { InvoicePage } from "@/shared/schemas/invoice";
import { apiGet } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/** The customer's invoices, newest issue date first (all of them: the server scopes and does not page). */
export function useInvoices() {
  return useQuery({
    queryKey: [queryRoots.invoices, "list", {}],
    queryFn: () =>
      apiGet<InvoicePage>("/invoices").catch((error: unknown) => {
        // List load failures are only logged (spec section 8).
        console.error("Failed to load invoices", error);
        throw error;
      }),
  });
}
