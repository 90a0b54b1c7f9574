import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { toast } from "@/web/lib/toast";
import { invoiceStatuses, invoiceStatusLabels } from "@/shared/enums";
import type { CreateInvoiceInput } from "@/shared/schemas/invoice";
import { createInvoiceInputSchema } from "@/web/lib/schemas/invoice";
import { EnumSelectField } from "@/web/components/ui/enum-select-field";
import { DialogFormActions, NewItemDialog } from "@/web/components/new-item-dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { problemDetail } from "@/web/lib/api";
import { showServerFieldErrors } from "@/web/lib/form-errors";
import { useCreateInvoice } from "../../api/use-create-invoice";
import { CompanySelect } from "@/web/features/companies";
import { emptyInvoiceForm, type InvoiceFormValues } from "./invoice-form-values";

/** The admin's 'Create New Invoice' dialog; the company list loads when it opens. */
export function NewInvoiceDialog() {
  const [open, setOpen] = useState(false);
  const createInvoice = useCreateInvoice();
  const form = useForm<InvoiceFormValues, unknown, CreateInvoiceInput>({
    resolver: zodResolver(createInvoiceInputSchema),
    defaultValues: emptyInvoiceForm(),
  });
  const { errors, isSubmitting } = form.formState;
  const issueDate = useWatch({ control: form.control, name: "issueDate" });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) form.reset(emptyInvoiceForm());
  };

  const onSubmit = async (input: CreateInvoiceInput) => {
    try {
      await createInvoice.mutateAsync(input);
      toast.success("Invoice created successfully");
      onOpenChange(false);
    } catch (error) {
      console.error("Error creating invoice", error);
      // A duplicate number (409) or a validation error names its field: show it there too.
      showServerFieldErrors(form, error);
      const detail = problemDetail(error);
      toast.error(detail ? `Error creating invoice: ${detail}` : "Error creating invoice");
    }
  };

  return (
    <NewItemDialog trigger="New Invoice" title="Create New Invoice" open={open} onOpenChange={onOpenChange}>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
          <Field id="invoice-company" label="Company" required error={errors.companyId?.message}>
            <Controller
              control={form.control}
              name="companyId"
              render={({ field }) => (
                <CompanySelect id="invoice-company" value={field.value} onChange={field.onChange} onBlur={field.onBlur} invalid={!!errors.companyId} enabled={open} />
              )}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="invoice-number" label="Invoice Number" required error={errors.invoiceNumber?.message}>
              <Input id="invoice-number" autoComplete="off" aria-invalid={!!errors.invoiceNumber} {...form.register("invoiceNumber")} />
            </Field>
            <Field id="invoice-amount" label="Amount" required error={errors.amount?.message}>
              <Input id="invoice-amount" type="number" inputMode="decimal" min="0" step="0.01" aria-invalid={!!errors.amount} {...form.register("amount")} />
            </Field>
            <Field id="invoice-issue-date" label="Issue Date" required error={errors.issueDate?.message}>
              <Input id="invoice-issue-date" type="date" aria-invalid={!!errors.issueDate} {...form.register("issueDate")} />
            </Field>
            <Field id="invoice-due-date" label="Due Date" error={errors.dueDate?.message}>
              <Input id="invoice-due-date" type="date" min={issueDate || undefined} aria-invalid={!!errors.dueDate} {...form.register("dueDate")} />
            </Field>
          </div>
          <Field id="invoice-pdf-url" label="PDF URL" error={errors.pdfUrl?.message}>
            <Input id="invoice-pdf-url" type="url" placeholder="https://" aria-invalid={!!errors.pdfUrl} {...form.register("pdfUrl")} />
          </Field>
          <EnumSelectField id="invoice-status" label="Status" error={errors.status?.message} values={invoiceStatuses} labels={invoiceStatusLabels} {...form.register("status")} />
          <DialogFormActions submitLabel="Create Invoice" isSubmitting={isSubmitting} />
        </form>
    </NewItemDialog>
  );
}
