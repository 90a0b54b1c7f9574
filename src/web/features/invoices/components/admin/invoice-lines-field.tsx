import { Trans, useLingui } from "@lingui/react/macro";
import { ListPlus, Plus } from "lucide-react";
import { useWatch } from "react-hook-form";
import { LINES_MAX } from "@/shared/rules/money";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import type { InvoiceForm } from "./invoice-form-values";
import { emptyLine, type LineFormValues } from "./invoice-line-values";
import { InvoiceLineRow, lineColumns } from "./invoice-line-row";
import { InvoiceTotalsPreview } from "./invoice-totals-preview";

interface InvoiceLinesFieldProps {
  form: InvoiceForm;
  /** The installation's currency, when known (an edited invoice carries it). */
  currency?: string | undefined;
  /** Why the amount and lines cannot change (a paid invoice), shown in their place's description. */
  lockedReason?: string | undefined;
}

/**
 * The invoice's money: a single Amount (the spec's dialog, stored as one "Services" line), or
 * itemized lines with a live subtotal, tax and total. Switching to lines starts from the amount.
 */
export function InvoiceLinesField({ form, currency, lockedReason }: InvoiceLinesFieldProps) {
  const { t, i18n } = useLingui();
  const { control, formState, register, getValues, setValue } = form;
  // Not useFieldArray: it would land in the forms chunk every customer screen loads (the bundle
  // budget), and rows keyed by position are enough for a list edited by its own buttons.
  const current = useWatch({ control, name: "lines" });
  const setLines = (lines: LineFormValues[]) => setValue("lines", lines, { shouldDirty: true });
  const itemized = current.length > 0;
  const locked = !!lockedReason || formState.isSubmitting;
  const reason = lockedReason ? (
    <p id="invoice-lines-locked" className="text-sm text-muted-foreground">
      {lockedReason}
    </p>
  ) : null;
  const wholeError = formState.errors.lines?.root?.message ?? formState.errors.lines?.message;

  if (!itemized) {
    return (
      <div className="space-y-2">
        <Field id="invoice-amount" label={t`Amount`} required error={formState.errors.amount?.message}>
          <Input
            id="invoice-amount"
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            disabled={!!lockedReason}
            aria-describedby={lockedReason ? "invoice-lines-locked" : undefined}
            aria-invalid={!!formState.errors.amount}
            {...register("amount")}
          />
        </Field>
        {reason}
        <Button variant="outline" size="sm" disabled={locked} onClick={() => setLines([{ ...emptyLine(), description: "Services", unitPrice: String(getValues("amount") ?? "").trim() }])}>
          <ListPlus className="h-4 w-4" aria-hidden />
          <Trans>Itemize with lines</Trans>
        </Button>
      </div>
    );
  }

  return (
    <fieldset className="space-y-3" aria-describedby={lockedReason ? "invoice-lines-locked" : undefined}>
      <legend className="text-sm font-medium">
        <Trans>Lines *</Trans>
      </legend>
      {reason}
      <div aria-hidden className="hidden grid-cols-12 gap-2 text-xs font-medium text-muted-foreground sm:grid">
        {lineColumns.map(({ key, label, className }) => (
          <span key={key} className={className}>
            {i18n._(label)}
          </span>
        ))}
      </div>
      <ol className="space-y-2">
        {current.map((_, index) => (
          <InvoiceLineRow
            key={index}
            form={form}
            index={index}
            disabled={locked}
            removable={current.length > 1}
            onRemove={() => setLines(getValues("lines").filter((__, at) => at !== index))}
          />
        ))}
      </ol>
      {wholeError ? (
        <p role="alert" className="text-sm text-destructive">
          {wholeError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={locked || current.length >= LINES_MAX} onClick={() => setLines([...getValues("lines"), emptyLine()])}>
          <Plus className="h-4 w-4" aria-hidden />
          <Trans>Add line</Trans>
        </Button>
        <Button variant="ghost" size="sm" disabled={locked} onClick={() => setLines([])}>
          <Trans>Use a single amount</Trans>
        </Button>
      </div>
      <InvoiceTotalsPreview control={control} currency={currency} />
    </fieldset>
  );
}
