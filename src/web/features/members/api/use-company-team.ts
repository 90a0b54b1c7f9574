import { useQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { loggedLoad } from "@/web/lib/logged-load";
import { queryRoots } from "@/web/lib/query-keys";

/**
 * Under the companies root: a team change publishes a "company" event (lib/realtime.ts), which
 * refreshes every open Team section of that company, and the caller's `me` with it.
 */
export const companyTeamQueryKey = (companyId: string) => [queryRoots.companies, "team", companyId] as const;

/** The company's members (owners first) and pending invitations (newest first). */
export function useCompanyTeam(companyId: string) {
  return useQuery({
    queryKey: companyTeamQueryKey(companyId),
    queryFn: () => loggedLoad("the team", () => api.get("/companies/:id/team", { param: { id: companyId } })),
  });
}
