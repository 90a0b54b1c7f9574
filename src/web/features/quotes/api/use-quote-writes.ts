import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import type { ApiBody } from "@/web/lib/api-types";
import { queryRoots } from "@/web/lib/query-keys";

/*
 * The admin's writes of a quote: imported by admin screens only, so no customer downloads them
 * (bundle-budget.test.ts). Each refetches the quotes shown.
 */

const useRefresh = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [queryRoots.quotes] });
};

export function useCreateQuote() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (json: ApiBody<"post", "/quotes">) => api.create("/quotes", { json }), onSuccess: refresh });
}

/** A draft's edit (the server answers 409 once it was sent). */
export function useUpdateQuote() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ApiBody<"patch", "/quotes/:id"> }) => api.patch("/quotes/:id", { param: { id }, json: input }),
    onSuccess: refresh,
  });
}

export function useSendQuote() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => api.post("/quotes/:id/send", { param: { id } }), onSuccess: refresh });
}

export function useDeleteQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete("/quotes/:id", { param: { id } }),
    // Not the deleted draft's own detail, which would only refetch into a 404 on the page being left.
    onSuccess: (_, id) => client.invalidateQueries({ queryKey: [queryRoots.quotes], predicate: ({ queryKey }) => queryKey[2] !== id }),
  });
}
