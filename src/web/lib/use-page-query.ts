import { keepPreviousData, useQuery, type QueryKey } from "@tanstack/react-query";

/** One server page of an admin list; the previous page stays on screen while the next loads, so the table does not flash. */
export function usePageQuery<Data>(queryKey: QueryKey, queryFn: () => Promise<Data>) {
  return useQuery({ queryKey, queryFn, placeholderData: keepPreviousData });
}
