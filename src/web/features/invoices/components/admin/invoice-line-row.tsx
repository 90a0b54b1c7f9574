import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Trash2 } from "lucide-react";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import type { InvoiceForm } from "./invoice-form-values";
import type { LineFormValues } from "./invoice-line-values";
import { translateKnown } from "@/web/lib/i18n/known-messages";

interface InvoiceLineRowProps {
  form: InvoiceForm;
  index: number;
  disabled: boolean;
  /** The only line cannot go: an itemized invoice has at least one (Use a single amount instead). */
  removable: boolean;
  onRemove: () => void;
}

/** A line's inputs in the 12-column grid, left to right; the lines' column headings name the same columns. */
export const lineColumns: ReadonlyArray<{ key: keyof LineFormValues; label: MessageDescriptor; className: string; numeric?: boolean }> = [
  { key: "description", label: msg`Description`, className: "sm:col-span-5" },
  { key: "quantity", label: msg`Quantity`, className: "sm:col-span-2", numeric: true },
  { key: "unitPrice", label: msg`Unit Price`, className: "sm:col-span-2", numeric: true },
  { key: "taxRate", label: msg`Tax %`, className: "sm:col-span-2", numeric: true },
];

/** One line's inputs, each labelled with its line number for screen readers, and its errors under it. */
export function InvoiceLineRow({ form, index, disabled, removable, onRemove }: InvoiceLineRowProps) {
  const { t, i18n } = useLingui();
  const errors = form.formState.errors.lines?.[index];
  const line = index + 1;
  return (
    <li className="grid gap-2 rounded-md border border-border p-2 sm:grid-cols-12 sm:items-start sm:border-0 sm:p-0">
      {lineColumns.map(({ key, label: message, className, numeric }) => {
        const id = `invoice-line-${index}-${key}`;
        const label = i18n._(message);
        const error = errors?.[key]?.message;
        return (
          <div key={key} className={className}>
            <Input
              id={id}
              aria-label={t`${label}, line ${line}`}
              placeholder={label}
              autoComplete="off"
              inputMode={numeric ? "decimal" : undefined}
              disabled={disabled}
              aria-invalid={!!error}
              aria-describedby={error ? `${id}-error` : undefined}
              {...form.register(`lines.${index}.${key}`)}
            />
            {error ? (
              <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-destructive">
                {translateKnown(error)}
              </p>
            ) : null}
          </div>
        );
      })}
      <div className="sm:col-span-1">
        <Button variant="ghost" size="sm" disabled={disabled || !removable} onClick={onRemove} aria-label={t`Remove line ${line}`}>
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </div>
    </li>
  );
}
