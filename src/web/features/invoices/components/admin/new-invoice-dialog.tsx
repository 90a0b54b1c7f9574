import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { DialogFormActions, NewItemDialog, useNewItemForm } from "@/web/components/new-item-dialog";
import { CompanyField } from "@/web/features/companies";
import { uploadErrorText } from "@/web/features/files";
import { toast } from "@/web/lib/toast";
import { useCreateInvoice } from "../../api/use-create-invoice";
import { useNextInvoiceNumber } from "../../api/use-invoice-lifecycle";
import { useInvoicePdf } from "../../api/use-invoice-pdf";
import { statusChoicesFor } from "../../lib/invoice-lifecycle";
import { InvoiceFields } from "./invoice-form-fields";
import { InvoicePdfField } from "./invoice-pdf-field";
import { invoiceFormResolver } from "./invoice-form-resolver";
import { emptyInvoiceForm, reportFailedInvoiceSave, type InvoiceForm, type InvoiceFormValues, type InvoiceSubmit } from "./invoice-form-values";
import { useCreateOnArrival } from "@/web/lib/create-on-arrival";

/**
 * Fills the number the server suggests into an untouched Invoice Number: what the admin typed
 * stays, even when the suggestion arrives after they started typing.
 */
function useSuggestedNumber(form: InvoiceForm, open: boolean) {
  const next = useNextInvoiceNumber({ enabled: open });
  // Not while a refetch is under way: the answer kept from the last opening may be taken already.
  const suggested = next.isFetching ? undefined : next.data?.invoiceNumber;
  useEffect(() => {
    if (!open || !suggested || form.getFieldState("invoiceNumber").isDirty || form.getValues("invoiceNumber")) return;
    form.setValue("invoiceNumber", suggested, { shouldDirty: false });
  }, [form, open, suggested]);
}

/**
 * The admin's 'Create New Invoice' dialog; the company list and the next number load when it
 * opens. A chosen PDF is uploaded right after the invoice is created.
 */
export function NewInvoiceDialog() {
  const { t } = useLingui();
  const createInvoice = useCreateInvoice();
  const { upload } = useInvoicePdf();
  const [pdf, setPdf] = useState<File[]>([]);
  const form = useForm<InvoiceFormValues, unknown, InvoiceSubmit>({
    resolver: invoiceFormResolver,
    defaultValues: emptyInvoiceForm(),
  });
  const { isSubmitting } = form.formState;

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
        const invoiceNumber = invoice.invoiceNumber;
        const reason = uploadErrorText(error);
        toast.error(t`Invoice ${invoiceNumber} was created without its PDF: ${reason}`, { description: t`Add the PDF with Edit.` });
      }
    },
    created: t`Invoice created successfully`,
    onError: (error) => reportFailedInvoiceSave(form, error, t`Error creating invoice`),
  });
  useCreateOnArrival("invoice", () => onOpenChange(true));
  useSuggestedNumber(form, open);

  return (
    <NewItemDialog trigger={t`New Invoice`} title={t`Create New Invoice`} open={open} onOpenChange={onOpenChange}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
        <CompanyField id="invoice-company" control={form.control} enabled={open} />
        <InvoiceFields form={form} statusChoices={statusChoicesFor(undefined)} />
        <InvoicePdfField file={pdf} onChange={setPdf} disabled={isSubmitting} />
        <DialogFormActions submitLabel={t`Create Invoice`} isSubmitting={isSubmitting} />
      </form>
    </NewItemDialog>
  );
}
