import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { DialogFormActions, NewItemDialog, useNewItemForm } from "@/web/components/new-item-dialog";
import { Field } from "@/web/components/ui/field";
import { uploadErrorText } from "@/web/features/files";
import { toast } from "@/web/lib/toast";
import { useCreateInvoice } from "../../api/use-create-invoice";
import { useInvoicePdf } from "../../api/use-invoice-pdf";
import { CompanySelect } from "@/web/features/companies";
import { InvoiceFields } from "./invoice-fields";
import { InvoicePdfField } from "./invoice-pdf-field";
import { invoiceFormResolver } from "./invoice-form-resolver";
import { emptyInvoiceForm, reportFailedInvoiceSave, type InvoiceFormValues, type InvoiceSubmit } from "./invoice-form-values";

/**
 * The admin's 'Create New Invoice' dialog; the company list loads when it opens. A chosen PDF is
 * uploaded right after the invoice is created.
 */
export function NewInvoiceDialog() {
  const createInvoice = useCreateInvoice();
  const { upload } = useInvoicePdf();
  const [pdf, setPdf] = useState<File[]>([]);
  const form = useForm<InvoiceFormValues, unknown, InvoiceSubmit>({
    resolver: invoiceFormResolver,
    defaultValues: emptyInvoiceForm(),
  });
  const { errors, isSubmitting } = form.formState;

  const { open, onOpenChange, onSubmit } = useNewItemForm({
    reset: () => {
      form.reset(emptyInvoiceForm());
      setPdf([]);
    },
    create: async (input: InvoiceSubmit) => {
      const invoice = await createInvoice.mutateAsync(input);
      const [file] = pdf;
      if (!file) return;
      try {
        await upload.mutateAsync({ id: invoice.id, file });
      } catch (error) {
        // The invoice stands: its Edit dialog takes the PDF again.
        console.error("Error uploading invoice PDF", error);
        toast.error(`Invoice ${invoice.invoiceNumber} was created without its PDF: ${uploadErrorText(error)}`, { description: "Add the PDF with Edit." });
      }
    },
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
          <InvoicePdfField file={pdf} onChange={setPdf} disabled={isSubmitting} />
          <DialogFormActions submitLabel="Create Invoice" isSubmitting={isSubmitting} />
        </form>
    </NewItemDialog>
  );
}
