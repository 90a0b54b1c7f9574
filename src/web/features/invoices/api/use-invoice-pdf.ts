import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Invoice } from "@/shared/schemas/invoice";
import { fileRequest, uploadFile } from "@/web/features/files";
import { queryRoots } from "@/web/lib/query-keys";
import { invoicePdfHref } from "../lib/invoice-pdf-href";

/**
 * An invoice's PDF stored in Portico (admin): PUT uploads or replaces it, DELETE removes it and
 * leaves the external PDF URL as it was. Both answer the invoice; the lists refetch after.
 */
export function useInvoicePdf() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: [queryRoots.invoices] });
  const upload = useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => uploadFile<Invoice>(invoicePdfHref(id), file, "PUT"),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: async (id: string) => (await (await fileRequest(invoicePdfHref(id), "DELETE")).json()) as Invoice,
    onSuccess: refresh,
  });
  return { upload, remove };
}
