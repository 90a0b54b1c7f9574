import { Trans, useLingui } from "@lingui/react/macro";
import { Banknote } from "lucide-react";
import { useState } from "react";
import { manualPaymentMethods, type ManualPaymentMethod } from "@/shared/enums";
import { PAYMENT_REFERENCE_MAX, paymentMessages } from "@/shared/rules/payment";
import type { Invoice } from "@/shared/schemas/invoice";
import { DialogFormActions } from "@/web/components/new-item-dialog";
import { Button } from "@/web/components/ui/button";
import { DialogWithTrigger } from "@/web/components/ui/dialog-with-trigger";
import { EnumSelectField } from "@/web/components/ui/enum-select-field";
import { InputField } from "@/web/components/ui/field";
import type { ApiBody } from "@/web/lib/api-types";
import { formatCurrency } from "@/web/lib/format-currency";
import { paymentMethodMessages } from "@/web/lib/i18n/labels";
import { toast } from "@/web/lib/toast";
import { collect, useCheckedForm, type Checked } from "@/web/lib/use-checked-form";
import { useRecordPayment } from "../../api/use-payments";
import { today } from "./invoice-form-values";

const fields = ["amount", "method", "paidAt", "reference"] as const;
type Field = (typeof fields)[number];
type Values = Record<Field, string>;
type RecordPaymentInput = ApiBody<"post", "/invoices/:id/payments">;

/**
 * What the form can tell by itself: an amount and a day are there. The rest (above 0, within the
 * amount due, not after today, the reference's length) is the server's, whose 400 puts its message
 * under the field it names.
 */
function checkPayment({ amount, method, paidAt, reference }: Values): Checked<Field, RecordPaymentInput> {
  const typed = amount.trim();
  const value: RecordPaymentInput = { amount: typed, method: method as ManualPaymentMethod, paidAt, ...(reference.trim() ? { reference: reference.trim() } : {}) };
  return collect({ amount: typed === "" ? paymentMessages.amountRequired : undefined, paidAt: paidAt === "" ? paymentMessages.paidAtRequired : undefined }, value);
}

/** Mounted with the dialog's content, so each opening starts from the amount due now. */
function RecordPaymentForm({ invoice, onRecorded }: { invoice: Pick<Invoice, "id" | "amountDue">; onRecorded: () => void }) {
  const { t } = useLingui();
  const record = useRecordPayment();
  const form = useCheckedForm(fields, checkPayment);
  const { errors } = form;
  const onSubmit = form.handleSubmit(async (input) => {
    await record.mutateAsync({ id: invoice.id, input });
    toast.success(t`Payment recorded`);
    onRecorded();
  }, t`Error recording payment`);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} onChange={form.onChange} className="space-y-4">
      <InputField id="payment-amount" name="amount" label={t`Amount`} required inputMode="decimal" autoComplete="off" defaultValue={invoice.amountDue} error={errors.amount} />
      <EnumSelectField id="payment-method" name="method" label={t`Method`} required error={errors.method} values={manualPaymentMethods} labels={paymentMethodMessages} defaultValue="bank_transfer" />
      <InputField id="payment-paid-at" name="paidAt" type="date" label={t`Payment date`} required defaultValue={today()} max={today()} error={errors.paidAt} />
      <InputField id="payment-reference" name="reference" label={t`Reference`} autoComplete="off" maxLength={PAYMENT_REFERENCE_MAX} error={errors.reference} />
      <DialogFormActions submitLabel={t`Record payment`} workingLabel={t`Recording...`} isSubmitting={form.isSubmitting} />
    </form>
  );
}

/** "Record payment": a bank transfer or cash received for an issued invoice with something still due (ADR 043). */
export function RecordPaymentDialog({ invoice }: { invoice: Pick<Invoice, "id" | "invoiceNumber" | "amountDue" | "currency"> }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const invoiceNumber = invoice.invoiceNumber;
  const due = formatCurrency(invoice.amountDue, invoice.currency);
  return (
    <DialogWithTrigger
      trigger={
        <Button size="sm">
          <Banknote className="h-4 w-4" aria-hidden />
          <Trans>Record payment</Trans>
        </Button>
      }
      title={t`Record payment`}
      description={t`Invoice ${invoiceNumber}: ${due} due.`}
      open={open}
      onOpenChange={setOpen}
    >
      <RecordPaymentForm invoice={invoice} onRecorded={() => setOpen(false)} />
    </DialogWithTrigger>
  );
}
