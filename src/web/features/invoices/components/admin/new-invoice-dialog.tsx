import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "@/web/lib/toast";
import type { CreateInvoiceInput } from "@/shared/schemas/invoice";
import { createInvoiceInputSchema } from "@/web/lib/schemas/invoice";
import { DialogFormActions, NewItemDialog } from "@/web/components/new-item-dialog";
import { Field } from "@/web/components/ui/field";
import { problemDetail } from "@/web/lib/api";
import { showServerFieldErrors } from "@/web/lib/form-errors";
import { useCreateInvoice } from "../../api/use-create-invoice";
import { CompanySelect } from "@/web/features/companies";
import { InvoiceFields } from "./invoice-fields";
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
          <InvoiceFields form={form} />
          <DialogFormActions submitLabel="Create Invoice" isSubmitting={isSubmitting} />
        </form>
    </NewItemDialog>
  );
}
