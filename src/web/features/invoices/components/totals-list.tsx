import { useLingui } from "@lingui/react/macro";
import { formatAmount } from "@/shared/format";
import { formatCurrency } from "@/web/lib/format-currency";

interface TotalsListProps {
  /** The list's accessible name: "Totals" under a document's lines. */
  label: string;
  /** Names the rows' test ids ("invoice" gives "invoice-total"), whatever the language of their labels. */
  testIdPrefix: string;
  amounts: { subtotal: string; tax: string; total: string };
  /** Without one (a new invoice's is not known before it is saved), plain amounts. */
  currency?: string | undefined;
  /** Read out as it changes: the totals an admin's typing recomputes. */
  live?: boolean;
}

/** Subtotal, tax and total under the lines of an invoice, a quote or a recurring invoice's template, the total set off. */
export function TotalsList({ label, testIdPrefix, amounts, currency, live = false }: TotalsListProps) {
  const { t } = useLingui();
  const rows = [
    ["subtotal", t`Subtotal`, amounts.subtotal],
    ["tax", t`Tax`, amounts.tax],
    ["total", t`Total`, amounts.total],
  ] as const;
  return (
    <dl className="ml-auto max-w-xs space-y-1 text-sm" aria-label={label} aria-live={live ? "polite" : undefined}>
      {rows.map(([name, rowLabel, amount]) => (
        <div key={name} className={name === "total" ? "flex justify-between gap-8 border-t border-border pt-2 font-semibold" : "flex justify-between gap-8"}>
          <dt>{rowLabel}</dt>
          <dd data-testid={`${testIdPrefix}-${name}`} className="tabular-nums">
            {currency ? formatCurrency(amount, currency) : formatAmount(amount)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
