import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import type { ApiBody, ApiOutput } from "@/web/lib/api-types";
import { queryRoots } from "@/web/lib/query-keys";
import { quoteQueryKey } from "./use-quotes";

/**
 * An owner's answer to a sent quote: the answer is the quote as it now stands, put in place at
 * once; accepting may have made an invoice, so the invoices refetch too. Sent as a create (a key,
 * retried once after a 502, a 503 or a network error): an answer lost on its way back is not a 409.
 */
function useAnswer<Body>(answer: (id: string, body: Body) => Promise<ApiOutput<"get", "/quotes/:id">>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Body }) => answer(id, body),
    onSuccess: (quote) => {
      client.setQueryData(quoteQueryKey(quote.id), quote);
      void client.invalidateQueries({ queryKey: [queryRoots.quotes, "list"] });
      void client.invalidateQueries({ queryKey: [queryRoots.invoices] });
    },
  });
}

export const useAcceptQuote = () =>
  useAnswer((id, json: ApiBody<"post", "/quotes/:id/accept">) => api.create("/quotes/:id/accept", { param: { id }, json }));

export const useDeclineQuote = () =>
  useAnswer((id, json: ApiBody<"post", "/quotes/:id/decline">) => api.create("/quotes/:id/decline", { param: { id }, json }));
