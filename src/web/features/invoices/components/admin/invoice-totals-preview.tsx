import { useLingui } from "@lingui/react/macro";
import { useWatch, type Control } from "react-hook-form";
import { invoiceTotals } from "@/shared/rules/money";
import { formatAmount } from "@/shared/format";
import { formatCurrency } from "@/web/lib/format-currency";
import { countableLines } from "./invoice-line-values";
import type { InvoiceFormValues, InvoiceSubmit } from "./invoice-form-values";

/**
 * Subtotal, tax and total as the admin types, computed with the server's own money module, so the
 * preview and the stored invoice never differ by a cent. Lines with an invalid figure are left out
 * until they are fixed. A new invoice's currency is not known before it is saved: plain amounts then.
 */
export function InvoiceTotalsPreview({ control, currency }: { control: Control<InvoiceFormValues, unknown, InvoiceSubmit>; currency?: string | undefined }) {
  const { t } = useLingui();
  const lines = useWatch({ control, name: "lines" });
  const totals = invoiceTotals(countableLines(lines));
  // The key names the test id, whatever the language of the label.
  const rows = [
    ["subtotal", t`Subtotal`, totals.subtotal],
    ["tax", t`Tax`, totals.tax],
    ["total", t`Total`, totals.total],
  ] as const;
  return (
    <dl className="ml-auto w-full max-w-xs space-y-1 text-sm" aria-label={t`Invoice totals`} aria-live="polite">
      {rows.map(([key, label, amount]) => (
        <div key={key} className={key === "total" ? "flex justify-between border-t border-border pt-1 font-semibold" : "flex justify-between"}>
          <dt>{label}</dt>
          <dd data-testid={`preview-${key}`} className="tabular-nums">
            {currency ? formatCurrency(amount, currency) : formatAmount(amount)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
