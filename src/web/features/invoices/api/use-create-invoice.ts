import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateInvoiceInput, Invoice } from "@/shared/schemas/invoice";
import { apiPost } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

export function useCreateInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInvoiceInput) => apiPost<Invoice>("/invoices", input),
    onSuccess: () => client.invalidateQueries({ queryKey: [queryRoots.invoices] }),
  });
}
