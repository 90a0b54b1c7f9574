import { useQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { loggedLoad } from "@/web/lib/logged-load";
import { queryRoots } from "@/web/lib/query-keys";

/** What needs the team across every company (admins), in one request (ADR 035); refreshed live like the company overview. */
export function useWorkQueue() {
  return useQuery({
    queryKey: [queryRoots.overview, "work-queue"] as const,
    queryFn: () => loggedLoad("work queue", () => api.get("/overview/work-queue")),
  });
}
