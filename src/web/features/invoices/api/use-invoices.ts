import { useQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { loggedLoad } from "@/web/lib/logged-load";
import { queryRoots } from "@/web/lib/query-keys";

/** Refetched by the "invoice" event, which an added or removed PDF publishes too. */
export const invoicesQueryKey = [queryRoots.invoices, "list", {}] as const;

/** The customer's invoices, newest issue date first (all of them: the server scopes and does not page). */
export function useInvoices() {
  return useQuery({
    queryKey: invoicesQueryKey,
    // List load failures are only logged (spec section 8).
    queryFn: () => loggedLoad("invoices", () => api.get("/invoices")),
  });
}
