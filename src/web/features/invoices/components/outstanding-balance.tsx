import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";
import { formatCurrency } from "@/web/lib/format-currency";
import { useInvoiceBalance } from "../api/use-invoice-balance";

/** The customer's own outstanding balance, linked to the invoices behind it (Company page). */
export function OutstandingBalance() {
  const balance = useInvoiceBalance();
  if (balance.isPending) return <span className="text-muted-foreground">…</span>;
  // The rest of the page still works; the figure just says it is unknown.
  if (balance.isError)
    return (
      <span className="text-base font-normal text-muted-foreground">
        <Trans>Unavailable</Trans>
      </span>
    );
  return (
    <Link to="/dashboard/invoices" className="inline-flex min-h-11 items-center hover:underline">
      {formatCurrency(balance.data.outstanding, balance.data.currency)}
    </Link>
  );
}
