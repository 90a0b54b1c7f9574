import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import type { ApiBody } from "@/web/lib/api-types";
import { queryRoots } from "@/web/lib/query-keys";

/** Any invoice edit: the list's paid/unpaid toggle and the Edit dialog. */
export function useUpdateInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ApiBody<"patch", "/invoices/:id"> }) =>
      api.patch("/invoices/:id", { param: { id }, json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: [queryRoots.invoices] }),
  });
}
