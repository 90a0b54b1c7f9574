import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/web/lib/toast";
import type { Invoice } from "@/shared/schemas/invoice";
import { EditItemDialog } from "@/web/components/edit-item-dialog";
import { QueryStates } from "@/web/components/layout/record-states";
import { DialogFormActions } from "@/web/components/new-item-dialog";
import { uploadErrorText } from "@/web/features/files";
import type { ApiOutput } from "@/web/lib/api-types";
import { useInvoice } from "../../api/use-invoice";
import { useInvoicePdf } from "../../api/use-invoice-pdf";
import { useUpdateInvoice } from "../../api/use-update-invoice";
import { hasPayments, isIssued, statusChoicesFor } from "../../lib/invoice-lifecycle";
import { InvoiceFields } from "./invoice-form-fields";
import { invoiceFormResolver } from "./invoice-form-resolver";
import { InvoicePdfField } from "./invoice-pdf-field";
import { invoiceChangesOf, invoiceFormValuesOf, reportFailedInvoiceSave, type InvoiceFormValues, type InvoiceSubmit } from "./invoice-form-values";

/** Mounted once the invoice with its lines has loaded, so each opening starts from it as stored. */
function EditInvoiceForm({ invoice, onSaved }: { invoice: ApiOutput<"get", "/invoices/:id">; onSaved: () => void }) {
  const { t } = useLingui();
  const updateInvoice = useUpdateInvoice();
  const { upload } = useInvoicePdf();
  const [pdf, setPdf] = useState<File[]>([]);
  const [stored] = useState(() => invoiceFormValuesOf(invoice));
  const paymentsStand = hasPayments(invoice);
  // The create form's checks: an edited invoice must pass every rule a new one does.
  const form = useForm<InvoiceFormValues, unknown, InvoiceSubmit>({ resolver: invoiceFormResolver, defaultValues: stored });

  // Every field is sent, so a cleared due date or PDF URL is stored as none; the money only when
  // it changed. A chosen PDF is uploaded after the fields are saved and replaces a stored one.
  const onSubmit = async (input: InvoiceSubmit) => {
    try {
      // With payments the status follows them: it is shown, not sent (the server answers 409 for one set by hand).
      await updateInvoice.mutateAsync({ id: invoice.id, input: invoiceChangesOf(input, stored, { issued: isIssued(invoice.status), withStatus: !paymentsStand }) });
    } catch (error) {
      reportFailedInvoiceSave(form, error, t`Error updating invoice`);
      return;
    }
    const [file] = pdf;
    if (file) {
      try {
        await upload.mutateAsync({ id: invoice.id, file });
      } catch (error) {
        // The fields are saved; the dialog stays open with the PDF chosen, to try again.
        console.error("Error uploading invoice PDF", error);
        const reason = uploadErrorText(error);
        toast.error(t`The invoice was saved, but its PDF was not uploaded: ${reason}`);
        return;
      }
    }
    toast.success(t`Invoice updated successfully`);
    onSaved();
  };

  const invoiceNumber = invoice.invoiceNumber;
  const companyName = invoice.company.name;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" aria-label={t`Edit invoice ${invoiceNumber}`}>
      <p className="text-sm text-muted-foreground">
        <Trans>
          Company: <span className="font-medium text-foreground">{companyName}</span>
        </Trans>
      </p>
      <InvoiceFields form={form} currency={invoice.currency} issued={isIssued(invoice.status)} statusChoices={paymentsStand ? undefined : statusChoicesFor(invoice.status)} fixedStatus={paymentsStand ? invoice.status : undefined} />
      <InvoicePdfField invoice={invoice} file={pdf} onChange={setPdf} disabled={form.formState.isSubmitting} />
      <DialogFormActions submitLabel={t`Update Invoice`} workingLabel={t`Updating...`} isSubmitting={form.formState.isSubmitting} />
    </form>
  );
}

/** Loads the invoice's lines (the list has none) when the dialog opens. */
function EditInvoiceLoader({ id, onSaved }: { id: string; onSaved: () => void }) {
  const { t } = useLingui();
  const invoice = useInvoice(id);
  return (
    <QueryStates query={invoice} loadError={t`Could not load this invoice's lines.`} loading={t`Loading invoice`}>
      {(current) => <EditInvoiceForm invoice={current} onSaved={onSaved} />}
    </QueryStates>
  );
}

/** The admin's quick edit of one invoice from the list: its fields but the company (the detail page has it), and its PDF file. */
export function EditInvoiceDialog({ invoice }: { invoice: Invoice }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const invoiceNumber = invoice.invoiceNumber;
  return (
    <EditItemDialog title={t`Edit Invoice`} itemName={t`invoice ${invoiceNumber}`} open={open} onOpenChange={setOpen}>
      <EditInvoiceLoader id={invoice.id} onSaved={() => setOpen(false)} />
    </EditItemDialog>
  );
}
