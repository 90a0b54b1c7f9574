import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import type { ApiOutput } from "@/web/lib/api-types";
import { loggedLoad } from "@/web/lib/logged-load";
import { queryRoots } from "@/web/lib/query-keys";

const PAGE_SIZE = 24;

/** The customer's projects, newest first, a page at a time ("Load more"), optionally those whose name contains `q`. */
export function useProjects({ q = "" }: { q?: string } = {}) {
  return useInfiniteQuery({
    queryKey: [queryRoots.projects, "list", { pageSize: PAGE_SIZE, q }],
    queryFn: ({ pageParam }) => loggedLoad("projects", () => api.get("/projects", { query: { page: pageParam, pageSize: PAGE_SIZE, q: q || undefined } })),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

const OPTIONS_PAGE_SIZE = 100;
const OPTIONS_MAX_PAGES = 20;

/** Every project the caller may see, for a select (the New Ticket dialog). */
export function useProjectOptions() {
  return useQuery({
    queryKey: [queryRoots.projects, "options"],
    queryFn: () =>
      loggedLoad("projects", async () => {
        const all: ApiOutput<"get", "/projects">["items"] = [];
        for (let page = 1; page <= OPTIONS_MAX_PAGES; page++) {
          const result = await api.get("/projects", { query: { page, pageSize: OPTIONS_PAGE_SIZE, sort: "desc" } });
          all.push(...result.items);
          if (page * OPTIONS_PAGE_SIZE >= result.total) break;
        }
        return all
          .map((project) => ({ id: project.id, name: project.name }))
          .sort((a, b) => a.name.localeCompare(b.name));
      }),
  });
}
