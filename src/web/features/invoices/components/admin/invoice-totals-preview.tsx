import { useLingui } from "@lingui/react/macro";
import { useWatch, type Control } from "react-hook-form";
import { invoiceTotals } from "@/shared/rules/money";
import { TotalsList } from "../totals-list";
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
  return <TotalsList label={t`Invoice totals`} testIdPrefix="preview" amounts={invoiceTotals(countableLines(lines))} currency={currency} live />;
}
