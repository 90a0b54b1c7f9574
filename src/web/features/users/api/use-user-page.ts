import type { ListParams } from "@/web/components/ui/pagination";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";
import { usePageQuery } from "@/web/lib/use-page-query";

/** The admin Users table: one server page of accounts, searched by name or email address. */
export function useUserPage(params: ListParams) {
  const { page, q, sort } = params;
  return usePageQuery([queryRoots.users, "list", params], () => api.get("/users", { query: { page, q, sort } }));
}
