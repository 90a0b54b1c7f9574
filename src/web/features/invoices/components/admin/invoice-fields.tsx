import { useWatch } from "react-hook-form";
import { invoiceStatuses, invoiceStatusLabels } from "@/shared/enums";
import { EnumSelectField } from "@/web/components/ui/enum-select-field";
import { Field } from "@/web/components/ui/field";
import { Input, Textarea } from "@/web/components/ui/input";
import { NOTES_MAX } from "@/web/lib/schemas/invoice";
import type { InvoiceForm } from "./invoice-form-values";
import { InvoiceLinesField } from "./invoice-lines-field";

interface InvoiceFieldsProps {
  form: InvoiceForm;
  /** The installation's currency for the totals preview, when known. */
  currency?: string | undefined;
  /** Why the amount and lines cannot change (a paid invoice). */
  lockedReason?: string | undefined;
}

/**
 * The fields of an invoice that both the create and the edit dialog show, checked by the same
 * schema: everything but the company, which an invoice keeps for life.
 */
export function InvoiceFields({ form, currency, lockedReason }: InvoiceFieldsProps) {
  const { errors } = form.formState;
  const issueDate = useWatch({ control: form.control, name: "issueDate" });

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="invoice-number" label="Invoice Number" required error={errors.invoiceNumber?.message}>
          <Input id="invoice-number" autoComplete="off" aria-invalid={!!errors.invoiceNumber} {...form.register("invoiceNumber")} />
        </Field>
        <Field id="invoice-issue-date" label="Issue Date" required error={errors.issueDate?.message}>
          <Input id="invoice-issue-date" type="date" aria-invalid={!!errors.issueDate} {...form.register("issueDate")} />
        </Field>
        <Field id="invoice-due-date" label="Due Date" error={errors.dueDate?.message}>
          <Input id="invoice-due-date" type="date" min={issueDate || undefined} aria-invalid={!!errors.dueDate} {...form.register("dueDate")} />
        </Field>
      </div>
      <InvoiceLinesField form={form} currency={currency} lockedReason={lockedReason} />
      <Field id="invoice-pdf-url" label="PDF URL" error={errors.pdfUrl?.message}>
        <Input id="invoice-pdf-url" type="url" placeholder="https://" aria-invalid={!!errors.pdfUrl} {...form.register("pdfUrl")} />
      </Field>
      <EnumSelectField id="invoice-status" label="Status" error={errors.status?.message} values={invoiceStatuses} labels={invoiceStatusLabels} {...form.register("status")} />
      <Field id="invoice-notes" label="Notes" error={errors.notes?.message}>
        <Textarea id="invoice-notes" maxLength={NOTES_MAX} aria-invalid={!!errors.notes} {...form.register("notes")} />
      </Field>
    </>
  );
}
