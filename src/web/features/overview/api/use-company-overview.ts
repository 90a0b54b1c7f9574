import { useQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { loggedLoad } from "@/web/lib/logged-load";
import { queryRoots } from "@/web/lib/query-keys";

/**
 * The customer's company at a glance, counted by the server in one request (ADR 035). Under the
 * `overview` root, which every ticket, comment, invoice, message, project and company event
 * refreshes (lib/realtime.ts).
 */
export function useCompanyOverview() {
  return useQuery({
    queryKey: [queryRoots.overview, "company", "mine"] as const,
    queryFn: () => loggedLoad("company overview", () => api.get("/overview/company")),
  });
}
