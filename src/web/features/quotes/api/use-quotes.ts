import { useQuery } from "@tanstack/react-query";
import type { QuoteStatus } from "@/shared/rules/quote";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";
import { usePageQuery } from "@/web/lib/use-page-query";

export interface QuoteListParams {
  page: number;
  status?: QuoteStatus | undefined;
}

/** One server page of quotes: every company's for an admin, the caller's company's (never a draft) for a customer. */
export function useQuotePage({ page, status }: QuoteListParams) {
  return usePageQuery([queryRoots.quotes, "list", { page, status }], () => api.get("/quotes", { query: { page, status } }));
}

/** Under the `quotes` root, so the "quote" event refetches an open quote too. */
export const quoteQueryKey = (id: string) => [queryRoots.quotes, "detail", id] as const;

/** One quote with its lines, acceptance or decline, and whether the caller may answer it now. */
export function useQuote(id: string) {
  return useQuery({ queryKey: quoteQueryKey(id), queryFn: () => api.get("/quotes/:id", { param: { id } }) });
}
