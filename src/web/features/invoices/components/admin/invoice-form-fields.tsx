import { Trans, useLingui } from "@lingui/react/macro";
import { useWatch } from "react-hook-form";
import type { InvoiceStatus, StoredInvoiceStatus } from "@/shared/enums";
import { EnumSelectField } from "@/web/components/ui/enum-select-field";
import { Field } from "@/web/components/ui/field";
import { Input, Textarea } from "@/web/components/ui/input";
import { invoiceTextFieldNames, invoiceTextFields, type InvoiceTextFieldName } from "@/shared/rules/invoice-fields";
import { invoiceFieldWords } from "@/web/lib/i18n/invoice-field-words";
import { ISSUED_AMOUNTS_LOCKED } from "../../lib/invoice-lifecycle";
import type { InvoiceForm } from "./invoice-form-values";
import { InvoiceLinesField } from "./invoice-lines-field";
import { invoiceStatusMessages } from "@/web/lib/i18n/labels";

interface InvoiceFieldsProps {
  form: InvoiceForm;
  /** The installation's currency for the totals preview, when known. */
  currency?: string | undefined;
  /** An issued invoice: its number, issue date and money stay as they are (the server refuses a change). */
  issued?: boolean;
  /** The statuses the select offers; none where the screen changes the status with buttons. */
  statusChoices?: readonly StoredInvoiceStatus[] | undefined;
  /** Shown read-only in place of the select: an invoice with payments, whose status follows them (ADR 043). */
  fixedStatus?: InvoiceStatus | undefined;
}

/**
 * The fields of an invoice that the create dialog, the edit dialog and the detail page show,
 * checked by the same schema: everything but the company and the PDF file.
 */
export function InvoiceFields({ form, currency, issued = false, statusChoices, fixedStatus }: InvoiceFieldsProps) {
  const { t, i18n } = useLingui();
  const { errors } = form.formState;
  const issueDate = useWatch({ control: form.control, name: "issueDate" });
  // Read-only rather than disabled: a disabled input would drop out of the checked values.
  const fixed = issued ? { readOnly: true, "aria-describedby": "invoice-lines-locked" } : {};

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="invoice-number" label={t`Invoice Number`} required error={errors.invoiceNumber?.message}>
          <Input id="invoice-number" autoComplete="off" aria-invalid={!!errors.invoiceNumber} {...form.register("invoiceNumber")} {...fixed} />
        </Field>
        <Field id="invoice-issue-date" label={t`Issue Date`} required error={errors.issueDate?.message}>
          <Input id="invoice-issue-date" type="date" aria-invalid={!!errors.issueDate} {...form.register("issueDate")} {...fixed} />
        </Field>
        <Field id="invoice-due-date" label={t`Due Date`} error={errors.dueDate?.message}>
          <Input id="invoice-due-date" type="date" min={issueDate || undefined} aria-invalid={!!errors.dueDate} {...form.register("dueDate")} />
        </Field>
      </div>
      <InvoiceLinesField form={form} currency={currency} lockedReason={issued ? i18n._(ISSUED_AMOUNTS_LOCKED) : undefined} />
      <Field id="invoice-pdf-url" label={t`PDF URL`} error={errors.pdfUrl?.message}>
        <Input id="invoice-pdf-url" type="url" placeholder="https://" aria-invalid={!!errors.pdfUrl} {...form.register("pdfUrl")} />
      </Field>
      {fixedStatus ? (
        <Field id="invoice-status" label={t`Status`}>
          <Input id="invoice-status" readOnly value={i18n._(invoiceStatusMessages[fixedStatus])} aria-describedby="invoice-status-follows" />
          <p id="invoice-status-follows" className="text-xs text-muted-foreground">
            <Trans>The status follows the payments: record or remove a payment to change it.</Trans>
          </p>
        </Field>
      ) : statusChoices ? (
        <EnumSelectField id="invoice-status" label={t`Status`} error={errors.status?.message} values={statusChoices} labels={invoiceStatusMessages} {...form.register("status")} />
      ) : null}
      <div>
        {/* The label is the checkbox's tap target: a full 44 px row on a phone (WCAG 2.5.5). */}
        <label htmlFor="invoice-allow-partial-payment" className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input id="invoice-allow-partial-payment" type="checkbox" className="h-4 w-4 accent-primary" aria-describedby="invoice-allow-partial-payment-hint" {...form.register("allowPartialPayment")} />
          <Trans>Allow partial payments online</Trans>
        </label>
        <p id="invoice-allow-partial-payment-hint" className="text-xs text-muted-foreground">
          <Trans>The customer may pay part of the amount due when paying online.</Trans>
        </p>
      </div>
      {invoiceTextFieldNames.map((name) => (
        <TextField key={name} form={form} name={name} />
      ))}
    </>
  );
}

/** One text field of the shared table (rules/invoice-fields.ts): an input, or a text area for a multi-line one. */
function TextField({ form, name }: { form: InvoiceForm; name: InvoiceTextFieldName }) {
  const { i18n } = useLingui();
  const { max, shape } = invoiceTextFields[name];
  const id = `invoice-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  const error = form.formState.errors[name];
  const props = { id, maxLength: max, "aria-invalid": !!error, ...form.register(name) };
  return (
    <Field id={id} label={i18n._(invoiceFieldWords[name].label)} error={error?.message}>
      {shape === "multiline" ? <Textarea {...props} /> : <Input autoComplete="off" {...props} />}
    </Field>
  );
}
