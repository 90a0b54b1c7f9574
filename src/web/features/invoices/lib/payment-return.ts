import type { Invoice } from "@/shared/schemas/invoice";

/** What a payment changes on an invoice: the page waits for it to differ after the checkout. */
export const paymentStateOf = ({ status, amountDue }: Pick<Invoice, "status" | "amountDue">) => `${status}:${amountDue}`;

/**
 * The invoice as it was when Pay was pressed, kept for the return from the checkout, so the page
 * knows a payment arrived even when its webhook came before the page loaded again. `state`
 * undefined reads it, null forgets it. Storage may be refused (private mode): then nothing is kept.
 */
export function checkoutMark(invoiceId: string, state?: string | null): string | undefined {
  const key = `portico.checkout.${invoiceId}`;
  try {
    if (state === undefined) return sessionStorage.getItem(key) ?? undefined;
    if (state === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, state);
  } catch {
    // Nothing kept: the page then waits from what it loads first.
  }
  return undefined;
}
