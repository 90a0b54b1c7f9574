import { Trans } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { Invoice } from "@/shared/schemas/invoice";
import { checkoutMark, paymentStateOf } from "../lib/payment-return";

/**
 * Back from the provider's checkout (`?payment=returned`): the browser's return proves nothing
 * (ADR 043), so the page says it is confirming until the provider's webhook has changed the
 * invoice, which the event stream refetches; then it thanks the payer and drops the parameter.
 */
export function PaymentReturnStatus({ invoice }: { invoice: Pick<Invoice, "id" | "status" | "amountDue"> }) {
  const [params, setParams] = useSearchParams();
  const [before] = useState(() => (params.get("payment") === "returned" ? (checkoutMark(invoice.id) ?? paymentStateOf(invoice)) : undefined));
  // Arrived once the invoice differs from how it was before the checkout (or, without a mark, from how the page first loaded it).
  const arrived = before !== undefined && paymentStateOf(invoice) !== before;

  useEffect(() => {
    if (!arrived) return;
    checkoutMark(invoice.id, null);
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete("payment");
        return next;
      },
      { replace: true },
    );
  }, [arrived, invoice.id, setParams]);

  if (before === undefined) return null;
  return (
    <p role="status" className="rounded-md border border-border bg-muted/40 px-3 py-2 text-sm">
      {arrived ? <Trans>Payment received. Thank you!</Trans> : <Trans>Confirming your payment…</Trans>}
    </p>
  );
}
