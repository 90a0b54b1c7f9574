import { Trash2 } from "lucide-react";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import type { InvoiceForm } from "./invoice-form-values";
import type { LineFormValues } from "./invoice-line-values";

interface InvoiceLineRowProps {
  form: InvoiceForm;
  index: number;
  disabled: boolean;
  /** The only line cannot go: an itemized invoice has at least one (Use a single amount instead). */
  removable: boolean;
  onRemove: () => void;
}

const columns: ReadonlyArray<{ key: keyof LineFormValues; label: string; className: string; numeric?: boolean }> = [
  { key: "description", label: "Description", className: "sm:col-span-5" },
  { key: "quantity", label: "Quantity", className: "sm:col-span-2", numeric: true },
  { key: "unitPrice", label: "Unit Price", className: "sm:col-span-2", numeric: true },
  { key: "taxRate", label: "Tax %", className: "sm:col-span-2", numeric: true },
];

/** One line's inputs, each labelled with its line number for screen readers, and its errors under it. */
export function InvoiceLineRow({ form, index, disabled, removable, onRemove }: InvoiceLineRowProps) {
  const errors = form.formState.errors.lines?.[index];
  return (
    <li className="grid gap-2 rounded-md border border-border p-2 sm:grid-cols-12 sm:items-start sm:border-0 sm:p-0">
      {columns.map(({ key, label, className, numeric }) => {
        const id = `invoice-line-${index}-${key}`;
        const error = errors?.[key]?.message;
        return (
          <div key={key} className={className}>
            <Input
              id={id}
              aria-label={`${label}, line ${index + 1}`}
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
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <div className="sm:col-span-1">
        <Button variant="ghost" size="sm" disabled={disabled || !removable} onClick={onRemove} aria-label={`Remove line ${index + 1}`}>
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </div>
    </li>
  );
}
