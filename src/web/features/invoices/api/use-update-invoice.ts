import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Invoice, UpdateInvoiceInput } from "@/shared/schemas/invoice";
import { apiPatch } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/** Any invoice edit; the list uses it to mark an invoice paid or unpaid. */
export function useUpdateInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateInvoiceInput }) => apiPatch<Invoice>(`/invoices/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: [queryRoots.invoices] }),
  });
}
