import { useQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/** The admins selectable as a project's responsible team member. */
export function useTeam() {
  return useQuery({ queryKey: [queryRoots.team], queryFn: () => api.get("/team"), staleTime: 5 * 60_000 });
}
