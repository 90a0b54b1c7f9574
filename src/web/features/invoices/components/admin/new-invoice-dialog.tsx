import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import type { CreateInvoiceInput } from "@/shared/schemas/invoice";
import { createInvoiceInputSchema } from "@/web/lib/schemas/invoice";
import { DialogFormActions, NewItemDialog, useNewItemForm } from "@/web/components/new-item-dialog";
import { Field } from "@/web/components/ui/field";
import { useCreateInvoice } from "../../api/use-create-invoice";
import { CompanySelect } from "@/web/features/companies";
import { InvoiceFields } from "./invoice-fields";
import { emptyInvoiceForm, reportFailedInvoiceSave, type InvoiceFormValues } from "./invoice-form-values";

/** The admin's 'Create New Invoice' dialog; the company list loads when it opens. */
export function NewInvoiceDialog() {
  const createInvoice = useCreateInvoice();
  const form = useForm<InvoiceFormValues, unknown, CreateInvoiceInput>({
    resolver: zodResolver(createInvoiceInputSchema),
    defaultValues: emptyInvoiceForm(),
  });
  const { errors, isSubmitting } = form.formState;

  const { open, onOpenChange, onSubmit } = useNewItemForm({
    reset: () => form.reset(emptyInvoiceForm()),
    create: (input: CreateInvoiceInput) => createInvoice.mutateAsync(input),
    created: "Invoice created successfully",
    onError: (error) => reportFailedInvoiceSave(form, error, "Error creating invoice"),
  });

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
