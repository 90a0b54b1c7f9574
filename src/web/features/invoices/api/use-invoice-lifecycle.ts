import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/** A draft copy of an unpaid or void invoice (admin): the answer is the new draft, to open next. */
export function useReissueInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.create("/invoices/:id/reissue", { param: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [queryRoots.invoices] }),
  });
}

/** Deletes a draft (the server refuses an issued invoice: it is voided instead). */
export function useDeleteInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete("/invoices/:id", { param: { id } }),
    // Everything but the deleted draft's own detail, which would only refetch into a 404 on the
    // page the caller is leaving.
    onSuccess: (_, id) => client.invalidateQueries({ queryKey: [queryRoots.invoices], predicate: ({ queryKey }) => queryKey[2] !== id }),
  });
}

/**
 * The number the server suggests for a new invoice, asked each time the dialog opens (another
 * admin may have taken the last one meanwhile), never cached between openings.
 */
export function useNextInvoiceNumber({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [queryRoots.invoices, "next-number"] as const,
    queryFn: () => api.get("/invoices/next-number"),
    enabled,
    gcTime: 0,
    staleTime: 0,
  });
}
