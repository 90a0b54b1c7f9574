import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/web/lib/toast";
import type { CreateInvoiceInput, Invoice } from "@/shared/schemas/invoice";
import { createInvoiceInputSchema } from "@/web/lib/schemas/invoice";
import { EditItemDialog } from "@/web/components/edit-item-dialog";
import { DialogFormActions } from "@/web/components/new-item-dialog";
import { uploadErrorText } from "@/web/features/files";
import { useInvoicePdf } from "../../api/use-invoice-pdf";
import { useUpdateInvoice } from "../../api/use-update-invoice";
import { InvoiceFields } from "./invoice-fields";
import { InvoicePdfField } from "./invoice-pdf-field";
import { invoiceChangesOf, invoiceFormValuesOf, reportFailedInvoiceSave, type InvoiceFormValues } from "./invoice-form-values";

/** Mounted only while the dialog is open, so each opening starts from the invoice as stored. */
function EditInvoiceForm({ invoice, onSaved }: { invoice: Invoice; onSaved: () => void }) {
  const updateInvoice = useUpdateInvoice();
  const { upload } = useInvoicePdf();
  const [pdf, setPdf] = useState<File[]>([]);
  // The create form's schema: an edited invoice must pass every rule a new one does.
  const form = useForm<InvoiceFormValues, unknown, CreateInvoiceInput>({
    resolver: zodResolver(createInvoiceInputSchema),
    defaultValues: invoiceFormValuesOf(invoice),
  });

  // Every field is sent, so a cleared due date or PDF URL is stored as none. A chosen PDF is
  // uploaded after the fields are saved and replaces a stored one.
  const onSubmit = async (input: CreateInvoiceInput) => {
    try {
      await updateInvoice.mutateAsync({ id: invoice.id, input: invoiceChangesOf(input) });
    } catch (error) {
      reportFailedInvoiceSave(form, error, "Error updating invoice");
      return;
    }
    const [file] = pdf;
    if (file) {
      try {
        await upload.mutateAsync({ id: invoice.id, file });
      } catch (error) {
        // The fields are saved; the dialog stays open with the PDF chosen, to try again.
        console.error("Error uploading invoice PDF", error);
        toast.error(`The invoice was saved, but its PDF was not uploaded: ${uploadErrorText(error)}`);
        return;
      }
    }
    toast.success("Invoice updated successfully");
    onSaved();
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" aria-label={`Edit invoice ${invoice.invoiceNumber}`}>
      <p className="text-sm text-muted-foreground">
        Company: <span className="font-medium text-foreground">{invoice.company.name}</span>
      </p>
      <InvoiceFields form={form} />
      <InvoicePdfField invoice={invoice} file={pdf} onChange={setPdf} disabled={form.formState.isSubmitting} />
      <DialogFormActions submitLabel="Update Invoice" workingLabel="Updating..." isSubmitting={form.formState.isSubmitting} />
    </form>
  );
}

/** The admin's edit of one invoice: every field but its company, which an invoice keeps, and its PDF file. */
export function EditInvoiceDialog({ invoice }: { invoice: Invoice }) {
  const [open, setOpen] = useState(false);
  return (
    <EditItemDialog title="Edit Invoice" itemName={`invoice ${invoice.invoiceNumber}`} open={open} onOpenChange={setOpen}>
      <EditInvoiceForm invoice={invoice} onSaved={() => setOpen(false)} />
    </EditItemDialog>
  );
}
