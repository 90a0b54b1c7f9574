import { useQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { loggedLoad } from "@/web/lib/logged-load";
import { queryRoots } from "@/web/lib/query-keys";

/** The customer's invoices, newest issue date first (all of them: the server scopes and does not page). */
export function useInvoices() {
  return useQuery({
    queryKey: [queryRoots.invoices, "list", {}],
    // List load failures are only logged (spec section 8).
    queryFn: () => loggedLoad("invoices", () => api.get("/invoices")),
  });
}
