import { useMutation } from "@tanstack/react-query";
import { api } from "@/web/lib/api";

/**
 * Opens the provider's hosted checkout for the amount due, or the part the customer chose where the
 * invoice allows it (ADR 043); the answer is where to send the browser. Nothing is paid until the
 * provider's signed webhook says so, so nothing is refetched here.
 */
export function useCheckout() {
  return useMutation({
    mutationFn: ({ id, amount }: { id: string; amount?: string | undefined }) =>
      api.create("/invoices/:id/checkout", { param: { id }, json: amount === undefined ? {} : { amount } }),
  });
}
