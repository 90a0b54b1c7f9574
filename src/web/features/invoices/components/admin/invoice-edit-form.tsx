import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button, SubmitButton } from "@/web/components/ui/button";
import { toast } from "@/web/lib/toast";
import { CompanyField } from "@/web/features/companies";
import { useUpdateInvoice } from "../../api/use-update-invoice";
import { isIssued } from "../../lib/invoice-lifecycle";
import type { InvoiceDetail } from "../invoice-lines-table";
import { InvoiceFields } from "./invoice-form-fields";
import { invoiceFormResolver } from "./invoice-form-resolver";
import { invoiceChangesOf, invoiceFormValuesOf, reportFailedInvoiceSave, type InvoiceFormValues, type InvoiceSubmit } from "./invoice-form-values";

/**
 * The detail page's form: a draft's every field, company included; an issued invoice's due date,
 * notes and PDF URL, the rest shown locked with the reason. The status is not here: the page's
 * buttons change it. Mounted afresh for each stored version (the page keys it), so a save, a status
 * change or another admin's edit always starts it from what is stored. `onDone`: an issued
 * invoice's page opened it with Edit; Cancel and a save return to the read-only view.
 */
export function InvoiceEditForm({ invoice, onDone }: { invoice: InvoiceDetail; onDone?: () => void }) {
  const { t } = useLingui();
  const updateInvoice = useUpdateInvoice();
  const issued = isIssued(invoice.status);
  const [stored] = useState(() => invoiceFormValuesOf(invoice));
  const form = useForm<InvoiceFormValues, unknown, InvoiceSubmit>({ resolver: invoiceFormResolver, defaultValues: stored });

  const onSubmit = async (input: InvoiceSubmit) => {
    try {
      await updateInvoice.mutateAsync({ id: invoice.id, input: invoiceChangesOf(input, stored, { issued, withStatus: false }) });
      toast.success(t`Invoice updated successfully`);
      onDone?.();
    } catch (error) {
      reportFailedInvoiceSave(form, error, t`Error updating invoice`);
    }
  };

  const invoiceNumber = invoice.invoiceNumber;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" aria-label={t`Edit invoice ${invoiceNumber}`}>
      {issued ? null : <CompanyField id="invoice-company" control={form.control} />}
      <InvoiceFields form={form} currency={invoice.currency} issued={issued} />
      <div className="flex justify-end gap-2">
        {onDone ? (
          <Button type="button" variant="outline" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
        <SubmitButton label={issued ? t`Save changes` : t`Save draft`} workingLabel={t`Saving...`} isSubmitting={form.formState.isSubmitting} />
      </div>
    </form>
  );
}
