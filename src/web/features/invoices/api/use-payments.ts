import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import type { ApiBody } from "@/web/lib/api-types";
import { queryRoots } from "@/web/lib/query-keys";

/**
 * A bank transfer or cash an admin received (ADR 043): a create, so retried once with its
 * Idempotency-Key. The answer is the invoice again; every invoice query refetches (lists, balance).
 */
export function useRecordPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ApiBody<"post", "/invoices/:id/payments"> }) => api.create("/invoices/:id/payments", { param: { id }, json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: [queryRoots.invoices] }),
  });
}

/** Removes a payment an admin recorded (an online one is refunded at the provider instead: 409). */
export function useRemovePayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paymentId }: { id: string; paymentId: string }) => api.delete("/invoices/:id/payments/:paymentId", { param: { id, paymentId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [queryRoots.invoices] }),
  });
}
